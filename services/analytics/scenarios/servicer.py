"""gRPC servicer of ScenarioService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import grpc
from finplat.analytics.v1 import scenarios_pb2 as pb
from google.protobuf.message import Message

from services.analytics.fields import uuid_field
from services.analytics.proto_pages import pagination_pb
from services.analytics.scenarios import usecases
from services.analytics.scenarios.comparison import MonthPair, SummaryDifference
from services.analytics.scenarios.domain import ItemDraft, Scenario, ScenarioDraft, ScenarioItem
from services.analytics.scenarios.projection import MonthFigures, Summary, money_text
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.errors import FieldViolation, InvalidArgument, raise_if_any
from services.runtime.principal import current_user_id
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    optional_date_pb,
    parse_uuid,
    request_enum_text,
    timestamp,
)

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

_BETTER = {
    "scenario1": pb.BETTER_SCENARIO_SCENARIO1,
    "scenario2": pb.BETTER_SCENARIO_SCENARIO2,
    "equal": pb.BETTER_SCENARIO_EQUAL,
}


# -- requests --------------------------------------------------------------------------


def _base_month(request: pb.CreateScenarioRequest | pb.UpdateScenarioRequest) -> datetime | None:
    if not request.HasField("base_month"):
        return None
    try:
        return request.base_month.ToDatetime(tzinfo=UTC)
    except (ValueError, OverflowError):  # seconds outside 0001-01-01 … 9999-12-31
        raise InvalidArgument.for_field("base_month", "is not a valid date-time") from None


def _sent(request: Message, field: str) -> Any:
    """A field's value, None when not sent: an unset field with presence, or a plain
    proto3 scalar at its default (a required one: the domain says it is missing)."""
    value = getattr(request, field)
    if request.DESCRIPTOR.fields_by_name[field].has_presence:
        return value if request.HasField(field) else None
    return value or None


def scenario_draft(request: pb.CreateScenarioRequest | pb.UpdateScenarioRequest) -> ScenarioDraft:
    return ScenarioDraft(
        name=_sent(request, "name"),
        description=_sent(request, "description"),
        base_month=_base_month(request),
        duration=_sent(request, "duration"),
    )


def item_draft(request: pb.AddScenarioItemRequest | pb.UpdateScenarioItemRequest) -> ItemDraft:
    return ItemDraft(
        name=_sent(request, "name"),
        description=_sent(request, "description"),
        amount=_sent(request, "amount"),
        item_type=request_enum_text(request.type, pb.ScenarioItemType, "SCENARIO_ITEM_TYPE_"),
        frequency=request_enum_text(request.frequency, pb.ScenarioFrequency, "SCENARIO_FREQUENCY_"),
        start_date=optional_date(request, "start_date"),
        end_date=optional_date(request, "end_date"),
        growth_rate=_sent(request, "growth_rate"),
    )


# -- responses -------------------------------------------------------------------------


def item_pb(item: ScenarioItem) -> pb.ScenarioItem:
    return pb.ScenarioItem(
        id=str(item.id),
        scenario_id=str(item.scenario_id),
        name=item.name,
        description=item.description,
        amount=format(item.amount, "f"),
        type="SCENARIO_ITEM_TYPE_" + item.item_type.upper(),
        frequency="SCENARIO_FREQUENCY_" + item.frequency.upper(),
        start_date=date_pb(item.start_date),
        end_date=optional_date_pb(item.end_date),
        growth_rate=amount_text(item.growth_rate),
        created_at=timestamp(item.created_at),
        updated_at=timestamp(item.updated_at),
    )


def scenario_pb(scenario: Scenario) -> pb.Scenario:
    return pb.Scenario(
        id=str(scenario.id),
        name=scenario.name,
        description=scenario.description,
        base_month=timestamp(datetime(*scenario.base_month.timetuple()[:3], tzinfo=UTC)),
        duration=scenario.duration,
        items=[item_pb(i) for i in scenario.items],
        item_count=scenario.item_count,
        created_at=timestamp(scenario.created_at),
        updated_at=timestamp(scenario.updated_at),
    )


def month_pb(month: MonthFigures) -> pb.MonthProjection:
    return pb.MonthProjection(
        month=date_pb(month.month),
        income=money_text(month.income),
        expenses=money_text(month.expenses),
        net=money_text(month.net),
        cumulative_balance=money_text(month.balance),
    )


def summary_pb(summary: Summary) -> pb.ProjectionSummary:
    return pb.ProjectionSummary(
        total_income=money_text(summary.total_income),
        total_expenses=money_text(summary.total_expenses),
        total_net=money_text(summary.total_net),
        ending_balance=money_text(summary.ending_balance),
        average_monthly_net=money_text(summary.average_monthly_net),
        lowest_balance=money_text(summary.lowest_balance),
        lowest_balance_month=date_pb(summary.lowest_balance_month),
        months_negative=summary.months_negative,
        months_below_zero=summary.months_below_zero,
    )


def _figures_pb(month: MonthFigures | None) -> pb.MonthFigures | None:
    if month is None:
        return None
    return pb.MonthFigures(
        income=money_text(month.income),
        expenses=money_text(month.expenses),
        net=money_text(month.net),
        cumulative_balance=money_text(month.balance),
    )


def _optional_money(cents: int | None) -> str | None:
    return None if cents is None else money_text(cents)


def pair_pb(pair: MonthPair) -> pb.MonthComparison:
    return pb.MonthComparison(
        month=date_pb(pair.month),
        scenario1=_figures_pb(pair.first),
        scenario2=_figures_pb(pair.second),
        net_difference=_optional_money(pair.net_difference),
        balance_difference=_optional_money(pair.balance_difference),
    )


def difference_pb(difference: SummaryDifference) -> pb.SummaryDifference:
    return pb.SummaryDifference(
        total_income=money_text(difference.total_income),
        total_expenses=money_text(difference.total_expenses),
        total_net=money_text(difference.total_net),
        ending_balance=money_text(difference.ending_balance),
        average_monthly_net=money_text(difference.average_monthly_net),
        lowest_balance=money_text(difference.lowest_balance),
        months_negative=difference.months_negative,
        months_below_zero=difference.months_below_zero,
    )


def compared_pb(compared: usecases.Compared) -> pb.CompareScenariosResponse:
    comparison = compared.comparison
    better = {
        "scenario1": str(compared.scenario1_id),
        "scenario2": str(compared.scenario2_id),
    }.get(comparison.better)
    return pb.CompareScenariosResponse(
        scenario1_id=str(compared.scenario1_id),
        scenario2_id=str(compared.scenario2_id),
        differences=[pair_pb(p) for p in comparison.months],
        metrics=pb.ComparisonMetrics(
            scenario1=summary_pb(comparison.first),
            scenario2=summary_pb(comparison.second),
            difference=difference_pb(comparison.difference),
            better_scenario=_BETTER[comparison.better],
            better_scenario_id=better,
        ),
        calculated_at=timestamp(compared.calculated_at),
    )


def _compared_ids(request: pb.CompareScenariosRequest) -> tuple[uuid.UUID, uuid.UUID]:
    """Both ids, or InvalidArgument naming every one missing or malformed."""
    problems: list[FieldViolation] = []
    first = uuid_field(request.scenario1_id, "scenario1_id", problems, required=True)
    second = uuid_field(request.scenario2_id, "scenario2_id", problems, required=True)
    raise_if_any(problems)
    assert first is not None and second is not None
    return first, second


# -- the service -----------------------------------------------------------------------


class ScenarioServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def CreateScenario(
        self, request: pb.CreateScenarioRequest, context: grpc.ServicerContext
    ) -> pb.CreateScenarioResponse:
        created = usecases.create_scenario(
            self._uow(), current_user_id(), scenario_draft(request), self._clock
        )
        return pb.CreateScenarioResponse(scenario=scenario_pb(created))

    def ListScenarios(
        self, request: pb.ListScenariosRequest, context: grpc.ServicerContext
    ) -> pb.ListScenariosResponse:
        page = usecases.list_scenarios(
            self._uow(),
            current_user_id(),
            request.limit if request.HasField("limit") else None,
            request.offset,
        )
        return pb.ListScenariosResponse(
            data=[scenario_pb(s) for s in page.items], pagination=pagination_pb(page)
        )

    def GetScenario(
        self, request: pb.GetScenarioRequest, context: grpc.ServicerContext
    ) -> pb.GetScenarioResponse:
        user_id = current_user_id()
        found = usecases.get_scenario(self._uow(), user_id, parse_uuid(request.id, "id"))
        return pb.GetScenarioResponse(scenario=scenario_pb(found))

    def UpdateScenario(
        self, request: pb.UpdateScenarioRequest, context: grpc.ServicerContext
    ) -> pb.UpdateScenarioResponse:
        user_id = current_user_id()
        updated = usecases.update_scenario(
            self._uow(), user_id, parse_uuid(request.id, "id"), scenario_draft(request), self._clock
        )
        return pb.UpdateScenarioResponse(scenario=scenario_pb(updated))

    def DeleteScenario(
        self, request: pb.DeleteScenarioRequest, context: grpc.ServicerContext
    ) -> pb.DeleteScenarioResponse:
        user_id = current_user_id()
        usecases.delete_scenario(self._uow(), user_id, parse_uuid(request.id, "id"))
        return pb.DeleteScenarioResponse()

    def AddScenarioItem(
        self, request: pb.AddScenarioItemRequest, context: grpc.ServicerContext
    ) -> pb.AddScenarioItemResponse:
        user_id = current_user_id()
        added = usecases.add_item(
            self._uow(), user_id, parse_uuid(request.id, "id"), item_draft(request), self._clock
        )
        return pb.AddScenarioItemResponse(item=item_pb(added))

    def UpdateScenarioItem(
        self, request: pb.UpdateScenarioItemRequest, context: grpc.ServicerContext
    ) -> pb.UpdateScenarioItemResponse:
        user_id = current_user_id()
        updated = usecases.update_item(
            self._uow(),
            user_id,
            parse_uuid(request.id, "id"),
            parse_uuid(request.item_id, "item_id"),
            item_draft(request),
            self._clock,
        )
        return pb.UpdateScenarioItemResponse(item=item_pb(updated))

    def DeleteScenarioItem(
        self, request: pb.DeleteScenarioItemRequest, context: grpc.ServicerContext
    ) -> pb.DeleteScenarioItemResponse:
        user_id = current_user_id()
        usecases.delete_item(
            self._uow(),
            user_id,
            parse_uuid(request.id, "id"),
            parse_uuid(request.item_id, "item_id"),
            self._clock,
        )
        return pb.DeleteScenarioItemResponse()

    def CalculateScenario(
        self, request: pb.CalculateScenarioRequest, context: grpc.ServicerContext
    ) -> pb.CalculateScenarioResponse:
        user_id = current_user_id()
        calculated = usecases.calculate(
            self._uow(), user_id, parse_uuid(request.id, "id"), self._clock
        )
        projection = calculated.projection
        return pb.CalculateScenarioResponse(
            scenario_id=str(calculated.scenario_id),
            projections=[month_pb(m) for m in projection.months],
            summary=summary_pb(projection.summary),
            calculated_at=timestamp(calculated.calculated_at),
        )

    def CompareScenarios(
        self, request: pb.CompareScenariosRequest, context: grpc.ServicerContext
    ) -> pb.CompareScenariosResponse:
        user_id = current_user_id()
        first, second = _compared_ids(request)
        compared = usecases.compare_scenarios(self._uow(), user_id, first, second, self._clock)
        return compared_pb(compared)
