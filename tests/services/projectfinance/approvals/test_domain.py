"""The approvals' rules without storage: a request's checks, the moves out of pending
with segregation of duties, and the thresholds."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest

from services.projectfinance.approvals.domain import decisions, thresholds
from services.projectfinance.approvals.domain.entities import ENTITY_TYPES
from services.projectfinance.approvals.domain.requests import (
    APPROVED,
    CANCELLED,
    PENDING,
    REJECTED,
    Approval,
    RequestDraft,
    checked_notes,
    checked_request,
    new_approval,
)
from services.projectfinance.kernel.money import Money
from services.runtime.errors import FailedPrecondition, InvalidArgument, PermissionDenied
from tests.services.projectfinance.support import NOW

REQUESTER, APPROVER = uuid.uuid4(), uuid.uuid4()
LATER = NOW + timedelta(hours=1)


def pending() -> Approval:
    return Approval(
        id=uuid.uuid4(),
        tenant_id=uuid.uuid4(),
        record_id=uuid.uuid4(),
        entity_type="budget_allocation",
        entity_id=uuid.uuid4(),
        description="More budget for phase 2",
        amount_minor=750000,
        currency="EUR",
        metadata={},
        status=PENDING,
        requester_id=REQUESTER,
        approver_id=None,
        notes="",
        approved_at=None,
        rejected_at=None,
        created_at=NOW,
        updated_at=NOW,
    )


def fields(error: InvalidArgument) -> set[str]:
    return {v.field for v in error.violations}


# -- requests ------------------------------------------------------------------------------


def test_a_request_is_checked_and_trimmed() -> None:
    entity = uuid.uuid4()
    checked = checked_request(
        RequestDraft(
            description="  Raise the budget \n by 5k  ",
            entity_type="scope_change",
            entity_id=str(entity),
            amount="5000.50",
            currency="EUR",
            metadata={"ticket": "FIN-1"},
        )
    )
    assert checked.description == "Raise the budget\nby 5k"
    assert (checked.entity_type, checked.entity_id) == ("scope_change", entity)
    assert checked.amount == Money(Decimal("5000.50"), "EUR")
    assert checked.metadata == {"ticket": "FIN-1"}
    assert checked_request(RequestDraft("x", "budget_allocation", str(entity))).amount is None


def test_every_problem_of_a_request_is_named_at_once() -> None:
    with pytest.raises(InvalidArgument) as refused:
        checked_request(RequestDraft("  ", "budget", "not-a-uuid", amount="-1", currency="EUR"))
    assert fields(refused.value) == {"description", "entity_type", "entity_id", "amount.amount"}
    with pytest.raises(InvalidArgument) as missing:
        checked_request(RequestDraft("", "", ""))
    assert fields(missing.value) == {"description", "entity_type", "entity_id"}


@pytest.mark.parametrize(
    ("amount", "currency", "field"),
    [
        ("0", "EUR", "amount.amount"),
        ("1.001", "EUR", "amount.amount"),
        ("1.5", "JPY", "amount.amount"),
        ("10", "XYZ", "amount.currency"),
        ("10", "", "amount.currency"),
        ("", "EUR", "amount.amount"),
    ],
)
def test_an_amount_is_above_zero_in_a_real_currency(amount: str, currency: str, field: str) -> None:
    with pytest.raises(InvalidArgument) as refused:
        checked_request(RequestDraft("x", "budget_allocation", str(uuid.uuid4()), amount, currency))
    assert field in fields(refused.value)


@pytest.mark.parametrize(
    "metadata",
    [
        {f"k{i}": i for i in range(51)},
        {"blob": "x" * 10 * 1024},
        {"n": float("nan")},
    ],
)
def test_metadata_stays_small(metadata: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument) as refused:
        checked_request(
            RequestDraft("x", "budget_allocation", str(uuid.uuid4()), metadata=metadata)
        )
    assert fields(refused.value) == {"metadata"}


def test_metadata_at_the_limits_is_accepted() -> None:
    many = {f"k{i}": i for i in range(50)}
    assert (
        checked_request(
            RequestDraft("x", "budget_allocation", str(uuid.uuid4()), metadata=many)
        ).metadata
        == many
    )


@pytest.mark.parametrize("text", ["", "   ", "x" * 2001, "bad\x00byte", "hidden\u202etext"])
def test_description_and_notes_are_visible_text_of_1_to_2000_characters(text: str) -> None:
    with pytest.raises(InvalidArgument) as refused:
        checked_notes(text)
    assert fields(refused.value) == {"notes"}
    with pytest.raises(InvalidArgument) as described:
        checked_request(RequestDraft(text, "scope_change", str(uuid.uuid4())))
    assert fields(described.value) == {"description"}


# -- decisions -----------------------------------------------------------------------------


def test_approving_records_the_approver_and_notes() -> None:
    approved = decisions.decided(pending(), approve=True, by=APPROVER, notes="ok", now=LATER)
    assert (approved.status, approved.approver_id, approved.notes) == (APPROVED, APPROVER, "ok")
    assert (approved.approved_at, approved.rejected_at, approved.updated_at) == (LATER, None, LATER)


def test_rejecting_records_the_reason() -> None:
    rejected = decisions.decided(pending(), approve=False, by=APPROVER, notes="no", now=LATER)
    assert (rejected.status, rejected.approver_id, rejected.notes) == (REJECTED, APPROVER, "no")
    assert (rejected.approved_at, rejected.rejected_at) == (None, LATER)


@pytest.mark.parametrize("approve", [True, False])
def test_the_requester_never_decides_their_own_request(approve: bool) -> None:
    with pytest.raises(PermissionDenied, match="segregation of duties"):
        decisions.decided(pending(), approve=approve, by=REQUESTER, notes="mine", now=LATER)


@pytest.mark.parametrize("status", [APPROVED, REJECTED, CANCELLED])
@pytest.mark.parametrize("approve", [True, False])
def test_only_a_pending_request_is_decided(status: str, approve: bool) -> None:
    with pytest.raises(FailedPrecondition, match=f"is {status}"):
        decisions.decided(
            replace(pending(), status=status), approve=approve, by=APPROVER, notes="x", now=LATER
        )


def test_the_requester_or_an_approver_cancels() -> None:
    own = decisions.cancelled(pending(), by=REQUESTER, may_approve=False, now=LATER)
    assert (own.status, own.updated_at, own.approver_id) == (CANCELLED, LATER, None)
    by_approver = decisions.cancelled(pending(), by=APPROVER, may_approve=True, now=LATER)
    assert by_approver.status == CANCELLED
    with pytest.raises(PermissionDenied, match="only by its requester"):
        decisions.cancelled(pending(), by=uuid.uuid4(), may_approve=False, now=LATER)


@pytest.mark.parametrize("status", [APPROVED, REJECTED, CANCELLED])
def test_only_a_pending_request_is_cancelled(status: str) -> None:
    with pytest.raises(FailedPrecondition):
        decisions.cancelled(
            replace(pending(), status=status), by=REQUESTER, may_approve=True, now=LATER
        )


# -- thresholds ----------------------------------------------------------------------------


def test_the_defaults_cover_every_entity_type_in_order() -> None:
    listed = thresholds.thresholds({})
    assert [t.entity_type for t in listed] == list(ENTITY_TYPES)
    assert {t.entity_type: t.amount_minor for t in listed} == {
        "budget_allocation": 500000,
        "progress_invoice": 1000000,
        "milestone_invoice": 1000000,
        "scope_change": 0,
        "cost_center_allocation": 250000,
    }
    assert all(t.is_default for t in listed)


def test_a_tenants_own_threshold_replaces_the_default() -> None:
    own = thresholds.threshold_of({"budget_allocation": 100}, "budget_allocation")
    assert (own.amount_minor, own.is_default) == (100, False)
    assert thresholds.threshold_of({"budget_allocation": 100}, "scope_change").is_default


@pytest.mark.parametrize(
    ("amount", "required"), [(None, True), (499999, False), (500000, True), (500001, True)]
)
def test_approval_is_required_without_an_amount_or_from_the_threshold(
    amount: int | None, required: bool
) -> None:
    threshold = thresholds.threshold_of({}, "budget_allocation")
    assert thresholds.approval_required(threshold, amount) is required


def test_a_zero_threshold_always_requires_approval() -> None:
    assert thresholds.approval_required(thresholds.threshold_of({}, "scope_change"), 0)


def test_a_thresholds_id_is_stable_per_tenant_and_type() -> None:
    tenant = uuid.uuid4()
    same = thresholds.threshold_id(tenant, "scope_change")
    assert same == thresholds.threshold_id(tenant, "scope_change")
    assert same != thresholds.threshold_id(tenant, "budget_allocation")
    assert same != thresholds.threshold_id(uuid.uuid4(), "scope_change")


def test_threshold_input_is_checked() -> None:
    with pytest.raises(InvalidArgument, match="entity_type"):
        thresholds.checked_entity_type("refund")
    with pytest.raises(InvalidArgument, match="entity_type: is required"):
        thresholds.checked_entity_type("")
    with pytest.raises(InvalidArgument, match="amount_minor: is required"):
        thresholds.checked_threshold(None)
    with pytest.raises(InvalidArgument, match="amount_minor"):
        thresholds.checked_amount_minor(-1)
    assert thresholds.checked_threshold(0) == 0


@pytest.mark.parametrize(
    ("amount", "currency", "minor"),
    [("7500.5", "EUR", 750050), ("1500", "JPY", 1500), ("1.25", "KWD", 1250), (None, None, None)],
)
def test_a_new_request_is_pending_with_its_amount_in_minor_units(
    amount: str | None, currency: str | None, minor: int | None
) -> None:
    record, requester = uuid.uuid4(), uuid.uuid4()
    checked = checked_request(
        RequestDraft("x", "progress_invoice", str(uuid.uuid4()), amount, currency)
    )
    made = new_approval(
        checked, tenant_id=uuid.uuid4(), record_id=record, requester_id=requester, now=NOW
    )
    assert (made.status, made.record_id, made.requester_id) == (PENDING, record, requester)
    assert (made.amount_minor, made.currency) == (minor, currency)
    assert (made.approver_id, made.notes, made.approved_at, made.rejected_at) == (
        None,
        "",
        None,
        None,
    )
    assert made.created_at == made.updated_at == NOW
