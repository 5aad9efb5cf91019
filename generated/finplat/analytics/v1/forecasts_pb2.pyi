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

class ForecastPeriod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORECAST_PERIOD_UNSPECIFIED: _ClassVar[ForecastPeriod]
    FORECAST_PERIOD_MONTHLY: _ClassVar[ForecastPeriod]
    FORECAST_PERIOD_QUARTERLY: _ClassVar[ForecastPeriod]
    FORECAST_PERIOD_YEARLY: _ClassVar[ForecastPeriod]

class ForecastEntityType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORECAST_ENTITY_TYPE_UNSPECIFIED: _ClassVar[ForecastEntityType]
    FORECAST_ENTITY_TYPE_OVERALL: _ClassVar[ForecastEntityType]
    FORECAST_ENTITY_TYPE_CATEGORY: _ClassVar[ForecastEntityType]
    FORECAST_ENTITY_TYPE_MERCHANT: _ClassVar[ForecastEntityType]
FORECAST_PERIOD_UNSPECIFIED: ForecastPeriod
FORECAST_PERIOD_MONTHLY: ForecastPeriod
FORECAST_PERIOD_QUARTERLY: ForecastPeriod
FORECAST_PERIOD_YEARLY: ForecastPeriod
FORECAST_ENTITY_TYPE_UNSPECIFIED: ForecastEntityType
FORECAST_ENTITY_TYPE_OVERALL: ForecastEntityType
FORECAST_ENTITY_TYPE_CATEGORY: ForecastEntityType
FORECAST_ENTITY_TYPE_MERCHANT: ForecastEntityType

class Interval(_message.Message):
    __slots__ = ("lower", "upper")
    LOWER_FIELD_NUMBER: _ClassVar[int]
    UPPER_FIELD_NUMBER: _ClassVar[int]
    lower: str
    upper: str
    def __init__(self, lower: _Optional[str] = ..., upper: _Optional[str] = ...) -> None: ...

class ForecastPoint(_message.Message):
    __slots__ = ("period_start", "period_end", "amount", "interval80", "interval95")
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    INTERVAL80_FIELD_NUMBER: _ClassVar[int]
    INTERVAL95_FIELD_NUMBER: _ClassVar[int]
    period_start: _date_pb2.Date
    period_end: _date_pb2.Date
    amount: str
    interval80: Interval
    interval95: Interval
    def __init__(self, period_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., period_end: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., amount: _Optional[str] = ..., interval80: _Optional[_Union[Interval, _Mapping]] = ..., interval95: _Optional[_Union[Interval, _Mapping]] = ...) -> None: ...

class Backtest(_message.Message):
    __slots__ = ("horizon", "mase", "seasonal_naive_mase")
    HORIZON_FIELD_NUMBER: _ClassVar[int]
    MASE_FIELD_NUMBER: _ClassVar[int]
    SEASONAL_NAIVE_MASE_FIELD_NUMBER: _ClassVar[int]
    horizon: int
    mase: float
    seasonal_naive_mase: float
    def __init__(self, horizon: _Optional[int] = ..., mase: _Optional[float] = ..., seasonal_naive_mase: _Optional[float] = ...) -> None: ...

class Forecast(_message.Message):
    __slots__ = ("entity_type", "entity_id", "entity_name", "period", "currency", "method", "history_length", "history", "points", "backtest", "generated_at")
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_ID_FIELD_NUMBER: _ClassVar[int]
    ENTITY_NAME_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    HISTORY_LENGTH_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    BACKTEST_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    entity_type: ForecastEntityType
    entity_id: str
    entity_name: str
    period: ForecastPeriod
    currency: str
    method: str
    history_length: int
    history: _common_pb2.DateRange
    points: _containers.RepeatedCompositeFieldContainer[ForecastPoint]
    backtest: Backtest
    generated_at: _timestamp_pb2.Timestamp
    def __init__(self, entity_type: _Optional[_Union[ForecastEntityType, str]] = ..., entity_id: _Optional[str] = ..., entity_name: _Optional[str] = ..., period: _Optional[_Union[ForecastPeriod, str]] = ..., currency: _Optional[str] = ..., method: _Optional[str] = ..., history_length: _Optional[int] = ..., history: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., points: _Optional[_Iterable[_Union[ForecastPoint, _Mapping]]] = ..., backtest: _Optional[_Union[Backtest, _Mapping]] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListForecastsRequest(_message.Message):
    __slots__ = ("period", "limit", "start_date", "end_date")
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    period: ForecastPeriod
    limit: int
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    def __init__(self, period: _Optional[_Union[ForecastPeriod, str]] = ..., limit: _Optional[int] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class ListForecastsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Forecast]
    def __init__(self, data: _Optional[_Iterable[_Union[Forecast, _Mapping]]] = ...) -> None: ...

class GetOverallForecastRequest(_message.Message):
    __slots__ = ("period", "limit")
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    period: ForecastPeriod
    limit: int
    def __init__(self, period: _Optional[_Union[ForecastPeriod, str]] = ..., limit: _Optional[int] = ...) -> None: ...

class GetOverallForecastResponse(_message.Message):
    __slots__ = ("forecast",)
    FORECAST_FIELD_NUMBER: _ClassVar[int]
    forecast: Forecast
    def __init__(self, forecast: _Optional[_Union[Forecast, _Mapping]] = ...) -> None: ...

class GetCategoryForecastRequest(_message.Message):
    __slots__ = ("id", "period", "limit")
    ID_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    id: str
    period: ForecastPeriod
    limit: int
    def __init__(self, id: _Optional[str] = ..., period: _Optional[_Union[ForecastPeriod, str]] = ..., limit: _Optional[int] = ...) -> None: ...

class GetCategoryForecastResponse(_message.Message):
    __slots__ = ("forecast",)
    FORECAST_FIELD_NUMBER: _ClassVar[int]
    forecast: Forecast
    def __init__(self, forecast: _Optional[_Union[Forecast, _Mapping]] = ...) -> None: ...

class GetMerchantForecastRequest(_message.Message):
    __slots__ = ("merchant_name", "period", "limit")
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    merchant_name: str
    period: ForecastPeriod
    limit: int
    def __init__(self, merchant_name: _Optional[str] = ..., period: _Optional[_Union[ForecastPeriod, str]] = ..., limit: _Optional[int] = ...) -> None: ...

class GetMerchantForecastResponse(_message.Message):
    __slots__ = ("forecast",)
    FORECAST_FIELD_NUMBER: _ClassVar[int]
    forecast: Forecast
    def __init__(self, forecast: _Optional[_Union[Forecast, _Mapping]] = ...) -> None: ...

class RegenerateForecastsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RegenerateForecastsResponse(_message.Message):
    __slots__ = ("status", "forecasts", "generated_at", "duration_ms")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    FORECASTS_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    status: str
    forecasts: int
    generated_at: _timestamp_pb2.Timestamp
    duration_ms: int
    def __init__(self, status: _Optional[str] = ..., forecasts: _Optional[int] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_ms: _Optional[int] = ...) -> None: ...
