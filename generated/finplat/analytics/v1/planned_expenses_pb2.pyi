import datetime

from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PlannedExpense(_message.Message):
    __slots__ = ("id", "title", "description", "amount", "due_date", "category_id", "is_recurring", "recurrence_rule", "recurrence_description", "series_start", "occurrence", "notify_days_before", "notify_on", "is_paid", "paid_date", "actual_amount", "transaction_id", "is_overdue", "days_until_due", "last_payment", "is_projected", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    IS_RECURRING_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_RULE_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SERIES_START_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_DAYS_BEFORE_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_ON_FIELD_NUMBER: _ClassVar[int]
    IS_PAID_FIELD_NUMBER: _ClassVar[int]
    PAID_DATE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_ID_FIELD_NUMBER: _ClassVar[int]
    IS_OVERDUE_FIELD_NUMBER: _ClassVar[int]
    DAYS_UNTIL_DUE_FIELD_NUMBER: _ClassVar[int]
    LAST_PAYMENT_FIELD_NUMBER: _ClassVar[int]
    IS_PROJECTED_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    description: str
    amount: str
    due_date: _date_pb2.Date
    category_id: str
    is_recurring: bool
    recurrence_rule: str
    recurrence_description: str
    series_start: _date_pb2.Date
    occurrence: int
    notify_days_before: int
    notify_on: _date_pb2.Date
    is_paid: bool
    paid_date: _date_pb2.Date
    actual_amount: str
    transaction_id: str
    is_overdue: bool
    days_until_due: int
    last_payment: PlannedExpensePayment
    is_projected: bool
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., category_id: _Optional[str] = ..., is_recurring: _Optional[bool] = ..., recurrence_rule: _Optional[str] = ..., recurrence_description: _Optional[str] = ..., series_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., occurrence: _Optional[int] = ..., notify_days_before: _Optional[int] = ..., notify_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., is_paid: _Optional[bool] = ..., paid_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., actual_amount: _Optional[str] = ..., transaction_id: _Optional[str] = ..., is_overdue: _Optional[bool] = ..., days_until_due: _Optional[int] = ..., last_payment: _Optional[_Union[PlannedExpensePayment, _Mapping]] = ..., is_projected: _Optional[bool] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class PlannedExpensePayment(_message.Message):
    __slots__ = ("due_date", "paid_date", "actual_amount", "transaction_id", "occurrence", "created_at")
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    PAID_DATE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_ID_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    due_date: _date_pb2.Date
    paid_date: _date_pb2.Date
    actual_amount: str
    transaction_id: str
    occurrence: int
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., paid_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., actual_amount: _Optional[str] = ..., transaction_id: _Optional[str] = ..., occurrence: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreatePlannedExpenseRequest(_message.Message):
    __slots__ = ("title", "description", "amount", "due_date", "category_id", "is_recurring", "recurrence_rule", "notify_days_before")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    IS_RECURRING_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_RULE_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_DAYS_BEFORE_FIELD_NUMBER: _ClassVar[int]
    title: str
    description: str
    amount: str
    due_date: _date_pb2.Date
    category_id: str
    is_recurring: bool
    recurrence_rule: str
    notify_days_before: int
    def __init__(self, title: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., category_id: _Optional[str] = ..., is_recurring: _Optional[bool] = ..., recurrence_rule: _Optional[str] = ..., notify_days_before: _Optional[int] = ...) -> None: ...

class CreatePlannedExpenseResponse(_message.Message):
    __slots__ = ("expense",)
    EXPENSE_FIELD_NUMBER: _ClassVar[int]
    expense: PlannedExpense
    def __init__(self, expense: _Optional[_Union[PlannedExpense, _Mapping]] = ...) -> None: ...

class ListPlannedExpensesRequest(_message.Message):
    __slots__ = ("limit", "offset", "is_paid", "category_id")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    IS_PAID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    limit: int
    offset: int
    is_paid: bool
    category_id: str
    def __init__(self, limit: _Optional[int] = ..., offset: _Optional[int] = ..., is_paid: _Optional[bool] = ..., category_id: _Optional[str] = ...) -> None: ...

class ListPlannedExpensesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[PlannedExpense]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[PlannedExpense, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListUpcomingPlannedExpensesRequest(_message.Message):
    __slots__ = ("days", "category_id", "limit", "offset")
    DAYS_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    days: int
    category_id: str
    limit: int
    offset: int
    def __init__(self, days: _Optional[int] = ..., category_id: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListUpcomingPlannedExpensesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[PlannedExpense]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[PlannedExpense, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListOverduePlannedExpensesRequest(_message.Message):
    __slots__ = ("limit", "offset")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    limit: int
    offset: int
    def __init__(self, limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListOverduePlannedExpensesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[PlannedExpense]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[PlannedExpense, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListRecurringPlannedExpensesRequest(_message.Message):
    __slots__ = ("limit", "offset")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    limit: int
    offset: int
    def __init__(self, limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListRecurringPlannedExpensesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[PlannedExpense]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[PlannedExpense, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class GetPlannedExpenseStatisticsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetPlannedExpenseStatisticsResponse(_message.Message):
    __slots__ = ("statistics",)
    STATISTICS_FIELD_NUMBER: _ClassVar[int]
    statistics: PlannedExpenseStatistics
    def __init__(self, statistics: _Optional[_Union[PlannedExpenseStatistics, _Mapping]] = ...) -> None: ...

class PlannedExpenseTally(_message.Message):
    __slots__ = ("count", "amount")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    amount: str
    def __init__(self, count: _Optional[int] = ..., amount: _Optional[str] = ...) -> None: ...

class PlannedExpenseStatistics(_message.Message):
    __slots__ = ("as_of", "expense_count", "recurring_count", "paid", "unpaid", "overdue", "upcoming30_days", "by_category", "planned_by_month", "paid_by_month")
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    EXPENSE_COUNT_FIELD_NUMBER: _ClassVar[int]
    RECURRING_COUNT_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    UNPAID_FIELD_NUMBER: _ClassVar[int]
    OVERDUE_FIELD_NUMBER: _ClassVar[int]
    UPCOMING30_DAYS_FIELD_NUMBER: _ClassVar[int]
    BY_CATEGORY_FIELD_NUMBER: _ClassVar[int]
    PLANNED_BY_MONTH_FIELD_NUMBER: _ClassVar[int]
    PAID_BY_MONTH_FIELD_NUMBER: _ClassVar[int]
    as_of: _date_pb2.Date
    expense_count: int
    recurring_count: int
    paid: PlannedExpenseTally
    unpaid: PlannedExpenseTally
    overdue: PlannedExpenseTally
    upcoming30_days: PlannedExpenseTally
    by_category: _containers.RepeatedCompositeFieldContainer[PlannedExpenseCategoryTotals]
    planned_by_month: _containers.RepeatedCompositeFieldContainer[PlannedExpenseMonthTotals]
    paid_by_month: _containers.RepeatedCompositeFieldContainer[PlannedExpenseMonthTotals]
    def __init__(self, as_of: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., expense_count: _Optional[int] = ..., recurring_count: _Optional[int] = ..., paid: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ..., unpaid: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ..., overdue: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ..., upcoming30_days: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ..., by_category: _Optional[_Iterable[_Union[PlannedExpenseCategoryTotals, _Mapping]]] = ..., planned_by_month: _Optional[_Iterable[_Union[PlannedExpenseMonthTotals, _Mapping]]] = ..., paid_by_month: _Optional[_Iterable[_Union[PlannedExpenseMonthTotals, _Mapping]]] = ...) -> None: ...

class PlannedExpenseCategoryTotals(_message.Message):
    __slots__ = ("category_id", "expense_count", "unpaid", "paid")
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    EXPENSE_COUNT_FIELD_NUMBER: _ClassVar[int]
    UNPAID_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    category_id: str
    expense_count: int
    unpaid: PlannedExpenseTally
    paid: PlannedExpenseTally
    def __init__(self, category_id: _Optional[str] = ..., expense_count: _Optional[int] = ..., unpaid: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ..., paid: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ...) -> None: ...

class PlannedExpenseMonthTotals(_message.Message):
    __slots__ = ("month", "total")
    MONTH_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    month: str
    total: PlannedExpenseTally
    def __init__(self, month: _Optional[str] = ..., total: _Optional[_Union[PlannedExpenseTally, _Mapping]] = ...) -> None: ...

class GetPlannedExpenseRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetPlannedExpenseResponse(_message.Message):
    __slots__ = ("expense",)
    EXPENSE_FIELD_NUMBER: _ClassVar[int]
    expense: PlannedExpense
    def __init__(self, expense: _Optional[_Union[PlannedExpense, _Mapping]] = ...) -> None: ...

class MarkPlannedExpensePaidRequest(_message.Message):
    __slots__ = ("id", "paid_date", "actual_amount", "transaction_id", "due_date")
    ID_FIELD_NUMBER: _ClassVar[int]
    PAID_DATE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_ID_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    id: str
    paid_date: _date_pb2.Date
    actual_amount: str
    transaction_id: str
    due_date: _date_pb2.Date
    def __init__(self, id: _Optional[str] = ..., paid_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., actual_amount: _Optional[str] = ..., transaction_id: _Optional[str] = ..., due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class MarkPlannedExpensePaidResponse(_message.Message):
    __slots__ = ("expense",)
    EXPENSE_FIELD_NUMBER: _ClassVar[int]
    expense: PlannedExpense
    def __init__(self, expense: _Optional[_Union[PlannedExpense, _Mapping]] = ...) -> None: ...

class ListPlannedExpensePaymentsRequest(_message.Message):
    __slots__ = ("id", "limit", "offset")
    ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    id: str
    limit: int
    offset: int
    def __init__(self, id: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListPlannedExpensePaymentsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[PlannedExpensePayment]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[PlannedExpensePayment, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class DeletePlannedExpenseRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeletePlannedExpenseResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
