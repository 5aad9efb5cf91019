"""The records' use cases on SQLite and PostgreSQL: create (the project asked of main,
one record per project, an optional parent of the tenant), get, list (newest first,
pages) and delete, each change with its audit entry, and tenant isolation throughout.
Main is another backend: a small directory of known projects stands in for it here (the
e2e tests ask the real main)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.money import Money
from services.projectfinance.records import usecases
from services.runtime.errors import AlreadyExists, InvalidArgument, NotFound
from tests.services.projectfinance.records.support import (
    TOKEN,
    MainProjects,
    clock_at,
    create,
    draft,
)
from tests.services.projectfinance.support import NOW

PLACES, DECIMALS = "has more than", "decimal places for"
NOT_ISO = "is not an ISO 4217 currency code (e.g. EUR, USD)"


def violations(error: pytest.ExceptionInfo[InvalidArgument]) -> dict[str, str]:
    return {v.field: v.description for v in error.value.violations}


def test_create_stores_the_typed_in_fields_and_writes_its_audit_entry(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    project_id = main.add()
    shown = create(uow, tenant, actor, main, draft(project_id, revenue_model="milestone"))
    record = shown.record
    assert main.asked == [(TOKEN, project_id)]
    assert (record.tenant_id, record.project_id, record.parent_id) == (tenant, project_id, None)
    assert (record.revenue_model, record.total_budget) == (
        "milestone",
        Money(Decimal("10000.00"), "EUR"),
    )
    assert (record.created_by, record.created_at, record.updated_at) == (actor.user_id, NOW, NOW)
    # A fresh record is on plan: figures from no work at all.
    assert shown.figures.estimate_at_completion == Decimal("10000.00")
    assert shown.figures.cost_performance_index == 1
    assert shown.figures.health_status == "healthy"
    with uow() as unit:
        (entry,) = unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1))
    assert (entry.action, entry.entity_type, entry.entity_id) == (
        "create",
        "project_finance",
        record.id,
    )
    assert (entry.project_id, entry.actor, entry.before) == (project_id, actor, None)
    assert entry.after is not None
    assert entry.after["total_budget"] == {"amount": "10000.00", "currency": "EUR"}
    assert entry.after["revenue_model"] == "milestone"


def test_a_project_main_does_not_know_for_the_caller_is_refused(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    unknown = uuid.uuid4()
    elsewhere = main.add("token-of-another-tenant")
    for project_id in (unknown, elsewhere):
        with pytest.raises(InvalidArgument) as error:
            create(uow, tenant, actor, main, draft(project_id))
        assert violations(error) == {"project_id": f"no project {project_id} in this tenant"}
    with uow() as unit:
        assert unit.repos.records.listing(tenant, limit=10, offset=0) == ([], 0)
        assert unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1)) == []


@pytest.mark.parametrize(
    ("changes", "field", "why"),
    [
        ({"project_id": ""}, "project_id", "is required"),
        ({"project_id": "nope"}, "project_id", "'nope' is not a UUID"),
        ({"revenue_model": ""}, "revenue_model", "is required"),
        (
            {"revenue_model": "barter"},
            "revenue_model",
            "'barter' must be one of: fixed_price, time_and_materials, milestone, cost_plus",
        ),
        ({"budget_sent": False}, "total_budget", "is required"),
        ({"amount": ""}, "total_budget.amount", "is required"),
        ({"amount": "-1"}, "total_budget.amount", "-1 must be 0 or more"),
        ({"amount": "10.001"}, "total_budget.amount", f"10.001 {PLACES} 2 {DECIMALS} EUR"),
        ({"amount": "1.5", "currency": "JPY"}, "total_budget.amount", f"1.5 {PLACES} 0 {DECIMALS} JPY"),  # noqa: E501
        ({"amount": "abc"}, "total_budget.amount", "'abc' is not a decimal number"),
        ({"currency": ""}, "total_budget.currency", "is required"),
        ({"currency": "XYZ"}, "total_budget.currency", f"'XYZ' {NOT_ISO}"),
        ({"parent_id": "nope"}, "parent_id", "'nope' is not a UUID"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_naming_the_field_before_main_is_asked(
    uow: UowFactory,
    tenant: uuid.UUID,
    actor: Actor,
    main: MainProjects,
    changes: dict[str, Any],
    field: str,
    why: str,
) -> None:
    fields: dict[str, Any] = {"project_id": main.add(), **changes}
    project_id = fields.pop("project_id")
    with pytest.raises(InvalidArgument) as error:
        create(uow, tenant, actor, main, draft(project_id, **fields))
    assert violations(error) == {field: why}
    assert main.asked == []


def test_every_bad_field_is_named_at_once(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    with pytest.raises(InvalidArgument) as error:
        create(uow, tenant, actor, main, draft("", revenue_model="", budget_sent=False))
    assert set(violations(error)) == {"project_id", "revenue_model", "total_budget"}


def test_kwd_and_jpy_budgets_keep_their_currency_places(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    kwd = create(uow, tenant, actor, main, draft(main.add(), amount="1.250", currency="KWD"))
    jpy = create(uow, tenant, actor, main, draft(main.add(), amount="1500", currency="JPY"))
    assert kwd.record.total_budget == Money(Decimal("1.250"), "KWD")
    assert jpy.record.total_budget == Money(Decimal(1500), "JPY")


def test_one_record_per_project_of_a_tenant(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    project_id = main.add()
    create(uow, tenant, actor, main, draft(project_id))
    with pytest.raises(AlreadyExists, match=str(project_id)):
        create(uow, tenant, actor, main, draft(project_id, revenue_model="cost_plus"))
    # The same project id under another tenant is that tenant's business.
    other = uuid.uuid4()
    assert create(uow, other, actor, main, draft(project_id)).record.tenant_id == other
    with uow() as unit:
        assert len(unit.repos.audit.between(tenant, NOW, NOW + timedelta(seconds=1))) == 1


def test_a_parent_must_be_a_record_of_the_tenant(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    parent = create(uow, tenant, actor, main).record
    child = create(uow, tenant, actor, main, draft(main.add(), parent_id=str(parent.id)))
    assert child.record.parent_id == parent.id
    foreign = create(uow, uuid.uuid4(), actor, main).record
    for missing in (foreign.id, uuid.uuid4()):
        with pytest.raises(InvalidArgument) as error:
            create(uow, tenant, actor, main, draft(main.add(), parent_id=str(missing)))
        assert violations(error) == {
            "parent_id": f"no project finance record {missing} in this tenant"
        }


def test_get_answers_the_tenants_record_only(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    created = create(uow, tenant, actor, main)
    got = usecases.get_record(uow(), tenant, created.record.id, clock=clock_at())
    assert got == created
    for who, which in ((uuid.uuid4(), created.record.id), (tenant, uuid.uuid4())):
        with pytest.raises(NotFound, match=str(which)):
            usecases.get_record(uow(), who, which)


def test_list_pages_newest_first_and_shows_only_the_tenants_records(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    ids = [create(uow, tenant, actor, main, at=second).record.id for second in range(5)]
    create(uow, uuid.uuid4(), actor, main)  # another tenant's
    newest_first = ids[::-1]
    page = usecases.list_records(uow(), tenant, limit=2, offset=0)
    assert ([r.record.id for r in page.items], page.total, page.limit) == (newest_first[:2], 5, 2)
    page = usecases.list_records(uow(), tenant, limit=2, offset=4)
    assert [r.record.id for r in page.items] == newest_first[4:]
    page = usecases.list_records(uow(), tenant, limit=None, offset=0)
    assert (len(page.items), page.limit) == (5, 20)
    assert usecases.list_records(uow(), tenant, limit=10, offset=10).items == []
    assert usecases.list_records(uow(), uuid.uuid4(), limit=None, offset=0).total == 0


@pytest.mark.parametrize(
    ("limit", "offset", "field"), [(0, 0, "limit"), (101, 0, "limit"), (None, -1, "offset")]
)
def test_list_refuses_a_bad_page(
    uow: UowFactory, tenant: uuid.UUID, limit: int | None, offset: int, field: str
) -> None:
    with pytest.raises(InvalidArgument) as error:
        usecases.list_records(uow(), tenant, limit=limit, offset=offset)
    assert set(violations(error)) == {field}


def test_delete_removes_the_record_writes_its_entry_and_detaches_children(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    parent = create(uow, tenant, actor, main).record
    child = create(uow, tenant, actor, main, draft(main.add(), parent_id=str(parent.id))).record
    usecases.delete_record(uow(), tenant, actor, parent.id, clock=clock_at(1))
    with pytest.raises(NotFound):
        usecases.get_record(uow(), tenant, parent.id)
    assert usecases.get_record(uow(), tenant, child.id).record.parent_id is None
    with uow() as unit:
        entries = unit.repos.audit.between(
            tenant, NOW, NOW + timedelta(seconds=2), entity_ids=[parent.id]
        )
    assert [e.action for e in entries] == ["create", "delete"]
    deleted = entries[1]
    assert (deleted.project_id, deleted.after) == (parent.project_id, None)
    assert deleted.before is not None and deleted.before["id"] == str(parent.id)
    # Its project may have a record again.
    create(uow, tenant, actor, main, draft(parent.project_id))


def test_delete_of_a_missing_or_foreign_record_is_not_found(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor, main: MainProjects
) -> None:
    record = create(uow, tenant, actor, main).record
    for who, which in ((uuid.uuid4(), record.id), (tenant, uuid.uuid4())):
        with pytest.raises(NotFound):
            usecases.delete_record(uow(), who, actor, which)
    assert usecases.get_record(uow(), tenant, record.id).record == record
