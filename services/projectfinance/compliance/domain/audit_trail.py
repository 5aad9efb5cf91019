"""The audit trail report (spec 3 "Compliance reports"): the tenant's audit entries in
the period, narrowed by event types, project and user, with a histogram of event types,
the number of distinct users, and the integrity of the tenant's whole hash chain
(audit.chain.verify) — the filters narrow what is listed, never what is verified.

An entry's event_type is `<entity_type>.<action>` (e.g. `phase.update`); its resource
is the changed entity, its aggregate main's project when it belongs to one (else the
entity itself); `changes` maps each top-level field that differs between the entity's
state before and after to both values; `event_id` is the entry's hash.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from services.projectfinance.audit.chain import ChainedEntry, Integrity
from services.projectfinance.compliance.domain.reports import (
    ReportHeader,
    ReportRequest,
    header,
)
from services.runtime.errors import FieldViolation, raise_if_any

# The most entries one report lists (all of them are counted and verified).
MAX_LISTED: Final = 5000
MAX_EVENT_TYPES: Final = 50
MAX_EVENT_TYPE: Final = 100
PROJECT: Final = "project"


@dataclass(frozen=True)
class AuditTrailFilters:
    event_types: tuple[str, ...]
    user_id: uuid.UUID | None


@dataclass(frozen=True)
class AuditTrailEntry:
    action: str
    aggregate_id: uuid.UUID
    aggregate_type: str
    entry_id: uuid.UUID
    event_id: str
    event_type: str
    resource_id: uuid.UUID
    resource_type: str
    tenant_id: uuid.UUID
    timestamp: datetime
    user_id: uuid.UUID
    changes: dict[str, Any]
    correlation_id: str
    ip_address: str
    user_agent: str
    metadata: dict[str, Any]


@dataclass(frozen=True)
class AuditTrailReport(ReportHeader):
    total_entries: int
    unique_users: int
    event_types: dict[str, int]
    audit_entries: list[AuditTrailEntry]
    metadata: dict[str, Any]


def checked_event_types(values: Sequence[str]) -> tuple[str, ...]:
    """Event types as sent: at most MAX_EVENT_TYPES, none blank or longer than
    MAX_EVENT_TYPE characters; duplicates dropped."""
    problems: list[FieldViolation] = []
    if len(values) > MAX_EVENT_TYPES:
        problems.append(FieldViolation("event_types", f"at most {MAX_EVENT_TYPES} event types"))
    for i, value in enumerate(values):
        if not value.strip() or len(value) > MAX_EVENT_TYPE or not value.isprintable():
            problems.append(
                FieldViolation(
                    f"event_types[{i}]",
                    f"must be 1 to {MAX_EVENT_TYPE} visible characters, like phase.update",
                )
            )
    raise_if_any(problems)
    return tuple(dict.fromkeys(v.strip() for v in values))


def event_type(entity_type: str, action: str) -> str:
    return f"{entity_type}.{action}"


def changes(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any]:
    """Each top-level field whose value differs, with its value before and after."""
    old, new = before or {}, after or {}
    return {
        key: {"before": old.get(key), "after": new.get(key)}
        for key in sorted(old.keys() | new.keys())
        if old.get(key) != new.get(key)
    }


def _listed(chained: ChainedEntry) -> AuditTrailEntry:
    entry, link = chained.entry, chained.link
    return AuditTrailEntry(
        action=entry.action,
        aggregate_id=entry.project_id or entry.entity_id,
        aggregate_type=PROJECT if entry.project_id else entry.entity_type,
        entry_id=entry.id,
        event_id=link.entry_hash,
        event_type=event_type(entry.entity_type, entry.action),
        resource_id=entry.entity_id,
        resource_type=entry.entity_type,
        tenant_id=entry.tenant_id,
        timestamp=entry.occurred_at,
        user_id=entry.actor.user_id,
        changes=changes(entry.before, entry.after),
        correlation_id=entry.actor.correlation_id,
        ip_address=entry.actor.ip_address,
        user_agent=entry.actor.user_agent,
        metadata={"seq": link.seq, "prev_hash": link.prev_hash, "entry_hash": link.entry_hash},
    )


def integrity_metadata(integrity: Integrity) -> dict[str, Any]:
    return {
        "verified": integrity.verified,
        "checked_entries": integrity.checked_entries,
        "chain_head_seq": integrity.head_seq,
        "broken_at": [str(b.entry_id) for b in integrity.breaks if b.entry_id is not None],
        "breaks": [
            {
                "reason": b.reason,
                "entry_id": None if b.entry_id is None else str(b.entry_id),
                "seq": b.seq,
                "detail": b.detail,
            }
            for b in integrity.breaks
        ],
    }


def audit_trail(
    request: ReportRequest,
    filters: AuditTrailFilters,
    chain: Sequence[ChainedEntry],
    integrity: Integrity,
    *,
    report_id: uuid.UUID,
    generated_at: datetime,
) -> AuditTrailReport:
    """The report over the tenant's whole `chain` (in chain order) and its `integrity`."""

    def matches(chained: ChainedEntry) -> bool:
        entry = chained.entry
        return (
            request.start <= entry.occurred_at < request.end
            and (request.project_id is None or entry.project_id == request.project_id)
            and (filters.user_id is None or entry.actor.user_id == filters.user_id)
            and (
                not filters.event_types
                or event_type(entry.entity_type, entry.action) in filters.event_types
            )
        )

    selected = sorted(
        (c for c in chain if matches(c)), key=lambda c: (c.entry.occurred_at, c.link.seq)
    )
    histogram = Counter(event_type(c.entry.entity_type, c.entry.action) for c in selected)
    return AuditTrailReport(
        **header(request, report_id=report_id, generated_at=generated_at),
        total_entries=len(selected),
        unique_users=len({c.entry.actor.user_id for c in selected}),
        event_types=dict(sorted(histogram.items())),
        audit_entries=[_listed(c) for c in selected[:MAX_LISTED]],
        metadata={
            "integrity": integrity_metadata(integrity),
            "filters": {
                "event_types": list(filters.event_types),
                "user_id": None if filters.user_id is None else str(filters.user_id),
                "project_id": None if request.project_id is None else str(request.project_id),
            },
            "listed_entries": min(len(selected), MAX_LISTED),
            "truncated": len(selected) > MAX_LISTED,
        },
    )
