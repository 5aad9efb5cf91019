"""Stored compliance reports (scoped by tenant through db.scoping: another tenant's
report is a missing one) and the generated signing key."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select

from db.scoping import select_owned
from db.tenant_repository import TenantRepository
from services.projectfinance.compliance.domain.reports import StoredReport
from services.projectfinance.compliance.tables import (
    ComplianceReportRow,
    ComplianceSigningKeyRow,
)

# The one generated key's row.
SLOT = "default"


class ComplianceRepository(TenantRepository):
    def add(self, report: StoredReport) -> None:
        self._session.add(
            ComplianceReportRow(
                id=report.id,
                tenant_id=report.tenant_id,
                kind=report.kind,
                generated_by=report.generated_by,
                generated_at=report.generated_at,
                document=report.document,
            )
        )

    def get(self, tenant_id: uuid.UUID, kind: str, report_id: uuid.UUID) -> StoredReport | None:
        row = self._session.scalar(
            select_owned(
                ComplianceReportRow,
                tenant_id,
                ComplianceReportRow.id == report_id,
                ComplianceReportRow.kind == kind,
            )
        )
        if row is None:
            return None
        return StoredReport(
            id=row.id,
            tenant_id=row.tenant_id,
            kind=row.kind,
            generated_by=row.generated_by,
            generated_at=row.generated_at,
            document=row.document,
        )

    def signing_key_pem(self) -> str | None:
        pem: str | None = self._session.scalar(
            select(ComplianceSigningKeyRow.private_key_pem).where(
                ComplianceSigningKeyRow.slot == SLOT
            )
        )
        return pem

    def keep_signing_key(self, kid: str, private_key_pem: str, now: datetime) -> None:
        """Keep a generated key unless another process kept one first (theirs wins)."""
        self._session.execute(
            self._insert(ComplianceSigningKeyRow)
            .values(slot=SLOT, kid=kid, private_key_pem=private_key_pem, created_at=now)
            .on_conflict_do_nothing(index_elements=[ComplianceSigningKeyRow.slot])
        )
