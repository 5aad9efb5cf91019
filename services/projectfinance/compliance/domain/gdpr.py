"""The GDPR Article 30 report: the registry (gdpr_registry) as spec 3's GDPR response,
for the caller's tenant as controller. The registry is platform-wide, so `project_id`
only says which project the report was asked for; `metadata` names the controller and
processor, the article, and each activity's legal basis and stores."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from services.projectfinance.compliance.domain import gdpr_registry as registry
from services.projectfinance.compliance.domain.reports import (
    ReportHeader,
    ReportRequest,
    header,
)


@dataclass(frozen=True)
class DataProcessingActivity:
    activity_id: str
    activity_name: str
    purpose: str
    retention_period: str
    data_categories: list[str]
    recipients: list[str]
    security_measures: list[str]
    transfers: list[str]
    metadata: dict[str, Any]


@dataclass(frozen=True)
class GdprReport(ReportHeader):
    framework: str
    legal_basis: str
    retention_period: str
    retention_justification: str
    data_processing_activities: list[DataProcessingActivity]
    data_subjects: list[str]
    personal_data_categories: list[str]
    technical_measures: list[str]
    organizational_measures: list[str]
    metadata: dict[str, Any]


def _union(groups: Iterable[Iterable[str]]) -> list[str]:
    """Every item of the groups once, in order of first appearance."""
    return list(dict.fromkeys(item for group in groups for item in group))


def gdpr_report(
    request: ReportRequest, *, report_id: uuid.UUID, generated_at: datetime
) -> GdprReport:
    activities = registry.ACTIVITIES
    return GdprReport(
        **header(request, report_id=report_id, generated_at=generated_at),
        framework=registry.FRAMEWORK,
        legal_basis="; ".join(dict.fromkeys(a.legal_basis for a in activities)),
        retention_period=registry.RETENTION_PERIOD,
        retention_justification=registry.RETENTION_JUSTIFICATION,
        data_processing_activities=[
            DataProcessingActivity(
                activity_id=a.activity_id,
                activity_name=a.activity_name,
                purpose=a.purpose,
                retention_period=a.retention_period,
                data_categories=list(a.data_categories),
                recipients=list(a.recipients),
                security_measures=list(a.security_measures),
                transfers=list(a.transfers),
                metadata={
                    "legal_basis": a.legal_basis,
                    "data_subjects": list(a.data_subjects),
                    "stores": list(a.stores),
                },
            )
            for a in activities
        ],
        data_subjects=_union(a.data_subjects for a in activities),
        personal_data_categories=_union(a.data_categories for a in activities),
        technical_measures=list(registry.TECHNICAL_MEASURES),
        organizational_measures=list(registry.ORGANISATIONAL_MEASURES),
        metadata={
            "article": registry.ARTICLE,
            "controller": {
                "role": "controller",
                "tenant_id": str(request.tenant_id),
                "name_and_contact": "the tenant's own (its organisation profile in finplat)",
            },
            "processor": {
                "role": registry.PROCESSOR.role,
                "name": registry.PROCESSOR.name,
                "contact": registry.PROCESSOR.contact,
            },
            "third_country_transfers": list(registry.NO_TRANSFERS),
        },
    )
