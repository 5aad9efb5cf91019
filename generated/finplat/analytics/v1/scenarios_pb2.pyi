import datetime

from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ScenarioItemType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCENARIO_ITEM_TYPE_UNSPECIFIED: _ClassVar[ScenarioItemType]
    SCENARIO_ITEM_TYPE_INCOME: _ClassVar[ScenarioItemType]
    SCENARIO_ITEM_TYPE_EXPENSE: _ClassVar[ScenarioItemType]

class ScenarioFrequency(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCENARIO_FREQUENCY_UNSPECIFIED: _ClassVar[ScenarioFrequency]
    SCENARIO_FREQUENCY_ONCE: _ClassVar[ScenarioFrequency]
    SCENARIO_FREQUENCY_WEEKLY: _ClassVar[ScenarioFrequency]
    SCENARIO_FREQUENCY_BIWEEKLY: _ClassVar[ScenarioFrequency]
    SCENARIO_FREQUENCY_MONTHLY: _ClassVar[ScenarioFrequency]
    SCENARIO_FREQUENCY_QUARTERLY: _ClassVar[ScenarioFrequency]
    SCENARIO_FREQUENCY_YEARLY: _ClassVar[ScenarioFrequency]

class BetterScenario(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BETTER_SCENARIO_UNSPECIFIED: _ClassVar[BetterScenario]
    BETTER_SCENARIO_SCENARIO1: _ClassVar[BetterScenario]
    BETTER_SCENARIO_SCENARIO2: _ClassVar[BetterScenario]
    BETTER_SCENARIO_EQUAL: _ClassVar[BetterScenario]
SCENARIO_ITEM_TYPE_UNSPECIFIED: ScenarioItemType
SCENARIO_ITEM_TYPE_INCOME: ScenarioItemType
SCENARIO_ITEM_TYPE_EXPENSE: ScenarioItemType
SCENARIO_FREQUENCY_UNSPECIFIED: ScenarioFrequency
SCENARIO_FREQUENCY_ONCE: ScenarioFrequency
SCENARIO_FREQUENCY_WEEKLY: ScenarioFrequency
SCENARIO_FREQUENCY_BIWEEKLY: ScenarioFrequency
SCENARIO_FREQUENCY_MONTHLY: ScenarioFrequency
SCENARIO_FREQUENCY_QUARTERLY: ScenarioFrequency
SCENARIO_FREQUENCY_YEARLY: ScenarioFrequency
BETTER_SCENARIO_UNSPECIFIED: BetterScenario
BETTER_SCENARIO_SCENARIO1: BetterScenario
BETTER_SCENARIO_SCENARIO2: BetterScenario
BETTER_SCENARIO_EQUAL: BetterScenario

class Scenario(_message.Message):
    __slots__ = ("id", "name", "description", "base_month", "duration", "items", "item_count", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    BASE_MONTH_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    ITEM_COUNT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    base_month: _timestamp_pb2.Timestamp
    duration: int
    items: _containers.RepeatedCompositeFieldContainer[ScenarioItem]
    item_count: int
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., base_month: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration: _Optional[int] = ..., items: _Optional[_Iterable[_Union[ScenarioItem, _Mapping]]] = ..., item_count: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ScenarioItem(_message.Message):
    __slots__ = ("id", "scenario_id", "name", "description", "amount", "type", "frequency", "start_date", "end_date", "growth_rate", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    FREQUENCY_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    GROWTH_RATE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    scenario_id: str
    name: str
    description: str
    amount: str
    type: ScenarioItemType
    frequency: ScenarioFrequency
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    growth_rate: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., scenario_id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., type: _Optional[_Union[ScenarioItemType, str]] = ..., frequency: _Optional[_Union[ScenarioFrequency, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., growth_rate: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateScenarioRequest(_message.Message):
    __slots__ = ("name", "description", "base_month", "duration")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    BASE_MONTH_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    base_month: _timestamp_pb2.Timestamp
    duration: int
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., base_month: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration: _Optional[int] = ...) -> None: ...

class CreateScenarioResponse(_message.Message):
    __slots__ = ("scenario",)
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    scenario: Scenario
    def __init__(self, scenario: _Optional[_Union[Scenario, _Mapping]] = ...) -> None: ...

class ListScenariosRequest(_message.Message):
    __slots__ = ("limit", "offset")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    limit: int
    offset: int
    def __init__(self, limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListScenariosResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Scenario]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Scenario, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class GetScenarioRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetScenarioResponse(_message.Message):
    __slots__ = ("scenario",)
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    scenario: Scenario
    def __init__(self, scenario: _Optional[_Union[Scenario, _Mapping]] = ...) -> None: ...

class UpdateScenarioRequest(_message.Message):
    __slots__ = ("id", "name", "description", "base_month", "duration")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    BASE_MONTH_FIELD_NUMBER: _ClassVar[int]
    DURATION_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    base_month: _timestamp_pb2.Timestamp
    duration: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., base_month: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration: _Optional[int] = ...) -> None: ...

class UpdateScenarioResponse(_message.Message):
    __slots__ = ("scenario",)
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    scenario: Scenario
    def __init__(self, scenario: _Optional[_Union[Scenario, _Mapping]] = ...) -> None: ...

class DeleteScenarioRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteScenarioResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AddScenarioItemRequest(_message.Message):
    __slots__ = ("id", "name", "description", "amount", "type", "frequency", "start_date", "end_date", "growth_rate")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    FREQUENCY_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    GROWTH_RATE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    amount: str
    type: ScenarioItemType
    frequency: ScenarioFrequency
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    growth_rate: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., type: _Optional[_Union[ScenarioItemType, str]] = ..., frequency: _Optional[_Union[ScenarioFrequency, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., growth_rate: _Optional[str] = ...) -> None: ...

class AddScenarioItemResponse(_message.Message):
    __slots__ = ("item",)
    ITEM_FIELD_NUMBER: _ClassVar[int]
    item: ScenarioItem
    def __init__(self, item: _Optional[_Union[ScenarioItem, _Mapping]] = ...) -> None: ...

class UpdateScenarioItemRequest(_message.Message):
    __slots__ = ("id", "item_id", "name", "description", "amount", "type", "frequency", "start_date", "end_date", "growth_rate")
    ID_FIELD_NUMBER: _ClassVar[int]
    ITEM_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    FREQUENCY_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    GROWTH_RATE_FIELD_NUMBER: _ClassVar[int]
    id: str
    item_id: str
    name: str
    description: str
    amount: str
    type: ScenarioItemType
    frequency: ScenarioFrequency
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    growth_rate: str
    def __init__(self, id: _Optional[str] = ..., item_id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., type: _Optional[_Union[ScenarioItemType, str]] = ..., frequency: _Optional[_Union[ScenarioFrequency, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., growth_rate: _Optional[str] = ...) -> None: ...

class UpdateScenarioItemResponse(_message.Message):
    __slots__ = ("item",)
    ITEM_FIELD_NUMBER: _ClassVar[int]
    item: ScenarioItem
    def __init__(self, item: _Optional[_Union[ScenarioItem, _Mapping]] = ...) -> None: ...

class DeleteScenarioItemRequest(_message.Message):
    __slots__ = ("id", "item_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    ITEM_ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    item_id: str
    def __init__(self, id: _Optional[str] = ..., item_id: _Optional[str] = ...) -> None: ...

class DeleteScenarioItemResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CalculateScenarioRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class MonthProjection(_message.Message):
    __slots__ = ("month", "income", "expenses", "net", "cumulative_balance")
    MONTH_FIELD_NUMBER: _ClassVar[int]
    INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_BALANCE_FIELD_NUMBER: _ClassVar[int]
    month: _date_pb2.Date
    income: str
    expenses: str
    net: str
    cumulative_balance: str
    def __init__(self, month: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., income: _Optional[str] = ..., expenses: _Optional[str] = ..., net: _Optional[str] = ..., cumulative_balance: _Optional[str] = ...) -> None: ...

class ProjectionSummary(_message.Message):
    __slots__ = ("total_income", "total_expenses", "total_net", "ending_balance", "average_monthly_net", "lowest_balance", "lowest_balance_month", "months_negative", "months_below_zero")
    TOTAL_INCOME_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_NET_FIELD_NUMBER: _ClassVar[int]
    ENDING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_MONTHLY_NET_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BALANCE_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BALANCE_MONTH_FIELD_NUMBER: _ClassVar[int]
    MONTHS_NEGATIVE_FIELD_NUMBER: _ClassVar[int]
    MONTHS_BELOW_ZERO_FIELD_NUMBER: _ClassVar[int]
    total_income: str
    total_expenses: str
    total_net: str
    ending_balance: str
    average_monthly_net: str
    lowest_balance: str
    lowest_balance_month: _date_pb2.Date
    months_negative: int
    months_below_zero: int
    def __init__(self, total_income: _Optional[str] = ..., total_expenses: _Optional[str] = ..., total_net: _Optional[str] = ..., ending_balance: _Optional[str] = ..., average_monthly_net: _Optional[str] = ..., lowest_balance: _Optional[str] = ..., lowest_balance_month: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., months_negative: _Optional[int] = ..., months_below_zero: _Optional[int] = ...) -> None: ...

class CalculateScenarioResponse(_message.Message):
    __slots__ = ("scenario_id", "projections", "summary", "calculated_at")
    SCENARIO_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECTIONS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    scenario_id: str
    projections: _containers.RepeatedCompositeFieldContainer[MonthProjection]
    summary: ProjectionSummary
    calculated_at: _timestamp_pb2.Timestamp
    def __init__(self, scenario_id: _Optional[str] = ..., projections: _Optional[_Iterable[_Union[MonthProjection, _Mapping]]] = ..., summary: _Optional[_Union[ProjectionSummary, _Mapping]] = ..., calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CompareScenariosRequest(_message.Message):
    __slots__ = ("scenario1_id", "scenario2_id")
    SCENARIO1_ID_FIELD_NUMBER: _ClassVar[int]
    SCENARIO2_ID_FIELD_NUMBER: _ClassVar[int]
    scenario1_id: str
    scenario2_id: str
    def __init__(self, scenario1_id: _Optional[str] = ..., scenario2_id: _Optional[str] = ...) -> None: ...

class MonthFigures(_message.Message):
    __slots__ = ("income", "expenses", "net", "cumulative_balance")
    INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_BALANCE_FIELD_NUMBER: _ClassVar[int]
    income: str
    expenses: str
    net: str
    cumulative_balance: str
    def __init__(self, income: _Optional[str] = ..., expenses: _Optional[str] = ..., net: _Optional[str] = ..., cumulative_balance: _Optional[str] = ...) -> None: ...

class MonthComparison(_message.Message):
    __slots__ = ("month", "scenario1", "scenario2", "net_difference", "balance_difference")
    MONTH_FIELD_NUMBER: _ClassVar[int]
    SCENARIO1_FIELD_NUMBER: _ClassVar[int]
    SCENARIO2_FIELD_NUMBER: _ClassVar[int]
    NET_DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    BALANCE_DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    month: _date_pb2.Date
    scenario1: MonthFigures
    scenario2: MonthFigures
    net_difference: str
    balance_difference: str
    def __init__(self, month: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., scenario1: _Optional[_Union[MonthFigures, _Mapping]] = ..., scenario2: _Optional[_Union[MonthFigures, _Mapping]] = ..., net_difference: _Optional[str] = ..., balance_difference: _Optional[str] = ...) -> None: ...

class SummaryDifference(_message.Message):
    __slots__ = ("total_income", "total_expenses", "total_net", "ending_balance", "average_monthly_net", "lowest_balance", "months_negative", "months_below_zero")
    TOTAL_INCOME_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_NET_FIELD_NUMBER: _ClassVar[int]
    ENDING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_MONTHLY_NET_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BALANCE_FIELD_NUMBER: _ClassVar[int]
    MONTHS_NEGATIVE_FIELD_NUMBER: _ClassVar[int]
    MONTHS_BELOW_ZERO_FIELD_NUMBER: _ClassVar[int]
    total_income: str
    total_expenses: str
    total_net: str
    ending_balance: str
    average_monthly_net: str
    lowest_balance: str
    months_negative: int
    months_below_zero: int
    def __init__(self, total_income: _Optional[str] = ..., total_expenses: _Optional[str] = ..., total_net: _Optional[str] = ..., ending_balance: _Optional[str] = ..., average_monthly_net: _Optional[str] = ..., lowest_balance: _Optional[str] = ..., months_negative: _Optional[int] = ..., months_below_zero: _Optional[int] = ...) -> None: ...

class ComparisonMetrics(_message.Message):
    __slots__ = ("scenario1", "scenario2", "difference", "better_scenario", "better_scenario_id")
    SCENARIO1_FIELD_NUMBER: _ClassVar[int]
    SCENARIO2_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    BETTER_SCENARIO_FIELD_NUMBER: _ClassVar[int]
    BETTER_SCENARIO_ID_FIELD_NUMBER: _ClassVar[int]
    scenario1: ProjectionSummary
    scenario2: ProjectionSummary
    difference: SummaryDifference
    better_scenario: BetterScenario
    better_scenario_id: str
    def __init__(self, scenario1: _Optional[_Union[ProjectionSummary, _Mapping]] = ..., scenario2: _Optional[_Union[ProjectionSummary, _Mapping]] = ..., difference: _Optional[_Union[SummaryDifference, _Mapping]] = ..., better_scenario: _Optional[_Union[BetterScenario, str]] = ..., better_scenario_id: _Optional[str] = ...) -> None: ...

class CompareScenariosResponse(_message.Message):
    __slots__ = ("scenario1_id", "scenario2_id", "differences", "metrics", "calculated_at")
    SCENARIO1_ID_FIELD_NUMBER: _ClassVar[int]
    SCENARIO2_ID_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCES_FIELD_NUMBER: _ClassVar[int]
    METRICS_FIELD_NUMBER: _ClassVar[int]
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    scenario1_id: str
    scenario2_id: str
    differences: _containers.RepeatedCompositeFieldContainer[MonthComparison]
    metrics: ComparisonMetrics
    calculated_at: _timestamp_pb2.Timestamp
    def __init__(self, scenario1_id: _Optional[str] = ..., scenario2_id: _Optional[str] = ..., differences: _Optional[_Iterable[_Union[MonthComparison, _Mapping]]] = ..., metrics: _Optional[_Union[ComparisonMetrics, _Mapping]] = ..., calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...
