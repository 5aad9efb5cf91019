"""Session checks: cached per session, revocation within the TTL, fail closed."""

from __future__ import annotations

import pytest

from services.runtime.errors import Unauthenticated, Unavailable
from services.runtime.principal import Principal
from services.runtime.tokens import (
    CachedSessionChecker,
    MemoryTtlCache,
    TokenVerifier,
)
from tests.runtime.tokens_support import (
    CONFIG,
    SESSION_ID,
    USER_ID,
    FakeClock,
    JwksServer,
    SessionStore,
    clock_fixture,  # noqa: F401
    jwks_fixture,  # noqa: F401
    keys_of,
    token,
)

TTL = 5.0


@pytest.fixture
def store() -> SessionStore:
    return SessionStore()


@pytest.fixture
def checker(store: SessionStore, clock: FakeClock) -> CachedSessionChecker:
    return CachedSessionChecker(store, MemoryTtlCache(clock=clock), TTL)


def _principal(session_id: str | None = SESSION_ID) -> Principal:
    return Principal(subject=USER_ID, kind="user", session_id=session_id)


def test_active_answer_is_cached_for_the_ttl(
    checker: CachedSessionChecker, store: SessionStore, clock: FakeClock
) -> None:
    assert checker.is_active(_principal(), "t")
    store.revoked.add(SESSION_ID)
    clock.advance(TTL - 0.1)
    assert checker.is_active(_principal(), "t")  # the revocation is not seen yet
    assert store.calls == 1
    clock.advance(0.1)
    assert not checker.is_active(_principal(), "t")
    assert store.calls == 2


def test_revoked_answer_is_kept_longer(
    checker: CachedSessionChecker, store: SessionStore, clock: FakeClock
) -> None:
    store.revoked.add(SESSION_ID)
    assert not checker.is_active(_principal(), "t")
    clock.advance(3599)
    assert not checker.is_active(_principal(), "t")
    assert store.calls == 1
    clock.advance(1)
    assert not checker.is_active(_principal(), "t")
    assert store.calls == 2


def test_sessions_are_cached_separately(checker: CachedSessionChecker, store: SessionStore) -> None:
    other = "5b0e7c1a-2d3f-4a5b-8c9d-0e1f2a3b4c5d"
    store.revoked.add(other)
    assert checker.is_active(_principal(), "t")
    assert not checker.is_active(_principal(other), "t")


def test_no_session_is_inactive(checker: CachedSessionChecker, store: SessionStore) -> None:
    assert not checker.is_active(_principal(None), "t")
    assert store.calls == 0


def test_unreachable_checker_fails_closed(
    checker: CachedSessionChecker, store: SessionStore
) -> None:
    store.reachable = False
    for _ in range(2):  # the failure is not cached: each call asks again
        with pytest.raises(Unavailable, match="session check unavailable"):
            checker.is_active(_principal(), "t")
    assert store.calls == 2
    store.reachable = True
    assert checker.is_active(_principal(), "t")


def test_verifier_rejects_revoked_sessions_even_on_token_cache_hits(
    jwks: JwksServer, checker: CachedSessionChecker, store: SessionStore, clock: FakeClock
) -> None:
    keys = keys_of(jwks, clock)
    verifier = TokenVerifier(
        keys, CONFIG, session_checker=checker, cache=MemoryTtlCache(clock=clock), clock=clock
    )
    access = token()
    assert verifier.verify(access).session_id == SESSION_ID
    store.revoked.add(SESSION_ID)
    clock.advance(TTL)  # still within the token cache's 60 s
    with pytest.raises(Unauthenticated, match="session revoked"):
        verifier.verify(access)
    store.reachable = False
    with pytest.raises(Unauthenticated, match="session revoked"):  # cached "no"
        verifier.verify(access)


def test_verifier_surfaces_an_unavailable_session_check(
    jwks: JwksServer, checker: CachedSessionChecker, store: SessionStore, clock: FakeClock
) -> None:
    keys = keys_of(jwks, clock)
    verifier = TokenVerifier(keys, CONFIG, session_checker=checker, clock=clock)
    store.reachable = False
    with pytest.raises(Unavailable):
        verifier.verify(token())


TENANT = "7c9e6679-7425-40de-944b-e07fc1f90ae7"


class Memberships:
    """Stands in for main's check of the token's membership: (tenant, role) pairs the
    user holds now."""

    def __init__(self, *held: tuple[str, str]) -> None:
        self.held = set(held)
        self.calls = 0

    def is_active(self, principal: Principal, token: str) -> bool:
        self.calls += 1
        return (str(principal.tenant_id), str(principal.claims.get("tenant_role"))) in self.held


def _token_of(role: str, jti: str, tenant: str = TENANT) -> Principal:
    return Principal(
        subject=USER_ID,
        kind="user",
        session_id=SESSION_ID,
        tenant_id=tenant,
        claims={"tenant_role": role, "jti": jti},
    )


def test_a_refused_token_does_not_refuse_the_sessions_next_one(clock: FakeClock) -> None:
    members = Memberships((TENANT, "member"))
    checker = CachedSessionChecker(members, MemoryTtlCache(clock=clock), TTL)
    assert checker.is_active(_token_of("member", "j1"), "t")
    members.held = {(TENANT, "viewer")}  # demoted
    clock.advance(TTL)
    assert not checker.is_active(_token_of("member", "j1"), "t")
    # The refresh after the role change: same session, same tenant, the new role.
    assert checker.is_active(_token_of("viewer", "j2"), "t")
    # Switching tenant: same session, another tenant.
    other = "0b9e8a3c-1d2e-4f5a-9b8c-7d6e5f4a3b2c"
    members.held.add((other, "owner"))
    assert checker.is_active(_token_of("owner", "j3", other), "t")


def test_a_member_invited_back_is_not_refused_by_the_cached_removal(clock: FakeClock) -> None:
    members = Memberships((TENANT, "member"))
    checker = CachedSessionChecker(members, MemoryTtlCache(clock=clock), TTL)
    members.held = set()  # removed
    assert not checker.is_active(_token_of("member", "j1"), "t")
    members.held = {(TENANT, "member")}  # invited back with the same role
    assert checker.is_active(_token_of("member", "j2"), "t")
    # The refused token itself stays refused (cached), as a revoked session's would.
    assert not checker.is_active(_token_of("member", "j1"), "t")
