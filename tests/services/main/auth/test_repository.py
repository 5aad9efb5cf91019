"""The auth repositories on each database: recovery codes and emailed tokens are scoped
by their user (another user's are invisible and untouched), a new token replaces the
unused ones, and decoy tokens can never be used and never pile up."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from services.main.auth.domain import decoy
from services.main.auth.domain.grants import RESET_PASSWORD, VERIFY_EMAIL
from services.main.auth.tables import ActionTokenRow, UserRow
from services.main.auth.usecases.accounts import ensure_decoy_account
from services.main.kernel.dependencies import UowFactory
from services.main.kernel.hashing import PasswordHasher
from tests.services.main.support import NOW, add_user, fixed_clock, migrated_sessions, units

HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class Two:
    uow: UowFactory
    engine: Engine
    alice: uuid.UUID
    bob: uuid.UUID


@pytest.fixture
def two(database_url: str, engine: Engine) -> Two:
    sessions = migrated_sessions(database_url, engine)
    return Two(units(sessions), engine, add_user(sessions, "alice"), add_user(sessions, "bob"))


def stored_tokens(engine: Engine, user_id: uuid.UUID) -> list[ActionTokenRow]:
    """Every stored token of the user, read with a plain session (the tests' own view)."""
    with Session(engine) as session:
        return list(
            session.scalars(
                select(ActionTokenRow)
                .where(ActionTokenRow.user_id == user_id)
                .order_by(ActionTokenRow.created_at)
            )
        )


# --- recovery codes -------------------------------------------------------------------------


def test_recovery_codes_of_another_user_are_invisible_and_untouched(two: Two) -> None:
    with two.uow() as uow:
        uow.repos.recovery_codes.replace_pending(two.bob, ["h1", "h2"], NOW)
        uow.repos.recovery_codes.activate_pending(two.bob)
    with two.uow() as uow:
        codes = uow.repos.recovery_codes
        bobs = codes.unused(two.bob)
        assert sorted(c.code_hash for c in bobs) == ["h1", "h2"]
        assert codes.unused(two.alice) == []
        assert not codes.spend(two.alice, bobs[0].id, NOW)  # Bob's code, Alice's account
        codes.clear(two.alice)
        codes.activate_pending(two.alice)
        codes.replace_pending(two.alice, ["a1"], NOW)
    with two.uow() as uow:
        assert len(uow.repos.recovery_codes.unused(two.bob)) == 2
        assert uow.repos.recovery_codes.spend(two.bob, bobs[0].id, NOW)
        assert not uow.repos.recovery_codes.spend(two.bob, bobs[0].id, NOW)  # once


# --- emailed tokens --------------------------------------------------------------------------


def test_a_token_is_found_by_its_hash_and_spent_only_by_its_owner(two: Two) -> None:
    with two.uow() as uow:
        uow.repos.action_tokens.issue(two.bob, RESET_PASSWORD, "bobs-token", NOW, HOUR)
    with two.uow() as uow:
        tokens = uow.repos.action_tokens
        found = tokens.find("bobs-token", RESET_PASSWORD)
        assert found is not None and found.user_id == two.bob and found.usable(NOW)
        assert tokens.find("bobs-token", VERIFY_EMAIL) is None
        tokens.spend_all(two.alice, RESET_PASSWORD, NOW)  # Alice's spends nothing of Bob's
        still = tokens.find("bobs-token", RESET_PASSWORD)
        assert still is not None and still.used_at is None
        assert tokens.spend(found, NOW)
        assert not tokens.spend(found, NOW)  # single use


def test_a_new_token_replaces_the_unused_ones_and_keeps_the_spent(two: Two) -> None:
    with two.uow() as uow:
        tokens = uow.repos.action_tokens
        tokens.issue(two.alice, RESET_PASSWORD, "first", NOW, HOUR)
        first = tokens.find("first", RESET_PASSWORD)
        assert first is not None and tokens.spend(first, NOW)
        tokens.issue(two.alice, RESET_PASSWORD, "second", NOW, HOUR)
        tokens.issue(two.alice, RESET_PASSWORD, "third", NOW, HOUR)
        tokens.issue(two.alice, VERIFY_EMAIL, "verify", NOW, HOUR)
        assert tokens.find("second", RESET_PASSWORD) is None  # superseded: gone
    stored = stored_tokens(two.engine, two.alice)
    assert [(t.purpose, t.used_at is None) for t in stored] == [
        (RESET_PASSWORD, False),  # the spent one stays
        (RESET_PASSWORD, True),
        (VERIFY_EMAIL, True),
    ]


# --- the decoy -------------------------------------------------------------------------------


def test_the_decoy_account_is_made_once_and_cannot_be_used(two: Two) -> None:
    ensure_decoy_account(two.uow(), fixed_clock)
    ensure_decoy_account(two.uow(), fixed_clock)
    with two.uow() as uow:
        account = uow.repos.users.by_id(decoy.DECOY_ACCOUNT_ID)
        assert account is not None and account.email == decoy.DECOY_EMAIL
        assert account.roles == ()
        assert not PasswordHasher().verify(account.password_hash, decoy.UNUSABLE_PASSWORD)
    with Session(two.engine) as session:
        assert session.scalar(select(UserRow.id).where(UserRow.username == "!decoy"))


def test_decoy_tokens_are_born_spent_and_never_pile_up(two: Two) -> None:
    ensure_decoy_account(two.uow(), fixed_clock)
    for i in range(200):
        with two.uow() as uow:
            uow.repos.action_tokens.issue_decoy(
                decoy.DECOY_ACCOUNT_ID, RESET_PASSWORD, f"decoy-{i}", NOW, HOUR
            )
    with two.uow() as uow:
        found = uow.repos.action_tokens.find("decoy-199", RESET_PASSWORD)
        assert found is not None and found.user_id == decoy.DECOY_ACCOUNT_ID
        assert not found.usable(NOW)  # spent at birth
    stored = stored_tokens(two.engine, decoy.DECOY_ACCOUNT_ID)
    # One per bucket (the first hex digit of the token's hash), at most.
    assert 1 <= len(stored) <= 16
    assert all(t.used_at is not None for t in stored)
    assert stored_tokens(two.engine, two.alice) == []
