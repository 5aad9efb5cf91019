"""Service accounts and the OAuth2 client-credentials grant (RFC 6749 §4.4). Pure.
The delegation grants they hold (RFC 8693 token exchange): `delegation`.

Backends registering with the edge (GAPS: platform role `service`) authenticate as a
service account: operators create one (`finplat service-accounts create NAME`) and get
a client id and a client secret, shown once and stored hashed. A service account is a
user (platform role `service`, an unusable password, an undeliverable email), so
tokens, sessions and events work unchanged.
"""

from __future__ import annotations

import hmac
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from services.main.auth.domain.users import NewUser
from services.main.kernel import access
from services.main.kernel.hashing import token_hash
from services.runtime.errors import InvalidArgument

CLIENT_ID_PREFIX: Final = "fpc_"
SECRET_PREFIX: Final = "fps_"
MAX_NAME: Final = 100
# One message for unknown, wrong and revoked: the answer must not tell them apart.
BAD_CLIENT_CREDENTIALS: Final = "invalid client credentials"
# The session's authentication method. RFC 8176 has no value for a client secret.
CLIENT_CREDENTIALS_AMR: Final[list[str]] = []
REVOKED_REASON: Final = "service_account_revoked"
# Not an argon2 encoding: PasswordHasher.verify answers False for it whatever the
# password, so no password login can ever succeed for a service account.
UNUSABLE_PASSWORD: Final = "!service-account"
# RFC 2606: `.invalid` never resolves, so no verification or reset email can reach anyone.
EMAIL_DOMAIN: Final = "service-accounts.invalid"
# Expired sessions of a service account are deleted after this long: it opens one per
# token (every ~14 minutes per running backend), and nobody lists them.
EXPIRED_SESSION_RETENTION: Final = timedelta(days=1)


@dataclass(frozen=True)
class ServiceAccount:
    id: uuid.UUID
    user_id: uuid.UUID
    name: str
    client_id: str
    created_at: datetime
    revoked_at: datetime | None
    last_used_at: datetime | None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


@dataclass(frozen=True)
class StoredCredentials:
    """An account with the hash of its secret (what the token grant checks)."""

    account: ServiceAccount
    secret_hash: str


@dataclass(frozen=True)
class IssuedServiceAccount:
    """A new account and its secret: the only time the secret exists in clear."""

    account: ServiceAccount
    client_secret: str


@dataclass(frozen=True)
class ServiceToken:
    access_token: str
    expires_in: int
    session_id: uuid.UUID


@dataclass(frozen=True)
class NewCredentials:
    client_id: str
    client_secret: str


def validate_name(name: str) -> str:
    clean = name.strip()
    if not clean:
        raise InvalidArgument.for_field("name", "is required")
    if len(clean) > MAX_NAME:
        raise InvalidArgument.for_field("name", f"must be at most {MAX_NAME} characters")
    return clean


def new_credentials() -> NewCredentials:
    # 80 random bits: the id is not a secret, it only has to be unique (it is also the
    # account's username, at most 32 characters). 256 random bits of secret: a fast hash
    # is enough to store it (nothing to brute-force).
    return NewCredentials(
        client_id=CLIENT_ID_PREFIX + secrets.token_hex(10),
        client_secret=SECRET_PREFIX + secrets.token_urlsafe(32),
    )


def account_user(name: str, client_id: str) -> NewUser:
    """The user a service account is: alone in its own tenant as a viewer (the `service`
    role is what it is for; the tenant role only decides the scopes, and an empty tenant
    exposes nothing)."""
    return NewUser(
        email=f"{client_id}@{EMAIL_DOMAIN}",
        username=client_id,
        full_name=name,
        password_hash=UNUSABLE_PASSWORD,
        roles=(access.SERVICE,),
        tenant_role=access.VIEWER,
    )


def admits(stored: StoredCredentials, client_secret: str) -> bool:
    # Constant-time comparison of the hashes, so timing says nothing about the secret.
    matches = hmac.compare_digest(stored.secret_hash, token_hash(client_secret))
    return matches and not stored.account.revoked
