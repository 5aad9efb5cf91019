"""Wiring: the JWT authenticator in the gatekeeper, and the verifier built from settings."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

import pytest

from services.runtime.auth import Authenticator, Gatekeeper
from services.runtime.errors import Unauthenticated
from services.runtime.settings import RuntimeSettings
from services.runtime.tokens import (
    JwtAuthenticator,
    TokenVerifier,
    VerifierConfig,
    config_from_settings,
    verifier_from_settings,
)
from tests.runtime.harness import KeyAuthenticator
from tests.runtime.tokens_support import (
    AUDIENCE,
    CONFIG,
    ISSUER,
    USER_ID,
    CountingKeySource,
    JwksServer,
    SessionStore,
    claims,
    compact,
    jwks_fixture,  # noqa: F401
    keys_of,
    sign,
    token,
)


@pytest.fixture
def authenticator(jwks: JwksServer) -> JwtAuthenticator:
    keys = keys_of(jwks)
    return JwtAuthenticator(TokenVerifier(keys, CONFIG))


def _settings(jwks: JwksServer, **overrides: Any) -> RuntimeSettings:
    return RuntimeSettings(jwks_url=jwks.url, jwt_issuer=ISSUER, jwt_audience=AUDIENCE, **overrides)


def test_is_an_authenticator(authenticator: JwtAuthenticator) -> None:
    assert isinstance(authenticator, Authenticator)


@pytest.mark.parametrize(
    ("credential", "accepted"),
    [
        (token(), True),
        (compact({"alg": "none"}, claims()), True),  # unsigned: ours to reject, loudly
        # Fixed values, not drawn: test ids must be the same in every process (xdist).
        ("fpk_U4kd97DLt11LR8KuojMxHPJJRZ5y4tUw", False),  # API key
        ("g7NIjgej8vc6D8Op2rZ-X4RG2eiWUlTde6bEDHdUc5s", False),  # opaque refresh / reset token
        ("9f" * 32, False),  # an opaque secret
        ("eyJhbGciOiJSUzI1NiJ9", False),
        ("eyJ.x", False),
        ("eyJa.b.c.d", False),
        ("abc.def.ghi", False),
        ("eyJa.b c.d", False),
        ("eyJa.b+c.d", False),  # base64, not base64url
        ("", False),
    ],
)
def test_accepts_only_jwt_shaped_credentials(
    authenticator: JwtAuthenticator, credential: str, accepted: bool
) -> None:
    assert authenticator.accepts(credential) is accepted


def test_gatekeeper_routes_jwts_to_the_verifier(authenticator: JwtAuthenticator) -> None:
    gatekeeper = Gatekeeper([authenticator, KeyAuthenticator()])
    assert gatekeeper.authenticate(token()).subject == USER_ID
    assert gatekeeper.authenticate("key-alice").kind == "api_key"
    with pytest.raises(Unauthenticated, match="invalid access token"):
        gatekeeper.authenticate(sign(claims(), key="k2", kid="k1"))
    with pytest.raises(Unauthenticated, match="unsupported credential"):
        gatekeeper.authenticate(secrets.token_urlsafe(32))


def test_config_from_settings(jwks: JwksServer) -> None:
    settings = _settings(jwks, jwt_leeway_seconds=3, token_cache_seconds=12.5)
    assert config_from_settings(settings) == VerifierConfig(
        issuer=ISSUER, audience=AUDIENCE, leeway_seconds=3, cache_seconds=12.5
    )


def test_verifier_from_settings_fetches_the_jwks(jwks: JwksServer) -> None:
    verifier = verifier_from_settings(_settings(jwks))
    assert verifier.verify(token()).subject == USER_ID
    assert jwks.requests == 1


def test_verifier_from_settings_needs_keys() -> None:
    with pytest.raises(ValueError, match="JWKS_URL"):
        verifier_from_settings(RuntimeSettings(jwks_url=None))


def test_replicas_from_settings_share_redis(jwks: JwksServer, redis_url: str) -> None:
    settings = _settings(jwks, redis_url=redis_url)
    store = SessionStore()
    replicas = []
    for _ in range(2):
        keys = CountingKeySource(keys_of(jwks))
        replicas.append((keys, verifier_from_settings(settings, keys=keys, session_checker=store)))
    access = token(sid=str(uuid.uuid4()))
    for _, verifier in replicas:
        assert verifier.verify(access).subject == USER_ID
    assert [keys.lookups for keys, _ in replicas] == [1, 0]  # one signature check
    assert store.calls == 1  # one session check
