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

class GetPortfolioMetricsRequest(_message.Message):
    __slots__ = ("as_of",)
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    as_of: _timestamp_pb2.Timestamp
    def __init__(self, as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GetPortfolioMetricsResponse(_message.Message):
    __slots__ = ("metrics",)
    METRICS_FIELD_NUMBER: _ClassVar[int]
    metrics: PortfolioMetrics
    def __init__(self, metrics: _Optional[_Union[PortfolioMetrics, _Mapping]] = ...) -> None: ...

class PortfolioMetrics(_message.Message):
    __slots__ = ("active_projects", "at_risk_projects", "completed_projects", "critical_projects", "healthy_projects", "on_hold_projects", "total_projects", "average_cpi", "average_health_score", "average_spi", "portfolio_roi", "calculated_at", "tenant_id", "top_performers", "bottom_performers", "budget_distribution", "resource_utilization", "total_actual_cost", "total_budget", "total_revenue")
    class BudgetDistributionEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: _money_pb2.MoneyA
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ...) -> None: ...
    ACTIVE_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    AT_RISK_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    CRITICAL_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    HEALTHY_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    ON_HOLD_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_CPI_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_HEALTH_SCORE_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_SPI_FIELD_NUMBER: _ClassVar[int]
    PORTFOLIO_ROI_FIELD_NUMBER: _ClassVar[int]
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    TOP_PERFORMERS_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_PERFORMERS_FIELD_NUMBER: _ClassVar[int]
    BUDGET_DISTRIBUTION_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_UTILIZATION_FIELD_NUMBER: _ClassVar[int]
    TOTAL_ACTUAL_COST_FIELD_NUMBER: _ClassVar[int]
    TOTAL_BUDGET_FIELD_NUMBER: _ClassVar[int]
    TOTAL_REVENUE_FIELD_NUMBER: _ClassVar[int]
    active_projects: int
    at_risk_projects: int
    completed_projects: int
    critical_projects: int
    healthy_projects: int
    on_hold_projects: int
    total_projects: int
    average_cpi: str
    average_health_score: str
    average_spi: str
    portfolio_roi: str
    calculated_at: _timestamp_pb2.Timestamp
    tenant_id: str
    top_performers: _containers.RepeatedCompositeFieldContainer[Performer]
    bottom_performers: _containers.RepeatedCompositeFieldContainer[Performer]
    budget_distribution: _containers.MessageMap[str, _money_pb2.MoneyA]
    resource_utilization: ResourceUtilization
    total_actual_cost: _money_pb2.MoneyA
    total_budget: _money_pb2.MoneyA
    total_revenue: _money_pb2.MoneyA
    def __init__(self, active_projects: _Optional[int] = ..., at_risk_projects: _Optional[int] = ..., completed_projects: _Optional[int] = ..., critical_projects: _Optional[int] = ..., healthy_projects: _Optional[int] = ..., on_hold_projects: _Optional[int] = ..., total_projects: _Optional[int] = ..., average_cpi: _Optional[str] = ..., average_health_score: _Optional[str] = ..., average_spi: _Optional[str] = ..., portfolio_roi: _Optional[str] = ..., calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., tenant_id: _Optional[str] = ..., top_performers: _Optional[_Iterable[_Union[Performer, _Mapping]]] = ..., bottom_performers: _Optional[_Iterable[_Union[Performer, _Mapping]]] = ..., budget_distribution: _Optional[_Mapping[str, _money_pb2.MoneyA]] = ..., resource_utilization: _Optional[_Union[ResourceUtilization, _Mapping]] = ..., total_actual_cost: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., total_budget: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., total_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ...) -> None: ...

class Performer(_message.Message):
    __slots__ = ("budget_used_pct", "cpi", "health_score", "spi", "project_id", "project_name", "status")
    BUDGET_USED_PCT_FIELD_NUMBER: _ClassVar[int]
    CPI_FIELD_NUMBER: _ClassVar[int]
    HEALTH_SCORE_FIELD_NUMBER: _ClassVar[int]
    SPI_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    budget_used_pct: str
    cpi: str
    health_score: str
    spi: str
    project_id: str
    project_name: str
    status: str
    def __init__(self, budget_used_pct: _Optional[str] = ..., cpi: _Optional[str] = ..., health_score: _Optional[str] = ..., spi: _Optional[str] = ..., project_id: _Optional[str] = ..., project_name: _Optional[str] = ..., status: _Optional[str] = ...) -> None: ...

class ResourceUtilization(_message.Message):
    __slots__ = ("active_team_members", "overallocated_members", "total_team_members", "underutilized_members", "average_allocation", "utilization_rate")
    ACTIVE_TEAM_MEMBERS_FIELD_NUMBER: _ClassVar[int]
    OVERALLOCATED_MEMBERS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_TEAM_MEMBERS_FIELD_NUMBER: _ClassVar[int]
    UNDERUTILIZED_MEMBERS_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_ALLOCATION_FIELD_NUMBER: _ClassVar[int]
    UTILIZATION_RATE_FIELD_NUMBER: _ClassVar[int]
    active_team_members: int
    overallocated_members: int
    total_team_members: int
    underutilized_members: int
    average_allocation: str
    utilization_rate: str
    def __init__(self, active_team_members: _Optional[int] = ..., overallocated_members: _Optional[int] = ..., total_team_members: _Optional[int] = ..., underutilized_members: _Optional[int] = ..., average_allocation: _Optional[str] = ..., utilization_rate: _Optional[str] = ...) -> None: ...
