"""Writing the audit log: every project-finance use case that changes something calls
`record_change` inside its own unit of work, before committing."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from services.projectfinance.audit.domain import ENTITY_TYPES, AuditEntry, snapshot
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import Uow


def record_change(
    uow: Uow,
    tenant_id: uuid.UUID,
    actor: Actor,
    now: datetime,
    *,
    action: str,
    entity_type: str,
    entity_id: uuid.UUID,
    project_id: uuid.UUID | None,
    before: Any = None,
    after: Any = None,
) -> None:
    """Append one entry for a change made in `uow`'s transaction. `before`/`after` are
    the entity's domain values (None for a create's before and a delete's after)."""
    if entity_type not in ENTITY_TYPES:
        raise ValueError(f"unknown audit entity type {entity_type!r}")
    uow.repos.audit.append(
        AuditEntry(
            id=uuid.uuid4(),
            tenant_id=tenant_id,
            occurred_at=now,
            actor=actor,
            action=action,
            entity_type=entity_type,
            entity_id=entity_id,
            project_id=project_id,
            before=snapshot(before),
            after=snapshot(after),
        )
    )
