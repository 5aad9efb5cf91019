"""Verified tokens are cached: a hit skips the signature check, never the expiry check."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from services.runtime.errors import Unauthenticated
from services.runtime.tokens import (
    MemoryTtlCache,
    RedisTtlCache,
    TokenVerifier,
    TtlCache,
    VerifierConfig,
)
from tests.runtime.tokens_support import (
    CONFIG,
    USER_ID,
    CountingKeySource,
    FakeClock,
    JwksServer,
    claims,
    clock_fixture,  # noqa: F401
    jwks_fixture,  # noqa: F401
    keys_of,
    sign,
    token,
)


@pytest.fixture
def keys(jwks: JwksServer) -> CountingKeySource:
    return CountingKeySource(keys_of(jwks))


@pytest.fixture
def namespace() -> str:
    return f"test-tokens-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def redis_cache(redis_url: str, namespace: str) -> Iterator[RedisTtlCache]:
    cache = RedisTtlCache(redis_url, namespace=namespace)
    try:
        yield cache
    finally:
        cache.close()


def _verifier(
    keys: CountingKeySource,
    cache: TtlCache,
    clock: FakeClock,
    config: VerifierConfig = CONFIG,
) -> TokenVerifier:
    return TokenVerifier(keys, config, cache=cache, clock=clock)


def test_memory_cache_hit_skips_the_signature_check(
    keys: CountingKeySource, clock: FakeClock
) -> None:
    verifier = _verifier(keys, MemoryTtlCache(), clock)
    access = token()
    first = verifier.verify(access)
    assert verifier.verify(access) == first
    assert keys.lookups == 1
    verifier.verify(token())  # another token is verified on its own
    assert keys.lookups == 2


def test_redis_cache_is_shared_by_replicas(
    jwks: JwksServer, redis_cache: RedisTtlCache, clock: FakeClock
) -> None:
    def replica() -> CountingKeySource:
        return CountingKeySource(keys_of(jwks))

    one, two = replica(), replica()
    access = token()
    assert _verifier(one, redis_cache, clock).verify(access).subject == USER_ID
    assert _verifier(two, redis_cache, clock).verify(access).subject == USER_ID
    assert (one.lookups, two.lookups) == (1, 0)


def test_entry_lives_at_most_cache_seconds(
    keys: CountingKeySource,
    clock: FakeClock,
    redis_cache: RedisTtlCache,
    redis_url: str,
    namespace: str,
) -> None:
    client = redis.Redis.from_url(redis_url)
    try:
        _verifier(keys, redis_cache, clock).verify(token())
        (name,) = client.keys(f"{namespace}:*")
        assert 59_000 < client.pttl(name) <= 60_000
        _verifier(keys, redis_cache, clock).verify(token(exp=int(clock()) + 20))
        shortest = min(client.pttl(n) for n in client.keys(f"{namespace}:*"))
        assert shortest <= 20_000  # never beyond the token's own expiry
    finally:
        client.close()


def test_hit_rechecks_expiry(keys: CountingKeySource, clock: FakeClock) -> None:
    verifier = _verifier(keys, MemoryTtlCache(), clock)  # the cache itself runs on real time
    access = token(exp=int(clock()) + 30)
    verifier.verify(access)
    clock.advance(45)  # past exp + 10 s leeway
    with pytest.raises(Unauthenticated, match="access token expired"):
        verifier.verify(access)
    assert keys.lookups == 1  # answered from the cache, not re-verified


def test_hit_expires_with_the_cache(keys: CountingKeySource, clock: FakeClock) -> None:
    verifier = _verifier(keys, MemoryTtlCache(clock=clock), clock)
    access = token()
    verifier.verify(access)
    clock.advance(59)
    verifier.verify(access)
    assert keys.lookups == 1
    clock.advance(1)
    verifier.verify(access)
    assert keys.lookups == 2


def test_failures_are_not_cached(keys: CountingKeySource, clock: FakeClock) -> None:
    verifier = _verifier(keys, MemoryTtlCache(), clock)
    forged = sign(claims(), key="k2", kid="k1")
    for _ in range(2):
        with pytest.raises(Unauthenticated):
            verifier.verify(forged)
    assert keys.lookups == 2


def test_shared_cache_does_not_cross_audiences(
    keys: CountingKeySource, redis_cache: RedisTtlCache, clock: FakeClock
) -> None:
    access = token()
    _verifier(keys, redis_cache, clock).verify(access)
    other = VerifierConfig(issuer=CONFIG.issuer, audience="another-api")
    with pytest.raises(Unauthenticated):
        _verifier(keys, redis_cache, clock, other).verify(access)


def test_unreadable_entry_means_verifying_again(
    keys: CountingKeySource,
    redis_cache: RedisTtlCache,
    redis_url: str,
    namespace: str,
    clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    verifier = _verifier(keys, redis_cache, clock)
    access = token()
    verifier.verify(access)
    client = redis.Redis.from_url(redis_url)
    try:
        for name in client.keys(f"{namespace}:*"):
            client.set(name, b'{"sub": "not a principal"')
    finally:
        client.close()
    assert verifier.verify(access).subject == USER_ID
    assert keys.lookups == 2
    assert "unreadable token cache entry" in caplog.text
