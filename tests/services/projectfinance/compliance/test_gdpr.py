"""The GDPR Article 30 report lists every Article 30(1) item, for every processing
activity of the registry: controller (the tenant) and processor, purposes, categories
of data subjects and of personal data, recipients, third-country transfers, retention
periods and the technical and organisational security measures."""

from __future__ import annotations

import uuid

from services.projectfinance.compliance import usecases
from services.projectfinance.compliance.domain import gdpr_registry
from services.projectfinance.compliance.domain.reports import GDPR_ARTICLE_30
from services.projectfinance.kernel.dependencies import UowFactory
from tests.services.projectfinance.compliance.support import LATER, request

ACTIVITY_ITEMS = (
    "purpose",  # 30(1)(b)
    "data_categories",  # 30(1)(c)
    "recipients",  # 30(1)(d)
    "transfers",  # 30(1)(e)
    "retention_period",  # 30(1)(f)
    "security_measures",  # 30(1)(g)
)


def test_every_article_30_1_item_is_listed(uow: UowFactory, tenant: uuid.UUID) -> None:
    project = uuid.uuid4()
    stored = usecases.create_gdpr_report(
        uow(), request(tenant, project_id=project), clock=lambda: LATER
    )
    report = stored.document
    assert stored.kind == GDPR_ARTICLE_30
    assert report["framework"] == "GDPR Article 30" and report["project_id"] == str(project)
    # (a) the controller and the processor.
    controller = report["metadata"]["controller"]
    assert controller["role"] == "controller" and controller["tenant_id"] == str(tenant)
    assert report["metadata"]["processor"]["role"] == "processor"
    assert report["metadata"]["processor"]["name"]
    # (b)-(g) for each activity.
    activities = report["data_processing_activities"]
    assert [a["activity_id"] for a in activities] == [
        a.activity_id for a in gdpr_registry.ACTIVITIES
    ]
    for activity in activities:
        for item in ACTIVITY_ITEMS:
            assert activity[item], (activity["activity_id"], item)
        assert activity["metadata"]["legal_basis"].startswith("Article 6(1)")
        assert activity["metadata"]["data_subjects"] and activity["metadata"]["stores"]
    # (c) and (g) over all activities; the legal basis and retention.
    for item in (
        "data_subjects",
        "personal_data_categories",
        "technical_measures",
        "organizational_measures",
        "legal_basis",
        "retention_period",
        "retention_justification",
    ):
        assert report[item], item


def test_the_registry_names_what_finplat_really_processes() -> None:
    categories = {c for a in gdpr_registry.ACTIVITIES for c in a.data_categories}
    for needed in ("email address", "password hash", "IP address", "bank statement files"):
        assert needed in categories
    stores = " ".join(s for a in gdpr_registry.ACTIVITIES for s in a.stores)
    for table in (
        "main.users",
        "main.sessions",
        "main.security_events",
        "analytics.transactions",
        "projectfinance.audit_entries",
        "expense.expenses",
    ):
        assert table in stores
