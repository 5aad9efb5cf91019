from finplat.analytics.v1 import charts_pb2 as _charts_pb2
from finplat.analytics.v1 import goals_pb2 as _goals_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_info_pb2 as _field_info_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetGoalVisualizationRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GoalMilestone(_message.Message):
    __slots__ = ("percent", "amount", "reached", "reached_on", "projected_on")
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REACHED_FIELD_NUMBER: _ClassVar[int]
    REACHED_ON_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_ON_FIELD_NUMBER: _ClassVar[int]
    percent: int
    amount: str
    reached: bool
    reached_on: _date_pb2.Date
    projected_on: _date_pb2.Date
    def __init__(self, percent: _Optional[int] = ..., amount: _Optional[str] = ..., reached: _Optional[bool] = ..., reached_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., projected_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class GetGoalVisualizationResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "goal", "milestones")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    MILESTONES_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    goal: _goals_pb2.Goal
    milestones: _containers.RepeatedCompositeFieldContainer[GoalMilestone]
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., goal: _Optional[_Union[_goals_pb2.Goal, _Mapping]] = ..., milestones: _Optional[_Iterable[_Union[GoalMilestone, _Mapping]]] = ...) -> None: ...

class GetGoalsSummaryRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GoalStatusCounts(_message.Message):
    __slots__ = ("active", "on_hold", "achieved", "cancelled")
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    ON_HOLD_FIELD_NUMBER: _ClassVar[int]
    ACHIEVED_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    active: int
    on_hold: int
    achieved: int
    cancelled: int
    def __init__(self, active: _Optional[int] = ..., on_hold: _Optional[int] = ..., achieved: _Optional[int] = ..., cancelled: _Optional[int] = ...) -> None: ...

class GetGoalsSummaryResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "goals", "counts", "total_target", "total_saved", "overall_percent")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_TARGET_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SAVED_FIELD_NUMBER: _ClassVar[int]
    OVERALL_PERCENT_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    goals: _containers.RepeatedCompositeFieldContainer[_goals_pb2.Goal]
    counts: GoalStatusCounts
    total_target: str
    total_saved: str
    overall_percent: str
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., goals: _Optional[_Iterable[_Union[_goals_pb2.Goal, _Mapping]]] = ..., counts: _Optional[_Union[GoalStatusCounts, _Mapping]] = ..., total_target: _Optional[str] = ..., total_saved: _Optional[str] = ..., overall_percent: _Optional[str] = ...) -> None: ...

class GetGoalContributionsChartRequest(_message.Message):
    __slots__ = ("id", "months")
    ID_FIELD_NUMBER: _ClassVar[int]
    MONTHS_FIELD_NUMBER: _ClassVar[int]
    id: str
    months: int
    def __init__(self, id: _Optional[str] = ..., months: _Optional[int] = ...) -> None: ...

class GetGoalContributionsChartResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "goal_id", "total", "monthly_average")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_AVERAGE_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    goal_id: str
    total: str
    monthly_average: str
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., goal_id: _Optional[str] = ..., total: _Optional[str] = ..., monthly_average: _Optional[str] = ...) -> None: ...

class GetGoalProjectionChartRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetGoalProjectionChartResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "goal_id", "projection", "required")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECTION_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    goal_id: str
    projection: _goals_pb2.GoalProjection
    required: _goals_pb2.GoalRequiredContribution
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., goal_id: _Optional[str] = ..., projection: _Optional[_Union[_goals_pb2.GoalProjection, _Mapping]] = ..., required: _Optional[_Union[_goals_pb2.GoalRequiredContribution, _Mapping]] = ...) -> None: ...
