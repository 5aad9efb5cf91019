"""What a project-finance record's derived figures are computed from: the record's
phases, milestones and cost centers, as plain values. Each capability's repository
returns its own (`work(tenant_id, record_ids)`), so the records capability
computes figures without reading the other capabilities' tables."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple


@dataclass(frozen=True)
class RecordRef:
    """A record as the capabilities under it need it: its tenant, currency and budget."""

    id: uuid.UUID
    tenant_id: uuid.UUID
    # Main's project the record keeps the finances of (the audit log files changes by it).
    project_id: uuid.UUID
    currency: str
    total_budget: Decimal


class PhaseWork(NamedTuple):
    """A tuple, not a frozen dataclass: a tenant's portfolio builds one per phase (10,000
    and more per read), and a frozen dataclass's __init__ costs several times as much."""

    record_id: uuid.UUID
    status: str  # planned | in_progress | completed | cancelled
    phase_budget: Decimal
    actual_cost: Decimal
    progress_percent: Decimal  # 0-100
    planned_start: datetime
    planned_end: datetime
    cost_center_id: uuid.UUID | None


@dataclass(frozen=True)
class MilestoneWork:
    record_id: uuid.UUID
    status: str  # pending | in_progress | completed | billed | cancelled
    amount: Decimal
    completion_percent: Decimal  # 0-100


@dataclass(frozen=True)
class CostCenterWork:
    id: uuid.UUID
    record_id: uuid.UUID
    allocated_budget: Decimal
    is_active: bool
