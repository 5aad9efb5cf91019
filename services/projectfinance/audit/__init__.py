"""The append-only audit log of every project-finance change: who, when, from which
address and user agent, which entity, its state before and after, and the correlation
id of the call. Written in the same transaction as the change (a change that rolls back
leaves no entry; an entry never exists without its change). The compliance reports read
it; nothing updates or deletes it — the database refuses both (migration pf_0001)."""

from __future__ import annotations

from services.projectfinance.audit import tables
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability

CAPABILITY: Capability[Kernel] = Capability(name="audit", tables=tables, servicers=lambda _: [])
