import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.projectfinance.v1 import money_pb2 as _money_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PhaseStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_STATUS_UNSPECIFIED: _ClassVar[PhaseStatus]
    PHASE_STATUS_PLANNED: _ClassVar[PhaseStatus]
    PHASE_STATUS_IN_PROGRESS: _ClassVar[PhaseStatus]
    PHASE_STATUS_COMPLETED: _ClassVar[PhaseStatus]
    PHASE_STATUS_CANCELLED: _ClassVar[PhaseStatus]
PHASE_STATUS_UNSPECIFIED: PhaseStatus
PHASE_STATUS_PLANNED: PhaseStatus
PHASE_STATUS_IN_PROGRESS: PhaseStatus
PHASE_STATUS_COMPLETED: PhaseStatus
PHASE_STATUS_CANCELLED: PhaseStatus

class Phase(_message.Message):
    __slots__ = ("id", "project_finance_id", "tenant_id", "name", "phase_budget", "actual_cost", "planned_start", "planned_end", "actual_start", "actual_end", "progress_percent", "sequence", "status", "cost_center_id", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PHASE_BUDGET_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_COST_FIELD_NUMBER: _ClassVar[int]
    PLANNED_START_FIELD_NUMBER: _ClassVar[int]
    PLANNED_END_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_START_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_END_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_PERCENT_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    COST_CENTER_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    project_finance_id: str
    tenant_id: str
    name: str
    phase_budget: _money_pb2.MoneyB
    actual_cost: _money_pb2.MoneyB
    planned_start: _timestamp_pb2.Timestamp
    planned_end: _timestamp_pb2.Timestamp
    actual_start: _timestamp_pb2.Timestamp
    actual_end: _timestamp_pb2.Timestamp
    progress_percent: str
    sequence: int
    status: PhaseStatus
    cost_center_id: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., project_finance_id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., name: _Optional[str] = ..., phase_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., actual_cost: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., planned_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., planned_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., actual_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., actual_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., progress_percent: _Optional[str] = ..., sequence: _Optional[int] = ..., status: _Optional[_Union[PhaseStatus, str]] = ..., cost_center_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListPhasesRequest(_message.Message):
    __slots__ = ("project_finance_id",)
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    project_finance_id: str
    def __init__(self, project_finance_id: _Optional[str] = ...) -> None: ...

class ListPhasesResponse(_message.Message):
    __slots__ = ("phases",)
    PHASES_FIELD_NUMBER: _ClassVar[int]
    phases: _containers.RepeatedCompositeFieldContainer[Phase]
    def __init__(self, phases: _Optional[_Iterable[_Union[Phase, _Mapping]]] = ...) -> None: ...

class CreatePhaseRequest(_message.Message):
    __slots__ = ("project_finance_id", "name", "phase_budget", "planned_start", "planned_end", "sequence", "cost_center_id")
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PHASE_BUDGET_FIELD_NUMBER: _ClassVar[int]
    PLANNED_START_FIELD_NUMBER: _ClassVar[int]
    PLANNED_END_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    COST_CENTER_ID_FIELD_NUMBER: _ClassVar[int]
    project_finance_id: str
    name: str
    phase_budget: _money_pb2.MoneyB
    planned_start: _timestamp_pb2.Timestamp
    planned_end: _timestamp_pb2.Timestamp
    sequence: int
    cost_center_id: str
    def __init__(self, project_finance_id: _Optional[str] = ..., name: _Optional[str] = ..., phase_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., planned_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., planned_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., sequence: _Optional[int] = ..., cost_center_id: _Optional[str] = ...) -> None: ...

class CreatePhaseResponse(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: Phase
    def __init__(self, phase: _Optional[_Union[Phase, _Mapping]] = ...) -> None: ...

class GetPhaseRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetPhaseResponse(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: Phase
    def __init__(self, phase: _Optional[_Union[Phase, _Mapping]] = ...) -> None: ...

class UpdatePhaseRequest(_message.Message):
    __slots__ = ("id", "actual_cost", "actual_end", "actual_start", "name", "phase_budget", "planned_end", "planned_start", "status", "cost_center_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_COST_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_END_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_START_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PHASE_BUDGET_FIELD_NUMBER: _ClassVar[int]
    PLANNED_END_FIELD_NUMBER: _ClassVar[int]
    PLANNED_START_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    COST_CENTER_ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    actual_cost: _money_pb2.MoneyB
    actual_end: _timestamp_pb2.Timestamp
    actual_start: _timestamp_pb2.Timestamp
    name: str
    phase_budget: _money_pb2.MoneyB
    planned_end: _timestamp_pb2.Timestamp
    planned_start: _timestamp_pb2.Timestamp
    status: PhaseStatus
    cost_center_id: str
    def __init__(self, id: _Optional[str] = ..., actual_cost: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., actual_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., actual_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., name: _Optional[str] = ..., phase_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., planned_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., planned_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., status: _Optional[_Union[PhaseStatus, str]] = ..., cost_center_id: _Optional[str] = ...) -> None: ...

class UpdatePhaseResponse(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: Phase
    def __init__(self, phase: _Optional[_Union[Phase, _Mapping]] = ...) -> None: ...

class DeletePhaseRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeletePhaseResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class StartPhaseRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class StartPhaseResponse(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: Phase
    def __init__(self, phase: _Optional[_Union[Phase, _Mapping]] = ...) -> None: ...

class RecordPhaseProgressRequest(_message.Message):
    __slots__ = ("id", "percent")
    ID_FIELD_NUMBER: _ClassVar[int]
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    id: str
    percent: str
    def __init__(self, id: _Optional[str] = ..., percent: _Optional[str] = ...) -> None: ...

class RecordPhaseProgressResponse(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: Phase
    def __init__(self, phase: _Optional[_Union[Phase, _Mapping]] = ...) -> None: ...

class CompletePhaseRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class CompletePhaseResponse(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: Phase
    def __init__(self, phase: _Optional[_Union[Phase, _Mapping]] = ...) -> None: ...
