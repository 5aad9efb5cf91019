"""BudgetService through the real runtime server (every interceptor), serving only the
budgets capability: every RPC, isolation and bad input as gRPC clients see them
(including what the edge never lets through: enum numbers outside the enum, unset
required fields, malformed ids)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from datetime import date

import grpc
import pytest
from finplat.analytics.v1 import budgets_pb2 as pb
from finplat.analytics.v1 import budgets_pb2_grpc
from google.type import date_pb2

from services.analytics.budgets import CAPABILITY
from tests.services.analytics.budgets.support import clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import default_categories
from tests.services.analytics.serving import as_user, refusal, registered, serving
from tests.services.analytics.suggestions.support import Row, store

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
Stub = budgets_pb2_grpc.BudgetServiceStub


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _day(day: date) -> date_pb2.Date:
    return date_pb2.Date(year=day.year, month=day.month, day=day.day)


def _create(stub: Stub, user: uuid.UUID = ALICE, **fields: object) -> pb.Budget:
    values: dict[str, object] = {
        "name": "Household",
        "total_amount": "500.00",
        "period": pb.BUDGET_PERIOD_MONTHLY,
        "start_date": _day(date(2026, 3, 1)),
    }
    values.update(fields)
    reply: pb.CreateBudgetResponse = stub.CreateBudget(
        pb.CreateBudgetRequest(**values),  # type: ignore[arg-type]
        metadata=as_user(user),
    )
    return reply.budget


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.BudgetService",)


def test_every_operation(uow: UowFactory, stub: Stub) -> None:
    keys = default_categories(uow, ALICE)
    store(
        uow,
        ALICE,
        [
            Row(date(2026, 3, 2), "-120.40", "ALBERT HEIJN", "Albert Heijn", "groceries"),
            Row(date(2026, 3, 3), "-7.60", "KIOSK"),
        ],
    )
    made = _create(
        stub,
        categories=[pb.BudgetAllocationInput(category_id=str(keys["food"]), amount="300")],
    )
    assert (made.name, made.total_amount, made.allocated_amount) == (
        "Household",
        "500.00",
        "300.00",
    )
    assert (made.end_date.year, made.end_date.month, made.end_date.day) == (2026, 3, 31)
    assert (made.is_active, made.auto_renew, made.include_recurring) == (True, False, True)
    assert made.notify_threshold == 80.0
    assert not made.HasField("spent") and not made.HasField("calculated_at")
    assert not made.HasField("description") and not made.HasField("renewed_from_id")
    assert [(a.category_name, a.amount) for a in made.categories] == [("Food", "300.00")]

    got = stub.GetBudget(pb.GetBudgetRequest(id=made.id), metadata=as_user(ALICE)).budget
    assert got == made
    listed = stub.ListBudgets(pb.ListBudgetsRequest(), metadata=as_user(ALICE))
    assert [b.id for b in listed.data] == [made.id]
    assert (listed.pagination.total, listed.pagination.limit) == (1, 20)
    active = stub.ListActiveBudgets(pb.ListActiveBudgetsRequest(), metadata=as_user(ALICE))
    assert [b.id for b in active.data] == [made.id]

    updated = stub.UpdateBudget(
        pb.UpdateBudgetRequest(id=made.id, description="Food and more", notify_threshold=50),
        metadata=as_user(ALICE),
    ).budget
    assert (updated.description, updated.notify_threshold, updated.name) == (
        "Food and more",
        50.0,
        "Household",
    )

    added = stub.CreateBudgetAllocation(
        pb.CreateBudgetAllocationRequest(
            id=made.id, category_id=str(keys["fuel"]), category_name="Car", amount="100.5"
        ),
        metadata=as_user(ALICE),
    ).allocation
    assert (added.budget_id, added.category_name, added.amount) == (made.id, "Car", "100.50")
    allocations = stub.ListBudgetAllocations(
        pb.ListBudgetAllocationsRequest(id=made.id), metadata=as_user(ALICE)
    ).data
    assert [a.category_name for a in allocations] == ["Food", "Car"]

    progress = stub.GetBudgetProgress(
        pb.GetBudgetProgressRequest(id=made.id), metadata=as_user(ALICE)
    ).progress
    assert (progress.spent, progress.remaining, progress.percent_used) == (
        "120.40",
        "379.60",
        "24.08",
    )
    assert (progress.days_elapsed, progress.days_total, progress.currency) == (16, 31, "EUR")
    food, fuel = progress.categories
    assert (food.spent, food.percent_used, food.is_over_threshold) == ("120.40", "40.13", False)
    assert (fuel.spent, fuel.remaining) == ("0.00", "100.50")
    assert progress.unallocated_spent == "7.60"
    assert progress.projected_spend == "233.28"  # 120.40 / 16 * 31 = 233.275

    recalculated = stub.UpdateBudgetProgress(
        pb.UpdateBudgetProgressRequest(id=made.id), metadata=as_user(ALICE)
    )
    assert (recalculated.status, recalculated.spent, recalculated.percent_used) == (
        "recalculated",
        "120.40",
        "24.08",
    )
    assert recalculated.budget_id == made.id
    again = stub.GetBudget(pb.GetBudgetRequest(id=made.id), metadata=as_user(ALICE)).budget
    assert (again.spent, again.percent_used) == ("120.40", "24.08")
    assert again.calculated_at == recalculated.calculated_at

    stub.DeleteBudget(pb.DeleteBudgetRequest(id=made.id), metadata=as_user(ALICE))
    gone = refusal(lambda: stub.GetBudget(pb.GetBudgetRequest(id=made.id), metadata=as_user(ALICE)))
    assert gone.code == grpc.StatusCode.NOT_FOUND


def test_another_user_s_budget_is_forbidden(stub: Stub) -> None:
    made = _create(stub)
    calls: list[Callable[[], object]] = [
        lambda: stub.GetBudget(pb.GetBudgetRequest(id=made.id), metadata=as_user(BOB)),
        lambda: stub.UpdateBudget(
            pb.UpdateBudgetRequest(id=made.id, name="x"), metadata=as_user(BOB)
        ),
        lambda: stub.DeleteBudget(pb.DeleteBudgetRequest(id=made.id), metadata=as_user(BOB)),
        lambda: stub.GetBudgetProgress(
            pb.GetBudgetProgressRequest(id=made.id), metadata=as_user(BOB)
        ),
        lambda: stub.UpdateBudgetProgress(
            pb.UpdateBudgetProgressRequest(id=made.id), metadata=as_user(BOB)
        ),
        lambda: stub.ListBudgetAllocations(
            pb.ListBudgetAllocationsRequest(id=made.id), metadata=as_user(BOB)
        ),
    ]
    for call in calls:
        error = refusal(call)
        assert error.code == grpc.StatusCode.PERMISSION_DENIED
        assert made.id not in error.message
    assert stub.ListBudgets(pb.ListBudgetsRequest(), metadata=as_user(BOB)).data == []


def test_bad_input_names_the_field(stub: Stub) -> None:
    def field_of(call: Callable[[], object]) -> set[str]:
        error = refusal(call)
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT
        return {v.field for v in error.violations}

    # Unset required fields (the proto zero) and an enum number outside the enum.
    assert field_of(
        lambda: stub.CreateBudget(pb.CreateBudgetRequest(period=42), metadata=as_user(ALICE))  # type: ignore[arg-type]
    ) == {"name", "total_amount", "period", "start_date"}
    assert field_of(
        lambda: _create(stub, start_date=date_pb2.Date(year=2026, month=2, day=30))
    ) == {"start_date"}
    assert field_of(lambda: _create(stub, notify_threshold=float("nan"))) == {"notify_threshold"}
    unprocessable = refusal(lambda: _create(stub, period=pb.BUDGET_PERIOD_CUSTOM))
    assert unprocessable.reason == "UNPROCESSABLE"
    assert [v.field for v in unprocessable.violations] == ["end_date"]
    assert field_of(
        lambda: stub.GetBudget(pb.GetBudgetRequest(id="nope"), metadata=as_user(ALICE))
    ) == {"id"}
    assert field_of(
        lambda: stub.ListBudgets(pb.ListBudgetsRequest(limit=0, period=9), metadata=as_user(ALICE))  # type: ignore[arg-type]
    ) == {"limit", "period"}
    made = _create(stub)
    assert field_of(
        lambda: stub.CreateBudgetAllocation(
            pb.CreateBudgetAllocationRequest(id=made.id, category_id="x", amount="-1"),
            metadata=as_user(ALICE),
        )
    ) == {"category_id", "amount"}
    missing = refusal(
        lambda: stub.GetBudgetProgress(
            pb.GetBudgetProgressRequest(id=str(uuid.uuid4())), metadata=as_user(ALICE)
        )
    )
    assert missing.code == grpc.StatusCode.NOT_FOUND


def test_unauthenticated_calls_are_refused(stub: Stub) -> None:
    error = refusal(lambda: stub.ListBudgets(pb.ListBudgetsRequest()))
    assert error.code == grpc.StatusCode.UNAUTHENTICATED
