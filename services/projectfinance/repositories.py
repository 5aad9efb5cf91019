"""The project-finance backend's one repository bundle: what `uow.repos` exposes to use
cases."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from services.projectfinance.audit.repository import AuditRepository
from services.projectfinance.records.repository import RecordRepository


@dataclass(frozen=True)
class Repositories:
    audit: AuditRepository
    records: RecordRepository


def repositories(session: Session) -> Repositories:
    return Repositories(audit=AuditRepository(session), records=RecordRepository(session))
