"""Issuing access tokens (GAPS: RS256, typ at+jwt, 15 minutes, the claims below) with
the current signing key. The keys capability stores, rotates and publishes the keys
(`KeyRing` is what it provides); auth and service accounts issue tokens."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

from services.main.kernel import access
from services.runtime.tokens.verifier import ACCESS_TOKEN_TYPE


@dataclass(frozen=True)
class SigningKey:
    kid: str
    private_key: rsa.RSAPrivateKey
    created_at: datetime
    retired_at: datetime | None

    @property
    def public_key(self) -> rsa.RSAPublicKey:
        return self.private_key.public_key()


class KeyRing(Protocol):
    """The keys in process: the one that signs, and every one still published."""

    def signing_key(self) -> SigningKey: ...

    def published(self) -> list[SigningKey]: ...


@dataclass(frozen=True)
class TokenSubject:
    """What a token says about its user, read from the user at issue time."""

    user_id: uuid.UUID
    tenant_id: uuid.UUID
    roles: tuple[str, ...]
    tenant_role: str
    extra_scopes: tuple[str, ...]


@dataclass(frozen=True)
class AccessToken:
    token: str
    expires_in: int


@dataclass(frozen=True)
class TokenIssuer:
    keys: KeyRing
    issuer: str
    audience: str
    lifetime: timedelta

    def issue(
        self, subject: TokenSubject, session_id: uuid.UUID, amr: list[str], now: datetime
    ) -> AccessToken:
        key = self.keys.signing_key()
        issued = int(now.timestamp())
        lifetime = int(self.lifetime.total_seconds())
        claims = {
            "iss": self.issuer,
            "aud": self.audience,
            "sub": str(subject.user_id),
            "tid": str(subject.tenant_id),
            "sid": str(session_id),
            "roles": sorted(set(subject.roles) | {access.USER}),
            "tenant_role": subject.tenant_role,
            "scope": " ".join(access.scopes_for(subject.tenant_role, subject.extra_scopes)),
            "amr": amr,
            "iat": issued,
            "nbf": issued,
            "exp": issued + lifetime,
            "jti": str(uuid.uuid4()),
        }
        token = jwt.encode(
            claims,
            key.private_key,
            algorithm="RS256",
            headers={"kid": key.kid, "typ": ACCESS_TOKEN_TYPE},
        )
        return AccessToken(token=token, expires_in=lifetime)
