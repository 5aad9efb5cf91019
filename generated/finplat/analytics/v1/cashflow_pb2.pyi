import datetime

from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.analytics.v1 import recurring_pb2 as _recurring_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
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

class CashFlowPeriodType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CASH_FLOW_PERIOD_TYPE_UNSPECIFIED: _ClassVar[CashFlowPeriodType]
    CASH_FLOW_PERIOD_TYPE_WEEKLY: _ClassVar[CashFlowPeriodType]
    CASH_FLOW_PERIOD_TYPE_MONTHLY: _ClassVar[CashFlowPeriodType]
    CASH_FLOW_PERIOD_TYPE_QUARTERLY: _ClassVar[CashFlowPeriodType]

class CashFlowAlertType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CASH_FLOW_ALERT_TYPE_UNSPECIFIED: _ClassVar[CashFlowAlertType]
    CASH_FLOW_ALERT_TYPE_LOW_BALANCE: _ClassVar[CashFlowAlertType]
    CASH_FLOW_ALERT_TYPE_NEGATIVE_FLOW: _ClassVar[CashFlowAlertType]
    CASH_FLOW_ALERT_TYPE_UNUSUAL_SPENDING: _ClassVar[CashFlowAlertType]

class CashFlowAlertSeverity(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CASH_FLOW_ALERT_SEVERITY_UNSPECIFIED: _ClassVar[CashFlowAlertSeverity]
    CASH_FLOW_ALERT_SEVERITY_LOW: _ClassVar[CashFlowAlertSeverity]
    CASH_FLOW_ALERT_SEVERITY_MEDIUM: _ClassVar[CashFlowAlertSeverity]
    CASH_FLOW_ALERT_SEVERITY_HIGH: _ClassVar[CashFlowAlertSeverity]

class CashFlowAlertStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CASH_FLOW_ALERT_STATUS_UNSPECIFIED: _ClassVar[CashFlowAlertStatus]
    CASH_FLOW_ALERT_STATUS_PENDING: _ClassVar[CashFlowAlertStatus]
    CASH_FLOW_ALERT_STATUS_ACKNOWLEDGED: _ClassVar[CashFlowAlertStatus]
    CASH_FLOW_ALERT_STATUS_RESOLVED: _ClassVar[CashFlowAlertStatus]
    CASH_FLOW_ALERT_STATUS_DISMISSED: _ClassVar[CashFlowAlertStatus]
CASH_FLOW_PERIOD_TYPE_UNSPECIFIED: CashFlowPeriodType
CASH_FLOW_PERIOD_TYPE_WEEKLY: CashFlowPeriodType
CASH_FLOW_PERIOD_TYPE_MONTHLY: CashFlowPeriodType
CASH_FLOW_PERIOD_TYPE_QUARTERLY: CashFlowPeriodType
CASH_FLOW_ALERT_TYPE_UNSPECIFIED: CashFlowAlertType
CASH_FLOW_ALERT_TYPE_LOW_BALANCE: CashFlowAlertType
CASH_FLOW_ALERT_TYPE_NEGATIVE_FLOW: CashFlowAlertType
CASH_FLOW_ALERT_TYPE_UNUSUAL_SPENDING: CashFlowAlertType
CASH_FLOW_ALERT_SEVERITY_UNSPECIFIED: CashFlowAlertSeverity
CASH_FLOW_ALERT_SEVERITY_LOW: CashFlowAlertSeverity
CASH_FLOW_ALERT_SEVERITY_MEDIUM: CashFlowAlertSeverity
CASH_FLOW_ALERT_SEVERITY_HIGH: CashFlowAlertSeverity
CASH_FLOW_ALERT_STATUS_UNSPECIFIED: CashFlowAlertStatus
CASH_FLOW_ALERT_STATUS_PENDING: CashFlowAlertStatus
CASH_FLOW_ALERT_STATUS_ACKNOWLEDGED: CashFlowAlertStatus
CASH_FLOW_ALERT_STATUS_RESOLVED: CashFlowAlertStatus
CASH_FLOW_ALERT_STATUS_DISMISSED: CashFlowAlertStatus

class CashFlowComponents(_message.Message):
    __slots__ = ("recurring_income", "recurring_expenses", "planned_expenses", "discretionary_expenses")
    RECURRING_INCOME_FIELD_NUMBER: _ClassVar[int]
    RECURRING_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    PLANNED_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    DISCRETIONARY_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    recurring_income: str
    recurring_expenses: str
    planned_expenses: str
    discretionary_expenses: str
    def __init__(self, recurring_income: _Optional[str] = ..., recurring_expenses: _Optional[str] = ..., planned_expenses: _Optional[str] = ..., discretionary_expenses: _Optional[str] = ...) -> None: ...

class BalanceRange(_message.Message):
    __slots__ = ("lower", "upper")
    LOWER_FIELD_NUMBER: _ClassVar[int]
    UPPER_FIELD_NUMBER: _ClassVar[int]
    lower: str
    upper: str
    def __init__(self, lower: _Optional[str] = ..., upper: _Optional[str] = ...) -> None: ...

class CashFlowPrediction(_message.Message):
    __slots__ = ("period_type", "period_start", "period_end", "predicted_from", "currency", "opening_balance", "expected_income", "expected_expenses", "net_flow", "expected_balance", "lowest_balance", "balance_range", "confidence", "components")
    PERIOD_TYPE_FIELD_NUMBER: _ClassVar[int]
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    PREDICTED_FROM_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    OPENING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    NET_FLOW_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_BALANCE_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BALANCE_FIELD_NUMBER: _ClassVar[int]
    BALANCE_RANGE_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    COMPONENTS_FIELD_NUMBER: _ClassVar[int]
    period_type: CashFlowPeriodType
    period_start: _date_pb2.Date
    period_end: _date_pb2.Date
    predicted_from: _date_pb2.Date
    currency: str
    opening_balance: str
    expected_income: str
    expected_expenses: str
    net_flow: str
    expected_balance: str
    lowest_balance: str
    balance_range: BalanceRange
    confidence: float
    components: CashFlowComponents
    def __init__(self, period_type: _Optional[_Union[CashFlowPeriodType, str]] = ..., period_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., period_end: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., predicted_from: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., currency: _Optional[str] = ..., opening_balance: _Optional[str] = ..., expected_income: _Optional[str] = ..., expected_expenses: _Optional[str] = ..., net_flow: _Optional[str] = ..., expected_balance: _Optional[str] = ..., lowest_balance: _Optional[str] = ..., balance_range: _Optional[_Union[BalanceRange, _Mapping]] = ..., confidence: _Optional[float] = ..., components: _Optional[_Union[CashFlowComponents, _Mapping]] = ...) -> None: ...

class ListCashFlowPredictionsRequest(_message.Message):
    __slots__ = ("period_type", "start_date", "end_date", "limit")
    PERIOD_TYPE_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    period_type: CashFlowPeriodType
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    limit: int
    def __init__(self, period_type: _Optional[_Union[CashFlowPeriodType, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., limit: _Optional[int] = ...) -> None: ...

class ListCashFlowPredictionsResponse(_message.Message):
    __slots__ = ("data", "period_type", "currency", "current_balance", "generated_at")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_TYPE_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    CURRENT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[CashFlowPrediction]
    period_type: CashFlowPeriodType
    currency: str
    current_balance: str
    generated_at: _timestamp_pb2.Timestamp
    def __init__(self, data: _Optional[_Iterable[_Union[CashFlowPrediction, _Mapping]]] = ..., period_type: _Optional[_Union[CashFlowPeriodType, str]] = ..., currency: _Optional[str] = ..., current_balance: _Optional[str] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GenerateCashFlowPredictionsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GenerateCashFlowPredictionsResponse(_message.Message):
    __slots__ = ("status", "predictions", "alerts_raised", "alerts_cleared", "generated_at", "duration_ms")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PREDICTIONS_FIELD_NUMBER: _ClassVar[int]
    ALERTS_RAISED_FIELD_NUMBER: _ClassVar[int]
    ALERTS_CLEARED_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    status: str
    predictions: int
    alerts_raised: int
    alerts_cleared: int
    generated_at: _timestamp_pb2.Timestamp
    duration_ms: int
    def __init__(self, status: _Optional[str] = ..., predictions: _Optional[int] = ..., alerts_raised: _Optional[int] = ..., alerts_cleared: _Optional[int] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_ms: _Optional[int] = ...) -> None: ...

class CashFlowAlert(_message.Message):
    __slots__ = ("id", "alert_type", "severity", "status", "title", "message", "period_start", "period_end", "amount", "reference", "currency", "category_id", "score", "created_at", "updated_at", "acknowledged_at", "resolved_at", "resolved_by")
    ID_FIELD_NUMBER: _ClassVar[int]
    ALERT_TYPE_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    ACKNOWLEDGED_AT_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_AT_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_BY_FIELD_NUMBER: _ClassVar[int]
    id: str
    alert_type: CashFlowAlertType
    severity: CashFlowAlertSeverity
    status: CashFlowAlertStatus
    title: str
    message: str
    period_start: _date_pb2.Date
    period_end: _date_pb2.Date
    amount: str
    reference: str
    currency: str
    category_id: str
    score: float
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    acknowledged_at: _timestamp_pb2.Timestamp
    resolved_at: _timestamp_pb2.Timestamp
    resolved_by: str
    def __init__(self, id: _Optional[str] = ..., alert_type: _Optional[_Union[CashFlowAlertType, str]] = ..., severity: _Optional[_Union[CashFlowAlertSeverity, str]] = ..., status: _Optional[_Union[CashFlowAlertStatus, str]] = ..., title: _Optional[str] = ..., message: _Optional[str] = ..., period_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., period_end: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., amount: _Optional[str] = ..., reference: _Optional[str] = ..., currency: _Optional[str] = ..., category_id: _Optional[str] = ..., score: _Optional[float] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., acknowledged_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., resolved_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., resolved_by: _Optional[str] = ...) -> None: ...

class ListCashFlowAlertsRequest(_message.Message):
    __slots__ = ("status", "severity", "alert_type", "limit", "offset")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    ALERT_TYPE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    status: CashFlowAlertStatus
    severity: CashFlowAlertSeverity
    alert_type: CashFlowAlertType
    limit: int
    offset: int
    def __init__(self, status: _Optional[_Union[CashFlowAlertStatus, str]] = ..., severity: _Optional[_Union[CashFlowAlertSeverity, str]] = ..., alert_type: _Optional[_Union[CashFlowAlertType, str]] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListCashFlowAlertsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[CashFlowAlert]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[CashFlowAlert, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class AcknowledgeCashFlowAlertRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class AcknowledgeCashFlowAlertResponse(_message.Message):
    __slots__ = ("alert",)
    ALERT_FIELD_NUMBER: _ClassVar[int]
    alert: CashFlowAlert
    def __init__(self, alert: _Optional[_Union[CashFlowAlert, _Mapping]] = ...) -> None: ...

class ResolveCashFlowAlertRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class ResolveCashFlowAlertResponse(_message.Message):
    __slots__ = ("alert",)
    ALERT_FIELD_NUMBER: _ClassVar[int]
    alert: CashFlowAlert
    def __init__(self, alert: _Optional[_Union[CashFlowAlert, _Mapping]] = ...) -> None: ...

class ProjectedBalance(_message.Message):
    __slots__ = ("days", "date", "balance", "income", "expenses")
    DAYS_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    BALANCE_FIELD_NUMBER: _ClassVar[int]
    INCOME_FIELD_NUMBER: _ClassVar[int]
    EXPENSES_FIELD_NUMBER: _ClassVar[int]
    days: int
    date: _date_pb2.Date
    balance: str
    income: str
    expenses: str
    def __init__(self, days: _Optional[int] = ..., date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., balance: _Optional[str] = ..., income: _Optional[str] = ..., expenses: _Optional[str] = ...) -> None: ...

class BalancePoint(_message.Message):
    __slots__ = ("date", "balance")
    DATE_FIELD_NUMBER: _ClassVar[int]
    BALANCE_FIELD_NUMBER: _ClassVar[int]
    date: _date_pb2.Date
    balance: str
    def __init__(self, date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., balance: _Optional[str] = ...) -> None: ...

class CashFlowSnapshot(_message.Message):
    __slots__ = ("id", "snapshot_date", "currency", "current_balance", "projections", "lowest_balance", "active_alerts", "generated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_DATE_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    CURRENT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    PROJECTIONS_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BALANCE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_ALERTS_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    snapshot_date: _date_pb2.Date
    currency: str
    current_balance: str
    projections: _containers.RepeatedCompositeFieldContainer[ProjectedBalance]
    lowest_balance: BalancePoint
    active_alerts: int
    generated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., snapshot_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., currency: _Optional[str] = ..., current_balance: _Optional[str] = ..., projections: _Optional[_Iterable[_Union[ProjectedBalance, _Mapping]]] = ..., lowest_balance: _Optional[_Union[BalancePoint, _Mapping]] = ..., active_alerts: _Optional[int] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GetLatestCashFlowSnapshotRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetLatestCashFlowSnapshotResponse(_message.Message):
    __slots__ = ("snapshot",)
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    snapshot: CashFlowSnapshot
    def __init__(self, snapshot: _Optional[_Union[CashFlowSnapshot, _Mapping]] = ...) -> None: ...

class GenerateCashFlowSnapshotRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GenerateCashFlowSnapshotResponse(_message.Message):
    __slots__ = ("snapshot",)
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    snapshot: CashFlowSnapshot
    def __init__(self, snapshot: _Optional[_Union[CashFlowSnapshot, _Mapping]] = ...) -> None: ...

class ListUpcomingRecurringTransactionsRequest(_message.Message):
    __slots__ = ("days", "limit")
    DAYS_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    days: int
    limit: int
    def __init__(self, days: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ListUpcomingRecurringTransactionsResponse(_message.Message):
    __slots__ = ("data", "period", "total")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[_recurring_pb2.UpcomingTransaction]
    period: _common_pb2.DateRange
    total: int
    def __init__(self, data: _Optional[_Iterable[_Union[_recurring_pb2.UpcomingTransaction, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., total: _Optional[int] = ...) -> None: ...

class DetectRecurringTransactionsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DetectRecurringTransactionsResponse(_message.Message):
    __slots__ = ("status", "patterns", "active_patterns", "detected_at", "duration_ms")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PATTERNS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_PATTERNS_FIELD_NUMBER: _ClassVar[int]
    DETECTED_AT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    status: str
    patterns: int
    active_patterns: int
    detected_at: _timestamp_pb2.Timestamp
    duration_ms: int
    def __init__(self, status: _Optional[str] = ..., patterns: _Optional[int] = ..., active_patterns: _Optional[int] = ..., detected_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_ms: _Optional[int] = ...) -> None: ...
