from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ValidateRuleRequest(_message.Message):
    __slots__ = ("rule",)
    RULE_FIELD_NUMBER: _ClassVar[int]
    rule: str
    def __init__(self, rule: _Optional[str] = ...) -> None: ...

class RuleError(_message.Message):
    __slots__ = ("part", "message")
    PART_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    part: str
    message: str
    def __init__(self, part: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class ValidateRuleResponse(_message.Message):
    __slots__ = ("valid", "rule", "description", "errors")
    VALID_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    valid: bool
    rule: str
    description: str
    errors: _containers.RepeatedCompositeFieldContainer[RuleError]
    def __init__(self, valid: _Optional[bool] = ..., rule: _Optional[str] = ..., description: _Optional[str] = ..., errors: _Optional[_Iterable[_Union[RuleError, _Mapping]]] = ...) -> None: ...

class DescribeRuleRequest(_message.Message):
    __slots__ = ("rule",)
    RULE_FIELD_NUMBER: _ClassVar[int]
    rule: str
    def __init__(self, rule: _Optional[str] = ...) -> None: ...

class DescribeRuleResponse(_message.Message):
    __slots__ = ("rule", "description")
    RULE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    rule: str
    description: str
    def __init__(self, rule: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class GenerateInstancesRequest(_message.Message):
    __slots__ = ("rule", "start_date", "end_date", "max_count")
    RULE_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    MAX_COUNT_FIELD_NUMBER: _ClassVar[int]
    rule: str
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    max_count: int
    def __init__(self, rule: _Optional[str] = ..., start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., max_count: _Optional[int] = ...) -> None: ...

class GenerateInstancesResponse(_message.Message):
    __slots__ = ("dates", "count", "truncated")
    DATES_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    dates: _containers.RepeatedCompositeFieldContainer[_date_pb2.Date]
    count: int
    truncated: bool
    def __init__(self, dates: _Optional[_Iterable[_Union[_date_pb2.Date, _Mapping]]] = ..., count: _Optional[int] = ..., truncated: _Optional[bool] = ...) -> None: ...
