"""Test support for services/runtime/tokens: real RSA keys, real tokens, a real JWKS server.

Fixtures are registered under short names (`jwks`, `clock`); import the `*_fixture`
functions into a test module to use them.
"""

from __future__ import annotations

import base64
import functools
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
import orjson
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey, RSAPublicKey

from services.runtime.principal import Principal
from services.runtime.tokens import (
    JwksDocumentSource,
    VerifierConfig,
    http_jwks_source,
    jwks_document,
)

ISSUER = "finplat-test"
AUDIENCE = "finplat-api-test"
CONFIG = VerifierConfig(issuer=ISSUER, audience=AUDIENCE, leeway_seconds=10, cache_seconds=60)
USER_ID = "7d1f3c5e-9a64-4b8e-8f57-2a1c0e6b9d21"
TENANT_ID = "0f6c2b8a-3d4e-4f51-9b7a-6e5d4c3b2a10"
SESSION_ID = "c4a9e1b2-5f6d-4e3a-8b7c-1d2e3f4a5b6c"


@functools.cache
def rsa_key(name: str, bits: int = 2048) -> RSAPrivateKey:
    """One private key per name for the whole run (generation is slow)."""
    return rsa.generate_private_key(public_exponent=65537, key_size=bits)


def public(name: str) -> RSAPublicKey:
    return rsa_key(name).public_key()


def claims(**overrides: Any) -> dict[str, Any]:
    """Valid access-token claims for USER_ID, issued now; an override of None removes a claim."""
    now = int(time.time())
    body: dict[str, Any] = {
        "iss": ISSUER,
        "aud": AUDIENCE,
        "sub": USER_ID,
        "tid": TENANT_ID,
        "sid": SESSION_ID,
        "roles": ["user"],
        "scope": "expense:view project-finance:approval:request",
        "tenant_role": "member",
        "amr": ["pwd"],
        "iat": now,
        "nbf": now,
        "exp": now + 900,
        "jti": uuid.uuid4().hex,
    }
    body.update(overrides)
    return {k: v for k, v in body.items() if v is not None}


def sign(
    body: Mapping[str, Any],
    *,
    key: str = "k1",
    kid: str | None = "k1",
    alg: str = "RS256",
    typ: str | None = "at+jwt",
) -> str:
    """A token signed by the named key; `kid` and `typ` go into the header unless None."""
    headers: dict[str, Any] = {}
    if kid is not None:
        headers["kid"] = kid
    # PyJWT adds typ "JWT" by default; None must really mean "no typ".
    headers["typ"] = typ
    return jwt.encode(dict(body), rsa_key(key), algorithm=alg, headers=headers)


def token(**overrides: Any) -> str:
    return sign(claims(**overrides))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def compact(header: Mapping[str, Any], body: Mapping[str, Any], signature: bytes = b"") -> str:
    """A hand-built compact JWS, for tokens a well-behaved library refuses to produce."""
    return f"{b64url(orjson.dumps(header))}.{b64url(orjson.dumps(body))}.{b64url(signature)}"


class FakeClock:
    """A settable clock; starts at the real time so tokens signed now are current."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class JwksServer:
    """A JWKS endpoint on 127.0.0.1 (http.server in a thread) that counts its requests."""

    def __init__(self, *kids: str) -> None:
        self.document: Mapping[str, Any] = jwks_document((kid, public(kid)) for kid in kids)
        self.status = 200
        self.requests = 0
        requests_lock = threading.Lock()  # handlers run on one thread per connection
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                with requests_lock:
                    server.requests += 1
                body = orjson.dumps(server.document)
                self.send_response(server.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output clean

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}/.well-known/jwks.json"
        self._thread = threading.Thread(
            target=self._http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    def publish(self, *kids: str) -> None:
        self.document = jwks_document((kid, public(kid)) for kid in kids)

    def stop(self) -> None:
        """Gone for good: the port refuses connections afterwards."""
        if self._thread.is_alive():
            self._http.shutdown()
            self._thread.join()
        self._http.server_close()


def keys_of(server: JwksServer, clock: Callable[[], float] = time.monotonic) -> JwksDocumentSource:
    """The production key source on `server`: 5-minute document, 10 s between refetches."""
    return http_jwks_source(server.url, cache_seconds=300, min_refetch_seconds=10, clock=clock)


class CountingKeySource:
    """Wraps a key source and counts look-ups: each one precedes a signature check."""

    def __init__(self, inner: JwksDocumentSource) -> None:
        self.inner = inner
        self.lookups = 0

    def key(self, kid: str) -> RSAPublicKey | None:
        self.lookups += 1
        return self.inner.key(kid)


class SessionStore:
    """Stands in for the main backend's session table (the inner `SessionChecker`)."""

    def __init__(self) -> None:
        self.revoked: set[str] = set()
        self.reachable = True
        self.calls = 0

    def is_active(self, principal: Principal, token: str) -> bool:
        self.calls += 1
        if not self.reachable:
            raise ConnectionError("main backend unreachable")
        return principal.session_id not in self.revoked


@pytest.fixture(name="jwks")
def jwks_fixture() -> Iterator[JwksServer]:
    """A JWKS server publishing key "k1"."""
    server = JwksServer("k1")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(name="clock")
def clock_fixture() -> FakeClock:
    return FakeClock()
