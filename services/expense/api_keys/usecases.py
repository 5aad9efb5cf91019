"""API-key operations: issue, list, revoke (operators: the admin RPCs and `finplat
apikey`), and admitting a presented key as the caller (the authentication path)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from services.expense.api_keys import domain
from services.expense.api_keys.domain import ApiKey, IssuedApiKey
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import Unauthenticated
from services.runtime.principal import Principal
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.expense.repositories import ExpenseRepositories

    Uow = UnitOfWork[ExpenseRepositories]


def create_api_key(
    uow: Uow, name: str, roles: Sequence[str] = (), clock: Clock = utcnow
) -> IssuedApiKey:
    data = domain.validate_new_key(name, roles)
    secret = domain.generate_secret()
    with uow:
        key = uow.repos.api_keys.add(
            name=data.name,
            prefix=domain.display_prefix(secret),
            secret_hash=domain.hash_secret(secret),
            roles=data.roles,
            now=clock(),
        )
    return IssuedApiKey(key=key, secret=secret)


def list_api_keys(uow: Uow, *, include_revoked: bool = False) -> list[ApiKey]:
    with uow:
        return uow.repos.api_keys.list(include_revoked=include_revoked)


def revoke_api_key(uow: Uow, key_id: uuid.UUID, clock: Clock = utcnow) -> ApiKey:
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
    if domain.needs_touch(key.last_used_at, now):
        touch(key.id, now)
    return Principal(subject=str(key.id), kind="api_key", roles=frozenset(key.roles))


def authenticate_api_key(uow: Uow, secret: str, clock: Clock = utcnow) -> Principal:
    """Authenticate within one unit of work (CLI, tests). Reads the database every time,
    deliberately: a cached "valid" answer would keep a revoked key working until the
    cache expired. The request path uses the same rule through ApiKeyAuthenticator."""
    with uow:
        key = uow.repos.api_keys.find_by_hash(domain.hash_secret(secret))
        return admit_api_key(key, uow.repos.api_keys.touch, clock)
