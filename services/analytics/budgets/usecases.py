"""Budget operations, one function per operation, each in one unit of work.

Every operation first renews the caller's ended auto-renewing budgets (`_renew`), in
the same unit of work: the next period's budget is created — same settings and
allocations — until one covers today. Two requests doing it at once create each
successor once (the repository's INSERT … ON CONFLICT on renewed_from_id).

Progress reads the roll-ups, never the whole history: the allocated categories'
totals over the period come from the per-day category roll-up (brought up to date
first, like every insight), so a budget's progress costs the same for 1k or 1M
transactions. Leaving recurring transactions out subtracts their sums per day and
category (recurring_days), rebuilt once per detection of the recurring patterns.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from services.analytics.budgets import domain, periods
from services.analytics.budgets.domain import (
    Allocation,
    AllocationInput,
    Budget,
    BudgetChanges,
    BudgetInput,
    ListQuery,
    Recalculation,
)
from services.analytics.budgets.progress import Progress, progress_of, spending_window
from services.analytics.recurring.domain import DEFAULT_CONFIDENCE as RECURRING_CONFIDENCE
from services.analytics.recurring.usecases import patterns_in, patterns_stale
from services.analytics.rollups.tree import CategoryTree
from services.runtime.clock import Clock
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.budgets.recurring_days import RecurringDays
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]

# The currency of a user without transactions (their progress is all zeros).
DEFAULT_CURRENCY = "EUR"


def _today(now: datetime) -> date:
    return now.astimezone(UTC).date()


def create_budget(uow: Uow, user_id: uuid.UUID, raw: BudgetInput, clock: Clock) -> Budget:
    terms, allocations = domain.validate_new(raw)
    now = clock()
    with uow:
        repos = _renewed(uow, user_id, now)
        tree = _tree(repos, user_id)
        domain.check_allocations(
            allocations,
            (),
            tree,
            terms.total_amount,
            field_of=lambda i: f"categories[{i}].category_id",
            sum_field="categories",
        )
        names = {a.category_id: tree.name(a.category_id) for a in allocations}
        budget_id = repos.budgets.add(user_id, terms, allocations, names, now)
        return domain.shown(repos.budgets.get(user_id, budget_id), tree)


def list_budgets(uow: Uow, user_id: uuid.UUID, query: ListQuery, clock: Clock) -> Page[Budget]:
    with uow:
        repos = _renewed(uow, user_id, clock())
        page = repos.budgets.page(user_id, query)
        tree = _tree(repos, user_id)
        return page.with_items([domain.shown(b, tree) for b in page.items])


def active_budgets(uow: Uow, user_id: uuid.UUID, clock: Clock) -> list[Budget]:
    now = clock()
    with uow:
        repos = _renewed(uow, user_id, now)
        tree = _tree(repos, user_id)
        return [domain.shown(b, tree) for b in repos.budgets.running(user_id, _today(now))]


def get_budget(uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, clock: Clock) -> Budget:
    with uow:
        repos = _renewed(uow, user_id, clock())
        return domain.shown(repos.budgets.get(user_id, budget_id), _tree(repos, user_id))


def update_budget(
    uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, changes: BudgetChanges, clock: Clock
) -> Budget:
    now = clock()
    with uow:
        repos = _renewed(uow, user_id, now)
        budget = repos.budgets.get(user_id, budget_id, lock=True)
        terms = domain.apply_changes(budget.terms, changes, budget.allocated)
        repos.budgets.change(user_id, budget_id, terms, now)
        return domain.shown(repos.budgets.get(user_id, budget_id), _tree(repos, user_id))


def delete_budget(uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, clock: Clock) -> None:
    with uow:
        repos = _renewed(uow, user_id, clock())
        repos.budgets.get(user_id, budget_id)  # 403 / 404
        repos.budgets.delete(user_id, budget_id)


def add_allocation(
    uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, raw: AllocationInput, clock: Clock
) -> Allocation:
    new = domain.validate_allocation(raw)
    now = clock()
    with uow:
        repos = _renewed(uow, user_id, now)
        # Locked: a concurrent addition waits, then sees this one in the sum.
        budget = repos.budgets.get(user_id, budget_id, lock=True)
        tree = _tree(repos, user_id)
        domain.check_allocations(
            [new],
            budget.allocations,
            tree,
            budget.terms.total_amount,
            field_of=lambda _: "category_id",
            sum_field="amount",
        )
        added = repos.budgets.add_allocation(
            user_id, budget_id, new, tree.name(new.category_id), len(budget.allocations), now
        )
        return domain.named(added, tree)


def list_allocations(
    uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, clock: Clock
) -> list[Allocation]:
    with uow:
        repos = _renewed(uow, user_id, clock())
        budget = domain.shown(repos.budgets.get(user_id, budget_id), _tree(repos, user_id))
        return list(budget.allocations)


def budget_progress(uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, clock: Clock) -> Progress:
    now = clock()
    with uow:
        repos = _renewed(uow, user_id, now)
        budget = repos.budgets.get(user_id, budget_id)
        return _progress(uow, budget, now, clock)


def recalculate(uow: Uow, user_id: uuid.UUID, budget_id: uuid.UUID, clock: Clock) -> Recalculation:
    """Compute the progress now and store its spent and percentUsed on the budget."""
    now = clock()
    with uow:
        repos = _renewed(uow, user_id, now)
        budget = repos.budgets.get(user_id, budget_id)
        progress = _progress(uow, budget, now, clock)
        figures = Recalculation(progress.spent, progress.percent_used, now)
        repos.budgets.record(user_id, budget_id, figures)
        return figures


# -- shared steps ----------------------------------------------------------------------


def _tree(repos: AnalyticsRepositories, user_id: uuid.UUID) -> CategoryTree:
    return CategoryTree(repos.categories.all_of(user_id))


def _renewed(uow: Uow, user_id: uuid.UUID, now: datetime) -> AnalyticsRepositories:
    renew_ended(uow.repos, user_id, now)
    return uow.repos


def renew_ended(repos: AnalyticsRepositories, user_id: uuid.UUID, now: datetime) -> int:
    """Renew every active auto-renewing budget of the user that ended before today,
    period after period until one covers today; returns how many budgets it created
    or found created by a concurrent request."""
    today = _today(now)
    made = 0
    for ended in repos.budgets.due_for_renewal(user_id, today):
        terms = ended.terms
        current = ended
        for start, end in periods.renewals(
            terms.period,
            terms.start_date,
            terms.end_date,
            terms.anchor_day,
            today,
            domain.MAX_CATCH_UP,
        ):
            successor = repos.budgets.renew(
                user_id, current, domain.renewed_terms(terms, start, end), now
            )
            current = Budget(
                id=successor,
                user_id=user_id,
                terms=domain.renewed_terms(terms, start, end),
                allocations=ended.allocations,
                recalculation=None,
                renewed_from_id=current.id,
                renewed_to_id=None,
                created_at=now,
                updated_at=now,
            )
            made += 1
    return made


def _progress(uow: Uow, budget: Budget, now: datetime, clock: Clock) -> Progress:
    repos = uow.repos
    user_id = budget.user_id
    rollups = repos.rollups
    if rollups.ensure_fresh(user_id):
        uow.commit()  # releases the roll-up state row's lock at once (insights do too)
    currency = rollups.main_currency(user_id) or DEFAULT_CURRENCY
    today = _today(now)
    terms = budget.terms
    outflows: dict[uuid.UUID | None, Decimal] = {}
    window = spending_window(terms.start_date, terms.end_date, today)
    if window is not None:
        for total in rollups.category_totals(user_id, currency, *window):
            outflows[total.category_id] = total.expenses - total.income
        if not terms.include_recurring:
            _leave_out_recurring(repos, user_id, currency, window, outflows, today, clock)
    tree = _tree(repos, user_id)
    return progress_of(domain.shown(budget, tree), outflows, tree, currency, today, now)


def _leave_out_recurring(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    currency: str,
    window: tuple[date, date],
    outflows: dict[uuid.UUID | None, Decimal],
    today: date,
    clock: Clock,
) -> None:
    """Take the transactions of the user's recurring patterns in `window` out of the
    outflows (net outflow is -amount, so removing one adds its amount back)."""
    days = current_recurring_days(repos, user_id, today, clock)
    for category, amount in days.totals(user_id, currency, *window):
        outflows[category] = outflows.get(category, Decimal(0)) + amount


def current_recurring_days(
    repos: AnalyticsRepositories, user_id: uuid.UUID, today: date, clock: Clock
) -> RecurringDays:
    """The per-day sums of the user's recurring transactions, brought up to date: the
    transactions of the patterns at least as confident as the recurring list's default
    (0.8 — the ones the API calls recurring; a weak pattern such as a supermarket visited
    often is ordinary spending), active or stopped (a stopped series was recurring while
    it ran). Rebuilt only when the patterns were detected again: the patterns' every
    transaction id is read only then. Budgets leaving recurring transactions out and the
    cash-flow forecast of discretionary spending both read them."""
    rollups, days = repos.rollups, repos.budgets.recurring_days
    # Stale patterns are detected again by patterns_in: the sums must follow.
    if patterns_stale(repos, user_id) or not days.current(
        user_id, rollups.recurring_version(user_id)
    ):
        patterns = patterns_in(repos, user_id, today, clock)
        days.rebuild(
            user_id,
            rollups.recurring_version(user_id),
            {
                transaction_id
                for pattern in patterns
                if pattern.confidence >= RECURRING_CONFIDENCE
                for transaction_id in pattern.transaction_ids
            },
        )
    return days
