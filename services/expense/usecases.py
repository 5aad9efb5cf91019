"""What the expense backend does, one function per operation: writes in one unit of work
each, reads through the session-free `ExpenseReads`.

Callers (the servicers and the `finplat apikey` CLI) pass a fresh unit of work and the
already-identified owner; validation of raw input happens here through the domain.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from db.unit_of_work import UnitOfWork
from services.expense import apikeys, domain
from services.expense.apikeys import ApiKey, IssuedApiKey
from services.expense.domain import Category, Expense, ExpenseDraft, ListFilters, Page
from services.expense.repository import ExpenseReads, ExpenseRepositories
from services.runtime.errors import Unauthenticated
from services.runtime.principal import Principal

ExpenseUnitOfWork = UnitOfWork[ExpenseRepositories]
Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(UTC)


# --- expenses -----------------------------------------------------------------------------


def list_expenses(reads: ExpenseReads, owner: uuid.UUID, filters: ListFilters) -> Page[Expense]:
    return reads.page(owner, domain.validate_list_filters(filters))


def create_expense(
    uow: ExpenseUnitOfWork, owner: uuid.UUID, draft: ExpenseDraft | None, clock: Clock = utcnow
) -> Expense:
    data = domain.validate_expense(draft)
    with uow:
        return uow.repos.expenses.add(owner, data, clock())


def get_expense(reads: ExpenseReads, owner: uuid.UUID, expense_id: uuid.UUID) -> Expense:
    return reads.get(owner, expense_id)


def update_expense(
    uow: ExpenseUnitOfWork,
    owner: uuid.UUID,
    expense_id: uuid.UUID,
    draft: ExpenseDraft | None,
    clock: Clock = utcnow,
) -> Expense:
    data = domain.validate_expense(draft)
    with uow:
        return uow.repos.expenses.replace(owner, expense_id, data, clock())


def delete_expense(uow: ExpenseUnitOfWork, owner: uuid.UUID, expense_id: uuid.UUID) -> None:
    with uow:
        uow.repos.expenses.delete(owner, expense_id)


def list_categories() -> tuple[Category, ...]:
    return domain.CATEGORIES


# --- API keys -----------------------------------------------------------------------------


def create_api_key(
    uow: ExpenseUnitOfWork, name: str, roles: Sequence[str] = (), clock: Clock = utcnow
) -> IssuedApiKey:
    data = apikeys.validate_new_key(name, roles)
    secret = apikeys.generate_secret()
    with uow:
        key = uow.repos.api_keys.add(
            name=data.name,
            prefix=apikeys.display_prefix(secret),
            secret_hash=apikeys.hash_secret(secret),
            roles=data.roles,
            now=clock(),
        )
    return IssuedApiKey(key=key, secret=secret)


def list_api_keys(uow: ExpenseUnitOfWork, *, include_revoked: bool = False) -> list[ApiKey]:
    with uow:
        return uow.repos.api_keys.list(include_revoked=include_revoked)


def revoke_api_key(uow: ExpenseUnitOfWork, key_id: uuid.UUID, clock: Clock = utcnow) -> ApiKey:
    with uow:
        return uow.repos.api_keys.revoke(key_id, clock())


def admit_api_key(
    key: ApiKey | None, touch: Callable[[uuid.UUID, datetime], None], clock: Clock = utcnow
) -> Principal:
    """The principal of a looked-up key, or Unauthenticated; records the use at most once
    per LAST_USED_RESOLUTION (touch writes only then)."""
    if key is None or key.revoked:
        # One message for both: do not tell a caller that a key once existed.
        raise Unauthenticated("invalid or revoked API key")
    now = clock()
    if apikeys.needs_touch(key.last_used_at, now):
        touch(key.id, now)
    return Principal(subject=str(key.id), kind="api_key", roles=frozenset(key.roles))


def authenticate_api_key(uow: ExpenseUnitOfWork, secret: str, clock: Clock = utcnow) -> Principal:
    """Authenticate within one unit of work (CLI, tests). Reads the database every time,
    deliberately: a cached "valid" answer would keep a revoked key working until the
    cache expired. The request path uses the same rule through ApiKeyAuthenticator."""
    with uow:
        key = uow.repos.api_keys.find_by_hash(apikeys.hash_secret(secret))
        return admit_api_key(key, uow.repos.api_keys.touch, clock)
