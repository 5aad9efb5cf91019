import datetime

from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
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

class SuggestionStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUGGESTION_STATUS_UNSPECIFIED: _ClassVar[SuggestionStatus]
    SUGGESTION_STATUS_NEW: _ClassVar[SuggestionStatus]
    SUGGESTION_STATUS_VIEWED: _ClassVar[SuggestionStatus]
    SUGGESTION_STATUS_IMPLEMENTED: _ClassVar[SuggestionStatus]
    SUGGESTION_STATUS_DISMISSED: _ClassVar[SuggestionStatus]

class SuggestionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUGGESTION_TYPE_UNSPECIFIED: _ClassVar[SuggestionType]
    SUGGESTION_TYPE_UNUSED_SUBSCRIPTION: _ClassVar[SuggestionType]
    SUGGESTION_TYPE_DUPLICATE_SUBSCRIPTION: _ClassVar[SuggestionType]
    SUGGESTION_TYPE_FEES_AND_INTEREST: _ClassVar[SuggestionType]
    SUGGESTION_TYPE_CATEGORY_OVERSPEND: _ClassVar[SuggestionType]
    SUGGESTION_TYPE_CHEAPER_CADENCE: _ClassVar[SuggestionType]
SUGGESTION_STATUS_UNSPECIFIED: SuggestionStatus
SUGGESTION_STATUS_NEW: SuggestionStatus
SUGGESTION_STATUS_VIEWED: SuggestionStatus
SUGGESTION_STATUS_IMPLEMENTED: SuggestionStatus
SUGGESTION_STATUS_DISMISSED: SuggestionStatus
SUGGESTION_TYPE_UNSPECIFIED: SuggestionType
SUGGESTION_TYPE_UNUSED_SUBSCRIPTION: SuggestionType
SUGGESTION_TYPE_DUPLICATE_SUBSCRIPTION: SuggestionType
SUGGESTION_TYPE_FEES_AND_INTEREST: SuggestionType
SUGGESTION_TYPE_CATEGORY_OVERSPEND: SuggestionType
SUGGESTION_TYPE_CHEAPER_CADENCE: SuggestionType

class Suggestion(_message.Message):
    __slots__ = ("id", "suggestion_type", "title", "description", "potential_saving", "currency", "confidence", "status", "merchant_name", "category_id", "evidence", "transaction_ids", "created_at", "updated_at")
    class EvidenceEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    POTENTIAL_SAVING_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    EVIDENCE_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_IDS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    suggestion_type: SuggestionType
    title: str
    description: str
    potential_saving: str
    currency: str
    confidence: float
    status: SuggestionStatus
    merchant_name: str
    category_id: str
    evidence: _containers.ScalarMap[str, str]
    transaction_ids: _containers.RepeatedScalarFieldContainer[str]
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., suggestion_type: _Optional[_Union[SuggestionType, str]] = ..., title: _Optional[str] = ..., description: _Optional[str] = ..., potential_saving: _Optional[str] = ..., currency: _Optional[str] = ..., confidence: _Optional[float] = ..., status: _Optional[_Union[SuggestionStatus, str]] = ..., merchant_name: _Optional[str] = ..., category_id: _Optional[str] = ..., evidence: _Optional[_Mapping[str, str]] = ..., transaction_ids: _Optional[_Iterable[str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListSuggestionsRequest(_message.Message):
    __slots__ = ("status", "limit", "suggestion_type", "min_saving", "offset")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    MIN_SAVING_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    status: SuggestionStatus
    limit: int
    suggestion_type: SuggestionType
    min_saving: str
    offset: int
    def __init__(self, status: _Optional[_Union[SuggestionStatus, str]] = ..., limit: _Optional[int] = ..., suggestion_type: _Optional[_Union[SuggestionType, str]] = ..., min_saving: _Optional[str] = ..., offset: _Optional[int] = ...) -> None: ...

class ListSuggestionsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Suggestion]
    pagination: _common_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Suggestion, _Mapping]]] = ..., pagination: _Optional[_Union[_common_pb2.Pagination, _Mapping]] = ...) -> None: ...

class ListTopSuggestionsRequest(_message.Message):
    __slots__ = ("limit",)
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    limit: int
    def __init__(self, limit: _Optional[int] = ...) -> None: ...

class ListTopSuggestionsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Suggestion]
    def __init__(self, data: _Optional[_Iterable[_Union[Suggestion, _Mapping]]] = ...) -> None: ...

class UpdateSuggestionStatusRequest(_message.Message):
    __slots__ = ("id", "status")
    ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    id: str
    status: SuggestionStatus
    def __init__(self, id: _Optional[str] = ..., status: _Optional[_Union[SuggestionStatus, str]] = ...) -> None: ...

class UpdateSuggestionStatusResponse(_message.Message):
    __slots__ = ("suggestion",)
    SUGGESTION_FIELD_NUMBER: _ClassVar[int]
    suggestion: Suggestion
    def __init__(self, suggestion: _Optional[_Union[Suggestion, _Mapping]] = ...) -> None: ...

class GenerateSuggestionsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GenerateSuggestionsResponse(_message.Message):
    __slots__ = ("status", "created", "open", "removed", "generated_at")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    status: str
    created: int
    open: int
    removed: int
    generated_at: _timestamp_pb2.Timestamp
    def __init__(self, status: _Optional[str] = ..., created: _Optional[int] = ..., open: _Optional[int] = ..., removed: _Optional[int] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...
