"""Access-token signing keys: kept in the main backend's database, rotated with overlap.

The newest unretired key signs. `rotate` retires it and adds a new one; a retired key
stays published in the JWKS for the access-token lifetime (plus a margin) so tokens it
signed keep verifying until they expire. Private keys are stored as unencrypted PKCS#8
PEM: protecting them at rest is the database's job (documented in docs/identity.md).

`SigningKeys` caches the keys in process and reloads them periodically, so a rotation
done by `finplat keys rotate` against the database reaches a running backend.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from services.main.identity.tables import SigningKeyRow
from services.runtime.tokens.keys import jwk_from_public_key

KEY_BITS = 2048
# A retired key stays published this long beyond the token lifetime (clock skew, caches).
PUBLISH_MARGIN = timedelta(minutes=5)
# A new key is published this long before it signs: verifiers refetch the JWKS on an
# unknown kid at most every FINPLAT_JWKS_MIN_REFETCH_SECONDS (10 s), so a token signed
# the moment the key appears could be refused for that long.
ACTIVATION_DELAY = timedelta(seconds=30)


@dataclass(frozen=True)
class SigningKey:
    kid: str
    private_key: rsa.RSAPrivateKey
    created_at: datetime
    retired_at: datetime | None

    @property
    def public_key(self) -> rsa.RSAPublicKey:
        return self.private_key.public_key()


def thumbprint(public_key: rsa.RSAPublicKey) -> str:
    """RFC 7638 JWK thumbprint (SHA-256, base64url): a kid derived from the key itself."""
    jwk = jwk_from_public_key(public_key, kid="")
    canonical = json.dumps({"e": jwk["e"], "kty": "RSA", "n": jwk["n"]}, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def new_key_row(now: datetime) -> SigningKeyRow:
    private_key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    pem = private_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    return SigningKeyRow(
        kid=thumbprint(private_key.public_key()),
        private_key_pem=pem,
        created_at=now,
        retired_at=None,
    )


def rotate(session: Session, now: datetime) -> str:
    """Retire the signing key(s) and add a new one; returns the new kid."""
    session.execute(
        update(SigningKeyRow).where(SigningKeyRow.retired_at.is_(None)).values(retired_at=now)
    )
    row = new_key_row(now)
    session.add(row)
    session.flush()
    return row.kid


def ensure_key(session: Session, now: datetime) -> None:
    """Create the first key when there is none (first start, fresh database)."""
    active = session.scalar(select(SigningKeyRow.kid).where(SigningKeyRow.retired_at.is_(None)))
    if active is None:
        session.add(new_key_row(now))
        session.flush()


def _load(row: SigningKeyRow) -> SigningKey:
    private_key = serialization.load_pem_private_key(row.private_key_pem.encode(), password=None)
    if not isinstance(private_key, rsa.RSAPrivateKey):
        raise ValueError(f"signing key {row.kid} is not an RSA key")
    return SigningKey(row.kid, private_key, row.created_at, row.retired_at)


class SigningKeys:
    """The keys in process: the one that signs, and every one still published.

    Also a `services.runtime.tokens.KeySource`, so the main backend verifies its own
    tokens without fetching its own JWKS.
    """

    def __init__(
        self,
        engine: Engine,
        *,
        token_lifetime: timedelta,
        reload_seconds: float = 30.0,
        clock: Callable[[], datetime],
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._engine = engine
        self._published_for = token_lifetime + PUBLISH_MARGIN
        self._reload_seconds = reload_seconds
        self._clock = clock
        self._monotonic = monotonic
        self._lock = threading.Lock()
        self._keys: list[SigningKey] = []
        self._loaded_at = -float("inf")

    def reload(self) -> None:
        now = self._clock()
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(SigningKeyRow).order_by(SigningKeyRow.created_at.desc())
            ).all()
        keys = [
            _load(SigningKeyRow(**row._mapping))
            for row in rows
            if row.retired_at is None or row.retired_at + self._published_for > now
        ]
        with self._lock:
            self._keys = keys
            self._loaded_at = self._monotonic()

    def _current_keys(self, *, force: bool = False) -> list[SigningKey]:
        with self._lock:
            stale = self._monotonic() - self._loaded_at > self._reload_seconds
        if stale or force:
            self.reload()
        with self._lock:
            return list(self._keys)

    def signing_key(self) -> SigningKey:
        """The newest key published for at least ACTIVATION_DELAY (the previous key keeps
        signing meanwhile); the newest key when there is no older one (first start)."""
        keys = self._current_keys()
        if not keys:
            keys = self._current_keys(force=True)
        if not keys:
            raise RuntimeError("no signing key: run `finplat keys rotate`")
        ready_by = self._clock() - ACTIVATION_DELAY
        for key in keys:  # newest first
            if key.created_at <= ready_by:
                return key
        # Every published key is younger than the delay (first start, or rotations in a
        # row): the oldest, the one verifiers most likely know already.
        return keys[-1]

    def published(self) -> list[SigningKey]:
        return self._current_keys()

    def key(self, kid: str) -> rsa.RSAPublicKey | None:
        for key in self._current_keys():
            if key.kid == kid:
                return key.public_key
        return None
