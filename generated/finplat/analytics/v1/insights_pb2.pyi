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

class SummaryPeriod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUMMARY_PERIOD_UNSPECIFIED: _ClassVar[SummaryPeriod]
    SUMMARY_PERIOD_WEEKLY: _ClassVar[SummaryPeriod]
    SUMMARY_PERIOD_MONTHLY: _ClassVar[SummaryPeriod]
    SUMMARY_PERIOD_QUARTERLY: _ClassVar[SummaryPeriod]
    SUMMARY_PERIOD_YEARLY: _ClassVar[SummaryPeriod]

class TrendType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TREND_TYPE_UNSPECIFIED: _ClassVar[TrendType]
    TREND_TYPE_INCREASING: _ClassVar[TrendType]
    TREND_TYPE_DECREASING: _ClassVar[TrendType]
    TREND_TYPE_SPIKE: _ClassVar[TrendType]
    TREND_TYPE_DIP: _ClassVar[TrendType]

class TrendEntityType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TREND_ENTITY_TYPE_UNSPECIFIED: _ClassVar[TrendEntityType]
    TREND_ENTITY_TYPE_CATEGORY: _ClassVar[TrendEntityType]
    TREND_ENTITY_TYPE_MERCHANT: _ClassVar[TrendEntityType]
    TREND_ENTITY_TYPE_OVERALL: _ClassVar[TrendEntityType]

class TrendBucket(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TREND_BUCKET_UNSPECIFIED: _ClassVar[TrendBucket]
    TREND_BUCKET_WEEK: _ClassVar[TrendBucket]
    TREND_BUCKET_MONTH: _ClassVar[TrendBucket]
SUMMARY_PERIOD_UNSPECIFIED: SummaryPeriod
SUMMARY_PERIOD_WEEKLY: SummaryPeriod
SUMMARY_PERIOD_MONTHLY: SummaryPeriod
SUMMARY_PERIOD_QUARTERLY: SummaryPeriod
SUMMARY_PERIOD_YEARLY: SummaryPeriod
TREND_TYPE_UNSPECIFIED: TrendType
TREND_TYPE_INCREASING: TrendType
TREND_TYPE_DECREASING: TrendType
TREND_TYPE_SPIKE: TrendType
TREND_TYPE_DIP: TrendType
TREND_ENTITY_TYPE_UNSPECIFIED: TrendEntityType
TREND_ENTITY_TYPE_CATEGORY: TrendEntityType
TREND_ENTITY_TYPE_MERCHANT: TrendEntityType
TREND_ENTITY_TYPE_OVERALL: TrendEntityType
TREND_BUCKET_UNSPECIFIED: TrendBucket
TREND_BUCKET_WEEK: TrendBucket
TREND_BUCKET_MONTH: TrendBucket

class CategoryAmount(_message.Message):
    __slots__ = ("category_id", "category_name", "color", "amount", "share", "transaction_count")
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_NAME_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    SHARE_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_COUNT_FIELD_NUMBER: _ClassVar[int]
    category_id: str
    category_name: str
    color: str
    amount: str
    share: str
    transaction_count: int
    def __init__(self, category_id: _Optional[str] = ..., category_name: _Optional[str] = ..., color: _Optional[str] = ..., amount: _Optional[str] = ..., share: _Optional[str] = ..., transaction_count: _Optional[int] = ...) -> None: ...

class MerchantAmount(_message.Message):
    __slots__ = ("merchant_name", "amount", "share", "transaction_count")
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    SHARE_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_COUNT_FIELD_NUMBER: _ClassVar[int]
    merchant_name: str
    amount: str
    share: str
    transaction_count: int
    def __init__(self, merchant_name: _Optional[str] = ..., amount: _Optional[str] = ..., share: _Optional[str] = ..., transaction_count: _Optional[int] = ...) -> None: ...

class GetSummaryRequest(_message.Message):
    __slots__ = ("start_date", "end_date", "period", "currency")
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    period: SummaryPeriod
    currency: str
    def __init__(self, start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., period: _Optional[_Union[SummaryPeriod, str]] = ..., currency: _Optional[str] = ...) -> None: ...

class SummaryTrends(_message.Message):
    __slots__ = ("income", "expenses", "net")
    INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    income: _common_pb2.AmountChange
    expenses: _common_pb2.AmountChange
    net: _common_pb2.AmountChange
    def __init__(self, income: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ..., expenses: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ..., net: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ...) -> None: ...

class Summary(_message.Message):
    __slots__ = ("period", "previous_period", "currency", "income", "expenses", "net", "savings_rate", "transaction_count", "trends", "top_categories")
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    SAVINGS_RATE_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_COUNT_FIELD_NUMBER: _ClassVar[int]
    TRENDS_FIELD_NUMBER: _ClassVar[int]
    TOP_CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    period: _common_pb2.DateRange
    previous_period: _common_pb2.DateRange
    currency: str
    income: str
    expenses: str
    net: str
    savings_rate: str
    transaction_count: int
    trends: SummaryTrends
    top_categories: _containers.RepeatedCompositeFieldContainer[CategoryAmount]
    def __init__(self, period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., previous_period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., currency: _Optional[str] = ..., income: _Optional[str] = ..., expenses: _Optional[str] = ..., net: _Optional[str] = ..., savings_rate: _Optional[str] = ..., transaction_count: _Optional[int] = ..., trends: _Optional[_Union[SummaryTrends, _Mapping]] = ..., top_categories: _Optional[_Iterable[_Union[CategoryAmount, _Mapping]]] = ...) -> None: ...

class GetSummaryResponse(_message.Message):
    __slots__ = ("summary",)
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    summary: Summary
    def __init__(self, summary: _Optional[_Union[Summary, _Mapping]] = ...) -> None: ...

class CompareSummariesRequest(_message.Message):
    __slots__ = ("current_period", "previous_period", "currency")
    CURRENT_PERIOD_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    current_period: str
    previous_period: str
    currency: str
    def __init__(self, current_period: _Optional[str] = ..., previous_period: _Optional[str] = ..., currency: _Optional[str] = ...) -> None: ...

class PeriodTotals(_message.Message):
    __slots__ = ("label", "range", "income", "expenses", "net", "transaction_count")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_COUNT_FIELD_NUMBER: _ClassVar[int]
    label: str
    range: _common_pb2.DateRange
    income: str
    expenses: str
    net: str
    transaction_count: int
    def __init__(self, label: _Optional[str] = ..., range: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., income: _Optional[str] = ..., expenses: _Optional[str] = ..., net: _Optional[str] = ..., transaction_count: _Optional[int] = ...) -> None: ...

class CategoryChange(_message.Message):
    __slots__ = ("category_id", "category_name", "current", "change")
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_NAME_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    category_id: str
    category_name: str
    current: str
    change: _common_pb2.AmountChange
    def __init__(self, category_id: _Optional[str] = ..., category_name: _Optional[str] = ..., current: _Optional[str] = ..., change: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ...) -> None: ...

class Comparison(_message.Message):
    __slots__ = ("currency", "current", "previous", "income_change", "expenses_change", "net_change", "categories")
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    INCOME_CHANGE_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_CHANGE_FIELD_NUMBER: _ClassVar[int]
    NET_CHANGE_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    currency: str
    current: PeriodTotals
    previous: PeriodTotals
    income_change: _common_pb2.AmountChange
    expenses_change: _common_pb2.AmountChange
    net_change: _common_pb2.AmountChange
    categories: _containers.RepeatedCompositeFieldContainer[CategoryChange]
    def __init__(self, currency: _Optional[str] = ..., current: _Optional[_Union[PeriodTotals, _Mapping]] = ..., previous: _Optional[_Union[PeriodTotals, _Mapping]] = ..., income_change: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ..., expenses_change: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ..., net_change: _Optional[_Union[_common_pb2.AmountChange, _Mapping]] = ..., categories: _Optional[_Iterable[_Union[CategoryChange, _Mapping]]] = ...) -> None: ...

class CompareSummariesResponse(_message.Message):
    __slots__ = ("comparison",)
    COMPARISON_FIELD_NUMBER: _ClassVar[int]
    comparison: Comparison
    def __init__(self, comparison: _Optional[_Union[Comparison, _Mapping]] = ...) -> None: ...

class ListTopCategoriesRequest(_message.Message):
    __slots__ = ("limit", "period", "currency")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    limit: int
    period: SummaryPeriod
    currency: str
    def __init__(self, limit: _Optional[int] = ..., period: _Optional[_Union[SummaryPeriod, str]] = ..., currency: _Optional[str] = ...) -> None: ...

class ListTopCategoriesResponse(_message.Message):
    __slots__ = ("data", "period", "currency", "total_expenses")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[CategoryAmount]
    period: _common_pb2.DateRange
    currency: str
    total_expenses: str
    def __init__(self, data: _Optional[_Iterable[_Union[CategoryAmount, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., currency: _Optional[str] = ..., total_expenses: _Optional[str] = ...) -> None: ...

class ListTopMerchantsRequest(_message.Message):
    __slots__ = ("limit", "period", "currency")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    limit: int
    period: SummaryPeriod
    currency: str
    def __init__(self, limit: _Optional[int] = ..., period: _Optional[_Union[SummaryPeriod, str]] = ..., currency: _Optional[str] = ...) -> None: ...

class ListTopMerchantsResponse(_message.Message):
    __slots__ = ("data", "period", "currency", "total_expenses")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[MerchantAmount]
    period: _common_pb2.DateRange
    currency: str
    total_expenses: str
    def __init__(self, data: _Optional[_Iterable[_Union[MerchantAmount, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., currency: _Optional[str] = ..., total_expenses: _Optional[str] = ...) -> None: ...

class Trend(_message.Message):
    __slots__ = ("trend_type", "entity_type", "entity_id", "entity_name", "significance", "method", "bucket", "period", "points", "change", "value", "baseline", "statistic", "description", "currency")
    TREND_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_ID_FIELD_NUMBER: _ClassVar[int]
    ENTITY_NAME_FIELD_NUMBER: _ClassVar[int]
    SIGNIFICANCE_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    BUCKET_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    BASELINE_FIELD_NUMBER: _ClassVar[int]
    STATISTIC_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    trend_type: TrendType
    entity_type: TrendEntityType
    entity_id: str
    entity_name: str
    significance: float
    method: str
    bucket: TrendBucket
    period: _common_pb2.DateRange
    points: int
    change: str
    value: str
    baseline: str
    statistic: float
    description: str
    currency: str
    def __init__(self, trend_type: _Optional[_Union[TrendType, str]] = ..., entity_type: _Optional[_Union[TrendEntityType, str]] = ..., entity_id: _Optional[str] = ..., entity_name: _Optional[str] = ..., significance: _Optional[float] = ..., method: _Optional[str] = ..., bucket: _Optional[_Union[TrendBucket, str]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., points: _Optional[int] = ..., change: _Optional[str] = ..., value: _Optional[str] = ..., baseline: _Optional[str] = ..., statistic: _Optional[float] = ..., description: _Optional[str] = ..., currency: _Optional[str] = ...) -> None: ...

class ListTrendsRequest(_message.Message):
    __slots__ = ("trend_type", "entity_type", "start_date", "end_date", "min_significance", "limit", "currency")
    TREND_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    MIN_SIGNIFICANCE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    trend_type: TrendType
    entity_type: TrendEntityType
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    min_significance: float
    limit: int
    currency: str
    def __init__(self, trend_type: _Optional[_Union[TrendType, str]] = ..., entity_type: _Optional[_Union[TrendEntityType, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., min_significance: _Optional[float] = ..., limit: _Optional[int] = ..., currency: _Optional[str] = ...) -> None: ...

class ListTrendsResponse(_message.Message):
    __slots__ = ("data", "period")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Trend]
    period: _common_pb2.DateRange
    def __init__(self, data: _Optional[_Iterable[_Union[Trend, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ...) -> None: ...

class ListSignificantTrendsRequest(_message.Message):
    __slots__ = ("limit",)
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    limit: int
    def __init__(self, limit: _Optional[int] = ...) -> None: ...

class ListSignificantTrendsResponse(_message.Message):
    __slots__ = ("data", "period")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Trend]
    period: _common_pb2.DateRange
    def __init__(self, data: _Optional[_Iterable[_Union[Trend, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ...) -> None: ...

class RefreshAnalyticsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RefreshAnalyticsResponse(_message.Message):
    __slots__ = ("status", "refreshed_at", "transactions", "recurring_patterns", "duration_ms")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REFRESHED_AT_FIELD_NUMBER: _ClassVar[int]
    TRANSACTIONS_FIELD_NUMBER: _ClassVar[int]
    RECURRING_PATTERNS_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    status: str
    refreshed_at: _timestamp_pb2.Timestamp
    transactions: int
    recurring_patterns: int
    duration_ms: int
    def __init__(self, status: _Optional[str] = ..., refreshed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., transactions: _Optional[int] = ..., recurring_patterns: _Optional[int] = ..., duration_ms: _Optional[int] = ...) -> None: ...
