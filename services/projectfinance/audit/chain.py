"""The audit log's hash chain: each tenant's entries form one chain, numbered 1, 2, 3…
(`seq`); every entry stores the hash of the entry before it (`prev_hash`; GENESIS for
the first) and its own hash (`entry_hash`), SHA-256 over a canonical serialisation of
its fields and `prev_hash`. Rewriting an entry changes its hash; removing one leaves a
gap in the numbers and a successor whose `prev_hash` names a hash no entry has; removing
the newest is told by the tenant's chain head (the last number and hash written).

The canonical form is a contract: entries already written were hashed with it (the
migration pf_0006 hashed the entries older than the chain with it too), so it never
changes. JSON with sorted keys, no spaces, UTF-8, of exactly these fields:
action, after, before, correlation_id, entity_id, entity_type, id, ip_address,
occurred_at (UTC, ISO 8601 with microseconds: 2026-03-15T12:00:00.000000+00:00),
prev_hash, project_id (null when none), seq, tenant_id, user_agent, user_id.
Pure: no storage here (docs/project-finance-audit.md)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from services.projectfinance.audit.domain import AuditEntry

GENESIS: Final = "0" * 64
ALTERED: Final = "altered"
REMOVED: Final = "removed"


@dataclass(frozen=True)
class Link:
    """An entry's place in its tenant's chain."""

    seq: int
    prev_hash: str
    entry_hash: str


@dataclass(frozen=True)
class ChainedEntry:
    entry: AuditEntry
    link: Link


@dataclass(frozen=True)
class Head:
    """The last number and hash written to a tenant's chain (0 and GENESIS: none)."""

    seq: int
    last_hash: str


@dataclass(frozen=True)
class Break:
    """Where the chain does not hold: the entry found altered, or the entry after a
    removal (None when the newest entries were removed) and the numbers missing."""

    reason: str  # ALTERED | REMOVED
    entry_id: uuid.UUID | None
    seq: int
    detail: str


@dataclass(frozen=True)
class Integrity:
    verified: bool
    checked_entries: int
    head_seq: int
    breaks: tuple[Break, ...]


def _moment(value: datetime) -> str:
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def canonical(
    *,
    id: uuid.UUID,
    tenant_id: uuid.UUID,
    seq: int,
    occurred_at: datetime,
    user_id: uuid.UUID,
    ip_address: str,
    user_agent: str,
    correlation_id: str,
    action: str,
    entity_type: str,
    entity_id: uuid.UUID,
    project_id: uuid.UUID | None,
    before: Any,
    after: Any,
    prev_hash: str,
) -> bytes:
    """The bytes an entry's hash is taken over (the module's docstring has the form).
    Keyword-only, so the migration's backfill of stored rows uses it field by field."""
    fields = {
        "action": action,
        "after": after,
        "before": before,
        "correlation_id": correlation_id,
        "entity_id": str(entity_id),
        "entity_type": entity_type,
        "id": str(id),
        "ip_address": ip_address,
        "occurred_at": _moment(occurred_at),
        "prev_hash": prev_hash,
        "project_id": None if project_id is None else str(project_id),
        "seq": seq,
        "tenant_id": str(tenant_id),
        "user_agent": user_agent,
        "user_id": str(user_id),
    }
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def hash_of(payload: bytes) -> str:
    return hashlib.sha256(payload).hexdigest()


def entry_hash(entry: AuditEntry, seq: int, prev_hash: str) -> str:
    return hash_of(canonical(**entry.columns(), seq=seq, prev_hash=prev_hash))


def link(entry: AuditEntry, head: Head) -> Link:
    """The link of `entry` appended after `head`."""
    seq = head.seq + 1
    return Link(
        seq=seq, prev_hash=head.last_hash, entry_hash=entry_hash(entry, seq, head.last_hash)
    )


def _missing(first: int, last: int) -> str:
    if first == last:
        return f"entry {first} is missing"
    return f"entries {first} to {last} are missing"


def verify(chain: Sequence[ChainedEntry], head: Head) -> Integrity:
    """Check a tenant's whole chain, in `seq` order, against its head. Every break is
    reported, not only the first: an altered entry (its hash is not the hash of what it
    holds, or its successor recorded another hash for it) and a removal (numbers
    missing before an entry, or after the last one)."""
    breaks: list[Break] = []
    expected_seq, prev_hash = 1, GENESIS
    previous: ChainedEntry | None = None
    for chained in chain:
        entry, at = chained.entry, chained.link
        if entry_hash(entry, at.seq, at.prev_hash) != at.entry_hash:
            breaks.append(Break(ALTERED, entry.id, at.seq, "its hash does not match its content"))
        if at.seq != expected_seq:
            missing = _missing(expected_seq, at.seq - 1)
            breaks.append(Break(REMOVED, entry.id, at.seq, f"{missing} before it"))
        elif at.prev_hash != prev_hash:
            # Its predecessor was rewritten with a fresh hash (or, for the first entry,
            # its own link was).
            blamed = chained if previous is None else previous
            breaks.append(
                Break(
                    ALTERED,
                    blamed.entry.id,
                    blamed.link.seq,
                    "its successor recorded another hash for it",
                )
            )
        expected_seq, prev_hash, previous = at.seq + 1, at.entry_hash, chained
    last_seq = expected_seq - 1
    if head.seq > last_seq:
        missing = _missing(last_seq + 1, head.seq)
        breaks.append(Break(REMOVED, None, head.seq, f"{missing} (the newest)"))
    elif head.seq == last_seq and previous is not None and head.last_hash != prev_hash:
        breaks.append(
            Break(
                ALTERED, previous.entry.id, last_seq, "the chain head recorded another hash for it"
            )
        )
    return Integrity(
        verified=not breaks,
        checked_entries=len(chain),
        head_seq=head.seq,
        breaks=tuple(breaks),
    )
