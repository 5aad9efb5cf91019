"""Service accounts and the client-credentials grant, on SQLite and PostgreSQL: created
by operators with the secret shown once and stored hashed, listed, revoked (with their
sessions); tokens carry the `service` role and a session the verifier accepts; wrong,
unknown and revoked credentials get one answer, recorded and throttled like logins.

The main backend is built by its own composition root (`services.main.main.build`), so
these run on the real signing keys, issuer, verifier and session check.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator
from pathlib import Path

import jwt
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.main.auth.tables import UserRow
from services.main.auth.usecases import login
from services.main.kernel import events
from services.main.kernel.dependencies import Kernel
from services.main.main import MainBackend
from services.main.security.tables import SecurityEventRow
from services.main.service_accounts import usecases as service_accounts
from services.main.service_accounts.domain import (
    BAD_CLIENT_CREDENTIALS,
    CLIENT_ID_PREFIX,
    SECRET_PREFIX,
)
from services.main.service_accounts.tables import ServiceAccountRow
from services.main.sessions.repository import DatabaseSessionChecker
from services.main.sessions.tables import SessionRow
from services.runtime.errors import InvalidArgument, NotFound, RateLimited, Unauthenticated
from services.runtime.tokens import TokenVerifier, config_from_settings
from tests.services.main.support import build_main

CLIENT = events.ClientInfo(ip="198.51.100.7", user_agent="expense/1.0", device="tests")


@pytest.fixture
def main(database_url: str, tmp_path: Path) -> Iterator[MainBackend]:
    backend = build_main(database_url, tmp_path)
    yield backend
    backend.close()


@pytest.fixture
def ctx(main: MainBackend) -> Kernel:
    return main.kernel


def raw_session(main: MainBackend) -> Session:
    """A plain session on the backend's database: the tests read rows as stored."""
    return Session(main.engine)


def _verifier(main: MainBackend) -> TokenVerifier:
    return TokenVerifier(
        main.keys,
        config_from_settings(main.settings),
        session_checker=DatabaseSessionChecker(main.engine, main.kernel.clock),
    )


def test_create_shows_the_secret_once_and_stores_only_its_hash(
    main: MainBackend, ctx: Kernel
) -> None:
    issued = service_accounts.create(ctx.unit_of_work(), "  expense-backend  ")
    account = issued.account
    assert account.name == "expense-backend"
    assert account.client_id.startswith(CLIENT_ID_PREFIX)
    assert issued.client_secret.startswith(SECRET_PREFIX)
    with raw_session(main) as db:
        row = db.scalars(select(ServiceAccountRow)).one()
        user = db.get(UserRow, row.user_id)
        assert user is not None
        stored = [str(v) for v in (*row.__dict__.values(), *user.__dict__.values())]
    assert row.secret_hash == hashlib.sha256(issued.client_secret.encode()).hexdigest()
    assert not any(issued.client_secret in value for value in stored)
    assert user.roles == ["service"]
    # Listing never carries the secret.
    listed = service_accounts.list_accounts(ctx.unit_of_work())
    assert [a.client_id for a in listed] == [account.client_id]
    assert not hasattr(listed[0], "client_secret")


def test_a_service_account_cannot_log_in_with_a_password(main: MainBackend, ctx: Kernel) -> None:
    issued = service_accounts.create(ctx.unit_of_work(), "no-password")
    with raw_session(main) as db:
        email = db.get(UserRow, issued.account.user_id).email  # type: ignore[union-attr]
    for guess in ("", "!service-account", issued.client_secret):
        with pytest.raises((Unauthenticated, InvalidArgument)):
            login.login(ctx, email, guess, CLIENT)


def test_names_are_validated(ctx: Kernel) -> None:
    for name in ("", "   ", "x" * 101):
        with pytest.raises(InvalidArgument) as raised:
            service_accounts.create(ctx.unit_of_work(), name)
        assert raised.value.violations[0].field == "name"


def test_token_has_the_service_role_and_a_session_the_verifier_accepts(
    main: MainBackend, ctx: Kernel
) -> None:
    issued = service_accounts.create(ctx.unit_of_work(), "registrar")
    token = service_accounts.issue_token(
        ctx, issued.account.client_id, issued.client_secret, CLIENT
    )
    assert token.expires_in == 900
    principal = _verifier(main).verify(token.access_token)
    assert "service" in principal.roles
    assert principal.subject == str(issued.account.user_id)
    assert principal.session_id == str(token.session_id)
    claims = jwt.decode(token.access_token, options={"verify_signature": False})
    assert claims["exp"] - claims["iat"] == 900
    assert jwt.get_unverified_header(token.access_token)["alg"] == "RS256"
    with raw_session(main) as db:
        session = db.get(SessionRow, token.session_id)
        assert session is not None
        # The session ends with the token: nothing outlives it.
        assert int((session.expires_at - session.created_at).total_seconds()) == 900
        event = db.scalars(
            select(SecurityEventRow).where(SecurityEventRow.kind == events.LOGIN_SUCCEEDED)
        ).one()
        assert (event.user_id, event.session_id, event.ip_address) == (
            issued.account.user_id,
            token.session_id,
            CLIENT.ip,
        )
        account = db.get(ServiceAccountRow, issued.account.id)
        assert account is not None and account.last_used_at is not None


def test_wrong_unknown_and_revoked_credentials_get_one_answer(
    main: MainBackend, ctx: Kernel
) -> None:
    issued = service_accounts.create(ctx.unit_of_work(), "victim")
    client_id = issued.account.client_id
    token = service_accounts.issue_token(ctx, client_id, issued.client_secret, CLIENT)
    attempts = [
        (client_id, issued.client_secret + "x"),
        ("fpc_" + uuid.uuid4().hex[:20], issued.client_secret),
    ]
    messages = []
    for attempt_id, secret in attempts:
        with pytest.raises(Unauthenticated) as raised:
            service_accounts.issue_token(ctx, attempt_id, secret, CLIENT)
        messages.append(raised.value.message)

    revoked = service_accounts.revoke(ctx.unit_of_work(), client_id)
    assert revoked.revoked
    with pytest.raises(Unauthenticated) as raised:
        service_accounts.issue_token(ctx, client_id, issued.client_secret, CLIENT)
    messages.append(raised.value.message)
    assert set(messages) == {BAD_CLIENT_CREDENTIALS}
    # Revocation also ends the tokens already issued.
    with pytest.raises(Unauthenticated, match="session revoked"):
        _verifier(main).verify(token.access_token)
    with raw_session(main) as db:
        failures = db.scalars(
            select(SecurityEventRow).where(SecurityEventRow.kind == events.LOGIN_FAILED)
        ).all()
    assert len(failures) == 3
    # Revoking again is harmless; an unknown client id is not found.
    assert service_accounts.revoke(ctx.unit_of_work(), client_id).revoked
    with pytest.raises(NotFound):
        service_accounts.revoke(ctx.unit_of_work(), "fpc_unknown")


def test_list_hides_revoked_accounts_unless_asked(ctx: Kernel) -> None:
    kept = service_accounts.create(ctx.unit_of_work(), "kept").account
    gone = service_accounts.create(ctx.unit_of_work(), "gone").account
    service_accounts.revoke(ctx.unit_of_work(), gone.client_id)
    active = service_accounts.list_accounts(ctx.unit_of_work())
    everything = service_accounts.list_accounts(ctx.unit_of_work(), include_revoked=True)
    assert [a.client_id for a in active] == [kept.client_id]
    assert {a.client_id for a in everything} == {kept.client_id, gone.client_id}


def test_failures_are_throttled_per_client_id(ctx: Kernel) -> None:
    issued = service_accounts.create(ctx.unit_of_work(), "throttled")
    client_id = issued.account.client_id
    # Four failures are free (typos happen); the fifth makes the next attempt wait,
    # even with the right secret.
    for _ in range(5):
        with pytest.raises(Unauthenticated):
            service_accounts.issue_token(ctx, client_id, "fps_wrong", CLIENT)
    with pytest.raises(RateLimited) as raised:
        service_accounts.issue_token(ctx, client_id, issued.client_secret, CLIENT)
    assert (raised.value.retry_after_seconds or 0) >= 1
    # Another account from another address is not slowed by it.
    other = service_accounts.create(ctx.unit_of_work(), "other")
    elsewhere = events.ClientInfo(ip="203.0.113.50")
    service_accounts.issue_token(ctx, other.account.client_id, other.client_secret, elsewhere)


def test_missing_credentials_are_bad_requests(ctx: Kernel) -> None:
    for client_id, secret, field in (
        ("", "s", "client_id"),
        ("  ", "s", "client_id"),
        ("c", "", "client_secret"),
    ):
        with pytest.raises(InvalidArgument) as raised:
            service_accounts.issue_token(ctx, client_id, secret, CLIENT)
        assert raised.value.violations[0].field == field
