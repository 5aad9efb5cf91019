"""The audit trail report: the period's entries narrowed by event type, project and user,
their histogram and distinct users, the integrity of the tenant's whole chain (an
altered and a removed entry are named; the filters never narrow what is verified), and
the stored report read back for its own tenant only."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine

from services.projectfinance.audit.usecases import record_change
from services.projectfinance.compliance import usecases
from services.projectfinance.compliance.domain.audit_trail import (
    AuditTrailFilters,
    changes,
    checked_event_types,
)
from services.projectfinance.compliance.domain.reports import (
    AUDIT_TRAIL,
    SOX_404,
    checked_period,
)
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.runtime.errors import InvalidArgument, NotFound
from tests.services.projectfinance.audit.tampering import behind_the_log
from tests.services.projectfinance.compliance.support import END, LATER, START, request
from tests.services.projectfinance.support import NOW, new_actor

NO_FILTERS = AuditTrailFilters(event_types=(), user_id=None)


def change(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    *,
    at: Any = NOW,
    action: str = "update",
    entity_type: str = "phase",
    project_id: uuid.UUID | None = None,
) -> uuid.UUID:
    entity = uuid.uuid4()
    with uow() as unit:
        record_change(
            unit,
            tenant,
            actor,
            at,
            action=action,
            entity_type=entity_type,
            entity_id=entity,
            project_id=project_id,
            before={"name": "old", "budget": "1.00"},
            after={"name": "new", "budget": "1.00"},
        )
    return entity


def trail(
    uow: UowFactory, tenant: uuid.UUID, filters: AuditTrailFilters = NO_FILTERS, **kw: Any
) -> dict[str, Any]:
    stored = usecases.create_audit_trail(uow(), request(tenant, **kw), filters, clock=lambda: LATER)
    return stored.document


def test_the_period_s_entries_with_histogram_and_users(uow: UowFactory, tenant: uuid.UUID) -> None:
    alice, bob = new_actor(), new_actor()
    project = uuid.uuid4()
    change(uow, tenant, alice, project_id=project)
    change(uow, tenant, alice, action="create", entity_type="milestone")
    change(uow, tenant, bob, project_id=project)
    change(uow, tenant, bob, at=START - timedelta(seconds=1))  # before the period
    change(uow, tenant, bob, at=END)  # the end is exclusive
    change(uow, uuid.uuid4(), bob)  # another tenant's
    report = trail(uow, tenant, by=alice.user_id)
    assert report["total_entries"] == 3 and report["unique_users"] == 2
    assert report["event_types"] == {"milestone.create": 1, "phase.update": 2}
    assert report["generated_by"] == str(alice.user_id) and report["tenant_id"] == str(tenant)
    assert report["report_period"]["start_date"] == START.isoformat()
    first = report["audit_entries"][0]
    assert first["aggregate_type"] == "project" and first["aggregate_id"] == str(project)
    assert first["resource_type"] == "phase" and first["user_id"] == str(alice.user_id)
    assert first["changes"] == {"name": {"before": "old", "after": "new"}}
    assert first["ip_address"] == alice.ip_address and first["correlation_id"]
    assert first["metadata"]["seq"] == 1 and first["event_id"] == first["metadata"]["entry_hash"]
    assert report["metadata"]["integrity"]["verified"] is True
    assert report["metadata"]["integrity"]["checked_entries"] == 5


def test_filters_narrow_the_listing(uow: UowFactory, tenant: uuid.UUID) -> None:
    alice, bob = new_actor(), new_actor()
    project = uuid.uuid4()
    change(uow, tenant, alice, project_id=project)
    change(uow, tenant, alice, action="create", entity_type="milestone", project_id=project)
    change(uow, tenant, bob, project_id=project)
    change(uow, tenant, bob)
    by_type = trail(uow, tenant, AuditTrailFilters(("milestone.create",), None))
    assert by_type["total_entries"] == 1 and by_type["event_types"] == {"milestone.create": 1}
    by_user = trail(uow, tenant, AuditTrailFilters((), bob.user_id), project_id=project)
    assert by_user["total_entries"] == 1 and by_user["project_id"] == str(project)
    assert by_user["metadata"]["filters"]["user_id"] == str(bob.user_id)
    # The chain is verified whole whatever is listed.
    assert by_user["metadata"]["integrity"]["checked_entries"] == 4


def test_an_altered_and_a_removed_entry_are_reported(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID
) -> None:
    actor = new_actor()
    for _ in range(4):
        change(uow, tenant, actor)
    with uow() as unit:
        ids = [c.entry.id for c in unit.repos.audit.chain(tenant)]
    behind_the_log(engine, "UPDATE audit_entries SET user_agent = 'x' WHERE id = :id", id=ids[0])
    behind_the_log(engine, "DELETE FROM audit_entries WHERE id = :id", id=ids[2])
    # Filtered to nothing, the report still verifies (and fails) the whole chain.
    report = trail(uow, tenant, AuditTrailFilters(("nothing.matches",), None))
    integrity = report["metadata"]["integrity"]
    assert report["total_entries"] == 0 and integrity["verified"] is False
    assert [(b["reason"], b["entry_id"]) for b in integrity["breaks"]] == [
        ("altered", str(ids[0])),
        ("removed", str(ids[3])),
    ]
    assert integrity["broken_at"] == [str(ids[0]), str(ids[3])]


def test_a_stored_report_is_read_back_by_its_tenant_only(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    change(uow, tenant, new_actor())
    report = trail(uow, tenant)
    report_id = uuid.UUID(report["report_id"])
    assert usecases.get_report(uow(), tenant, AUDIT_TRAIL, report_id).document == report
    with pytest.raises(NotFound):
        usecases.get_report(uow(), uuid.uuid4(), AUDIT_TRAIL, report_id)
    with pytest.raises(NotFound):
        usecases.get_report(uow(), tenant, SOX_404, report_id)


def test_bad_periods_and_event_types_are_refused() -> None:
    with pytest.raises(InvalidArgument) as refused:
        checked_period(END, START)
    assert [v.field for v in refused.value.violations] == ["end_date"]
    with pytest.raises(InvalidArgument):
        checked_period(NOW, NOW)
    with pytest.raises(InvalidArgument) as refused:
        checked_period(None, None)
    assert [v.field for v in refused.value.violations] == ["start_date", "end_date"]
    with pytest.raises(InvalidArgument) as refused:
        checked_event_types(["ok.type", " ", "x" * 101])
    assert [v.field for v in refused.value.violations] == ["event_types[1]", "event_types[2]"]
    with pytest.raises(InvalidArgument):
        checked_event_types(["a"] * 51)
    assert checked_event_types(["a.b", "a.b "]) == ("a.b",)


def test_changes_name_each_field_that_differs() -> None:
    assert changes(None, {"a": 1}) == {"a": {"before": None, "after": 1}}
    assert changes({"a": 1, "b": 2}, {"a": 1, "b": 3}) == {"b": {"before": 2, "after": 3}}
    assert changes({"a": 1}, None) == {"a": {"before": 1, "after": None}}
