"""The record a use case works under, looked up the one way every capability does:
another tenant's record gets the very answer a missing one gets (404), so its existence
is not told."""

from __future__ import annotations

import uuid

from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.work import RecordRef
from services.runtime.errors import NotFound


def record_not_found(record_id: uuid.UUID) -> NotFound:
    return NotFound(f"project finance record {record_id} not found")


def record_ref(
    uow: Uow, tenant_id: uuid.UUID, record_id: uuid.UUID, *, lock: bool = False
) -> RecordRef:
    """The tenant's record (`records.ref`; `lock`: held until the transaction ends), or
    404."""
    record = uow.repos.records.ref(tenant_id, record_id, lock=lock)
    if record is None:
        raise record_not_found(record_id)
    return record
