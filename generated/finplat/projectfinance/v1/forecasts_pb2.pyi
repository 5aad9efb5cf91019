import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.projectfinance.v1 import money_pb2 as _money_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateProjectForecastRequest(_message.Message):
    __slots__ = ("project_id", "period", "as_of")
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    project_id: str
    period: str
    as_of: _timestamp_pb2.Timestamp
    def __init__(self, project_id: _Optional[str] = ..., period: _Optional[str] = ..., as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateProjectForecastResponse(_message.Message):
    __slots__ = ("forecast",)
    FORECAST_FIELD_NUMBER: _ClassVar[int]
    forecast: ProjectForecast
    def __init__(self, forecast: _Optional[_Union[ProjectForecast, _Mapping]] = ...) -> None: ...

class GetProjectForecastRequest(_message.Message):
    __slots__ = ("project_id", "forecast_id")
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    FORECAST_ID_FIELD_NUMBER: _ClassVar[int]
    project_id: str
    forecast_id: str
    def __init__(self, project_id: _Optional[str] = ..., forecast_id: _Optional[str] = ...) -> None: ...

class GetProjectForecastResponse(_message.Message):
    __slots__ = ("forecast",)
    FORECAST_FIELD_NUMBER: _ClassVar[int]
    forecast: ProjectForecast
    def __init__(self, forecast: _Optional[_Union[ProjectForecast, _Mapping]] = ...) -> None: ...

class ProjectForecast(_message.Message):
    __slots__ = ("forecast_id", "project_id", "tenant_id", "period", "generated_at", "forecast_end_date", "budget_risk_probability", "completion_probability", "confidence_level", "projected_cpi", "projected_spi", "assumptions", "monthly_projections", "projected_cost", "projected_revenue", "projected_profit")
    FORECAST_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    FORECAST_END_DATE_FIELD_NUMBER: _ClassVar[int]
    BUDGET_RISK_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_LEVEL_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_CPI_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_SPI_FIELD_NUMBER: _ClassVar[int]
    ASSUMPTIONS_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_PROJECTIONS_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_COST_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_REVENUE_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_PROFIT_FIELD_NUMBER: _ClassVar[int]
    forecast_id: str
    project_id: str
    tenant_id: str
    period: str
    generated_at: _timestamp_pb2.Timestamp
    forecast_end_date: _timestamp_pb2.Timestamp
    budget_risk_probability: str
    completion_probability: str
    confidence_level: str
    projected_cpi: str
    projected_spi: str
    assumptions: _containers.RepeatedScalarFieldContainer[str]
    monthly_projections: _containers.RepeatedCompositeFieldContainer[MonthlyProjection]
    projected_cost: _money_pb2.MoneyA
    projected_revenue: _money_pb2.MoneyA
    projected_profit: _money_pb2.MoneyA
    def __init__(self, forecast_id: _Optional[str] = ..., project_id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., period: _Optional[str] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., forecast_end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., budget_risk_probability: _Optional[str] = ..., completion_probability: _Optional[str] = ..., confidence_level: _Optional[str] = ..., projected_cpi: _Optional[str] = ..., projected_spi: _Optional[str] = ..., assumptions: _Optional[_Iterable[str]] = ..., monthly_projections: _Optional[_Iterable[_Union[MonthlyProjection, _Mapping]]] = ..., projected_cost: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., projected_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., projected_profit: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ...) -> None: ...

class MonthlyProjection(_message.Message):
    __slots__ = ("month", "projected_cost", "projected_revenue", "projected_profit", "cumulative_cost", "cumulative_revenue")
    MONTH_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_COST_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_REVENUE_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_PROFIT_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_COST_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_REVENUE_FIELD_NUMBER: _ClassVar[int]
    month: _timestamp_pb2.Timestamp
    projected_cost: _money_pb2.MoneyA
    projected_revenue: _money_pb2.MoneyA
    projected_profit: _money_pb2.MoneyA
    cumulative_cost: _money_pb2.MoneyA
    cumulative_revenue: _money_pb2.MoneyA
    def __init__(self, month: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., projected_cost: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., projected_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., projected_profit: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., cumulative_cost: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., cumulative_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ...) -> None: ...
