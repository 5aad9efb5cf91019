import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.projectfinance.v1 import money_pb2 as _money_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetProjectHealthRequest(_message.Message):
    __slots__ = ("project_id", "as_of")
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    project_id: str
    as_of: _timestamp_pb2.Timestamp
    def __init__(self, project_id: _Optional[str] = ..., as_of: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GetProjectHealthResponse(_message.Message):
    __slots__ = ("health",)
    HEALTH_FIELD_NUMBER: _ClassVar[int]
    health: ProjectHealth
    def __init__(self, health: _Optional[_Union[ProjectHealth, _Mapping]] = ...) -> None: ...

class ProjectHealth(_message.Message):
    __slots__ = ("calculated_at", "project_id", "tenant_id", "budget_metrics", "cash_flow_metrics", "health_score", "performance_indicators", "risk_metrics", "schedule_metrics")
    CALCULATED_AT_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    BUDGET_METRICS_FIELD_NUMBER: _ClassVar[int]
    CASH_FLOW_METRICS_FIELD_NUMBER: _ClassVar[int]
    HEALTH_SCORE_FIELD_NUMBER: _ClassVar[int]
    PERFORMANCE_INDICATORS_FIELD_NUMBER: _ClassVar[int]
    RISK_METRICS_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_METRICS_FIELD_NUMBER: _ClassVar[int]
    calculated_at: _timestamp_pb2.Timestamp
    project_id: str
    tenant_id: str
    budget_metrics: BudgetMetrics
    cash_flow_metrics: CashFlowMetrics
    health_score: HealthScore
    performance_indicators: PerformanceIndicators
    risk_metrics: RiskMetrics
    schedule_metrics: ScheduleMetrics
    def __init__(self, calculated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., project_id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., budget_metrics: _Optional[_Union[BudgetMetrics, _Mapping]] = ..., cash_flow_metrics: _Optional[_Union[CashFlowMetrics, _Mapping]] = ..., health_score: _Optional[_Union[HealthScore, _Mapping]] = ..., performance_indicators: _Optional[_Union[PerformanceIndicators, _Mapping]] = ..., risk_metrics: _Optional[_Union[RiskMetrics, _Mapping]] = ..., schedule_metrics: _Optional[_Union[ScheduleMetrics, _Mapping]] = ...) -> None: ...

class BudgetMetrics(_message.Message):
    __slots__ = ("actual_cost", "allocated_budget", "budget_variance", "committed_budget", "estimate_at_completion", "estimate_to_complete", "remaining_budget", "total_budget", "budget_utilization", "budget_variance_pct")
    ACTUAL_COST_FIELD_NUMBER: _ClassVar[int]
    ALLOCATED_BUDGET_FIELD_NUMBER: _ClassVar[int]
    BUDGET_VARIANCE_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_BUDGET_FIELD_NUMBER: _ClassVar[int]
    ESTIMATE_AT_COMPLETION_FIELD_NUMBER: _ClassVar[int]
    ESTIMATE_TO_COMPLETE_FIELD_NUMBER: _ClassVar[int]
    REMAINING_BUDGET_FIELD_NUMBER: _ClassVar[int]
    TOTAL_BUDGET_FIELD_NUMBER: _ClassVar[int]
    BUDGET_UTILIZATION_FIELD_NUMBER: _ClassVar[int]
    BUDGET_VARIANCE_PCT_FIELD_NUMBER: _ClassVar[int]
    actual_cost: _money_pb2.MoneyA
    allocated_budget: _money_pb2.MoneyA
    budget_variance: _money_pb2.MoneyA
    committed_budget: _money_pb2.MoneyA
    estimate_at_completion: _money_pb2.MoneyA
    estimate_to_complete: _money_pb2.MoneyA
    remaining_budget: _money_pb2.MoneyA
    total_budget: _money_pb2.MoneyA
    budget_utilization: str
    budget_variance_pct: str
    def __init__(self, actual_cost: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., allocated_budget: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., budget_variance: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., committed_budget: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., estimate_at_completion: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., estimate_to_complete: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., remaining_budget: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., total_budget: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., budget_utilization: _Optional[str] = ..., budget_variance_pct: _Optional[str] = ...) -> None: ...

class CashFlowMetrics(_message.Message):
    __slots__ = ("burn_rate", "net_cash_flow", "recognized_revenue", "total_revenue", "unrecognized_revenue", "cash_flow_margin", "revenue_recognition_pct", "runway_months")
    BURN_RATE_FIELD_NUMBER: _ClassVar[int]
    NET_CASH_FLOW_FIELD_NUMBER: _ClassVar[int]
    RECOGNIZED_REVENUE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_REVENUE_FIELD_NUMBER: _ClassVar[int]
    UNRECOGNIZED_REVENUE_FIELD_NUMBER: _ClassVar[int]
    CASH_FLOW_MARGIN_FIELD_NUMBER: _ClassVar[int]
    REVENUE_RECOGNITION_PCT_FIELD_NUMBER: _ClassVar[int]
    RUNWAY_MONTHS_FIELD_NUMBER: _ClassVar[int]
    burn_rate: _money_pb2.MoneyA
    net_cash_flow: _money_pb2.MoneyA
    recognized_revenue: _money_pb2.MoneyA
    total_revenue: _money_pb2.MoneyA
    unrecognized_revenue: _money_pb2.MoneyA
    cash_flow_margin: str
    revenue_recognition_pct: str
    runway_months: str
    def __init__(self, burn_rate: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., net_cash_flow: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., recognized_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., total_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., unrecognized_revenue: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., cash_flow_margin: _Optional[str] = ..., revenue_recognition_pct: _Optional[str] = ..., runway_months: _Optional[str] = ...) -> None: ...

class HealthScore(_message.Message):
    __slots__ = ("budget_variance_score", "cash_flow_score", "composite_score", "cpi_score", "risk_score", "spi_score")
    BUDGET_VARIANCE_SCORE_FIELD_NUMBER: _ClassVar[int]
    CASH_FLOW_SCORE_FIELD_NUMBER: _ClassVar[int]
    COMPOSITE_SCORE_FIELD_NUMBER: _ClassVar[int]
    CPI_SCORE_FIELD_NUMBER: _ClassVar[int]
    RISK_SCORE_FIELD_NUMBER: _ClassVar[int]
    SPI_SCORE_FIELD_NUMBER: _ClassVar[int]
    budget_variance_score: str
    cash_flow_score: str
    composite_score: str
    cpi_score: str
    risk_score: str
    spi_score: str
    def __init__(self, budget_variance_score: _Optional[str] = ..., cash_flow_score: _Optional[str] = ..., composite_score: _Optional[str] = ..., cpi_score: _Optional[str] = ..., risk_score: _Optional[str] = ..., spi_score: _Optional[str] = ...) -> None: ...

class PerformanceIndicators(_message.Message):
    __slots__ = ("cpi", "spi", "to_complete_performance", "earned_value", "planned_value")
    CPI_FIELD_NUMBER: _ClassVar[int]
    SPI_FIELD_NUMBER: _ClassVar[int]
    TO_COMPLETE_PERFORMANCE_FIELD_NUMBER: _ClassVar[int]
    EARNED_VALUE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_VALUE_FIELD_NUMBER: _ClassVar[int]
    cpi: str
    spi: str
    to_complete_performance: str
    earned_value: _money_pb2.MoneyA
    planned_value: _money_pb2.MoneyA
    def __init__(self, cpi: _Optional[str] = ..., spi: _Optional[str] = ..., to_complete_performance: _Optional[str] = ..., earned_value: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ..., planned_value: _Optional[_Union[_money_pb2.MoneyA, _Mapping]] = ...) -> None: ...

class RiskMetrics(_message.Message):
    __slots__ = ("critical_issues", "mitigation_actions", "open_issues", "risk_factors", "risk_level", "risk_score")
    CRITICAL_ISSUES_FIELD_NUMBER: _ClassVar[int]
    MITIGATION_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OPEN_ISSUES_FIELD_NUMBER: _ClassVar[int]
    RISK_FACTORS_FIELD_NUMBER: _ClassVar[int]
    RISK_LEVEL_FIELD_NUMBER: _ClassVar[int]
    RISK_SCORE_FIELD_NUMBER: _ClassVar[int]
    critical_issues: int
    mitigation_actions: int
    open_issues: int
    risk_factors: _struct_pb2.Struct
    risk_level: str
    risk_score: str
    def __init__(self, critical_issues: _Optional[int] = ..., mitigation_actions: _Optional[int] = ..., open_issues: _Optional[int] = ..., risk_factors: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., risk_level: _Optional[str] = ..., risk_score: _Optional[str] = ...) -> None: ...

class ScheduleMetrics(_message.Message):
    __slots__ = ("actual_duration_days", "planned_duration_days", "schedule_variance_days", "actual_end_date", "actual_start_date", "planned_end_date", "planned_start_date", "completion_percent", "on_time_delivery_probability", "schedule_variance_pct")
    ACTUAL_DURATION_DAYS_FIELD_NUMBER: _ClassVar[int]
    PLANNED_DURATION_DAYS_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_VARIANCE_DAYS_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_END_DATE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_START_DATE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_END_DATE_FIELD_NUMBER: _ClassVar[int]
    PLANNED_START_DATE_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_PERCENT_FIELD_NUMBER: _ClassVar[int]
    ON_TIME_DELIVERY_PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    SCHEDULE_VARIANCE_PCT_FIELD_NUMBER: _ClassVar[int]
    actual_duration_days: int
    planned_duration_days: int
    schedule_variance_days: int
    actual_end_date: _timestamp_pb2.Timestamp
    actual_start_date: _timestamp_pb2.Timestamp
    planned_end_date: _timestamp_pb2.Timestamp
    planned_start_date: _timestamp_pb2.Timestamp
    completion_percent: str
    on_time_delivery_probability: str
    schedule_variance_pct: str
    def __init__(self, actual_duration_days: _Optional[int] = ..., planned_duration_days: _Optional[int] = ..., schedule_variance_days: _Optional[int] = ..., actual_end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., actual_start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., planned_end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., planned_start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., completion_percent: _Optional[str] = ..., on_time_delivery_probability: _Optional[str] = ..., schedule_variance_pct: _Optional[str] = ...) -> None: ...
