"""What the three compliance reports share: their kinds, the period a report covers and
its checks, the header every report carries, and the report as stored — a JSON
document (plain values: ids and moments as text) that POST answers and GET reads back
unchanged."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from services.projectfinance.audit.domain import snapshot
from services.runtime.errors import FieldViolation, raise_if_any

AUDIT_TRAIL: Final = "audit_trail"
GDPR_ARTICLE_30: Final = "gdpr_article_30"
SOX_404: Final = "sox_404"
KINDS: Final = (AUDIT_TRAIL, GDPR_ARTICLE_30, SOX_404)


@dataclass(frozen=True)
class ReportPeriod:
    start_date: datetime
    end_date: datetime
    label: str


@dataclass(frozen=True)
class ReportRequest:
    """What every report is asked for: the period [start, end) and optionally one of
    main's projects."""

    tenant_id: uuid.UUID
    generated_by: uuid.UUID
    start: datetime
    end: datetime
    project_id: uuid.UUID | None


@dataclass(frozen=True)
class StoredReport:
    id: uuid.UUID
    tenant_id: uuid.UUID
    kind: str
    generated_by: uuid.UUID
    generated_at: datetime
    document: dict[str, Any]


def checked_period(start: datetime | None, end: datetime | None) -> tuple[datetime, datetime]:
    """Both moments required; the end after the start."""
    problems: list[FieldViolation] = []
    if start is None:
        problems.append(FieldViolation("start_date", "is required"))
    if end is None:
        problems.append(FieldViolation("end_date", "is required"))
    if start is not None and end is not None and end <= start:
        problems.append(
            FieldViolation(
                "end_date", f"{end.isoformat()} must be after start_date {start.isoformat()}"
            )
        )
    raise_if_any(problems)
    assert start is not None and end is not None  # raise_if_any raised otherwise
    return start, end


def period_of(request: ReportRequest) -> ReportPeriod:
    return ReportPeriod(
        start_date=request.start,
        end_date=request.end,
        label=f"{request.start.date().isoformat()} to {request.end.date().isoformat()}",
    )


@dataclass(frozen=True)
class ReportHeader:
    """The fields every report starts with (spec 3 repeats them in each report body)."""

    report_id: uuid.UUID
    tenant_id: uuid.UUID
    generated_at: datetime
    generated_by: uuid.UUID
    report_period: ReportPeriod
    project_id: uuid.UUID | None


def header(
    request: ReportRequest, *, report_id: uuid.UUID, generated_at: datetime
) -> dict[str, Any]:
    """The header of a report asked for by `request`, as keywords for its constructor."""
    return {
        "report_id": report_id,
        "tenant_id": request.tenant_id,
        "generated_at": generated_at,
        "generated_by": request.generated_by,
        "report_period": period_of(request),
        "project_id": request.project_id,
    }


def document(report: Any) -> dict[str, Any]:
    """A report dataclass as its stored JSON document (audit.domain.snapshot's plain
    values: the field names are the API's)."""
    plain = snapshot(report)
    assert plain is not None
    return plain
