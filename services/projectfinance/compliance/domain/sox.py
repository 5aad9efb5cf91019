"""The SOX 404 report: four controls evaluated on the tenant's data in the period, and a
signed attestation of each (docs/project-finance-compliance.md lists them).

- APR-01 (expense_approvals): every change at or above the tenant's approval threshold
  — a cost-center allocation (its increase) or a milestone invoice (the saga started) —
  had an approval of that entity approved before it.
- SOD-01 (change_order_controls): no approval decided (approved or rejected) in the
  period was decided by its own requester.
- BUD-01 (budget_controls): every budget as stored now (a record's total budget, a
  phase's budget, a cost center's allocation) is the one its latest audit entry shows: a
  budget changed without a trace is a deficiency.
- REV-01 (revenue_recognition): revenue is recognised only against completed
  milestones: every milestone billed or invoiced in the period was completed first.

Each control's evidence_count is the number of items it examined, deficiencies names
each failing item, last_executed is the latest evidence moment (the evaluation moment
when there was none) and owner the user who last executed it (the tenant when nobody
did). Pure: the use case gathers the inputs.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Final

from services.projectfinance.approvals.domain.entities import (
    COST_CENTER_ALLOCATION,
    MILESTONE_INVOICE,
)
from services.projectfinance.approvals.domain.requests import APPROVED, REJECTED, Approval
from services.projectfinance.audit.domain import AuditEntry
from services.projectfinance.compliance.domain.reports import (
    ReportHeader,
    ReportRequest,
    header,
)
from services.projectfinance.compliance.domain.signing import SigningKey, sign_attestation
from services.projectfinance.kernel.money import Money, to_minor

FRAMEWORK: Final = "SOX 404"
RULEPACK_ID: Final = "finplat.projectfinance.sox404"
RULEPACK_VERSION: Final = "1.0"
OPERATION_TYPE: Final = "control_evaluation"
ENTITY_TYPE: Final = "sox_control"
# Stable ids of the controls (an attestation's entity_id).
_CONTROLS_NS: Final = uuid.UUID("6d1c1f4e-8b1a-4f5e-9a51-0c6f2e9b7a10")


@dataclass(frozen=True)
class Budgeted:
    """An entity's budget as stored now, and where its audit snapshots keep it."""

    entity_type: str
    entity_id: uuid.UUID
    amount: Decimal
    snapshot_field: str


@dataclass(frozen=True)
class MilestoneState:
    id: uuid.UUID
    status: str
    completed_at: datetime | None
    billed_at: datetime | None


@dataclass(frozen=True)
class SoxEvidence:
    """Everything the controls read: the tenant's audit entries (all of them, oldest
    first), every approval they name as stored now, the thresholds in force, the
    budgets and milestones as stored now."""

    entries: Sequence[AuditEntry]
    approvals: Mapping[uuid.UUID, Approval]
    threshold_of: Callable[[str], int]
    budgets: Sequence[Budgeted]
    milestones: Sequence[MilestoneState]


@dataclass(frozen=True)
class Control:
    control_id: str
    control_name: str
    control_description: str
    control_type: str
    evidence_type: str
    frequency: str
    evidence_count: int
    is_effective: bool
    last_executed: datetime
    owner: uuid.UUID
    attestation_ids: list[uuid.UUID]
    deficiencies: list[str]
    metadata: dict[str, Any]


@dataclass(frozen=True)
class Attestation:
    attestation_id: uuid.UUID
    evaluation_id: uuid.UUID
    framework: str
    operation_type: str
    rulepack_id: str
    rulepack_version: str
    created_at: str  # whole seconds, as the API prints it (it is signed as such)
    entity_id: uuid.UUID
    entity_type: str
    passed_rules: int
    total_rules: int
    result: bool
    signed_digest: str


@dataclass(frozen=True)
class SoxReport(ReportHeader):
    framework: str
    expense_approvals: list[Control]
    change_order_controls: list[Control]
    budget_controls: list[Control]
    revenue_recognition: list[Control]
    compliance_attestations: list[Attestation]
    control_effectiveness: Decimal
    effective_controls: int
    deficient_controls: int
    total_controls: int
    metadata: dict[str, Any]


@dataclass
class _Finding:
    """What one control found: items examined, the failures, and its last execution."""

    examined: int = 0
    deficiencies: list[str] = field(default_factory=list)
    last: tuple[datetime, uuid.UUID] | None = None

    def executed(self, at: datetime, by: uuid.UUID) -> None:
        if self.last is None or at >= self.last[0]:
            self.last = (at, by)


@dataclass(frozen=True)
class _Definition:
    control_id: str
    control_name: str
    control_description: str
    control_type: str
    evidence_type: str
    frequency: str


APR_01: Final = _Definition(
    "APR-01",
    "Changes at or above the approval threshold are approved",
    "Every cost-center allocation and milestone invoice at or above the tenant's threshold "
    "had an approval of that entity approved before the change.",
    "preventive",
    "approval_records",
    "per_transaction",
)
SOD_01: Final = _Definition(
    "SOD-01",
    "Segregation of duties in approvals",
    "No approval request was approved or rejected by the user who requested it.",
    "preventive",
    "approval_records",
    "per_transaction",
)
BUD_01: Final = _Definition(
    "BUD-01",
    "Budget changes are traced in the audit log",
    "Every stored budget (record total budget, phase budget, cost-center allocation) "
    "equals the state its latest audit entry recorded.",
    "detective",
    "audit_log",
    "continuous",
)
REV_01: Final = _Definition(
    "REV-01",
    "Revenue is recognised only against completed milestones",
    "Every milestone billed or invoiced in the period was completed before it was billed.",
    "detective",
    "milestone_records",
    "per_transaction",
)


def _in(moment: datetime | None, request: ReportRequest) -> bool:
    return moment is not None and request.start <= moment < request.end


def _invoice_started(entry: AuditEntry) -> bool:
    return entry.entity_type == "invoice_saga" and entry.action == "start" and bool(entry.after)


def _amount(snapshot: Mapping[str, Any] | None, name: str) -> Decimal | None:
    """A budget field of a snapshot: a Money ({amount, currency}) or a decimal text."""
    if snapshot is None or name not in snapshot:
        return None
    value = snapshot[name]
    if isinstance(value, Mapping):
        value = value.get("amount")
    return None if value is None else Decimal(str(value))


def _approved_before(
    approvals: Mapping[uuid.UUID, Approval], kind: str, entity_id: uuid.UUID, at: datetime
) -> bool:
    return any(
        a.entity_type == kind
        and a.entity_id == entity_id
        and a.status == APPROVED
        and a.approved_at is not None
        and a.approved_at <= at
        for a in approvals.values()
    )


def _threshold_changes(
    request: ReportRequest, evidence: SoxEvidence
) -> list[tuple[AuditEntry, str, uuid.UUID, int]]:
    """The changes in the period APR-01 looks at: (entry, approval type, entity, minor)."""
    found = []
    for entry in evidence.entries:
        if not _in(entry.occurred_at, request):
            continue
        if entry.entity_type == "cost_center" and entry.action == "allocate_budget" and entry.after:
            after = _amount(entry.after, "allocated_budget") or Decimal(0)
            before = _amount(entry.before, "allocated_budget") or Decimal(0)
            minor = to_minor(Money(after - before, str(entry.after["currency"])))
            found.append((entry, COST_CENTER_ALLOCATION, entry.entity_id, minor))
        elif _invoice_started(entry) and entry.after:
            amount = entry.after.get("amount") or {}
            minor = to_minor(Money(Decimal(str(amount["amount"])), str(amount["currency"])))
            milestone = uuid.UUID(str(entry.after["milestone_id"]))
            found.append((entry, MILESTONE_INVOICE, milestone, minor))
    return found


def _apr_01(request: ReportRequest, evidence: SoxEvidence) -> _Finding:
    finding = _Finding()
    for entry, kind, entity_id, minor in _threshold_changes(request, evidence):
        if minor < evidence.threshold_of(kind):
            continue
        finding.examined += 1
        finding.executed(entry.occurred_at, entry.actor.user_id)
        if not _approved_before(evidence.approvals, kind, entity_id, entry.occurred_at):
            finding.deficiencies.append(
                f"{kind} of {entity_id} ({minor} minor units, audit entry {entry.id}) at "
                f"{entry.occurred_at.isoformat()} was not approved"
            )
    return finding


def _sod_01(request: ReportRequest, evidence: SoxEvidence) -> _Finding:
    finding = _Finding()
    for approval in evidence.approvals.values():
        decided_at = approval.approved_at or approval.rejected_at
        if approval.status not in (APPROVED, REJECTED) or not _in(decided_at, request):
            continue
        assert decided_at is not None
        finding.examined += 1
        if approval.approver_id is not None:
            finding.executed(decided_at, approval.approver_id)
        if approval.approver_id == approval.requester_id:
            finding.deficiencies.append(
                f"approval {approval.id} ({approval.entity_type} of {approval.entity_id}) was "
                f"{approval.status} by its requester {approval.requester_id}"
            )
    return finding


def _bud_01(request: ReportRequest, evidence: SoxEvidence) -> _Finding:
    latest: dict[uuid.UUID, AuditEntry] = {}
    for entry in evidence.entries:
        latest[entry.entity_id] = entry
    finding = _Finding()
    for budget in evidence.budgets:
        finding.examined += 1
        last = latest.get(budget.entity_id)
        if last is not None:
            finding.executed(last.occurred_at, last.actor.user_id)
        traced = None if last is None else _amount(last.after, budget.snapshot_field)
        if traced is None:
            finding.deficiencies.append(
                f"{budget.entity_type} {budget.entity_id}: its budget {budget.amount} is in no "
                "audit entry"
            )
        elif traced != budget.amount:
            finding.deficiencies.append(
                f"{budget.entity_type} {budget.entity_id}: its budget is {budget.amount} but "
                f"its latest audit entry {last.id if last else ''} shows {traced}"
            )
    return finding


def _rev_01(request: ReportRequest, evidence: SoxEvidence) -> _Finding:
    # Invoices started in the period, by milestone: when, and by whom.
    invoiced: dict[uuid.UUID, tuple[datetime, uuid.UUID]] = {}
    for entry in evidence.entries:
        if _invoice_started(entry) and _in(entry.occurred_at, request):
            assert entry.after is not None
            invoiced[uuid.UUID(str(entry.after["milestone_id"]))] = (
                entry.occurred_at,
                entry.actor.user_id,
            )
    finding = _Finding()
    for milestone in evidence.milestones:
        billed = milestone.status == "billed" or _in(milestone.billed_at, request)
        if not billed and milestone.id not in invoiced:
            continue
        finding.examined += 1
        moments = [m for m in (milestone.billed_at,) if m is not None]
        if milestone.id in invoiced:
            at, by = invoiced[milestone.id]
            moments.append(at)
            finding.executed(at, by)
        first_billing = min(moments) if moments else None
        if milestone.completed_at is None or (
            first_billing is not None and milestone.completed_at > first_billing
        ):
            finding.deficiencies.append(
                f"milestone {milestone.id} ({milestone.status}) was billed without being "
                "completed first"
            )
    return finding


def _seconds(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def control_entity_id(control_id: str) -> uuid.UUID:
    return uuid.uuid5(_CONTROLS_NS, control_id)


def _attested(
    definition: _Definition,
    finding: _Finding,
    request: ReportRequest,
    *,
    report_id: uuid.UUID,
    generated_at: datetime,
    key: SigningKey,
    new_id: Callable[[], uuid.UUID],
) -> tuple[Control, Attestation]:
    effective = not finding.deficiencies
    attestation_id = new_id()
    unsigned = {
        "attestation_id": str(attestation_id),
        "evaluation_id": str(report_id),
        "framework": FRAMEWORK,
        "operation_type": OPERATION_TYPE,
        "rulepack_id": RULEPACK_ID,
        "rulepack_version": RULEPACK_VERSION,
        "created_at": _seconds(generated_at),
        "entity_id": str(control_entity_id(definition.control_id)),
        "entity_type": ENTITY_TYPE,
        "passed_rules": finding.examined - len(finding.deficiencies),
        "total_rules": finding.examined,
        "result": effective,
    }
    attestation = Attestation(
        attestation_id=attestation_id,
        evaluation_id=report_id,
        framework=FRAMEWORK,
        operation_type=OPERATION_TYPE,
        rulepack_id=RULEPACK_ID,
        rulepack_version=RULEPACK_VERSION,
        created_at=_seconds(generated_at),
        entity_id=control_entity_id(definition.control_id),
        entity_type=ENTITY_TYPE,
        passed_rules=finding.examined - len(finding.deficiencies),
        total_rules=finding.examined,
        result=effective,
        signed_digest=sign_attestation(key, unsigned, str(request.tenant_id)),
    )
    last_at, owner = finding.last or (generated_at, request.tenant_id)
    control = Control(
        control_id=definition.control_id,
        control_name=definition.control_name,
        control_description=definition.control_description,
        control_type=definition.control_type,
        evidence_type=definition.evidence_type,
        frequency=definition.frequency,
        evidence_count=finding.examined,
        is_effective=effective,
        last_executed=last_at,
        owner=owner,
        attestation_ids=[attestation_id],
        deficiencies=list(finding.deficiencies),
        metadata={"executed": finding.last is not None},
    )
    return control, attestation


def sox_report(
    request: ReportRequest,
    evidence: SoxEvidence,
    *,
    report_id: uuid.UUID,
    generated_at: datetime,
    key: SigningKey,
    new_id: Callable[[], uuid.UUID] = uuid.uuid4,
) -> SoxReport:
    groups: dict[str, list[Control]] = {}
    attestations: list[Attestation] = []
    for group, definition, evaluate in (
        ("expense_approvals", APR_01, _apr_01),
        ("change_order_controls", SOD_01, _sod_01),
        ("budget_controls", BUD_01, _bud_01),
        ("revenue_recognition", REV_01, _rev_01),
    ):
        control, attestation = _attested(
            definition,
            evaluate(request, evidence),
            request,
            report_id=report_id,
            generated_at=generated_at,
            key=key,
            new_id=new_id,
        )
        groups.setdefault(group, []).append(control)
        attestations.append(attestation)
    controls = [c for group in groups.values() for c in group]
    effective = sum(c.is_effective for c in controls)
    return SoxReport(
        **header(request, report_id=report_id, generated_at=generated_at),
        framework=FRAMEWORK,
        expense_approvals=groups["expense_approvals"],
        change_order_controls=groups["change_order_controls"],
        budget_controls=groups["budget_controls"],
        revenue_recognition=groups["revenue_recognition"],
        compliance_attestations=attestations,
        control_effectiveness=Decimal(effective * 100) / Decimal(len(controls)),
        effective_controls=effective,
        deficient_controls=len(controls) - effective,
        total_controls=len(controls),
        metadata={
            "signing": {"key_id": key.kid, "algorithm": "Ed25519", "digest": "SHA-256"},
            "rulepack": {"id": RULEPACK_ID, "version": RULEPACK_VERSION},
        },
    )
