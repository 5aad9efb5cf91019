"""ScenarioService through the real runtime server (every interceptor), serving only the
scenarios capability: every RPC, enums and decimal strings on the wire, isolation, and
the bad input a gRPC caller can send that the edge would have refused."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import scenarios_pb2 as pb
from finplat.analytics.v1 import scenarios_pb2_grpc
from google.protobuf.timestamp_pb2 import Timestamp
from google.type.date_pb2 import Date

from services.analytics.scenarios import CAPABILITY
from services.runtime.status import ParsedStatus
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.serving import as_user, refusal, registered, serving

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
Stub = scenarios_pb2_grpc.ScenarioServiceStub
INCOME, EXPENSE = pb.SCENARIO_ITEM_TYPE_INCOME, pb.SCENARIO_ITEM_TYPE_EXPENSE
MONTHLY, ONCE = pb.SCENARIO_FREQUENCY_MONTHLY, pb.SCENARIO_FREQUENCY_ONCE


def clock() -> datetime:
    return NOW


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _stamp(moment: datetime) -> Timestamp:
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


def _create(stub: Stub, user: uuid.UUID = ALICE, **fields: Any) -> pb.Scenario:
    body = {"name": "Plan", "base_month": _stamp(datetime(2026, 1, 9, tzinfo=UTC)), "duration": 3}
    reply: pb.CreateScenarioResponse = stub.CreateScenario(
        pb.CreateScenarioRequest(**{**body, **fields}), metadata=as_user(user)
    )
    return reply.scenario


def _add(stub: Stub, scenario_id: str, user: uuid.UUID = ALICE, **fields: Any) -> pb.ScenarioItem:
    body = {"name": "Salary", "amount": "1000.00", "type": INCOME, "frequency": MONTHLY}
    reply: pb.AddScenarioItemResponse = stub.AddScenarioItem(
        pb.AddScenarioItemRequest(id=scenario_id, **{**body, **fields}), metadata=as_user(user)
    )
    return reply.item


def _fields(status: ParsedStatus) -> list[str]:
    return [v.field for v in status.violations]


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.ScenarioService",)


def test_every_rpc(stub: Stub) -> None:
    scenario = _create(stub, description="move")
    assert (scenario.name, scenario.description, scenario.duration, scenario.item_count) == (
        "Plan", "move", 3, 0
    )  # fmt: skip
    assert scenario.base_month.ToDatetime(tzinfo=UTC) == datetime(2026, 1, 1, tzinfo=UTC)

    salary = _add(stub, scenario.id, growth_rate="0.0300")
    assert (salary.scenario_id, salary.amount, salary.growth_rate) == (
        scenario.id, "1000.00", "0.03"
    )  # fmt: skip
    assert (salary.type, salary.frequency) == (INCOME, MONTHLY)
    assert salary.start_date == Date(year=2026, month=1, day=1)
    assert not salary.HasField("end_date") and not salary.HasField("description")
    rent = _add(stub, scenario.id, name="Rent", amount="1500.5", type=EXPENSE, frequency=ONCE,
                start_date=Date(year=2026, month=2, day=3))  # fmt: skip

    updated = stub.UpdateScenarioItem(
        pb.UpdateScenarioItemRequest(
            id=scenario.id, item_id=rent.id, end_date=Date(year=2026, month=2, day=3)
        ),
        metadata=as_user(ALICE),
    ).item
    assert (updated.name, updated.amount, updated.end_date.day) == ("Rent", "1500.50", 3)

    got = stub.GetScenario(pb.GetScenarioRequest(id=scenario.id), metadata=as_user(ALICE)).scenario
    assert [i.id for i in got.items] == [salary.id, rent.id] and got.item_count == 2

    calculated = stub.CalculateScenario(
        pb.CalculateScenarioRequest(id=scenario.id), metadata=as_user(ALICE)
    )
    assert [(m.month.month, m.income, m.expenses, m.net, m.cumulative_balance)
            for m in calculated.projections] == [
        (1, "1000.00", "0.00", "1000.00", "1000.00"),
        (2, "1000.00", "1500.50", "-500.50", "499.50"),
        (3, "1000.00", "0.00", "1000.00", "1499.50"),
    ]  # fmt: skip
    summary = calculated.summary
    assert (summary.total_net, summary.ending_balance, summary.average_monthly_net) == (
        "1499.50", "1499.50", "499.83"
    )  # fmt: skip
    assert (summary.lowest_balance, summary.lowest_balance_month.month) == ("499.50", 2)
    assert (summary.months_negative, summary.months_below_zero) == (1, 0)
    assert calculated.calculated_at.ToDatetime(tzinfo=UTC) == NOW

    other = _create(stub, name="Other", duration=1)
    compared = stub.CompareScenarios(
        pb.CompareScenariosRequest(scenario1_id=scenario.id, scenario2_id=other.id),
        metadata=as_user(ALICE),
    )
    assert len(compared.differences) == 3
    january = compared.differences[0]
    assert (january.scenario1.net, january.scenario2.net, january.net_difference) == (
        "1000.00", "0.00", "-1000.00"
    )  # fmt: skip
    february = compared.differences[1]
    assert not february.HasField("scenario2") and not february.HasField("net_difference")
    metrics = compared.metrics
    assert metrics.better_scenario == pb.BETTER_SCENARIO_SCENARIO1
    assert metrics.better_scenario_id == scenario.id
    assert metrics.difference.ending_balance == "-1499.50"

    listed = stub.ListScenarios(pb.ListScenariosRequest(limit=1), metadata=as_user(ALICE))
    assert len(listed.data) == 1  # equal creation times (a fixed clock): order by id
    assert (listed.pagination.total, listed.pagination.has_more) == (2, True)

    renamed = stub.UpdateScenario(
        pb.UpdateScenarioRequest(id=scenario.id, name="Renamed"), metadata=as_user(ALICE)
    ).scenario
    assert (renamed.name, renamed.description, renamed.duration) == ("Renamed", "move", 3)

    assert (
        stub.DeleteScenarioItem(
            pb.DeleteScenarioItemRequest(id=scenario.id, item_id=rent.id), metadata=as_user(ALICE)
        )
        == pb.DeleteScenarioItemResponse()
    )
    assert (
        stub.DeleteScenario(pb.DeleteScenarioRequest(id=scenario.id), metadata=as_user(ALICE))
        == pb.DeleteScenarioResponse()
    )
    status = refusal(
        lambda: stub.GetScenario(pb.GetScenarioRequest(id=scenario.id), metadata=as_user(ALICE))
    )
    assert status.code == grpc.StatusCode.NOT_FOUND


def test_another_users_scenario_is_permission_denied(stub: Stub) -> None:
    scenario = _create(stub)
    item = _add(stub, scenario.id)
    for call in (
        lambda: stub.GetScenario(pb.GetScenarioRequest(id=scenario.id), metadata=as_user(BOB)),
        lambda: stub.CalculateScenario(
            pb.CalculateScenarioRequest(id=scenario.id), metadata=as_user(BOB)
        ),
        lambda: stub.DeleteScenarioItem(
            pb.DeleteScenarioItemRequest(id=scenario.id, item_id=item.id), metadata=as_user(BOB)
        ),
    ):
        assert refusal(call).code == grpc.StatusCode.PERMISSION_DENIED
    bobs = _create(stub, BOB)
    status = refusal(
        lambda: stub.CompareScenarios(
            pb.CompareScenariosRequest(scenario1_id=bobs.id, scenario2_id=scenario.id),
            metadata=as_user(BOB),
        )
    )
    assert (status.code, _fields(status)) == (grpc.StatusCode.PERMISSION_DENIED, ["scenario2_id"])


def test_bad_input_from_grpc_callers(stub: Stub) -> None:
    scenario = _create(stub)
    # Unknown enum numbers (the edge refuses unknown names; gRPC callers can send any).
    status = refusal(lambda: _add(stub, scenario.id, type=7, frequency=99))
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert sorted(_fields(status)) == ["frequency", "type"]
    # Missing required fields, all named at once.
    status = refusal(
        lambda: stub.AddScenarioItem(
            pb.AddScenarioItemRequest(id=scenario.id), metadata=as_user(ALICE)
        )
    )
    assert sorted(_fields(status)) == ["amount", "frequency", "name", "type"]
    status = refusal(
        lambda: stub.CreateScenario(pb.CreateScenarioRequest(duration=0), metadata=as_user(ALICE))
    )
    assert sorted(_fields(status)) == ["base_month", "duration", "name"]
    # A timestamp beyond year 9999.
    status = refusal(lambda: _create(stub, base_month=Timestamp(seconds=300_000_000_000)))
    assert _fields(status) == ["base_month"]
    # Negative amounts, and an end before the start (422: the reason tells the edge).
    assert _fields(refusal(lambda: _add(stub, scenario.id, amount="-1.00"))) == ["amount"]
    status = refusal(
        lambda: _add(
            stub, scenario.id,
            start_date=Date(year=2026, month=3, day=2), end_date=Date(year=2026, month=3, day=1),
        )
    )  # fmt: skip
    assert (status.reason, _fields(status)) == ("UNPROCESSABLE", ["end_date"])
    status = refusal(lambda: _add(stub, scenario.id, start_date=Date(year=2026, month=2, day=30)))
    assert _fields(status) == ["start_date"]
    # Ids.
    for call, field in (
        (lambda: stub.GetScenario(pb.GetScenarioRequest(id="nope"), metadata=as_user(ALICE)), "id"),
        (
            lambda: stub.UpdateScenarioItem(
                pb.UpdateScenarioItemRequest(id=scenario.id, item_id="x"), metadata=as_user(ALICE)
            ),
            "item_id",
        ),
    ):
        assert _fields(refusal(call)) == [field]
    status = refusal(
        lambda: stub.CompareScenarios(
            pb.CompareScenariosRequest(scenario2_id="zzz"), metadata=as_user(ALICE)
        )
    )
    assert sorted(_fields(status)) == ["scenario1_id", "scenario2_id"]
    status = refusal(
        lambda: stub.CompareScenarios(
            pb.CompareScenariosRequest(scenario1_id=scenario.id, scenario2_id=scenario.id),
            metadata=as_user(ALICE),
        )
    )
    assert (status.reason, _fields(status)) == ("UNPROCESSABLE", ["scenario2_id"])


def test_a_caller_is_required(stub: Stub) -> None:
    status = refusal(lambda: stub.ListScenarios(pb.ListScenariosRequest()))
    assert status.code == grpc.StatusCode.UNAUTHENTICATED
