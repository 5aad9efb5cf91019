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

class ProjectFinance(_message.Message):
    __slots__ = ("id", "tenant_id", "project_id", "parent_id", "revenue_model", "total_budget", "committed_budget", "allocated_budget", "actual_cost", "estimate_at_completion", "estimate_to_complete", "budget_variance", "budget_variance_percent", "cost_performance_index", "schedule_performance_index", "total_revenue", "recognized_revenue", "financial_health_score", "health_status", "risk_level", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    PARENT_ID_FIELD_NUMBER: _ClassVar[int]
    REVENUE_MODEL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_BUDGET_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_BUDGET_FIELD_NUMBER: _ClassVar[int]
    ALLOCATED_BUDGET_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_COST_FIELD_NUMBER: _ClassVar[int]
    ESTIMATE_AT_COMPLETION_FIELD_NUMBER: _ClassVar[int]
    ESTIMATE_TO_COMPLETE_FIELD_NUMBER: _ClassVar[int]
    BUDGET_VARIANCE_FIELD_NUMBER: _ClassVar[int]
    BUDGET_VARIANCE_PERCENT_FIELD_NUMBER: _ClassVar[int]
    COST_PERFORMANCE_INDEX_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_PERFORMANCE_INDEX_FIELD_NUMBER: _ClassVar[int]
    TOTAL_REVENUE_FIELD_NUMBER: _ClassVar[int]
    RECOGNIZED_REVENUE_FIELD_NUMBER: _ClassVar[int]
    FINANCIAL_HEALTH_SCORE_FIELD_NUMBER: _ClassVar[int]
    HEALTH_STATUS_FIELD_NUMBER: _ClassVar[int]
    RISK_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    tenant_id: str
    project_id: str
    parent_id: str
    revenue_model: str
    total_budget: _money_pb2.MoneyB
    committed_budget: _money_pb2.MoneyB
    allocated_budget: _money_pb2.MoneyB
    actual_cost: _money_pb2.MoneyB
    estimate_at_completion: _money_pb2.MoneyB
    estimate_to_complete: _money_pb2.MoneyB
    budget_variance: _money_pb2.MoneyB
    budget_variance_percent: _money_pb2.Index
    cost_performance_index: _money_pb2.Index
    schedule_performance_index: _money_pb2.Index
    total_revenue: _money_pb2.MoneyB
    recognized_revenue: _money_pb2.MoneyB
    financial_health_score: _money_pb2.Score
    health_status: str
    risk_level: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., project_id: _Optional[str] = ..., parent_id: _Optional[str] = ..., revenue_model: _Optional[str] = ..., total_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., committed_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., allocated_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., actual_cost: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., estimate_at_completion: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., estimate_to_complete: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., budget_variance: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., budget_variance_percent: _Optional[_Union[_money_pb2.Index, _Mapping]] = ..., cost_performance_index: _Optional[_Union[_money_pb2.Index, _Mapping]] = ..., schedule_performance_index: _Optional[_Union[_money_pb2.Index, _Mapping]] = ..., total_revenue: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., recognized_revenue: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., financial_health_score: _Optional[_Union[_money_pb2.Score, _Mapping]] = ..., health_status: _Optional[str] = ..., risk_level: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ProjectFinancePagination(_message.Message):
    __slots__ = ("has_next", "has_prev", "page", "pages", "per_page", "total")
    HAS_NEXT_FIELD_NUMBER: _ClassVar[int]
    HAS_PREV_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    PAGES_FIELD_NUMBER: _ClassVar[int]
    PER_PAGE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    has_next: bool
    has_prev: bool
    page: int
    pages: int
    per_page: int
    total: int
    def __init__(self, has_next: _Optional[bool] = ..., has_prev: _Optional[bool] = ..., page: _Optional[int] = ..., pages: _Optional[int] = ..., per_page: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...

class ListProjectFinancesRequest(_message.Message):
    __slots__ = ("limit", "offset")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    limit: int
    offset: int
    def __init__(self, limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListProjectFinancesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[ProjectFinance]
    pagination: ProjectFinancePagination
    def __init__(self, data: _Optional[_Iterable[_Union[ProjectFinance, _Mapping]]] = ..., pagination: _Optional[_Union[ProjectFinancePagination, _Mapping]] = ...) -> None: ...

class CreateProjectFinanceRequest(_message.Message):
    __slots__ = ("project_id", "revenue_model", "total_budget", "parent_id")
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    REVENUE_MODEL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_BUDGET_FIELD_NUMBER: _ClassVar[int]
    PARENT_ID_FIELD_NUMBER: _ClassVar[int]
    project_id: str
    revenue_model: str
    total_budget: _money_pb2.MoneyB
    parent_id: str
    def __init__(self, project_id: _Optional[str] = ..., revenue_model: _Optional[str] = ..., total_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., parent_id: _Optional[str] = ...) -> None: ...

class CreateProjectFinanceResponse(_message.Message):
    __slots__ = ("project_finance",)
    PROJECT_FINANCE_FIELD_NUMBER: _ClassVar[int]
    project_finance: ProjectFinance
    def __init__(self, project_finance: _Optional[_Union[ProjectFinance, _Mapping]] = ...) -> None: ...

class GetProjectFinanceRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetProjectFinanceResponse(_message.Message):
    __slots__ = ("project_finance",)
    PROJECT_FINANCE_FIELD_NUMBER: _ClassVar[int]
    project_finance: ProjectFinance
    def __init__(self, project_finance: _Optional[_Union[ProjectFinance, _Mapping]] = ...) -> None: ...

class DeleteProjectFinanceRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteProjectFinanceResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
