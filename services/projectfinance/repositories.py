"""The project-finance backend's one repository bundle: what `uow.repos` exposes to use
cases."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from services.projectfinance.approvals.repository import ApprovalRepository
from services.projectfinance.audit.repository import AuditRepository
from services.projectfinance.compliance.repository import ComplianceRepository
from services.projectfinance.cost_centers.repository import CostCenterRepository
from services.projectfinance.exports.repository import ExportRepository
from services.projectfinance.forecasts.repository import ForecastRepository
from services.projectfinance.milestones.repository import MilestoneRepository
from services.projectfinance.phases.repository import PhaseRepository
from services.projectfinance.records.repository import RecordRepository


@dataclass(frozen=True)
class Repositories:
    audit: AuditRepository
    records: RecordRepository
    cost_centers: CostCenterRepository
    milestones: MilestoneRepository
    phases: PhaseRepository
    approvals: ApprovalRepository
    compliance: ComplianceRepository
    exports: ExportRepository
    forecasts: ForecastRepository


def repositories(session: Session) -> Repositories:
    return Repositories(
        audit=AuditRepository(session),
        records=RecordRepository(session),
        cost_centers=CostCenterRepository(session),
        milestones=MilestoneRepository(session),
        phases=PhaseRepository(session),
        approvals=ApprovalRepository(session),
        compliance=ComplianceRepository(session),
        exports=ExportRepository(session),
        forecasts=ForecastRepository(session),
    )
