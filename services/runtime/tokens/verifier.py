"""Access-token verification, the same in the edge and in every backend (zero trust).

Follows RFC 8725 (JWT best current practices) and RFC 9068 (JWT access tokens): the
header is parsed without trusting it and only decides which published key to use; the
algorithm is pinned to RS256 whatever the header says (no `none`, no HMAC with the public
key as secret); `typ` must be `at+jwt` so an ID token or another JWT signed by the same
keys cannot pass as an access token; then the signature, issuer, audience and lifetime.

A full verification costs a few hundred microseconds (PyJWT's checks of the base64 text
cost more than the RSA maths), so a verified token's claims are cached (by digest, in
Redis when configured) for a short while; expiry is re-checked on every hit. Figures:
`python -m tools.bench.token_verify`.
The session check runs on every call after the token itself is known to be good.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeGuard

import jwt
import orjson

from services.runtime.errors import Unauthenticated
from services.runtime.principal import Principal, PrincipalKind
from services.runtime.settings import RuntimeSettings
from services.runtime.tokens.cache import MemoryTtlCache, TieredTtlCache, TtlCache, make_cache
from services.runtime.tokens.keys import SIGNING_ALGORITHM, KeySource, http_jwks_source
from services.runtime.tokens.sessions import CachedSessionChecker, SessionChecker

_log = logging.getLogger("finplat.runtime.tokens")

ACCESS_TOKEN_TYPE = "at+jwt"
# RFC 9068 §2.1: the media type may also be spelled out in full.
_ACCEPTED_TYPES = frozenset({ACCESS_TOKEN_TYPE, f"application/{ACCESS_TOKEN_TYPE}"})
_REQUIRED_CLAIMS = ["exp", "nbf", "iat", "iss", "aud", "sub", "jti", "sid"]
# Our tokens are well under 2 KiB; refusing huge ones bounds the work an anonymous
# caller can cause before the signature is checked.
MAX_TOKEN_LENGTH = 8192

_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
# Canonical textual form (RFC 9562 §4), any case; a regex because uuid.UUID() would be
# the most expensive step of a cache hit.
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")

TOKEN_CACHE_NAMESPACE = "finplat-tokens"
SESSION_CACHE_NAMESPACE = "finplat-sessions"


@dataclass(frozen=True)
class VerifierConfig:
    issuer: str
    audience: str
    leeway_seconds: int = 10
    # How long a verified token is reused without checking its signature again.
    cache_seconds: float = 60.0


def config_from_settings(settings: RuntimeSettings) -> VerifierConfig:
    return VerifierConfig(
        issuer=settings.jwt_issuer,
        audience=settings.jwt_audience,
        leeway_seconds=settings.jwt_leeway_seconds,
        cache_seconds=settings.token_cache_seconds,
    )


class TokenVerifier:
    """Turns an access token into a `Principal`, or raises `Unauthenticated`."""

    def __init__(
        self,
        keys: KeySource,
        config: VerifierConfig,
        *,
        session_checker: SessionChecker | None = None,
        cache: TtlCache | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._keys = keys
        self._config = config
        self._session_checker = session_checker
        self._cache = cache
        self._clock = clock
        # Part of every cache key: a token verified for one issuer/audience must not be
        # served from a shared cache to a verifier configured for another.
        self._cache_salt = f"{config.issuer}\0{config.audience}\0".encode()

    def verify(self, token: str) -> Principal:
        if len(token) > MAX_TOKEN_LENGTH:
            raise _invalid("token too long")
        if self._cache is None:
            principal = self._verify_signed(token)
        else:
            principal = self._verify_cached(token, self._cache)
        if self._session_checker is not None and not self._session_checker.is_active(
            principal, token
        ):
            raise Unauthenticated("session revoked")
        return principal

    def _verify_cached(self, token: str, cache: TtlCache) -> Principal:
        cache_key = hashlib.sha256(self._cache_salt + token.encode()).hexdigest()
        raw = cache.get(cache_key)
        principal = self._from_cache_entry(raw) if raw is not None else None
        if principal is None:
            principal = self._verify_signed(token)
            ttl = min(self._config.cache_seconds, _expiry(principal) - self._clock())
            cache.set(cache_key, orjson.dumps(dict(principal.claims)), ttl)
        return principal

    def _from_cache_entry(self, raw: bytes) -> Principal | None:
        try:
            principal = principal_from_claims(orjson.loads(raw))
        except (orjson.JSONDecodeError, Unauthenticated):
            _log.warning("unreadable token cache entry; verifying the token again")
            return None
        # The entry lives until exp by the clock of whoever stored it (perhaps another
        # replica, through Redis): check against ours.
        self._ensure_unexpired(principal)
        return principal

    def _verify_signed(self, token: str) -> Principal:
        kid = _trusted_kid(token)
        key = self._keys.key(kid)
        if key is None:
            raise _invalid(f"unknown kid {kid[:64]!r}")
        try:
            claims = jwt.decode(
                token,
                key,
                algorithms=[SIGNING_ALGORITHM],
                audience=self._config.audience,
                issuer=self._config.issuer,
                leeway=self._config.leeway_seconds,
                options={"require": _REQUIRED_CLAIMS},
            )
        except jwt.ExpiredSignatureError:
            raise Unauthenticated("access token expired") from None
        except jwt.InvalidTokenError as exc:
            raise _invalid(str(exc)) from None
        principal = principal_from_claims(claims)
        self._ensure_unexpired(principal)
        return principal

    def _ensure_unexpired(self, principal: Principal) -> None:
        if _expiry(principal) <= self._clock() - self._config.leeway_seconds:
            raise Unauthenticated("access token expired")


def _trusted_kid(token: str) -> str:
    """The header's kid, once the header passes the checks made before any key is looked up."""
    header = _unverified_header(token)
    if header.get("alg") != SIGNING_ALGORITHM:
        raise _invalid(f"algorithm {str(header.get('alg'))[:16]!r}")
    typ = header.get("typ")
    if not isinstance(typ, str) or typ.lower() not in _ACCEPTED_TYPES:
        raise _invalid("not an access token (typ)")
    if "crit" in header:
        # Our issuer uses no JWS extension; one we do not need is one we do not trust.
        raise _invalid("critical header extension")
    kid = header.get("kid")
    if not isinstance(kid, str) or not kid:
        raise _invalid("missing kid")
    return kid


def _unverified_header(token: str) -> dict[str, Any]:
    """The JOSE header, decoded only to choose a key; `jwt.decode` re-reads and verifies it.

    Not `jwt.get_unverified_header`: PyJWT checks every character of all three segments
    in Python, which doubles the cost of a verification when done twice.
    """
    segments = token.split(".")
    if len(segments) != 3 or not _BASE64URL.fullmatch(segments[0]):
        raise _invalid("not a compact JWS")
    try:
        # The same JSON parser as PyJWT's, so both read the same header.
        header = json.loads(base64.urlsafe_b64decode(segments[0] + "=" * (-len(segments[0]) % 4)))
    except (ValueError, RecursionError) as exc:
        raise _invalid(f"unreadable header: {exc}") from None
    if not isinstance(header, dict):
        raise _invalid("header is not an object")
    return header


def principal_from_claims(claims: Mapping[str, Any]) -> Principal:
    """The caller described by verified claims; raises `Unauthenticated` on a malformed claim."""
    if not isinstance(claims, Mapping):
        raise _invalid("claims are not an object")
    subject = claims.get("sub")
    session_id = claims.get("sid")
    tenant_id = claims.get("tid")
    roles = claims.get("roles", [])
    scope = claims.get("scope", "")
    if not _is_uuid(subject) or not _is_uuid(session_id):
        raise _invalid("sub and sid must be UUIDs")
    if tenant_id is not None and not _is_uuid(tenant_id):
        raise _invalid("tid must be a UUID")
    if not _is_str_list(roles) or not _is_str_list(claims.get("amr", [])):
        raise _invalid("roles and amr must be lists of strings")
    if not isinstance(scope, str) or not isinstance(claims.get("tenant_role", ""), str):
        raise _invalid("scope and tenant_role must be strings")
    exp = claims.get("exp")
    if isinstance(exp, bool) or not isinstance(exp, (int, float)):
        raise _invalid("exp must be a number")
    kind: PrincipalKind = "service" if "service" in roles and "user" not in roles else "user"
    return Principal(
        subject=subject,
        kind=kind,
        roles=frozenset(roles),
        scopes=frozenset(scope.split()),
        tenant_id=tenant_id,
        session_id=session_id,
        # Read-only: handlers see the claims but cannot alter what was verified.
        claims=MappingProxyType(dict(claims)),
    )


def make_token_cache(
    settings: RuntimeSettings, namespace: str = TOKEN_CACHE_NAMESPACE
) -> TtlCache | None:
    """The verified-token cache: process memory, in front of Redis when configured (shared
    by replicas); None when `token_cache_seconds` is 0."""
    if settings.token_cache_seconds <= 0:
        return None
    if not settings.redis_url:
        return MemoryTtlCache()
    shared = make_cache(
        settings.redis_url, namespace=namespace, retry_seconds=settings.redis_retry_seconds
    )
    return TieredTtlCache(shared, front_seconds=settings.token_cache_seconds)


def verifier_from_settings(
    settings: RuntimeSettings,
    *,
    keys: KeySource | None = None,
    session_checker: SessionChecker | None = None,
) -> TokenVerifier:
    """The process's verifier: keys from `settings.jwks_url` unless given (main reads its own)."""
    if keys is None:
        if not settings.jwks_url:
            raise ValueError("token verification needs a key source or FINPLAT_JWKS_URL")
        keys = http_jwks_source(
            settings.jwks_url,
            cache_seconds=settings.jwks_cache_seconds,
            min_refetch_seconds=settings.jwks_min_refetch_seconds,
        )
    cache = make_token_cache(settings)
    if session_checker is not None:
        session_checker = CachedSessionChecker(
            session_checker,
            make_cache(
                settings.redis_url,
                namespace=SESSION_CACHE_NAMESPACE,
                retry_seconds=settings.redis_retry_seconds,
            ),
            settings.session_check_seconds,
        )
    return TokenVerifier(
        keys, config_from_settings(settings), session_checker=session_checker, cache=cache
    )


def _expiry(principal: Principal) -> float:
    exp = principal.claims["exp"]
    assert isinstance(exp, (int, float))  # checked by principal_from_claims
    return float(exp)


def _is_uuid(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and _UUID.fullmatch(value) is not None


def _is_str_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _invalid(reason: str) -> Unauthenticated:
    # The caller learns only that the token is not acceptable; the reason is for operators.
    _log.debug("access token rejected: %s", reason)
    return Unauthenticated("invalid access token")
