"""What the compliance tests share: entities inserted as stored together with the audit
entry their creation would have written (so the budget trace holds for them), report
requests over a period around the tests' NOW, and a signing key."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import Engine

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.compliance.domain.reports import ReportRequest
from services.projectfinance.compliance.domain.signing import SigningKey, signing_key
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from tests.services.projectfinance.support import (
    NOW,
    insert_cost_center,
    insert_record,
    new_actor,
)

START = NOW - timedelta(days=1)
END = NOW + timedelta(days=1)
LATER = NOW + timedelta(days=2)


def request(
    tenant: uuid.UUID, *, project_id: uuid.UUID | None = None, by: uuid.UUID | None = None
) -> ReportRequest:
    return ReportRequest(
        tenant_id=tenant,
        generated_by=by or uuid.uuid4(),
        start=START,
        end=END,
        project_id=project_id,
    )


def new_key() -> SigningKey:
    return signing_key(Ed25519PrivateKey.generate())


def traced_record(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, budget: str = "10000.00"
) -> RecordRef:
    record = insert_record(engine, tenant, total_budget=Decimal(budget))
    with uow() as unit:
        record_change(
            unit,
            tenant,
            new_actor(),
            NOW - timedelta(hours=1),
            action="create",
            entity_type="project_finance",
            entity_id=record.id,
            project_id=record.project_id,
            after={"total_budget": {"amount": budget, "currency": record.currency}},
        )
    return record


def traced_cost_center(uow: UowFactory, engine: Engine, record: RecordRef) -> uuid.UUID:
    center = insert_cost_center(engine, record)
    with uow() as unit:
        record_change(
            unit,
            record.tenant_id,
            new_actor(),
            NOW - timedelta(hours=1),
            action="create",
            entity_type="cost_center",
            entity_id=center,
            project_id=record.project_id,
            after={"allocated_budget": "0", "currency": record.currency},
        )
    return center
