"""Issuing and verifying access tokens with main's own keys: signing-key rotation with
overlap, the JWKS contents, the claims, and main's database session check."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import jwt
import pytest
from sqlalchemy import Engine

from services.main.auth.domain.users import NewUser
from services.main.kernel import access, events
from services.main.kernel.dependencies import UowFactory
from services.main.kernel.tokens import TokenIssuer, TokenSubject
from services.main.keys import domain, usecases
from services.main.keys.repository import SigningKeys
from services.main.sessions.repository import DatabaseSessionChecker
from services.runtime.errors import Unauthenticated
from services.runtime.tokens import TokenVerifier, VerifierConfig
from tests.services.main.support import migrated_sessions
from tests.services.main.support import units as units_of

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
LIFETIME = timedelta(minutes=15)


@pytest.fixture
def units(database_url: str, engine: Engine) -> UowFactory:
    return units_of(migrated_sessions(database_url, engine))


def _keys(engine: Engine, now: datetime = NOW) -> SigningKeys:
    return SigningKeys(engine, token_lifetime=LIFETIME, clock=lambda: now)


def _at(now: datetime) -> Callable[[], datetime]:
    return lambda: now


def _user(units: UowFactory, now: datetime = NOW) -> tuple[TokenSubject, uuid.UUID]:
    with units() as uow:
        user = uow.repos.users.add(
            NewUser(
                email=f"{uuid.uuid4().hex[:8]}@example.com",
                username=uuid.uuid4().hex[:12],
                full_name="Ada",
                password_hash="x",
                tenant_role="member",
            ),
            now,
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


def test_first_key_is_created_once_and_signs(units: UowFactory, engine: Engine) -> None:
    usecases.ensure_key(units(), _at(NOW))
    usecases.ensure_key(units(), _at(NOW))
    keys = _keys(engine)
    assert len(keys.published()) == 1
    key = keys.signing_key()
    assert key.kid == domain.thumbprint(key.public_key)
    assert keys.key(key.kid) is not None
    assert keys.key("unknown") is None


def test_rotation_keeps_the_old_key_published_until_its_tokens_expire(
    units: UowFactory, engine: Engine
) -> None:
    usecases.ensure_key(units(), _at(NOW - timedelta(days=1)))
    old = _keys(engine).signing_key().kid
    new = usecases.rotate(units(), _at(NOW))
    assert new != old
    # Published at once, signing only after the activation delay (verifiers have seen it).
    assert _keys(engine, NOW + timedelta(seconds=1)).signing_key().kid == old
    during = _keys(engine, NOW + LIFETIME)
    assert during.signing_key().kid == new
    assert {k.kid for k in during.published()} == {old, new}
    after = _keys(engine, NOW + LIFETIME + domain.PUBLISH_MARGIN + timedelta(seconds=1))
    assert [k.kid for k in after.published()] == [new]
    listed = usecases.list_keys(units(), LIFETIME, _at(NOW + LIFETIME))
    assert [(k.kid, k.state) for k in listed] == [
        (new, domain.SIGNING),
        (old, domain.RETIRED_PUBLISHED),
    ]
    later = NOW + LIFETIME + domain.PUBLISH_MARGIN + timedelta(seconds=1)
    assert usecases.list_keys(units(), LIFETIME, _at(later))[1].state == domain.RETIRED


def test_issued_token_verifies_with_the_shared_verifier(units: UowFactory, engine: Engine) -> None:
    usecases.ensure_key(units(), _at(NOW))
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
        assert uow.repos.sessions.revoke(subject.user_id, session_id, now, "logout")
    with pytest.raises(Unauthenticated):
        verifier.verify(token.token)


def test_a_token_stops_verifying_when_its_membership_changes(
    units: UowFactory, engine: Engine
) -> None:
    """The session check also requires the token's (sub, tid) membership, in the token's
    tenant role: a removed member's or a demoted member's tokens are refused."""
    usecases.ensure_key(units(), _at(NOW))
    keys = _keys(engine)
    now = datetime.now(UTC)
    subject, session_id = _user(units, now)
    issuer = TokenIssuer(keys=keys, issuer="finplat", audience="finplat-api", lifetime=LIFETIME)
    checker = DatabaseSessionChecker(engine, lambda: datetime.now(UTC))
    verifier = TokenVerifier(
        keys, VerifierConfig("finplat", "finplat-api"), session_checker=checker
    )
    member = issuer.issue(subject, session_id, ["pwd"], now).token
    as_owner = issuer.issue(replace(subject, tenant_role="owner"), session_id, ["pwd"], now)
    elsewhere = issuer.issue(replace(subject, tenant_id=uuid.uuid4()), session_id, ["pwd"], now)
    assert verifier.verify(member).tenant_id == str(subject.tenant_id)
    for refused in (as_owner.token, elsewhere.token):
        with pytest.raises(Unauthenticated):
            verifier.verify(refused)
    with units() as uow:
        uow.repos.memberships.set_role(subject.tenant_id, subject.user_id, "viewer", now)
    with pytest.raises(Unauthenticated):
        verifier.verify(member)
    viewer = issuer.issue(replace(subject, tenant_role="viewer"), session_id, ["pwd"], now)
    assert verifier.verify(viewer.token).subject == str(subject.user_id)
    with units() as uow:
        assert uow.repos.memberships.remove(subject.tenant_id, subject.user_id)
    with pytest.raises(Unauthenticated):
        verifier.verify(viewer.token)


def test_scopes_follow_the_tenant_role() -> None:
    assert access.scopes_for("owner") == sorted(access.ALL_SCOPES)
    assert access.scopes_for("manager") == sorted(access.ALL_SCOPES)
    viewer = access.scopes_for("viewer")
    assert viewer and all(s.endswith(":view") for s in viewer)
    member = set(access.scopes_for("member"))
    assert {"project-finance:approval:request", "project-finance:records:manage"} <= member
    assert "project-finance:approval:approve" not in member
    # Spec 3's view scopes of approvals and compliance are view scopes like the others.
    assert {"project-finance:approval:view", "project-finance:compliance:view"} <= member
    assert access.scopes_for("unknown", ["a:b"]) == ["a:b"]
