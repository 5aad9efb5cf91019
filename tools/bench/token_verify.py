"""Access-token verification cost per call, in microseconds, in one run.

  reference  a bare PyJWT `jwt.decode` of an RS256 token (signature, exp, aud, iss)
  cold       TokenVerifier with its token cache disabled: header checks, key look-up,
             signature and claims on every call
  memory     TokenVerifier answering from a warm in-process cache (no signature check)
  redis      the same from a warm Redis cache (only with --redis-url)

Each figure is the median of several interleaved rounds, single-threaded, with its ratio to the
reference. Self-contained: it generates its own key and token. Run:
`python -m tools.bench.token_verify [--iterations N] [--redis-url redis://127.0.0.1:6379/0]`.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

import jwt
import redis
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey

from services.runtime.tokens import (
    ACCESS_TOKEN_TYPE,
    JwksDocumentSource,
    MemoryTtlCache,
    RedisTtlCache,
    TokenVerifier,
    TtlCache,
    VerifierConfig,
    jwks_document,
)

KID = "bench"
CONFIG = VerifierConfig(issuer="finplat-bench", audience="finplat-api", cache_seconds=600)
ROUNDS = 5


def _token(key: RSAPrivateKey) -> str:
    now = int(time.time())
    claims: dict[str, Any] = {
        "iss": CONFIG.issuer,
        "aud": CONFIG.audience,
        "sub": str(uuid.uuid4()),
        "tid": str(uuid.uuid4()),
        "sid": str(uuid.uuid4()),
        "roles": ["user"],
        "scope": "expense:view analytics:view project-finance:approval:request",
        "tenant_role": "member",
        "amr": ["pwd"],
        "iat": now,
        "nbf": now,
        "exp": now + 900,
        "jti": uuid.uuid4().hex,
    }
    headers = {"kid": KID, "typ": ACCESS_TOKEN_TYPE}
    return jwt.encode(claims, key, algorithm="RS256", headers=headers)


def _microseconds_per_call(
    targets: dict[str, Callable[[], object]], iterations: int
) -> list[tuple[str, float]]:
    """Median µs per call of each target; rounds are interleaved so drift hits all alike."""
    for call in targets.values():
        for _ in range(min(iterations, 200)):  # warm-up: caches filled, code paths hot
            call()
    rounds: dict[str, list[float]] = {name: [] for name in targets}
    for _ in range(ROUNDS):
        for name, call in targets.items():
            started = time.perf_counter_ns()
            for _ in range(iterations):
                call()
            rounds[name].append((time.perf_counter_ns() - started) / iterations / 1000)
    return [(name, statistics.median(figures)) for name, figures in rounds.items()]


def _redis_cache(url: str) -> RedisTtlCache:
    client = redis.Redis.from_url(url, socket_connect_timeout=1)
    try:
        client.ping()  # the figure would silently be the in-process fallback otherwise
    finally:
        client.close()
    return RedisTtlCache(url, namespace=f"finplat-bench-{uuid.uuid4().hex[:8]}")


def measure(iterations: int, redis_url: str | None) -> list[tuple[str, float]]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public_key = key.public_key()
    token = _token(key)
    document = jwks_document([(KID, public_key)])
    keys = JwksDocumentSource(lambda: document)

    def verifier(cache: TtlCache | None) -> Callable[[], object]:
        verify = TokenVerifier(keys, CONFIG, cache=cache).verify
        return lambda: verify(token)

    def reference() -> object:
        return jwt.decode(
            token, public_key, algorithms=["RS256"], audience=CONFIG.audience, issuer=CONFIG.issuer
        )

    targets: dict[str, Callable[[], object]] = {
        "reference": reference,
        "cold": verifier(None),
        "memory": verifier(MemoryTtlCache()),
    }
    if redis_url:
        targets["redis"] = verifier(_redis_cache(redis_url))
    return _microseconds_per_call(targets, iterations)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000, help="calls per round")
    parser.add_argument("--redis-url", default=None, help="also measure a warm Redis cache hit")
    args = parser.parse_args(argv)

    results = measure(args.iterations, args.redis_url)
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, PyJWT {jwt.__version__}; "
        f"median of {ROUNDS} rounds of {args.iterations} calls, one thread"
    )
    reference = dict(results)["reference"]
    print(f"{'target':<10} {'µs/verify':>10} {'/ reference':>12}")
    for name, micros in results:
        print(f"{name:<10} {micros:>10.1f} {micros / reference:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
