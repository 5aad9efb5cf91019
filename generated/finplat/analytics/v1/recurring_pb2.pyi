from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_info_pb2 as _field_info_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Cadence(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CADENCE_UNSPECIFIED: _ClassVar[Cadence]
    CADENCE_WEEKLY: _ClassVar[Cadence]
    CADENCE_BIWEEKLY: _ClassVar[Cadence]
    CADENCE_MONTHLY: _ClassVar[Cadence]
    CADENCE_QUARTERLY: _ClassVar[Cadence]
    CADENCE_YEARLY: _ClassVar[Cadence]

class RecurringStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECURRING_STATUS_UNSPECIFIED: _ClassVar[RecurringStatus]
    RECURRING_STATUS_ACTIVE: _ClassVar[RecurringStatus]
    RECURRING_STATUS_STOPPED: _ClassVar[RecurringStatus]
CADENCE_UNSPECIFIED: Cadence
CADENCE_WEEKLY: Cadence
CADENCE_BIWEEKLY: Cadence
CADENCE_MONTHLY: Cadence
CADENCE_QUARTERLY: Cadence
CADENCE_YEARLY: Cadence
RECURRING_STATUS_UNSPECIFIED: RecurringStatus
RECURRING_STATUS_ACTIVE: RecurringStatus
RECURRING_STATUS_STOPPED: RecurringStatus

class RecurringAmount(_message.Message):
    __slots__ = ("typical", "minimum", "maximum", "variation")
    TYPICAL_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    VARIATION_FIELD_NUMBER: _ClassVar[int]
    typical: str
    minimum: str
    maximum: str
    variation: float
    def __init__(self, typical: _Optional[str] = ..., minimum: _Optional[str] = ..., maximum: _Optional[str] = ..., variation: _Optional[float] = ...) -> None: ...

class ConfidenceFactors(_message.Message):
    __slots__ = ("gap_regularity", "amount_stability", "count", "recency")
    GAP_REGULARITY_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_STABILITY_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    RECENCY_FIELD_NUMBER: _ClassVar[int]
    gap_regularity: float
    amount_stability: float
    count: float
    recency: float
    def __init__(self, gap_regularity: _Optional[float] = ..., amount_stability: _Optional[float] = ..., count: _Optional[float] = ..., recency: _Optional[float] = ...) -> None: ...

class RecurringPattern(_message.Message):
    __slots__ = ("id", "merchant_name", "category_id", "transaction_type", "cadence", "rrule", "next_expected_date", "window_days", "amount", "currency", "occurrences", "first_seen", "last_seen", "status", "price_changed_on", "confidence", "factors")
    ID_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    CADENCE_FIELD_NUMBER: _ClassVar[int]
    RRULE_FIELD_NUMBER: _ClassVar[int]
    NEXT_EXPECTED_DATE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_DAYS_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEEN_FIELD_NUMBER: _ClassVar[int]
    LAST_SEEN_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PRICE_CHANGED_ON_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    FACTORS_FIELD_NUMBER: _ClassVar[int]
    id: str
    merchant_name: str
    category_id: str
    transaction_type: _common_pb2.TransactionType
    cadence: Cadence
    rrule: str
    next_expected_date: _date_pb2.Date
    window_days: int
    amount: RecurringAmount
    currency: str
    occurrences: int
    first_seen: _date_pb2.Date
    last_seen: _date_pb2.Date
    status: RecurringStatus
    price_changed_on: _date_pb2.Date
    confidence: float
    factors: ConfidenceFactors
    def __init__(self, id: _Optional[str] = ..., merchant_name: _Optional[str] = ..., category_id: _Optional[str] = ..., transaction_type: _Optional[_Union[_common_pb2.TransactionType, str]] = ..., cadence: _Optional[_Union[Cadence, str]] = ..., rrule: _Optional[str] = ..., next_expected_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., window_days: _Optional[int] = ..., amount: _Optional[_Union[RecurringAmount, _Mapping]] = ..., currency: _Optional[str] = ..., occurrences: _Optional[int] = ..., first_seen: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., last_seen: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., status: _Optional[_Union[RecurringStatus, str]] = ..., price_changed_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., confidence: _Optional[float] = ..., factors: _Optional[_Union[ConfidenceFactors, _Mapping]] = ...) -> None: ...

class ListRecurringPatternsRequest(_message.Message):
    __slots__ = ("confidence", "limit", "offset")
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    confidence: float
    limit: int
    offset: int
    def __init__(self, confidence: _Optional[float] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListRecurringPatternsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[RecurringPattern]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[RecurringPattern, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListUpcomingTransactionsRequest(_message.Message):
    __slots__ = ("days",)
    DAYS_FIELD_NUMBER: _ClassVar[int]
    days: int
    def __init__(self, days: _Optional[int] = ...) -> None: ...

class UpcomingTransaction(_message.Message):
    __slots__ = ("pattern_id", "merchant_name", "category_id", "expected_date", "window_start", "window_end", "expected_amount", "currency", "transaction_type", "cadence", "confidence")
    PATTERN_ID_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_DATE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    CADENCE_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    pattern_id: str
    merchant_name: str
    category_id: str
    expected_date: _date_pb2.Date
    window_start: _date_pb2.Date
    window_end: _date_pb2.Date
    expected_amount: str
    currency: str
    transaction_type: _common_pb2.TransactionType
    cadence: Cadence
    confidence: float
    def __init__(self, pattern_id: _Optional[str] = ..., merchant_name: _Optional[str] = ..., category_id: _Optional[str] = ..., expected_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., window_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., window_end: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., expected_amount: _Optional[str] = ..., currency: _Optional[str] = ..., transaction_type: _Optional[_Union[_common_pb2.TransactionType, str]] = ..., cadence: _Optional[_Union[Cadence, str]] = ..., confidence: _Optional[float] = ...) -> None: ...

class ListUpcomingTransactionsResponse(_message.Message):
    __slots__ = ("data", "period")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[UpcomingTransaction]
    period: _common_pb2.DateRange
    def __init__(self, data: _Optional[_Iterable[_Union[UpcomingTransaction, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ...) -> None: ...
