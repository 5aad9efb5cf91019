"""Saving-suggestion operations, one function per operation, each in one unit of work.

Generating reads the user's recurring patterns (detected again first when the
transactions changed: recurring.usecases.patterns_in), the roll-ups and a few bounded
reads of transactions, runs the finding rules (detectors.py) and merges what they found
into the stored suggestions (domain.plan_generation).

Lists are generated lazily: ListSuggestions and ListTopSuggestions first generate again
when the user's data changed since the last generation (derived_state's version moved)
or it ran on an earlier day (the rules' windows end today: an unused subscription
becomes one 90 days after the last purchase, with no new data at all). Otherwise they
only read. A user who never generated gets a generation on their first list.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from services.analytics.recurring.usecases import patterns_in
from services.analytics.rollups.domain import add_months, month_start
from services.analytics.rollups.tree import CategoryTree
from services.analytics.suggestions import detectors, domain
from services.analytics.suggestions.detectors import (
    CategoryMonths,
    FeeCategories,
    Inputs,
    Pattern,
)
from services.analytics.suggestions.domain import (
    MAX_TRANSACTIONS,
    Finding,
    GenerateResult,
    ListQuery,
    Run,
    Status,
    Suggestion,
)
from services.runtime.clock import Clock
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def generate_suggestions(uow: Uow, user_id: uuid.UUID, today: date, clock: Clock) -> GenerateResult:
    with uow:
        return _generate(uow.repos, user_id, today, clock)


def list_suggestions(
    uow: Uow, user_id: uuid.UUID, query: ListQuery, today: date, clock: Clock
) -> Page[Suggestion]:
    with uow:
        _ensure_current(uow.repos, user_id, today, clock)
        return uow.repos.suggestions.page(user_id, query)


def top_suggestions(
    uow: Uow, user_id: uuid.UUID, limit: int, today: date, clock: Clock
) -> list[Suggestion]:
    with uow:
        _ensure_current(uow.repos, user_id, today, clock)
        return uow.repos.suggestions.top(user_id, limit)


def update_status(
    uow: Uow, user_id: uuid.UUID, suggestion_id: uuid.UUID, status: Status, clock: Clock
) -> Suggestion:
    """Move the suggestion (403 another user's, 404 none, 409 a move not allowed); the
    status it already has answers it unchanged."""
    with uow:
        suggestions = uow.repos.suggestions
        current = suggestions.locked(user_id, suggestion_id)
        if not domain.require_move(current.status, status):
            return current
        return suggestions.set_status(user_id, suggestion_id, status, clock())


# -- generation ------------------------------------------------------------------------


def _ensure_current(
    repos: AnalyticsRepositories, user_id: uuid.UUID, today: date, clock: Clock
) -> None:
    last = repos.suggestions.last_run(user_id)
    if last is None or not last.is_current(repos.rollups.version(user_id), today):
        _generate(repos, user_id, today, clock)


def _generate(
    repos: AnalyticsRepositories, user_id: uuid.UUID, today: date, clock: Clock
) -> GenerateResult:
    # The version first: a transaction written while this runs moves it past the one
    # recorded, and the next list generates again.
    version = repos.rollups.version(user_id)
    repos.rollups.ensure_fresh(user_id)
    categories = repos.categories.all_of(user_id)
    tree = CategoryTree(categories)
    defaults = {c.default_key: c.id for c in categories if c.default_key is not None}
    patterns = patterns_in(repos, user_id, today, clock)
    findings = detectors.find_all(_inputs(repos, user_id, today, patterns, tree, defaults))
    findings = [_with_examples(repos, user_id, f, tree, today) for f in findings]
    suggestions = repos.suggestions
    plan = domain.plan_generation(suggestions.all_of(user_id), findings)
    now = clock()
    created = suggestions.add(user_id, plan.insert, now)
    suggestions.refresh(user_id, plan.refresh, now)
    removed = suggestions.remove(user_id, plan.remove)
    suggestions.record_run(user_id, Run(version, today, now))
    return GenerateResult(created, suggestions.count_open(user_id), removed, now)


def _inputs(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    today: date,
    patterns: Sequence[Pattern],
    tree: CategoryTree,
    defaults: Mapping[str, uuid.UUID],
) -> Inputs:
    """What the rules read. `defaults`: the user's default categories by key."""
    fees_id = defaults.get("fees")
    fee_categories = FeeCategories(
        fees_id=fees_id,
        fees=frozenset(tree.descendants(fees_id)) if fees_id else frozenset(),
        financial=frozenset(tree.descendants(tree.root_of(fees_id))) if fees_id else frozenset(),
    )
    subscriptions_id = defaults.get("subscriptions")
    # Only the subscriptions the rules look at: their charges, and every debit at their
    # merchants (the purchases that tell whether the user still goes there).
    subscriptions = detectors.subscriptions(patterns, today)
    charges = repos.suggestions.transactions(
        user_id, {i for p in subscriptions for i in p.transaction_ids}
    )
    nearby = repos.suggestions.debits_at(user_id, {p.merchant_name for p in subscriptions})
    spending = {s.id: s for s in (*charges, *nearby)}
    fee_candidates = repos.suggestions.debits_mentioning(
        user_id,
        today - timedelta(days=detectors.FEE_WINDOW_DAYS),
        detectors.FEE_ANCHORS,
        fee_categories.fees,
    )
    categories, data_months = _category_months(repos, user_id, today, tree)
    return Inputs(
        today=today,
        patterns=patterns,
        merchant_spending=list(spending.values()),
        fee_candidates=fee_candidates,
        fee_categories=fee_categories,
        subscription_categories=(
            frozenset(tree.descendants(subscriptions_id)) if subscriptions_id else frozenset()
        ),
        categories=categories,
        data_months=data_months,
    )


def _category_months(
    repos: AnalyticsRepositories, user_id: uuid.UUID, today: date, tree: CategoryTree
) -> tuple[list[CategoryMonths], frozenset[date]]:
    """Each top-level category's monthly spending over the months overspend reads (the
    last complete month and the year before it), in the user's main currency, and the
    months with any transaction at all."""
    currency = repos.rollups.main_currency(user_id)
    if currency is None:
        return [], frozenset()
    first = add_months(today, -1 - detectors.HISTORY_MONTHS)
    last = month_start(today) - timedelta(days=1)
    spent: dict[uuid.UUID, dict[date, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    months: set[date] = set()
    for category_id, month, totals in repos.rollups.category_buckets(
        user_id, currency, "month", first, last
    ):
        if totals.count:
            months.add(month)
        root = tree.top_level(category_id)
        if root is not None and totals.expenses:
            spent[root][month] += totals.expenses
    categories = [
        CategoryMonths(root, tree.name(root), currency, dict(spent[root]))
        for root in tree.roots()
        if root in spent
    ]
    return categories, frozenset(months)


def _with_examples(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    finding: Finding,
    tree: CategoryTree,
    today: date,
) -> Finding:
    """An overspend with the month's largest debits of the category, newest first (the
    other rules name their transactions themselves)."""
    if finding.suggestion_type != "category_overspend" or finding.category_id is None:
        return finding
    first = add_months(today, -1)
    largest = repos.suggestions.largest_debits(
        user_id,
        finding.currency,
        tree.descendants(finding.category_id),
        first,
        month_start(today) - timedelta(days=1),
        MAX_TRANSACTIONS,
    )
    return dataclasses.replace(finding, transaction_ids=detectors.newest_ids(largest))
