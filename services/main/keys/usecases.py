"""Signing-key operations: the first key on a fresh database, rotation, the listing
(`finplat keys`)."""

from __future__ import annotations

from datetime import timedelta

from services.main.kernel.dependencies import Uow
from services.main.keys import domain
from services.main.keys.domain import KeyListing
from services.runtime.clock import Clock, utcnow


def ensure_key(uow: Uow, clock: Clock = utcnow) -> None:
    """Create the first key when there is none (first start, fresh database)."""
    with uow:
        if not uow.repos.signing_keys.has_active():
            uow.repos.signing_keys.add(domain.generate(), clock())


def rotate(uow: Uow, clock: Clock = utcnow) -> str:
    """Retire the signing key(s) and add a new one; returns the new kid."""
    key = domain.generate()
    now = clock()
    with uow:
        uow.repos.signing_keys.retire_all(now)
        uow.repos.signing_keys.add(key, now)
    return key.kid


def list_keys(uow: Uow, token_lifetime: timedelta, clock: Clock = utcnow) -> list[KeyListing]:
    """Every key, newest first, and whether it signs, is still published or is gone."""
    with uow:
        return uow.repos.signing_keys.listing(clock(), domain.published_for(token_lifetime))
