"""Issuing access tokens (GAPS: RS256, typ at+jwt, 15 minutes, the claims below)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

import jwt

from services.main.identity import access
from services.main.identity.signing import SigningKeys
from services.runtime.tokens.verifier import ACCESS_TOKEN_TYPE


@dataclass(frozen=True)
class TokenSubject:
    """What a token says about its user, read from the user row at issue time."""

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
    keys: SigningKeys
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
