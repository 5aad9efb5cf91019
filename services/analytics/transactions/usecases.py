"""Transaction operations, one function per operation, each in one unit of work.

A manual transaction is categorized like an imported one (docs/categorization.md): the
user's rules first, then their classifier, unless the caller chose the category. A
correction can teach a rule, which only ever applies to that user's transactions.
"""

from __future__ import annotations

import uuid
from contextlib import suppress
from datetime import UTC
from typing import TYPE_CHECKING

from services.analytics.learning.categorizer import Categorization, Categorizer
from services.analytics.learning.classifier import CategoryModel
from services.analytics.learning.merchants import MerchantNormalizer
from services.analytics.learning.rules import RuleBook, rule_pattern
from services.analytics.transactions import domain
from services.analytics.transactions.domain import Learned, ManualDraft, Method, Transaction
from services.runtime.clock import Clock
from services.runtime.errors import InvalidArgument, NotFound
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def create_transaction(
    uow: Uow, user_id: uuid.UUID, draft: ManualDraft, clock: Clock
) -> Transaction:
    entry = domain.validate_manual(draft)
    with uow:
        repos = uow.repos
        if entry.document_id is not None:
            _require_document(repos, user_id, entry.document_id)
        if entry.category_id is not None:
            repos.categories.require_reference(user_id, entry.category_id, "category_id")
        merchant = entry.merchant_name or MerchantNormalizer(
            repos.transactions.merchant_names(user_id)
        ).name_for(entry.description)
        decided: tuple[uuid.UUID | None, Method, float]
        if entry.category_id is not None:
            decided = (entry.category_id, "manual", 1.0)
        else:
            found = _categorize(repos, user_id, entry.description, merchant)
            decided = (found.category_id, found.method, found.confidence)
        category_id, method, confidence = decided
        transaction = Transaction(
            id=uuid.uuid4(),
            user_id=user_id,
            document_id=entry.document_id,
            row_number=0,
            booked_at=entry.booked_at,
            amount=entry.amount,
            currency=entry.currency,
            description=entry.description,
            merchant_name=merchant,
            category_id=category_id,
            categorization_method=method,
            categorization_confidence=round(confidence, 4),
            bank_reference=None,
            created_at=clock(),
        )
        created = repos.transactions.add(transaction, domain.manual_dedupe_key(transaction.id))
        _invalidate(repos, created)
        return created


def get_transaction(uow: Uow, user_id: uuid.UUID, transaction_id: uuid.UUID) -> Transaction:
    with uow:
        return uow.repos.transactions.get(user_id, transaction_id)


def update_transaction_category(
    uow: Uow,
    user_id: uuid.UUID,
    transaction_id: uuid.UUID,
    category_id: uuid.UUID | None,
    learn: bool,
    clock: Clock,
) -> Transaction:
    """Set (or, with None, clear) the category as the user's own choice; with `learn`,
    the choice also becomes a rule. Clearing a category teaches nothing."""
    with uow:
        repos = uow.repos
        # The transaction first: someone else's is 403 whatever the body says.
        existing = repos.transactions.get(user_id, transaction_id)
        if category_id is None:
            if existing.category_id is not None:
                _invalidate(repos, existing)
            return repos.transactions.set_category(user_id, transaction_id, None, "none", 0.0)
        category = repos.categories.require_reference(user_id, category_id, "category_id")
        if existing.category_id != category.id:
            _invalidate(repos, existing)
        corrected = repos.transactions.set_category(
            user_id, transaction_id, category.id, "manual", 1.0
        )
        if learn:
            # The correction stands even when a blank description teaches no rule.
            with suppress(domain.NothingToLearn):
                _learn(repos, user_id, corrected, category.id, category.name, clock)
        return corrected


def learn_from_transaction(
    uow: Uow, user_id: uuid.UUID, transaction_id: uuid.UUID, clock: Clock
) -> Learned:
    """Teach the rule the transaction's current category implies (409 when it has none)."""
    with uow:
        repos = uow.repos
        transaction = repos.transactions.get(user_id, transaction_id)
        category_id = domain.require_categorized(transaction)
        category = repos.categories.require_mine(user_id, category_id)
        return _learn(repos, user_id, transaction, category.id, category.name, clock)


def _invalidate(repos: AnalyticsRepositories, transaction: Transaction) -> None:
    """The roll-ups of the transaction's day are stale (its UTC date, as they count it)."""
    day = transaction.booked_at.astimezone(UTC).date()
    repos.rollups.invalidate(transaction.user_id, day, day)


def _learn(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    transaction: Transaction,
    category_id: uuid.UUID,
    category_name: str,
    clock: Clock,
) -> Learned:
    try:
        pattern = rule_pattern(transaction.description, transaction.merchant_name)
    except ValueError:
        raise domain.NothingToLearn() from None
    rule = repos.transactions.learn_rule(user_id, pattern, category_id, clock())
    return Learned(rule.pattern, rule.category_id, rule.hits, category_name)


def _categorize(
    repos: AnalyticsRepositories, user_id: uuid.UUID, description: str, merchant: str | None
) -> Categorization:
    """The user's rules, else their classifier. The model is trained only when no rule
    decides: training reads up to 20,000 examples and takes up to a second."""
    allowed = repos.categories.ids_of(user_id)
    item = [(description, merchant)]
    rules = RuleBook(repos.transactions.rules_of(user_id))
    decided = Categorizer(rules, None, allowed).categorize(item)[0]
    if decided.method == "rule":
        return decided
    model = CategoryModel.train(repos.transactions.training_examples(user_id))
    if model is None:
        return decided
    return Categorizer(RuleBook(()), model, allowed).categorize(item)[0]


def _require_document(
    repos: AnalyticsRepositories, user_id: uuid.UUID, document_id: uuid.UUID
) -> None:
    """A document the body names: the caller's; another user's is 403; none is a 400
    naming the field (the request, not the URL, is wrong)."""
    try:
        repos.documents.require_mine(user_id, document_id)
    except NotFound:
        raise InvalidArgument.for_field("document_id", "is not one of your documents") from None
