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

class GoalType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_TYPE_UNSPECIFIED: _ClassVar[GoalType]
    GOAL_TYPE_SAVINGS: _ClassVar[GoalType]
    GOAL_TYPE_DEBT_PAYOFF: _ClassVar[GoalType]
    GOAL_TYPE_EMERGENCY_FUND: _ClassVar[GoalType]
    GOAL_TYPE_PURCHASE: _ClassVar[GoalType]
    GOAL_TYPE_INVESTMENT: _ClassVar[GoalType]
    GOAL_TYPE_RETIREMENT: _ClassVar[GoalType]
    GOAL_TYPE_OTHER: _ClassVar[GoalType]

class GoalStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_STATUS_UNSPECIFIED: _ClassVar[GoalStatus]
    GOAL_STATUS_ACTIVE: _ClassVar[GoalStatus]
    GOAL_STATUS_ACHIEVED: _ClassVar[GoalStatus]
    GOAL_STATUS_CANCELLED: _ClassVar[GoalStatus]
    GOAL_STATUS_ON_HOLD: _ClassVar[GoalStatus]

class GoalPriority(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_PRIORITY_UNSPECIFIED: _ClassVar[GoalPriority]
    GOAL_PRIORITY_LOW: _ClassVar[GoalPriority]
    GOAL_PRIORITY_MEDIUM: _ClassVar[GoalPriority]
    GOAL_PRIORITY_HIGH: _ClassVar[GoalPriority]

class GoalRecommendationKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOAL_RECOMMENDATION_KIND_UNSPECIFIED: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_ACHIEVED: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_ON_TRACK: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_INCREASE_CONTRIBUTION: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_PROJECTED_LATE: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_INACTIVE: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_START_CONTRIBUTING: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_OVERDUE: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_SET_TARGET_DATE: _ClassVar[GoalRecommendationKind]
    GOAL_RECOMMENDATION_KIND_ON_HOLD: _ClassVar[GoalRecommendationKind]
GOAL_TYPE_UNSPECIFIED: GoalType
GOAL_TYPE_SAVINGS: GoalType
GOAL_TYPE_DEBT_PAYOFF: GoalType
GOAL_TYPE_EMERGENCY_FUND: GoalType
GOAL_TYPE_PURCHASE: GoalType
GOAL_TYPE_INVESTMENT: GoalType
GOAL_TYPE_RETIREMENT: GoalType
GOAL_TYPE_OTHER: GoalType
GOAL_STATUS_UNSPECIFIED: GoalStatus
GOAL_STATUS_ACTIVE: GoalStatus
GOAL_STATUS_ACHIEVED: GoalStatus
GOAL_STATUS_CANCELLED: GoalStatus
GOAL_STATUS_ON_HOLD: GoalStatus
GOAL_PRIORITY_UNSPECIFIED: GoalPriority
GOAL_PRIORITY_LOW: GoalPriority
GOAL_PRIORITY_MEDIUM: GoalPriority
GOAL_PRIORITY_HIGH: GoalPriority
GOAL_RECOMMENDATION_KIND_UNSPECIFIED: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_ACHIEVED: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_ON_TRACK: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_INCREASE_CONTRIBUTION: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_PROJECTED_LATE: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_INACTIVE: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_START_CONTRIBUTING: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_OVERDUE: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_SET_TARGET_DATE: GoalRecommendationKind
GOAL_RECOMMENDATION_KIND_ON_HOLD: GoalRecommendationKind

class Goal(_message.Message):
    __slots__ = ("id", "name", "description", "goal_type", "target_amount", "current_amount", "remaining_amount", "progress_percent", "start_date", "target_date", "priority", "category_id", "is_public", "is_recurring", "recurrence_pattern", "recurrence_description", "status", "achieved_at", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    GOAL_TYPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_PERCENT_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    TARGET_DATE_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    IS_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    IS_RECURRING_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_PATTERN_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ACHIEVED_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    goal_type: GoalType
    target_amount: str
    current_amount: str
    remaining_amount: str
    progress_percent: str
    start_date: _date_pb2.Date
    target_date: _date_pb2.Date
    priority: GoalPriority
    category_id: str
    is_public: bool
    is_recurring: bool
    recurrence_pattern: str
    recurrence_description: str
    status: GoalStatus
    achieved_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., goal_type: _Optional[_Union[GoalType, str]] = ..., target_amount: _Optional[str] = ..., current_amount: _Optional[str] = ..., remaining_amount: _Optional[str] = ..., progress_percent: _Optional[str] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., target_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., priority: _Optional[_Union[GoalPriority, str]] = ..., category_id: _Optional[str] = ..., is_public: _Optional[bool] = ..., is_recurring: _Optional[bool] = ..., recurrence_pattern: _Optional[str] = ..., recurrence_description: _Optional[str] = ..., status: _Optional[_Union[GoalStatus, str]] = ..., achieved_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateGoalRequest(_message.Message):
    __slots__ = ("name", "description", "goal_type", "target_amount", "start_date", "target_date", "priority", "category_id", "is_public", "is_recurring", "recurrence_pattern")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    GOAL_TYPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    TARGET_DATE_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    IS_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    IS_RECURRING_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_PATTERN_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    goal_type: GoalType
    target_amount: str
    start_date: _date_pb2.Date
    target_date: _date_pb2.Date
    priority: GoalPriority
    category_id: str
    is_public: bool
    is_recurring: bool
    recurrence_pattern: str
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., goal_type: _Optional[_Union[GoalType, str]] = ..., target_amount: _Optional[str] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., target_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., priority: _Optional[_Union[GoalPriority, str]] = ..., category_id: _Optional[str] = ..., is_public: _Optional[bool] = ..., is_recurring: _Optional[bool] = ..., recurrence_pattern: _Optional[str] = ...) -> None: ...

class CreateGoalResponse(_message.Message):
    __slots__ = ("goal",)
    GOAL_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ...) -> None: ...

class ListGoalsRequest(_message.Message):
    __slots__ = ("status", "goal_type", "priority", "limit", "offset")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    GOAL_TYPE_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    status: GoalStatus
    goal_type: GoalType
    priority: GoalPriority
    limit: int
    offset: int
    def __init__(self, status: _Optional[_Union[GoalStatus, str]] = ..., goal_type: _Optional[_Union[GoalType, str]] = ..., priority: _Optional[_Union[GoalPriority, str]] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListGoalsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Goal]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Goal, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListActiveGoalsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListActiveGoalsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Goal]
    def __init__(self, data: _Optional[_Iterable[_Union[Goal, _Mapping]]] = ...) -> None: ...

class GetGoalRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetGoalResponse(_message.Message):
    __slots__ = ("goal",)
    GOAL_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ...) -> None: ...

class UpdateGoalRequest(_message.Message):
    __slots__ = ("id", "name", "description", "goal_type", "target_amount", "start_date", "target_date", "priority", "category_id", "is_public", "is_recurring", "recurrence_pattern")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    GOAL_TYPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    TARGET_DATE_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    IS_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    IS_RECURRING_FIELD_NUMBER: _ClassVar[int]
    RECURRENCE_PATTERN_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    goal_type: GoalType
    target_amount: str
    start_date: _date_pb2.Date
    target_date: _date_pb2.Date
    priority: GoalPriority
    category_id: str
    is_public: bool
    is_recurring: bool
    recurrence_pattern: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., goal_type: _Optional[_Union[GoalType, str]] = ..., target_amount: _Optional[str] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., target_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., priority: _Optional[_Union[GoalPriority, str]] = ..., category_id: _Optional[str] = ..., is_public: _Optional[bool] = ..., is_recurring: _Optional[bool] = ..., recurrence_pattern: _Optional[str] = ...) -> None: ...

class UpdateGoalResponse(_message.Message):
    __slots__ = ("goal",)
    GOAL_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ...) -> None: ...

class UpdateGoalProgressRequest(_message.Message):
    __slots__ = ("id", "amount")
    ID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    id: str
    amount: str
    def __init__(self, id: _Optional[str] = ..., amount: _Optional[str] = ...) -> None: ...

class UpdateGoalProgressResponse(_message.Message):
    __slots__ = ("goal",)
    GOAL_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ...) -> None: ...

class UpdateGoalStatusRequest(_message.Message):
    __slots__ = ("id", "status")
    ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    id: str
    status: GoalStatus
    def __init__(self, id: _Optional[str] = ..., status: _Optional[_Union[GoalStatus, str]] = ...) -> None: ...

class UpdateGoalStatusResponse(_message.Message):
    __slots__ = ("goal",)
    GOAL_FIELD_NUMBER: _ClassVar[int]
    goal: Goal
    def __init__(self, goal: _Optional[_Union[Goal, _Mapping]] = ...) -> None: ...

class DeleteGoalRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteGoalResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GoalContribution(_message.Message):
    __slots__ = ("id", "goal_id", "amount", "contribution_date", "transaction_id", "description", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CONTRIBUTION_DATE_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    goal_id: str
    amount: str
    contribution_date: _date_pb2.Date
    transaction_id: str
    description: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., goal_id: _Optional[str] = ..., amount: _Optional[str] = ..., contribution_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., transaction_id: _Optional[str] = ..., description: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateGoalContributionRequest(_message.Message):
    __slots__ = ("id", "amount", "contribution_date", "transaction_id", "description")
    ID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CONTRIBUTION_DATE_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    id: str
    amount: str
    contribution_date: _date_pb2.Date
    transaction_id: str
    description: str
    def __init__(self, id: _Optional[str] = ..., amount: _Optional[str] = ..., contribution_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., transaction_id: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class CreateGoalContributionResponse(_message.Message):
    __slots__ = ("contribution", "goal")
    CONTRIBUTION_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    contribution: GoalContribution
    goal: Goal
    def __init__(self, contribution: _Optional[_Union[GoalContribution, _Mapping]] = ..., goal: _Optional[_Union[Goal, _Mapping]] = ...) -> None: ...

class ListGoalContributionsRequest(_message.Message):
    __slots__ = ("id", "limit", "offset")
    ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    id: str
    limit: int
    offset: int
    def __init__(self, id: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListGoalContributionsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[GoalContribution]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[GoalContribution, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class GetGoalContributionRequest(_message.Message):
    __slots__ = ("id", "contribution_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONTRIBUTION_ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    contribution_id: str
    def __init__(self, id: _Optional[str] = ..., contribution_id: _Optional[str] = ...) -> None: ...

class GetGoalContributionResponse(_message.Message):
    __slots__ = ("contribution",)
    CONTRIBUTION_FIELD_NUMBER: _ClassVar[int]
    contribution: GoalContribution
    def __init__(self, contribution: _Optional[_Union[GoalContribution, _Mapping]] = ...) -> None: ...

class GoalRecommendation(_message.Message):
    __slots__ = ("kind", "message", "amount", "date")
    KIND_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    kind: GoalRecommendationKind
    message: str
    amount: str
    date: _date_pb2.Date
    def __init__(self, kind: _Optional[_Union[GoalRecommendationKind, str]] = ..., message: _Optional[str] = ..., amount: _Optional[str] = ..., date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class GoalProjection(_message.Message):
    __slots__ = ("goal_id", "projected_date", "confidence", "monthly_rate", "history_months", "remaining_amount", "target_date", "on_time", "months_from_target", "reason")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECTED_DATE_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_RATE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_MONTHS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TARGET_DATE_FIELD_NUMBER: _ClassVar[int]
    ON_TIME_FIELD_NUMBER: _ClassVar[int]
    MONTHS_FROM_TARGET_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    projected_date: _date_pb2.Date
    confidence: float
    monthly_rate: str
    history_months: int
    remaining_amount: str
    target_date: _date_pb2.Date
    on_time: bool
    months_from_target: int
    reason: str
    def __init__(self, goal_id: _Optional[str] = ..., projected_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., confidence: _Optional[float] = ..., monthly_rate: _Optional[str] = ..., history_months: _Optional[int] = ..., remaining_amount: _Optional[str] = ..., target_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., on_time: _Optional[bool] = ..., months_from_target: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class GoalRequiredContribution(_message.Message):
    __slots__ = ("goal_id", "monthly_amount", "months_remaining", "remaining_amount", "target_date", "overdue", "average_monthly_contribution", "difference", "reason")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    MONTHS_REMAINING_FIELD_NUMBER: _ClassVar[int]
    REMAINING_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TARGET_DATE_FIELD_NUMBER: _ClassVar[int]
    OVERDUE_FIELD_NUMBER: _ClassVar[int]
    AVERAGE_MONTHLY_CONTRIBUTION_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    monthly_amount: str
    months_remaining: int
    remaining_amount: str
    target_date: _date_pb2.Date
    overdue: bool
    average_monthly_contribution: str
    difference: str
    reason: str
    def __init__(self, goal_id: _Optional[str] = ..., monthly_amount: _Optional[str] = ..., months_remaining: _Optional[int] = ..., remaining_amount: _Optional[str] = ..., target_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., overdue: _Optional[bool] = ..., average_monthly_contribution: _Optional[str] = ..., difference: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class GoalProgressAnalysis(_message.Message):
    __slots__ = ("goal_id", "status", "target_amount", "current_amount", "remaining_amount", "progress_percent", "start_date", "target_date", "days_elapsed", "days_remaining", "overdue", "actual_monthly_pace", "needed_monthly_pace", "on_track", "projection", "required_contribution", "recommendations")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TARGET_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_PERCENT_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    TARGET_DATE_FIELD_NUMBER: _ClassVar[int]
    DAYS_ELAPSED_FIELD_NUMBER: _ClassVar[int]
    DAYS_REMAINING_FIELD_NUMBER: _ClassVar[int]
    OVERDUE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_MONTHLY_PACE_FIELD_NUMBER: _ClassVar[int]
    NEEDED_MONTHLY_PACE_FIELD_NUMBER: _ClassVar[int]
    ON_TRACK_FIELD_NUMBER: _ClassVar[int]
    PROJECTION_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_CONTRIBUTION_FIELD_NUMBER: _ClassVar[int]
    RECOMMENDATIONS_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    status: GoalStatus
    target_amount: str
    current_amount: str
    remaining_amount: str
    progress_percent: str
    start_date: _date_pb2.Date
    target_date: _date_pb2.Date
    days_elapsed: int
    days_remaining: int
    overdue: bool
    actual_monthly_pace: str
    needed_monthly_pace: str
    on_track: bool
    projection: GoalProjection
    required_contribution: GoalRequiredContribution
    recommendations: _containers.RepeatedCompositeFieldContainer[GoalRecommendation]
    def __init__(self, goal_id: _Optional[str] = ..., status: _Optional[_Union[GoalStatus, str]] = ..., target_amount: _Optional[str] = ..., current_amount: _Optional[str] = ..., remaining_amount: _Optional[str] = ..., progress_percent: _Optional[str] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., target_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., days_elapsed: _Optional[int] = ..., days_remaining: _Optional[int] = ..., overdue: _Optional[bool] = ..., actual_monthly_pace: _Optional[str] = ..., needed_monthly_pace: _Optional[str] = ..., on_track: _Optional[bool] = ..., projection: _Optional[_Union[GoalProjection, _Mapping]] = ..., required_contribution: _Optional[_Union[GoalRequiredContribution, _Mapping]] = ..., recommendations: _Optional[_Iterable[_Union[GoalRecommendation, _Mapping]]] = ...) -> None: ...

class GetGoalProgressAnalysisRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetGoalProgressAnalysisResponse(_message.Message):
    __slots__ = ("analysis",)
    ANALYSIS_FIELD_NUMBER: _ClassVar[int]
    analysis: GoalProgressAnalysis
    def __init__(self, analysis: _Optional[_Union[GoalProgressAnalysis, _Mapping]] = ...) -> None: ...

class GetGoalProjectedCompletionRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetGoalProjectedCompletionResponse(_message.Message):
    __slots__ = ("projection",)
    PROJECTION_FIELD_NUMBER: _ClassVar[int]
    projection: GoalProjection
    def __init__(self, projection: _Optional[_Union[GoalProjection, _Mapping]] = ...) -> None: ...

class GetGoalRequiredContributionRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetGoalRequiredContributionResponse(_message.Message):
    __slots__ = ("required",)
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    required: GoalRequiredContribution
    def __init__(self, required: _Optional[_Union[GoalRequiredContribution, _Mapping]] = ...) -> None: ...
