"""API-key use cases against real databases (PostgreSQL and the embedded SQLite default)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from services.expense.api_keys import usecases
from services.runtime.errors import NotFound, Unauthenticated
from tests.services.expense.conftest import UowFactory


class Clock:
    """A controllable clock, one microsecond apart per reading by default."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(microseconds=1)
        return self.now


def test_api_key_lifecycle(uow: UowFactory) -> None:
    clock = Clock()
    issued = usecases.create_api_key(uow(), "ci", ["admin"], clock)
    assert issued.secret.startswith("fpk_")
    assert issued.key.prefix == issued.secret[:12]
    assert issued.key.roles == ("admin",) and issued.key.revoked_at is None

    principal = usecases.authenticate_api_key(uow(), issued.secret, clock)
    assert principal.subject == str(issued.key.id)
    assert principal.kind == "api_key" and principal.roles == frozenset({"admin"})

    with pytest.raises(Unauthenticated):
        usecases.authenticate_api_key(uow(), issued.secret + "x", clock)
    with pytest.raises(Unauthenticated):
        usecases.authenticate_api_key(uow(), "fpk_unknown", clock)

    other = usecases.create_api_key(uow(), "other", (), clock)
    assert [k.id for k in usecases.list_api_keys(uow())] == [other.key.id, issued.key.id]

    revoked = usecases.revoke_api_key(uow(), issued.key.id, clock)
    assert revoked.revoked_at is not None
    # Revoked keys stop at once: no cached positive answer survives the revocation.
    with pytest.raises(Unauthenticated):
        usecases.authenticate_api_key(uow(), issued.secret, clock)
    assert [k.id for k in usecases.list_api_keys(uow())] == [other.key.id]
    assert len(usecases.list_api_keys(uow(), include_revoked=True)) == 2

    again = usecases.revoke_api_key(uow(), issued.key.id, clock)
    assert again.revoked_at == revoked.revoked_at  # revoking twice is harmless
    with pytest.raises(NotFound):
        usecases.revoke_api_key(uow(), uuid.uuid4(), clock)


def test_last_used_is_recorded_at_most_once_a_minute(uow: UowFactory) -> None:
    clock = Clock()
    issued = usecases.create_api_key(uow(), "ci", (), clock)
    assert usecases.list_api_keys(uow())[0].last_used_at is None

    usecases.authenticate_api_key(uow(), issued.secret, clock)
    first = usecases.list_api_keys(uow())[0].last_used_at
    assert first == clock.now

    clock.now += timedelta(seconds=30)
    usecases.authenticate_api_key(uow(), issued.secret, clock)
    assert usecases.list_api_keys(uow())[0].last_used_at == first

    clock.now += timedelta(seconds=31)
    usecases.authenticate_api_key(uow(), issued.secret, clock)
    assert usecases.list_api_keys(uow())[0].last_used_at == clock.now
