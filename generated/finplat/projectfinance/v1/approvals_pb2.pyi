import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.projectfinance.v1 import money_pb2 as _money_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Approval(_message.Message):
    __slots__ = ("id", "tenant_id", "entity_type", "entity_id", "description", "amount_minor", "currency", "status", "requester_id", "approver_id", "notes", "metadata", "approved_at", "rejected_at", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_MINOR_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    APPROVER_ID_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    APPROVED_AT_FIELD_NUMBER: _ClassVar[int]
    REJECTED_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    tenant_id: str
    entity_type: str
    entity_id: str
    description: str
    amount_minor: int
    currency: str
    status: str
    requester_id: str
    approver_id: str
    notes: str
    metadata: _struct_pb2.Struct
    approved_at: _timestamp_pb2.Timestamp
    rejected_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., entity_type: _Optional[str] = ..., entity_id: _Optional[str] = ..., description: _Optional[str] = ..., amount_minor: _Optional[int] = ..., currency: _Optional[str] = ..., status: _Optional[str] = ..., requester_id: _Optional[str] = ..., approver_id: _Optional[str] = ..., notes: _Optional[str] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., approved_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rejected_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ApprovalThreshold(_message.Message):
    __slots__ = ("entity_type", "amount_minor", "is_default")
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_MINOR_FIELD_NUMBER: _ClassVar[int]
    IS_DEFAULT_FIELD_NUMBER: _ClassVar[int]
    entity_type: str
    amount_minor: int
    is_default: bool
    def __init__(self, entity_type: _Optional[str] = ..., amount_minor: _Optional[int] = ..., is_default: _Optional[bool] = ...) -> None: ...

class RequestApprovalRequest(_message.Message):
    __slots__ = ("description", "entity_type", "entity_id", "amount", "metadata")
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_ID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    description: str
    entity_type: str
    entity_id: str
    amount: _money_pb2.MoneyB
    metadata: _struct_pb2.Struct
    def __init__(self, description: _Optional[str] = ..., entity_type: _Optional[str] = ..., entity_id: _Optional[str] = ..., amount: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class RequestApprovalResponse(_message.Message):
    __slots__ = ("approval",)
    APPROVAL_FIELD_NUMBER: _ClassVar[int]
    approval: Approval
    def __init__(self, approval: _Optional[_Union[Approval, _Mapping]] = ...) -> None: ...

class CheckApprovalRequiredRequest(_message.Message):
    __slots__ = ("entity_type", "amount_minor")
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_MINOR_FIELD_NUMBER: _ClassVar[int]
    entity_type: str
    amount_minor: int
    def __init__(self, entity_type: _Optional[str] = ..., amount_minor: _Optional[int] = ...) -> None: ...

class CheckApprovalRequiredResponse(_message.Message):
    __slots__ = ("required",)
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    required: bool
    def __init__(self, required: _Optional[bool] = ...) -> None: ...

class ListApprovalThresholdsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListApprovalThresholdsResponse(_message.Message):
    __slots__ = ("thresholds",)
    THRESHOLDS_FIELD_NUMBER: _ClassVar[int]
    thresholds: _containers.RepeatedCompositeFieldContainer[ApprovalThreshold]
    def __init__(self, thresholds: _Optional[_Iterable[_Union[ApprovalThreshold, _Mapping]]] = ...) -> None: ...

class SetApprovalThresholdRequest(_message.Message):
    __slots__ = ("entity_type", "amount_minor")
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_MINOR_FIELD_NUMBER: _ClassVar[int]
    entity_type: str
    amount_minor: int
    def __init__(self, entity_type: _Optional[str] = ..., amount_minor: _Optional[int] = ...) -> None: ...

class SetApprovalThresholdResponse(_message.Message):
    __slots__ = ("threshold",)
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    threshold: ApprovalThreshold
    def __init__(self, threshold: _Optional[_Union[ApprovalThreshold, _Mapping]] = ...) -> None: ...

class GetEntityApprovalRequest(_message.Message):
    __slots__ = ("entity_type", "entity_id")
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTITY_ID_FIELD_NUMBER: _ClassVar[int]
    entity_type: str
    entity_id: str
    def __init__(self, entity_type: _Optional[str] = ..., entity_id: _Optional[str] = ...) -> None: ...

class GetEntityApprovalResponse(_message.Message):
    __slots__ = ("approval",)
    APPROVAL_FIELD_NUMBER: _ClassVar[int]
    approval: Approval
    def __init__(self, approval: _Optional[_Union[Approval, _Mapping]] = ...) -> None: ...

class ListPendingApprovalsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListPendingApprovalsResponse(_message.Message):
    __slots__ = ("approvals",)
    APPROVALS_FIELD_NUMBER: _ClassVar[int]
    approvals: _containers.RepeatedCompositeFieldContainer[Approval]
    def __init__(self, approvals: _Optional[_Iterable[_Union[Approval, _Mapping]]] = ...) -> None: ...

class GetApprovalRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetApprovalResponse(_message.Message):
    __slots__ = ("approval",)
    APPROVAL_FIELD_NUMBER: _ClassVar[int]
    approval: Approval
    def __init__(self, approval: _Optional[_Union[Approval, _Mapping]] = ...) -> None: ...

class ApproveApprovalRequest(_message.Message):
    __slots__ = ("id", "notes")
    ID_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    id: str
    notes: str
    def __init__(self, id: _Optional[str] = ..., notes: _Optional[str] = ...) -> None: ...

class ApproveApprovalResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RejectApprovalRequest(_message.Message):
    __slots__ = ("id", "notes")
    ID_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    id: str
    notes: str
    def __init__(self, id: _Optional[str] = ..., notes: _Optional[str] = ...) -> None: ...

class RejectApprovalResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CancelApprovalRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class CancelApprovalResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
