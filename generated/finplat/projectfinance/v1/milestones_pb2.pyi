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

class Milestone(_message.Message):
    __slots__ = ("id", "tenant_id", "project_finance_id", "name", "description", "amount", "due_date", "sequence", "status", "completion_percent", "completed_at", "billed_at", "invoice_id", "invoice_number", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_PERCENT_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_AT_FIELD_NUMBER: _ClassVar[int]
    BILLED_AT_FIELD_NUMBER: _ClassVar[int]
    INVOICE_ID_FIELD_NUMBER: _ClassVar[int]
    INVOICE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    tenant_id: str
    project_finance_id: str
    name: str
    description: str
    amount: _money_pb2.MoneyB
    due_date: _timestamp_pb2.Timestamp
    sequence: int
    status: str
    completion_percent: str
    completed_at: _timestamp_pb2.Timestamp
    billed_at: _timestamp_pb2.Timestamp
    invoice_id: int
    invoice_number: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., project_finance_id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., due_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., sequence: _Optional[int] = ..., status: _Optional[str] = ..., completion_percent: _Optional[str] = ..., completed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., billed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., invoice_id: _Optional[int] = ..., invoice_number: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class InvoiceSaga(_message.Message):
    __slots__ = ("id", "tenant_id", "correlation_id", "request_id", "saga_type", "status", "created_at", "updated_at", "step", "attempts", "last_error", "approval_id", "invoice_number")
    ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    CORRELATION_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SAGA_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    ATTEMPTS_FIELD_NUMBER: _ClassVar[int]
    LAST_ERROR_FIELD_NUMBER: _ClassVar[int]
    APPROVAL_ID_FIELD_NUMBER: _ClassVar[int]
    INVOICE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    id: str
    tenant_id: str
    correlation_id: str
    request_id: str
    saga_type: str
    status: str
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    step: str
    attempts: int
    last_error: str
    approval_id: str
    invoice_number: str
    def __init__(self, id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., correlation_id: _Optional[str] = ..., request_id: _Optional[str] = ..., saga_type: _Optional[str] = ..., status: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., step: _Optional[str] = ..., attempts: _Optional[int] = ..., last_error: _Optional[str] = ..., approval_id: _Optional[str] = ..., invoice_number: _Optional[str] = ...) -> None: ...

class CreateMilestoneRequest(_message.Message):
    __slots__ = ("project_finance_id", "name", "description", "amount", "due_date", "sequence")
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    project_finance_id: str
    name: str
    description: str
    amount: _money_pb2.MoneyB
    due_date: _timestamp_pb2.Timestamp
    sequence: int
    def __init__(self, project_finance_id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., amount: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., due_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., sequence: _Optional[int] = ...) -> None: ...

class CreateMilestoneResponse(_message.Message):
    __slots__ = ("milestone",)
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    milestone: Milestone
    def __init__(self, milestone: _Optional[_Union[Milestone, _Mapping]] = ...) -> None: ...

class ListMilestonesRequest(_message.Message):
    __slots__ = ("project_finance_id",)
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    project_finance_id: str
    def __init__(self, project_finance_id: _Optional[str] = ...) -> None: ...

class ListMilestonesResponse(_message.Message):
    __slots__ = ("milestones",)
    MILESTONES_FIELD_NUMBER: _ClassVar[int]
    milestones: _containers.RepeatedCompositeFieldContainer[Milestone]
    def __init__(self, milestones: _Optional[_Iterable[_Union[Milestone, _Mapping]]] = ...) -> None: ...

class GetMilestoneRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetMilestoneResponse(_message.Message):
    __slots__ = ("milestone",)
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    milestone: Milestone
    def __init__(self, milestone: _Optional[_Union[Milestone, _Mapping]] = ...) -> None: ...

class UpdateMilestoneRequest(_message.Message):
    __slots__ = ("id", "name", "description", "due_date")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    description: str
    due_date: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., due_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class UpdateMilestoneResponse(_message.Message):
    __slots__ = ("milestone",)
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    milestone: Milestone
    def __init__(self, milestone: _Optional[_Union[Milestone, _Mapping]] = ...) -> None: ...

class DeleteMilestoneRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteMilestoneResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RecordMilestoneProgressRequest(_message.Message):
    __slots__ = ("id", "completion_percent")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_PERCENT_FIELD_NUMBER: _ClassVar[int]
    id: str
    completion_percent: str
    def __init__(self, id: _Optional[str] = ..., completion_percent: _Optional[str] = ...) -> None: ...

class RecordMilestoneProgressResponse(_message.Message):
    __slots__ = ("milestone",)
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    milestone: Milestone
    def __init__(self, milestone: _Optional[_Union[Milestone, _Mapping]] = ...) -> None: ...

class CompleteMilestoneRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class CompleteMilestoneResponse(_message.Message):
    __slots__ = ("milestone",)
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    milestone: Milestone
    def __init__(self, milestone: _Optional[_Union[Milestone, _Mapping]] = ...) -> None: ...

class CancelMilestoneRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class CancelMilestoneResponse(_message.Message):
    __slots__ = ("milestone",)
    MILESTONE_FIELD_NUMBER: _ClassVar[int]
    milestone: Milestone
    def __init__(self, milestone: _Optional[_Union[Milestone, _Mapping]] = ...) -> None: ...

class InvoiceMilestoneRequest(_message.Message):
    __slots__ = ("milestone_id",)
    MILESTONE_ID_FIELD_NUMBER: _ClassVar[int]
    milestone_id: str
    def __init__(self, milestone_id: _Optional[str] = ...) -> None: ...

class InvoiceMilestoneResponse(_message.Message):
    __slots__ = ("saga", "created")
    SAGA_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    saga: InvoiceSaga
    created: bool
    def __init__(self, saga: _Optional[_Union[InvoiceSaga, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...

class GetMilestoneInvoiceRequest(_message.Message):
    __slots__ = ("milestone_id",)
    MILESTONE_ID_FIELD_NUMBER: _ClassVar[int]
    milestone_id: str
    def __init__(self, milestone_id: _Optional[str] = ...) -> None: ...

class GetMilestoneInvoiceResponse(_message.Message):
    __slots__ = ("saga",)
    SAGA_FIELD_NUMBER: _ClassVar[int]
    saga: InvoiceSaga
    def __init__(self, saga: _Optional[_Union[InvoiceSaga, _Mapping]] = ...) -> None: ...
