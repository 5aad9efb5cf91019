"""Persistence of signing keys, and the in-process key ring that signs and verifies.

Signing keys are platform data (no owner). `SigningKeys` reads them with a session-free
Core SELECT, caches them in process and reloads them periodically, so a rotation done
by `finplat keys rotate` against the database reaches a running backend.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from cryptography.hazmat.primitives.asymmetric import rsa
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from services.main.kernel.tokens import SigningKey
from services.main.keys import domain
from services.main.keys.domain import KeyListing, NewKey
from services.main.keys.tables import SigningKeyRow
from services.runtime.clock import Clock


class SigningKeyRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def has_active(self) -> bool:
        kid = self._session.scalar(
            select(SigningKeyRow.kid).where(SigningKeyRow.retired_at.is_(None)).limit(1)
        )
        return kid is not None

    def add(self, key: NewKey, now: datetime) -> None:
        self._session.add(
            SigningKeyRow(
                kid=key.kid, private_key_pem=key.private_key_pem, created_at=now, retired_at=None
            )
        )
        self._session.flush()

    def retire_all(self, now: datetime) -> None:
        self._session.execute(
            update(SigningKeyRow).where(SigningKeyRow.retired_at.is_(None)).values(retired_at=now)
        )

    def listing(self, now: datetime, published: timedelta) -> list[KeyListing]:
        """Every key, newest first, without its private key."""
        rows = self._session.execute(
            select(SigningKeyRow.kid, SigningKeyRow.created_at, SigningKeyRow.retired_at).order_by(
                SigningKeyRow.created_at.desc()
            )
        )
        return [
            KeyListing(row.kid, row.created_at, domain.state(row.retired_at, now, published))
            for row in rows
        ]


class SigningKeys:
    """The keys in process: the one that signs, and every one still published (a
    kernel `KeyRing`). Also a `services.runtime.tokens.KeySource`, so the main backend
    verifies its own tokens without fetching its own JWKS."""

    def __init__(
        self,
        engine: Engine,
        *,
        token_lifetime: timedelta,
        reload_seconds: float = 30.0,
        clock: Clock,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._engine = engine
        self._published_for = domain.published_for(token_lifetime)
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
            domain.load(row.kid, row.private_key_pem, row.created_at, row.retired_at)
            for row in rows
            if domain.is_published(row.retired_at, now, self._published_for)
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
        keys = self._current_keys()
        if not keys:
            keys = self._current_keys(force=True)
        if not keys:
            raise RuntimeError("no signing key: run `finplat keys rotate`")
        return domain.choose_signing(keys, self._clock())

    def published(self) -> list[SigningKey]:
        return self._current_keys()

    def key(self, kid: str) -> rsa.RSAPublicKey | None:
        for key in self._current_keys():
            if key.kid == kid:
                return key.public_key
        return None
