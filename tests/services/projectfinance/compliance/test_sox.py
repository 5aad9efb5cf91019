"""The SOX 404 report on real data: each control finds what it is about — a change above
the threshold without approval, a self-approval planted in the database, a budget
changed behind the audit log, a milestone billed without being completed — and every
attestation's signature verifies with the key's public half."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, text

from services.projectfinance.approvals import usecases as approvals
from services.projectfinance.compliance import usecases
from services.projectfinance.compliance.domain.reports import SOX_404
from services.projectfinance.compliance.domain.signing import SigningKey, verify_attestation
from services.projectfinance.compliance.domain.sox import control_entity_id
from services.projectfinance.cost_centers import usecases as cost_centers
from services.projectfinance.kernel.dependencies import UowFactory
from tests.services.projectfinance.approvals.support import Ticking, draft, insert_milestone
from tests.services.projectfinance.compliance.support import (
    LATER,
    new_key,
    request,
    traced_cost_center,
    traced_record,
)
from tests.services.projectfinance.support import NOW, new_actor

GROUPS = ("expense_approvals", "change_order_controls", "budget_controls", "revenue_recognition")


def sox(
    uow: UowFactory,
    tenant: uuid.UUID,
    *,
    key: SigningKey | None = None,
    project_id: uuid.UUID | None = None,
) -> dict[str, Any]:
    stored = usecases.create_sox_report(
        uow(), request(tenant, project_id=project_id), key or new_key(), clock=lambda: LATER
    )
    assert stored.kind == SOX_404
    return stored.document


def control(document: dict[str, Any], group: str) -> dict[str, Any]:
    (found,) = document[group]
    assert isinstance(found, dict)
    return found


def test_a_clean_tenant_has_every_control_effective(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = traced_record(uow, engine, tenant)
    traced_cost_center(uow, engine, record)
    document = sox(uow, tenant)
    assert (document["total_controls"], document["effective_controls"]) == (4, 4)
    assert document["deficient_controls"] == 0 and document["control_effectiveness"] == "100"
    budget = control(document, "budget_controls")
    assert budget["evidence_count"] == 2 and budget["is_effective"] and budget["deficiencies"] == []
    for group in ("expense_approvals", "change_order_controls", "revenue_recognition"):
        assert control(document, group)["evidence_count"] == 0
        # Nobody executed it: the tenant owns it and the evaluation is its execution.
        assert control(document, group)["owner"] == str(tenant)
        assert control(document, group)["last_executed"] == LATER.isoformat()


def test_an_allocation_above_the_threshold_needs_an_approval(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = traced_record(uow, engine, tenant)
    unapproved = traced_cost_center(uow, engine, record)
    approved = traced_cost_center(uow, engine, record)
    small = traced_cost_center(uow, engine, record)
    clock = Ticking()
    approval = approvals.request_approval(
        uow(), tenant, new_actor(), draft(approved, "cost_center_allocation"), clock=clock
    )
    approver = new_actor()
    approvals.approve(uow(), tenant, approver, approval.id, "ok", clock=clock)
    for center, amount in ((unapproved, "3000.00"), (approved, "3000.00"), (small, "100.00")):
        cost_centers.allocate_budget(
            uow(), tenant, new_actor(), center, amount=amount, currency="EUR", clock=clock
        )
    found = control(sox(uow, tenant), "expense_approvals")
    # The default threshold is 2,500.00: the small allocation is not examined.
    assert found["evidence_count"] == 2 and not found["is_effective"]
    (deficiency,) = found["deficiencies"]
    assert str(unapproved) in deficiency and "300000 minor units" in deficiency


def test_a_self_approval_planted_in_the_database_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = traced_record(uow, engine, tenant)
    clock = Ticking()
    requester = new_actor()
    fair = approvals.request_approval(uow(), tenant, requester, draft(record.id), clock=clock)
    approvals.approve(uow(), tenant, new_actor(), fair.id, "ok", clock=clock)
    assert control(sox(uow, tenant), "change_order_controls")["is_effective"]
    with engine.begin() as connection:
        connection.execute(
            text("UPDATE approvals SET approver_id = requester_id"),
        )
    found = control(sox(uow, tenant), "change_order_controls")
    assert found["evidence_count"] == 1 and not found["is_effective"]
    (deficiency,) = found["deficiencies"]
    assert str(fair.id) in deficiency and str(requester.user_id) in deficiency


def test_a_budget_changed_behind_the_log_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = traced_record(uow, engine, tenant)
    center = traced_cost_center(uow, engine, record)
    cost_centers.allocate_budget(
        uow(), tenant, new_actor(), center, amount="10.00", currency="EUR", clock=lambda: NOW
    )
    assert control(sox(uow, tenant), "budget_controls")["is_effective"]
    with engine.begin() as connection:
        connection.execute(text("UPDATE cost_centers SET allocated_budget = 999"))
    found = control(sox(uow, tenant), "budget_controls")
    (deficiency,) = found["deficiencies"]
    assert str(center) in deficiency and "999" in deficiency and "10.00" in deficiency


def test_a_milestone_billed_without_completion_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = traced_record(uow, engine, tenant)
    honest, planted = insert_milestone(engine, record), insert_milestone(engine, record)
    with engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE milestones SET status = 'billed', billed_at = :billed,"
                " completed_at = CASE WHEN id = :honest THEN :completed ELSE NULL END"
            ).bindparams(),
            {
                "billed": NOW,
                "completed": NOW - timedelta(hours=1),
                "honest": honest.hex if connection.dialect.name == "sqlite" else honest,
            },
        )
    found = control(sox(uow, tenant), "revenue_recognition")
    assert found["evidence_count"] == 2 and not found["is_effective"]
    (deficiency,) = found["deficiencies"]
    assert str(planted) in deficiency


def test_every_attestation_is_signed_and_verifies_with_the_public_key(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    traced_record(uow, engine, tenant)
    key = new_key()
    document = sox(uow, tenant, key=key)
    attestations = document["compliance_attestations"]
    assert len(attestations) == 4
    controls = [c for group in GROUPS for c in document[group]]
    for attestation, checked in zip(attestations, controls, strict=True):
        assert attestation["evaluation_id"] == document["report_id"]
        assert checked["attestation_ids"] == [attestation["attestation_id"]]
        assert attestation["entity_id"] == str(control_entity_id(checked["control_id"]))
        assert attestation["result"] == checked["is_effective"]
        assert verify_attestation(key.public_key_base64, attestation, str(tenant))
        forged = {**attestation, "result": not attestation["result"]}
        assert not verify_attestation(key.public_key_base64, forged, str(tenant))
        assert not verify_attestation(key.public_key_base64, attestation, str(uuid.uuid4()))
        assert not verify_attestation(new_key().public_key_base64, attestation, str(tenant))
    assert document["metadata"]["signing"]["key_id"] == key.kid


def test_a_project_narrows_the_evaluation_to_its_record(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    record = traced_record(uow, engine, tenant)
    other = traced_record(uow, engine, tenant)
    traced_cost_center(uow, engine, other)
    document = sox(uow, tenant, project_id=record.project_id)
    assert document["project_id"] == str(record.project_id)
    assert control(document, "budget_controls")["evidence_count"] == 1
