"""A cost center's checks, updates and the allocation rule, as pure functions."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest

from services.projectfinance.cost_centers import domain as rules
from services.projectfinance.cost_centers.domain import (
    CostCenter,
    CostCenterDraft,
    CostCenterPatch,
)
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.work import CostCenterWork, RecordRef
from services.runtime.errors import FailedPrecondition, InvalidArgument
from tests.services.projectfinance.support import NOW

RECORD = RecordRef(
    id=uuid.uuid4(),
    tenant_id=uuid.uuid4(),
    project_id=uuid.uuid4(),
    currency="EUR",
    total_budget=Decimal("1000.00"),
)


def center(*, allocated: str = "0", active: bool = True) -> CostCenter:
    return CostCenter(
        id=uuid.uuid4(),
        tenant_id=RECORD.tenant_id,
        record_id=RECORD.id,
        code="DEV",
        name="Development",
        description="",
        currency="EUR",
        allocated_budget=Decimal(allocated),
        is_active=active,
        created_at=NOW,
        updated_at=NOW,
    )


def work(*allocations: str) -> list[CostCenterWork]:
    return [CostCenterWork(uuid.uuid4(), RECORD.id, Decimal(a), True) for a in allocations]


def fields(error: InvalidArgument) -> dict[str, str]:
    return {v.field: v.description for v in error.violations}


def test_a_draft_takes_the_records_currency_and_trims_its_text() -> None:
    new = rules.new_cost_center(CostCenterDraft(code="OPS.1", name="  Ops  "), RECORD)
    assert (new.code, new.name, new.description, new.currency) == ("OPS.1", "Ops", "", "EUR")
    same = rules.new_cost_center(CostCenterDraft(code="A", name="A", currency="EUR"), RECORD)
    assert same.currency == "EUR"


@pytest.mark.parametrize(
    ("draft", "field", "why"),
    [
        (CostCenterDraft(code="", name="x"), "code", "is required"),
        (CostCenterDraft(code="dev", name="x"), "code", "capital letters"),
        (CostCenterDraft(code="-DEV", name="x"), "code", "starting with"),
        (CostCenterDraft(code="A" * 21, name="x"), "code", "at most 20"),
        (CostCenterDraft(code="DEV", name="   "), "name", "is required"),
        (CostCenterDraft(code="DEV", name="x" * 201), "name", "at most 200"),
        (CostCenterDraft(code="DEV", name="a\u202eb"), "name", "control characters"),
        (CostCenterDraft(code="DEV", name="x", description="d" * 2001), "description", "2000"),
        (CostCenterDraft(code="DEV", name="x", currency="XYZ"), "currency", "ISO 4217"),
        (CostCenterDraft(code="DEV", name="x", currency="USD"), "currency", "one currency"),
    ],
)
def test_a_bad_draft_names_the_field(draft: CostCenterDraft, field: str, why: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        rules.new_cost_center(draft, RECORD)
    assert why in fields(caught.value)[field]


def test_every_problem_of_a_draft_is_told_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        rules.new_cost_center(CostCenterDraft(code="x", name="", currency="USD"), RECORD)
    assert set(fields(caught.value)) == {"code", "name", "currency"}


def test_an_update_changes_only_what_is_sent() -> None:
    later = NOW + timedelta(hours=1)
    before = center()
    after = rules.updated(before, CostCenterPatch(is_active=False), later)
    assert (after.name, after.is_active, after.updated_at) == (before.name, False, later)
    renamed = rules.updated(before, CostCenterPatch(name=" QA ", description=""), later)
    assert (renamed.name, renamed.description, renamed.is_active) == ("QA", "", True)
    with pytest.raises(InvalidArgument) as caught:
        rules.updated(before, CostCenterPatch(name=" "), later)
    assert set(fields(caught.value)) == {"name"}


def test_the_unallocated_budget_is_the_total_less_every_allocation() -> None:
    assert rules.unallocated(RECORD, work("100.00", "250.50")) == Money(Decimal("649.50"), "EUR")
    assert rules.unallocated(RECORD, []) == Money(Decimal("1000.00"), "EUR")


def test_an_allocation_may_take_the_last_cent() -> None:
    mine = center(allocated="400.00")
    amount = rules.allocation_amount("599.99", "EUR", RECORD)
    after = rules.allocated(mine, amount, RECORD, work("400.00", "0.01"), NOW)
    assert after.allocated_budget == Decimal("999.99")


def test_an_allocation_beyond_the_unallocated_budget_names_the_amount() -> None:
    amount = rules.allocation_amount("600.00", "EUR", RECORD)
    with pytest.raises(InvalidArgument) as caught:
        rules.allocated(center(), amount, RECORD, work("400.01"), NOW)
    assert fields(caught.value) == {
        "amount.amount": "600.00 EUR exceeds the record's unallocated budget of 599.99 EUR"
    }


def test_an_inactive_cost_center_takes_no_allocation() -> None:
    amount = rules.allocation_amount("1", "EUR", RECORD)
    with pytest.raises(FailedPrecondition):
        rules.allocated(center(active=False), amount, RECORD, [], NOW)


@pytest.mark.parametrize(
    ("amount", "currency", "field", "why"),
    [
        ("0", "EUR", "amount.amount", "greater than 0"),
        ("-5", "EUR", "amount.amount", "greater than 0"),
        ("1.001", "EUR", "amount.amount", "more than 2 decimal places"),
        ("", "EUR", "amount.amount", "is required"),
        ("abc", "EUR", "amount.amount", "not a decimal"),
        ("1", "XYZ", "amount.currency", "ISO 4217"),
        ("1", "USD", "amount.currency", "one currency per record"),
        ("1", "", "amount.currency", "is required"),
    ],
)
def test_a_bad_allocation_amount_names_the_field(
    amount: str, currency: str, field: str, why: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        rules.allocation_amount(amount, currency, RECORD)
    assert why in fields(caught.value)[field]
