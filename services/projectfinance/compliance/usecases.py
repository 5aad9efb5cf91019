"""Generating, storing and reading the compliance reports, and the signing key. Each
report is generated from one unit of work's reads (a consistent picture of the tenant)
and stored in the same transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from services.projectfinance.approvals.domain.requests import Approval
from services.projectfinance.approvals.domain.thresholds import threshold_of
from services.projectfinance.audit.chain import verify
from services.projectfinance.compliance.domain import reports
from services.projectfinance.compliance.domain.audit_trail import AuditTrailFilters, audit_trail
from services.projectfinance.compliance.domain.gdpr import gdpr_report
from services.projectfinance.compliance.domain.reports import ReportRequest, StoredReport
from services.projectfinance.compliance.domain.signing import (
    SigningKey,
    new_private_key_pem,
    parse_private_key,
    signing_key,
)
from services.projectfinance.compliance.domain.sox import (
    Budgeted,
    MilestoneState,
    SoxEvidence,
    sox_report,
)
from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.records.domain.records import Record
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import NotFound

# Records read per query while gathering a tenant's (the listing's page size limit).
_PAGE = 100


def _stored(uow: Uow, request: ReportRequest, kind: str, report: Any) -> StoredReport:
    stored = StoredReport(
        id=report.report_id,
        tenant_id=request.tenant_id,
        kind=kind,
        generated_by=request.generated_by,
        generated_at=report.generated_at,
        document=reports.document(report),
    )
    uow.repos.compliance.add(stored)
    return stored


def create_audit_trail(
    uow: Uow,
    request: ReportRequest,
    filters: AuditTrailFilters,
    *,
    clock: Clock = utcnow,
    new_id: Callable[[], uuid.UUID] = uuid.uuid4,
) -> StoredReport:
    generated_at = clock()
    with uow:
        chain = uow.repos.audit.chain(request.tenant_id)
        integrity = verify(chain, uow.repos.audit.head(request.tenant_id))
        report = audit_trail(
            request, filters, chain, integrity, report_id=new_id(), generated_at=generated_at
        )
        return _stored(uow, request, reports.AUDIT_TRAIL, report)


def create_gdpr_report(
    uow: Uow,
    request: ReportRequest,
    *,
    clock: Clock = utcnow,
    new_id: Callable[[], uuid.UUID] = uuid.uuid4,
) -> StoredReport:
    generated_at = clock()
    with uow:
        report = gdpr_report(request, report_id=new_id(), generated_at=generated_at)
        return _stored(uow, request, reports.GDPR_ARTICLE_30, report)


def _records(uow: Uow, request: ReportRequest) -> list[Record]:
    if request.project_id is not None:
        record = uow.repos.records.by_project(request.tenant_id, request.project_id)
        return [] if record is None else [record]
    found: list[Record] = []
    while True:
        page, total = uow.repos.records.listing(request.tenant_id, limit=_PAGE, offset=len(found))
        found.extend(page)
        if not page or len(found) >= total:
            return found


def _evidence(uow: Uow, request: ReportRequest) -> SoxEvidence:
    tenant_id = request.tenant_id
    records = _records(uow, request)
    record_ids = {r.id for r in records}
    entries = [c.entry for c in uow.repos.audit.chain(tenant_id)]
    if request.project_id is not None:
        entries = [e for e in entries if e.project_id == request.project_id]
    # Every approval the log names, as stored now (a decision changed behind the log's
    # back is judged as it stands), and the pending ones.
    named = dict.fromkeys(e.entity_id for e in entries if e.entity_type == "approval")
    approvals: dict[uuid.UUID, Approval] = {a.id: a for a in uow.repos.approvals.pending(tenant_id)}
    for approval_id in named:
        approval = uow.repos.approvals.get(tenant_id, approval_id)
        if approval is not None:
            approvals[approval.id] = approval
    approvals = {k: a for k, a in approvals.items() if a.record_id in record_ids}
    own = uow.repos.approvals.own_thresholds(tenant_id)
    budgets: list[Budgeted] = []
    milestones: list[MilestoneState] = []
    for record in records:
        budgets.append(
            Budgeted("project_finance", record.id, record.total_budget.amount, "total_budget")
        )
        budgets.extend(
            Budgeted("phase", p.id, p.phase_budget.amount, "phase_budget")
            for p in uow.repos.phases.of_record(tenant_id, record.id)
        )
        budgets.extend(
            Budgeted("cost_center", c.id, c.allocated_budget, "allocated_budget")
            for c in uow.repos.cost_centers.of_record(tenant_id, record.id)
        )
        milestones.extend(
            MilestoneState(m.id, m.status, m.completed_at, m.billed_at)
            for m in uow.repos.milestones.of_record(tenant_id, record.id)
        )
    return SoxEvidence(
        entries=entries,
        approvals=approvals,
        threshold_of=lambda kind: threshold_of(own, kind).amount_minor,
        budgets=budgets,
        milestones=milestones,
    )


def create_sox_report(
    uow: Uow,
    request: ReportRequest,
    key: SigningKey,
    *,
    clock: Clock = utcnow,
    new_id: Callable[[], uuid.UUID] = uuid.uuid4,
) -> StoredReport:
    generated_at = clock()
    with uow:
        report = sox_report(
            request,
            _evidence(uow, request),
            report_id=new_id(),
            generated_at=generated_at,
            key=key,
            new_id=new_id,
        )
        return _stored(uow, request, reports.SOX_404, report)


def get_report(uow: Uow, tenant_id: uuid.UUID, kind: str, report_id: uuid.UUID) -> StoredReport:
    with uow:
        report = uow.repos.compliance.get(tenant_id, kind, report_id)
    if report is None:
        raise NotFound(f"no {kind.replace('_', ' ')} report {report_id}")
    return report


def stored_signing_key(uow: Uow, *, clock: Clock = utcnow) -> SigningKey:
    """The generated key, generated and kept by the first call that needs it."""
    with uow:
        pem = uow.repos.compliance.signing_key_pem()
        if pem is None:
            fresh = new_private_key_pem()
            uow.repos.compliance.keep_signing_key(
                signing_key(parse_private_key(fresh)).kid, fresh, clock()
            )
            pem = uow.repos.compliance.signing_key_pem()
    assert pem is not None  # kept just now, by this call or a faster one
    return signing_key(parse_private_key(pem))


def configured_signing_key(text: str | None) -> SigningKey | None:
    """The key configured in the settings; None when none is (a bad one raises)."""
    return None if not text else signing_key(parse_private_key(text))
