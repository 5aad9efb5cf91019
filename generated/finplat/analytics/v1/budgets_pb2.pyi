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

class BudgetPeriod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUDGET_PERIOD_UNSPECIFIED: _ClassVar[BudgetPeriod]
    BUDGET_PERIOD_WEEKLY: _ClassVar[BudgetPeriod]
    BUDGET_PERIOD_MONTHLY: _ClassVar[BudgetPeriod]
    BUDGET_PERIOD_QUARTERLY: _ClassVar[BudgetPeriod]
    BUDGET_PERIOD_YEARLY: _ClassVar[BudgetPeriod]
    BUDGET_PERIOD_CUSTOM: _ClassVar[BudgetPeriod]
BUDGET_PERIOD_UNSPECIFIED: BudgetPeriod
BUDGET_PERIOD_WEEKLY: BudgetPeriod
BUDGET_PERIOD_MONTHLY: BudgetPeriod
BUDGET_PERIOD_QUARTERLY: BudgetPeriod
BUDGET_PERIOD_YEARLY: BudgetPeriod
BUDGET_PERIOD_CUSTOM: BudgetPeriod

class BudgetAllocation(_message.Message):
    __slots__ = ("id", "budget_id", "category_id", "category_name", "amount", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    BUDGET_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_NAME_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    budget_id: str
    category_id: str
    category_name: str
    amount: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., budget_id: _Optional[str] = ..., category_id: _Optional[str] = ..., category_name: _Optional[str] = ..., amount: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Budget(_message.Message):
    __slots__ = ("id", "name", "description", "total_amount", "allocated_amount", "period", "start_date", "end_date", "is_active", "auto_renew", "notify_threshold", "include_recurring", "categories", "spent", "percent_used", "calculated_at", "renewed_from_id", "renewed_to_id", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    TOTAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    ALLOCATED_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    AUTO_RENEW_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_RECURRING_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    SPENT_FIELD_NUMBER: _ClassVar[int]
    PERCENT_USED_FIELD_NUMBER: _ClassVar[int]
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    RENEWED_FROM_ID_FIELD_NUMBER: _ClassVar[int]
    RENEWED_TO_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    total_amount: str
    allocated_amount: str
    period: BudgetPeriod
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    is_active: bool
    auto_renew: bool
    notify_threshold: float
    include_recurring: bool
    categories: _containers.RepeatedCompositeFieldContainer[BudgetAllocation]
    spent: str
    percent_used: str
    calculated_at: _timestamp_pb2.Timestamp
    renewed_from_id: str
    renewed_to_id: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., total_amount: _Optional[str] = ..., allocated_amount: _Optional[str] = ..., period: _Optional[_Union[BudgetPeriod, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., is_active: _Optional[bool] = ..., auto_renew: _Optional[bool] = ..., notify_threshold: _Optional[float] = ..., include_recurring: _Optional[bool] = ..., categories: _Optional[_Iterable[_Union[BudgetAllocation, _Mapping]]] = ..., spent: _Optional[str] = ..., percent_used: _Optional[str] = ..., calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., renewed_from_id: _Optional[str] = ..., renewed_to_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class BudgetAllocationInput(_message.Message):
    __slots__ = ("category_id", "category_name", "amount")
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_NAME_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    category_id: str
    category_name: str
    amount: str
    def __init__(self, category_id: _Optional[str] = ..., category_name: _Optional[str] = ..., amount: _Optional[str] = ...) -> None: ...

class CreateBudgetRequest(_message.Message):
    __slots__ = ("name", "description", "total_amount", "period", "start_date", "end_date", "is_active", "auto_renew", "notify_threshold", "include_recurring", "categories")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    TOTAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    AUTO_RENEW_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_RECURRING_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    total_amount: str
    period: BudgetPeriod
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    is_active: bool
    auto_renew: bool
    notify_threshold: float
    include_recurring: bool
    categories: _containers.RepeatedCompositeFieldContainer[BudgetAllocationInput]
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., total_amount: _Optional[str] = ..., period: _Optional[_Union[BudgetPeriod, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., is_active: _Optional[bool] = ..., auto_renew: _Optional[bool] = ..., notify_threshold: _Optional[float] = ..., include_recurring: _Optional[bool] = ..., categories: _Optional[_Iterable[_Union[BudgetAllocationInput, _Mapping]]] = ...) -> None: ...

class CreateBudgetResponse(_message.Message):
    __slots__ = ("budget",)
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    budget: Budget
    def __init__(self, budget: _Optional[_Union[Budget, _Mapping]] = ...) -> None: ...

class ListBudgetsRequest(_message.Message):
    __slots__ = ("name", "period", "is_active", "start_date_from", "start_date_to", "include_inactive", "limit", "offset")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FROM_FIELD_NUMBER: _ClassVar[int]
    START_DATE_TO_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_INACTIVE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    name: str
    period: BudgetPeriod
    is_active: bool
    start_date_from: _date_pb2.Date
    start_date_to: _date_pb2.Date
    include_inactive: bool
    limit: int
    offset: int
    def __init__(self, name: _Optional[str] = ..., period: _Optional[_Union[BudgetPeriod, str]] = ..., is_active: _Optional[bool] = ..., start_date_from: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., start_date_to: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., include_inactive: _Optional[bool] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListBudgetsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Budget]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Budget, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListActiveBudgetsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListActiveBudgetsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Budget]
    def __init__(self, data: _Optional[_Iterable[_Union[Budget, _Mapping]]] = ...) -> None: ...

class GetBudgetRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetBudgetResponse(_message.Message):
    __slots__ = ("budget",)
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    budget: Budget
    def __init__(self, budget: _Optional[_Union[Budget, _Mapping]] = ...) -> None: ...

class UpdateBudgetRequest(_message.Message):
    __slots__ = ("id", "name", "description", "total_amount", "period", "start_date", "end_date", "is_active", "auto_renew", "notify_threshold", "include_recurring")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    TOTAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    AUTO_RENEW_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_RECURRING_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    total_amount: str
    period: BudgetPeriod
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    is_active: bool
    auto_renew: bool
    notify_threshold: float
    include_recurring: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., total_amount: _Optional[str] = ..., period: _Optional[_Union[BudgetPeriod, str]] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., is_active: _Optional[bool] = ..., auto_renew: _Optional[bool] = ..., notify_threshold: _Optional[float] = ..., include_recurring: _Optional[bool] = ...) -> None: ...

class UpdateBudgetResponse(_message.Message):
    __slots__ = ("budget",)
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    budget: Budget
    def __init__(self, budget: _Optional[_Union[Budget, _Mapping]] = ...) -> None: ...

class DeleteBudgetRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteBudgetResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BudgetCategoryProgress(_message.Message):
    __slots__ = ("category_id", "category_name", "allocated", "spent", "remaining", "percent_used", "projected_spend", "is_over_threshold", "is_over_budget")
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_NAME_FIELD_NUMBER: _ClassVar[int]
    ALLOCATED_FIELD_NUMBER: _ClassVar[int]
    SPENT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    PERCENT_USED_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_SPEND_FIELD_NUMBER: _ClassVar[int]
    IS_OVER_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    IS_OVER_BUDGET_FIELD_NUMBER: _ClassVar[int]
    category_id: str
    category_name: str
    allocated: str
    spent: str
    remaining: str
    percent_used: str
    projected_spend: str
    is_over_threshold: bool
    is_over_budget: bool
    def __init__(self, category_id: _Optional[str] = ..., category_name: _Optional[str] = ..., allocated: _Optional[str] = ..., spent: _Optional[str] = ..., remaining: _Optional[str] = ..., percent_used: _Optional[str] = ..., projected_spend: _Optional[str] = ..., is_over_threshold: _Optional[bool] = ..., is_over_budget: _Optional[bool] = ...) -> None: ...

class BudgetProgress(_message.Message):
    __slots__ = ("budget_id", "currency", "period_start", "period_end", "days_elapsed", "days_total", "total_amount", "spent", "remaining", "percent_used", "projected_spend", "notify_threshold", "is_over_threshold", "is_over_budget", "projected_over_budget", "categories", "unallocated_spent", "include_recurring", "calculated_at")
    BUDGET_ID_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    DAYS_ELAPSED_FIELD_NUMBER: _ClassVar[int]
    DAYS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    SPENT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    PERCENT_USED_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_SPEND_FIELD_NUMBER: _ClassVar[int]
    NOTIFY_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    IS_OVER_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    IS_OVER_BUDGET_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_OVER_BUDGET_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    UNALLOCATED_SPENT_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_RECURRING_FIELD_NUMBER: _ClassVar[int]
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    budget_id: str
    currency: str
    period_start: _date_pb2.Date
    period_end: _date_pb2.Date
    days_elapsed: int
    days_total: int
    total_amount: str
    spent: str
    remaining: str
    percent_used: str
    projected_spend: str
    notify_threshold: float
    is_over_threshold: bool
    is_over_budget: bool
    projected_over_budget: bool
    categories: _containers.RepeatedCompositeFieldContainer[BudgetCategoryProgress]
    unallocated_spent: str
    include_recurring: bool
    calculated_at: _timestamp_pb2.Timestamp
    def __init__(self, budget_id: _Optional[str] = ..., currency: _Optional[str] = ..., period_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., period_end: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., days_elapsed: _Optional[int] = ..., days_total: _Optional[int] = ..., total_amount: _Optional[str] = ..., spent: _Optional[str] = ..., remaining: _Optional[str] = ..., percent_used: _Optional[str] = ..., projected_spend: _Optional[str] = ..., notify_threshold: _Optional[float] = ..., is_over_threshold: _Optional[bool] = ..., is_over_budget: _Optional[bool] = ..., projected_over_budget: _Optional[bool] = ..., categories: _Optional[_Iterable[_Union[BudgetCategoryProgress, _Mapping]]] = ..., unallocated_spent: _Optional[str] = ..., include_recurring: _Optional[bool] = ..., calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GetBudgetProgressRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetBudgetProgressResponse(_message.Message):
    __slots__ = ("progress",)
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    progress: BudgetProgress
    def __init__(self, progress: _Optional[_Union[BudgetProgress, _Mapping]] = ...) -> None: ...

class UpdateBudgetProgressRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class UpdateBudgetProgressResponse(_message.Message):
    __slots__ = ("budget_id", "status", "spent", "percent_used", "calculated_at")
    BUDGET_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SPENT_FIELD_NUMBER: _ClassVar[int]
    PERCENT_USED_FIELD_NUMBER: _ClassVar[int]
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    budget_id: str
    status: str
    spent: str
    percent_used: str
    calculated_at: _timestamp_pb2.Timestamp
    def __init__(self, budget_id: _Optional[str] = ..., status: _Optional[str] = ..., spent: _Optional[str] = ..., percent_used: _Optional[str] = ..., calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateBudgetAllocationRequest(_message.Message):
    __slots__ = ("id", "category_id", "category_name", "amount")
    ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_NAME_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    id: str
    category_id: str
    category_name: str
    amount: str
    def __init__(self, id: _Optional[str] = ..., category_id: _Optional[str] = ..., category_name: _Optional[str] = ..., amount: _Optional[str] = ...) -> None: ...

class CreateBudgetAllocationResponse(_message.Message):
    __slots__ = ("allocation",)
    ALLOCATION_FIELD_NUMBER: _ClassVar[int]
    allocation: BudgetAllocation
    def __init__(self, allocation: _Optional[_Union[BudgetAllocation, _Mapping]] = ...) -> None: ...

class ListBudgetAllocationsRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class ListBudgetAllocationsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[BudgetAllocation]
    def __init__(self, data: _Optional[_Iterable[_Union[BudgetAllocation, _Mapping]]] = ...) -> None: ...
