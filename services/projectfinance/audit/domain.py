"""An audit entry and the JSON snapshot of an entity's state (before/after a change)."""

from __future__ import annotations

import dataclasses
import enum
import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from services.projectfinance.kernel.actor import Actor

# Entity types the log files changes under (spec 3's approval entity types are a
# different list: what an approval is about).
ENTITY_TYPES = (
    "project_finance",
    "phase",
    "milestone",
    "cost_center",
    "approval",
    "approval_threshold",
    "invoice_saga",
    # Who took a copy of the tenant's records out, and which (exfiltration is traced).
    "export",
)


@dataclass(frozen=True)
class AuditEntry:
    id: uuid.UUID
    tenant_id: uuid.UUID
    occurred_at: datetime
    actor: Actor
    # What happened, as the operation names it: create, update, delete, start,
    # progress, complete, cancel, invoice, allocate_budget, request, approve, reject…
    action: str
    entity_type: str
    entity_id: uuid.UUID
    # Main's project the entity belongs to, when it belongs to one (report filters).
    project_id: uuid.UUID | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None

    def columns(self) -> dict[str, Any]:
        """The entry with its actor spread out: the audit row's own columns, and (with
        the chain's seq and prev_hash) the fields its hash is taken over."""
        actor = self.actor
        return {
            "id": self.id,
            "tenant_id": self.tenant_id,
            "occurred_at": self.occurred_at,
            "user_id": actor.user_id,
            "ip_address": actor.ip_address,
            "user_agent": actor.user_agent,
            "correlation_id": actor.correlation_id,
            "action": self.action,
            "entity_type": self.entity_type,
            "entity_id": self.entity_id,
            "project_id": self.project_id,
            "before": self.before,
            "after": self.after,
        }


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def snapshot(entity: Any) -> dict[str, Any] | None:
    """An entity (a domain dataclass) as JSON-safe values: decimals as exact strings,
    moments as ISO 8601, ids as strings. None stays None (nothing before a create,
    nothing after a delete)."""
    if entity is None:
        return None
    plain = _plain(entity)
    if not isinstance(plain, dict):
        raise TypeError(f"cannot snapshot {type(entity).__name__}: not a dataclass or dict")
    return plain
