"""TokenVerifier: a valid token's principal, the RFC 8725 rejection matrix, key rotation."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import orjson
import pytest
from cryptography.hazmat.primitives import serialization

from services.runtime.errors import Unauthenticated
from services.runtime.tokens import TokenVerifier
from tests.runtime.tokens_support import (
    AUDIENCE,
    CONFIG,
    SESSION_ID,
    TENANT_ID,
    USER_ID,
    FakeClock,
    JwksServer,
    b64url,
    claims,
    clock_fixture,  # noqa: F401
    compact,
    jwks_fixture,  # noqa: F401
    keys_of,
    public,
    sign,
    token,
)

RS256_HEADER = {"alg": "RS256", "typ": "at+jwt", "kid": "k1"}


@pytest.fixture
def verifier(jwks: JwksServer, clock: FakeClock) -> TokenVerifier:
    keys = keys_of(jwks, clock)
    return TokenVerifier(keys, CONFIG, clock=clock)


def test_valid_token_gives_its_principal(verifier: TokenVerifier) -> None:
    body = claims(roles=["user", "admin"], amr=["pwd", "otp"])
    principal = verifier.verify(sign(body))
    assert principal.subject == USER_ID
    assert principal.kind == "user"
    assert principal.roles == frozenset({"user", "admin"})
    assert principal.scopes == frozenset({"expense:view", "project-finance:approval:request"})
    assert principal.tenant_id == TENANT_ID
    assert principal.session_id == SESSION_ID
    assert dict(principal.claims) == body
    with pytest.raises(TypeError):
        principal.claims["roles"] = ["admin"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("roles", "kind"), [(["service"], "service"), (["service", "user"], "user"), ([], "user")]
)
def test_service_role_makes_a_service_principal(
    verifier: TokenVerifier, roles: list[str], kind: str
) -> None:
    assert verifier.verify(token(roles=roles)).kind == kind


def test_optional_claims_have_defaults(verifier: TokenVerifier) -> None:
    principal = verifier.verify(token(roles=None, scope=None, tid=None, tenant_role=None, amr=None))
    assert (principal.roles, principal.scopes, principal.tenant_id) == (
        frozenset(),
        frozenset(),
        None,
    )


@pytest.mark.parametrize("typ", ["at+jwt", "AT+JWT", "application/at+jwt"])
def test_access_token_type_spellings(verifier: TokenVerifier, typ: str) -> None:
    assert verifier.verify(sign(claims(), typ=typ)).subject == USER_ID


def _hs256_with_public_pem(header: dict[str, Any]) -> str:
    """The classic algorithm-confusion forgery: HMAC keyed with the RSA public key PEM."""
    pem = public("k1").public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    signing_input = f"{b64url(orjson.dumps(header))}.{b64url(orjson.dumps(claims()))}"
    mac = hmac.new(pem, signing_input.encode(), hashlib.sha256).digest()
    return f"{signing_input}.{b64url(mac)}"


def _tampered() -> str:
    header, _, signature = token().split(".")
    forged = b64url(orjson.dumps(claims(roles=["user", "admin"])))
    return f"{header}.{forged}.{signature}"


def _now() -> int:
    return int(time.time())


# Each forgery with the reason it must be rejected for (the operators' log line): a
# rejection for some other, incidental reason would hide a missing check.
REJECTED = [
    pytest.param(
        lambda: compact({**RS256_HEADER, "alg": "none"}, claims()), "algorithm", id="alg none"
    ),
    pytest.param(
        lambda: compact({**RS256_HEADER, "alg": "none"}, claims(), b"sig"),
        "algorithm",
        id="alg none, signature kept",
    ),
    pytest.param(
        lambda: _hs256_with_public_pem({**RS256_HEADER, "alg": "HS256"}),
        "algorithm",
        id="HS256 keyed with public PEM",
    ),
    pytest.param(
        lambda: _hs256_with_public_pem({"alg": "HS256", "kid": "k1"}),
        "algorithm",
        id="HS256 keyed with public PEM, no typ",
    ),
    pytest.param(lambda: sign(claims(), alg="RS512"), "algorithm", id="RS512"),
    pytest.param(lambda: sign(claims(), alg="PS256"), "algorithm", id="PS256"),
    pytest.param(lambda: sign(claims(), typ=None), "(typ)", id="missing typ"),
    pytest.param(lambda: sign(claims(), typ="JWT"), "(typ)", id="typ JWT"),
    pytest.param(lambda: sign(claims(), typ="id_token+jwt"), "(typ)", id="typ of an ID token"),
    pytest.param(lambda: sign(claims(), kid=None), "missing kid", id="missing kid"),
    pytest.param(lambda: sign(claims(), key="k2", kid="k2"), "unknown kid", id="unknown kid"),
    pytest.param(
        lambda: compact({**RS256_HEADER, "crit": ["exp"], "exp": 1}, claims()),
        "critical",
        id="critical extension",
    ),
    pytest.param(
        lambda: compact({**RS256_HEADER, "crit": ["b64"], "b64": True}, claims()),
        "critical header extension",  # PyJWT accepts it; our own check must not
        id="b64 extension",
    ),
    pytest.param(lambda: token(aud="another-api"), "Audience", id="wrong aud"),
    pytest.param(
        lambda: token(aud=["another-api", "third"]), "Audience", id="aud list without ours"
    ),
    pytest.param(lambda: token(iss="https://evil.example"), "issuer", id="wrong iss"),
    pytest.param(lambda: token(nbf=_now() + 3600), "(nbf)", id="nbf in the future"),
    pytest.param(lambda: token(iat=_now() + 3600), "(iat)", id="iat in the future"),
    pytest.param(lambda: token(sid=None), '"sid"', id="missing sid"),
    pytest.param(lambda: token(jti=None), '"jti"', id="missing jti"),
    pytest.param(lambda: token(exp=None), '"exp"', id="missing exp"),
    pytest.param(lambda: token(nbf=None), '"nbf"', id="missing nbf"),
    pytest.param(lambda: token(iat=None), '"iat"', id="missing iat"),
    pytest.param(lambda: token(sub=None), '"sub"', id="missing sub"),
    pytest.param(lambda: token(iss=None), '"iss"', id="missing iss"),
    pytest.param(lambda: token(aud=None), '"aud"', id="missing aud"),
    pytest.param(lambda: token(sub="alice"), "UUID", id="sub not a UUID"),
    pytest.param(lambda: token(sid="session-1"), "UUID", id="sid not a UUID"),
    pytest.param(lambda: token(tid="tenant"), "UUID", id="tid not a UUID"),
    pytest.param(lambda: token(roles="admin"), "lists of strings", id="roles a string"),
    pytest.param(lambda: token(roles=["user", 1]), "lists of strings", id="roles with a number"),
    pytest.param(lambda: token(scope=["expense:view"]), "must be strings", id="scope a list"),
    pytest.param(lambda: token(amr="pwd"), "lists of strings", id="amr a string"),
    pytest.param(lambda: token(exp="tomorrow"), "(exp)", id="exp not a number"),
    pytest.param(_tampered, "Signature", id="tampered payload"),
    pytest.param(
        lambda: sign(claims(), key="k2", kid="k1"),
        "Signature",
        id="signed by another key under a known kid",
    ),
    pytest.param(lambda: token().rsplit(".", 1)[0] + ".", "Signature", id="signature stripped"),
    pytest.param(lambda: secrets.token_urlsafe(32), "compact JWS", id="opaque reset token"),
    pytest.param(lambda: "fpk_" + secrets.token_urlsafe(24), "compact JWS", id="API key"),
    pytest.param(lambda: "", "compact JWS", id="empty"),
    pytest.param(lambda: token() + ".x.y", "compact JWS", id="five segments (JWE shape)"),
    pytest.param(
        lambda: f"{b64url(b'[' * 5000)}.e30.", "unreadable header", id="deeply nested header"
    ),
    pytest.param(lambda: "a.b.c", "unreadable header", id="three dots"),
    pytest.param(lambda: "eyJhbGciOiJSUzI1NiJ9..", "(typ)", id="header only"),
    pytest.param(
        lambda: f"{b64url(b'not json')}.{b64url(b'{}')}.", "unreadable header", id="header not JSON"
    ),
    pytest.param(
        lambda: f"{b64url(b'[1]')}.{b64url(b'{}')}.", "not an object", id="header a JSON list"
    ),
    pytest.param(
        lambda: token().split(".")[0] + f".{b64url(b'nope')}.AAAA",
        "Signature",
        id="payload not JSON",
    ),
    pytest.param(lambda: "eyJ\u00e9\u0000.\u2603.x", "compact JWS", id="non-ASCII"),
    pytest.param(lambda: compact(RS256_HEADER, claims(pad="x" * 10_000)), "too long", id="huge"),
]


@pytest.mark.parametrize(("make", "reason"), REJECTED)
def test_rejections_are_unauthenticated(
    verifier: TokenVerifier,
    make: Callable[[], str],
    reason: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="finplat.runtime.tokens")
    with pytest.raises(Unauthenticated) as caught:
        verifier.verify(make())
    assert caught.value.message == "invalid access token"  # nothing more for the caller
    assert reason in caplog.records[-1].getMessage()


def test_expired_token_says_so(verifier: TokenVerifier) -> None:
    expired = token(iat=_now() - 1000, nbf=_now() - 1000, exp=_now() - 60)
    with pytest.raises(Unauthenticated, match="access token expired"):
        verifier.verify(expired)


def test_leeway_tolerates_small_clock_skew(verifier: TokenVerifier) -> None:
    assert verifier.verify(token(nbf=_now() + 5, iat=_now() + 5)).subject == USER_ID
    assert verifier.verify(token(exp=_now() - 5)).subject == USER_ID


def test_unknown_kids_cause_a_bounded_refetch(
    verifier: TokenVerifier, jwks: JwksServer, clock: FakeClock
) -> None:
    verifier.verify(token())
    assert jwks.requests == 1
    clock.advance(10)
    for n in range(50):
        with pytest.raises(Unauthenticated):
            verifier.verify(sign(claims(), key="k2", kid=f"forged-{n}"))
    assert jwks.requests == 2


def test_key_rotation_with_overlap(
    verifier: TokenVerifier, jwks: JwksServer, clock: FakeClock
) -> None:
    old, new = token(), sign(claims(), key="k2", kid="k2")
    assert verifier.verify(old).subject == USER_ID
    jwks.publish("k1", "k2")  # the issuer publishes its next key before using it
    clock.advance(10)
    assert verifier.verify(new).subject == USER_ID  # unknown kid → one refetch
    assert verifier.verify(old).subject == USER_ID  # still published
    assert jwks.requests == 2
    jwks.publish("k2")  # the old key is retired
    clock.advance(300)
    assert verifier.verify(new).subject == USER_ID
    with pytest.raises(Unauthenticated):
        verifier.verify(old)


def test_cached_keys_outlive_a_jwks_outage(
    verifier: TokenVerifier, jwks: JwksServer, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    assert verifier.verify(token()).subject == USER_ID
    jwks.stop()
    clock.advance(600)
    assert verifier.verify(token()).subject == USER_ID
    assert "JWKS fetch failed" in caplog.text


def test_aud_list_with_ours_is_accepted(verifier: TokenVerifier) -> None:
    assert verifier.verify(token(aud=[AUDIENCE, "other"])).subject == USER_ID
