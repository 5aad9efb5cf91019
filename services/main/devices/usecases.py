"""What the trusted-device API does, one function per operation, each in one transaction.

Every change is recorded as a security event in the same transaction, so the dashboard's
history can never disagree with what is trusted.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime, timedelta

from services.main.devices import domain
from services.main.devices.domain import TrustedDevice
from services.main.kernel import events
from services.main.kernel.dependencies import Uow
from services.main.kernel.events import NO_CLIENT, ClientInfo
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import NotFound


def list_devices(uow: Uow, user_id: uuid.UUID, clock: Clock = utcnow) -> list[TrustedDevice]:
    with uow:
        return uow.repos.devices.list_active(user_id, clock())


def register_device(
    uow: Uow,
    user_id: uuid.UUID,
    fingerprint_hash: str,
    nickname: str = "",
    trusted_days: int | None = None,
    *,
    client: ClientInfo = NO_CLIENT,
    clock: Clock = utcnow,
) -> TrustedDevice:
    """Trust a device (or renew it) for `trusted_days` from now."""
    fingerprint, name, days = domain.validate_registration(fingerprint_hash, nickname, trusted_days)
    now = clock()
    with uow:
        device = uow.repos.devices.upsert(
            user_id, fingerprint, name, now, now + timedelta(days=days)
        )
        _record(
            uow, events.DEVICE_TRUSTED, f"trusted_days:{days}", now, client, user_id, fingerprint
        )
        return device


def revoke_device(
    uow: Uow,
    user_id: uuid.UUID,
    fingerprint_hash: str,
    *,
    client: ClientInfo = NO_CLIENT,
    clock: Clock = utcnow,
) -> None:
    """Stop trusting one of the user's devices; NotFound when it has no such active one
    (another user's fingerprint included: fingerprints reveal nothing)."""
    fingerprint = domain.validate_fingerprint(fingerprint_hash)
    now = clock()
    with uow:
        if not uow.repos.devices.revoke(user_id, fingerprint, now):
            raise NotFound("no trusted device with that fingerprint")
        _record(uow, events.DEVICE_REVOKED, "ok", now, client, user_id, fingerprint)


def revoke_all_devices(
    uow: Uow,
    user_id: uuid.UUID,
    *,
    client: ClientInfo = NO_CLIENT,
    clock: Clock = utcnow,
) -> int:
    """Stop trusting every device of the user; how many were trusted."""
    now = clock()
    with uow:
        revoked = uow.repos.devices.revoke_all(user_id, now)
        if revoked:
            _record(uow, events.DEVICE_REVOKED, f"all:{revoked}", now, client, user_id, "")
        return revoked


def _record(
    uow: Uow,
    kind: str,
    result: str,
    now: datetime,
    client: ClientInfo,
    user_id: uuid.UUID,
    fingerprint: str,
) -> None:
    # The event's device is the one trusted or revoked, which is what the history must
    # show; the request's own fingerprint (if any) says less.
    where = replace(client, device=fingerprint) if fingerprint else client
    uow.repos.events.record(kind=kind, result=result, at=now, client=where, user_id=user_id)
