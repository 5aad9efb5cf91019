"""Issuing and verifying access tokens with main's own keys: signing-key rotation with
overlap, the JWKS contents, the claims, and main's database session check."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import jwt
import pytest
from sqlalchemy import Engine

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.identity import access, events, signing
from services.main.identity.access_tokens import TokenIssuer, TokenSubject
from services.main.identity.session_status import DatabaseSessionChecker
from services.main.identity.store import identity_repositories
from services.main.identity.tables import SigningKeyRow
from services.runtime.errors import Unauthenticated
from services.runtime.tokens import TokenVerifier, VerifierConfig

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
LIFETIME = timedelta(minutes=15)


@pytest.fixture
def units(database_url: str, engine: Engine):  # type: ignore[no-untyped-def]
    migrate.upgrade("main", database_url)
    return unit_of_work_factory(make_sessionmaker(engine), identity_repositories)


def _keys(engine: Engine, now: datetime = NOW) -> signing.SigningKeys:
    return signing.SigningKeys(engine, token_lifetime=LIFETIME, clock=lambda: now)


def _user(units, now: datetime = NOW):  # type: ignore[no-untyped-def]
    with units() as uow:
        user = uow.repos.users.add(
            email=f"{uuid.uuid4().hex[:8]}@example.com",
            username=uuid.uuid4().hex[:12],
            full_name="Ada",
            password_hash="x",
            now=now,
        )
        session = uow.repos.sessions.open(
            user.id,
            now=now,
            lifetime=timedelta(days=30),
            client=events.ClientInfo(),
            amr=["pwd"],
            refresh_token=uuid.uuid4().hex,
        )
        subject = TokenSubject(user.id, user.tenant_id, ("user",), "member", ("x:extra",))
        return subject, session.id


def test_first_key_is_created_once_and_signs(units, engine: Engine) -> None:  # type: ignore[no-untyped-def]
    with units() as uow:
        signing.ensure_key(uow.session, NOW)
        signing.ensure_key(uow.session, NOW)
    keys = _keys(engine)
    assert len(keys.published()) == 1
    key = keys.signing_key()
    assert key.kid == signing.thumbprint(key.public_key)
    assert keys.key(key.kid) is not None
    assert keys.key("unknown") is None


def test_rotation_keeps_the_old_key_published_until_its_tokens_expire(
    units, engine: Engine
) -> None:  # type: ignore[no-untyped-def]
    with units() as uow:
        signing.ensure_key(uow.session, NOW - timedelta(days=1))
    old = _keys(engine).signing_key().kid
    with units() as uow:
        new = signing.rotate(uow.session, NOW)
    assert new != old
    # Published at once, signing only after the activation delay (verifiers have seen it).
    assert _keys(engine, NOW + timedelta(seconds=1)).signing_key().kid == old
    during = _keys(engine, NOW + LIFETIME)
    assert during.signing_key().kid == new
    assert {k.kid for k in during.published()} == {old, new}
    after = _keys(engine, NOW + LIFETIME + signing.PUBLISH_MARGIN + timedelta(seconds=1))
    assert [k.kid for k in after.published()] == [new]
    with units() as uow:
        stored = uow.session.get(SigningKeyRow, old)
        assert stored is not None and stored.retired_at is not None


def test_issued_token_verifies_with_the_shared_verifier(units, engine: Engine) -> None:  # type: ignore[no-untyped-def]
    with units() as uow:
        signing.ensure_key(uow.session, NOW)
    keys = _keys(engine)
    now = datetime.now(UTC)
    subject, session_id = _user(units, now)
    issuer = TokenIssuer(keys=keys, issuer="finplat", audience="finplat-api", lifetime=LIFETIME)
    token = issuer.issue(subject, session_id, ["pwd"], now)
    assert token.expires_in == 900
    header = jwt.get_unverified_header(token.token)
    assert header["typ"] == "at+jwt" and header["alg"] == "RS256"
    checker = DatabaseSessionChecker(engine, lambda: datetime.now(UTC))
    verifier = TokenVerifier(
        keys, VerifierConfig("finplat", "finplat-api"), session_checker=checker
    )
    principal = verifier.verify(token.token)
    assert principal.subject == str(subject.user_id)
    assert principal.session_id == str(session_id)
    assert principal.tenant_id == str(subject.tenant_id)
    assert principal.roles == frozenset({"user"})
    assert principal.scopes == frozenset(access.scopes_for("member", ["x:extra"]))
    assert principal.claims["amr"] == ["pwd"]

    with units() as uow:
        session = uow.repos.sessions.get(session_id)
        assert session is not None
        uow.repos.sessions.revoke(session, now, "logout")
    with pytest.raises(Unauthenticated):
        verifier.verify(token.token)


def test_scopes_follow_the_tenant_role() -> None:
    assert access.scopes_for("owner") == sorted(access.ALL_SCOPES)
    assert access.scopes_for("manager") == sorted(access.ALL_SCOPES)
    viewer = access.scopes_for("viewer")
    assert viewer and all(s.endswith(":view") for s in viewer)
    member = set(access.scopes_for("member"))
    assert {"project-finance:approval:request", "project-finance:records:manage"} <= member
    assert "project-finance:approval:decide" not in member
    assert access.scopes_for("unknown", ["a:b"]) == ["a:b"]
