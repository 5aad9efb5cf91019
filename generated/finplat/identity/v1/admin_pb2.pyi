import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class UserAccess(_message.Message):
    __slots__ = ("user_id", "email", "roles", "tenant_role", "extra_scopes", "scopes", "updated_at")
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    TENANT_ROLE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_SCOPES_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    user_id: str
    email: str
    roles: _containers.RepeatedScalarFieldContainer[str]
    tenant_role: str
    extra_scopes: _containers.RepeatedScalarFieldContainer[str]
    scopes: _containers.RepeatedScalarFieldContainer[str]
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, user_id: _Optional[str] = ..., email: _Optional[str] = ..., roles: _Optional[_Iterable[str]] = ..., tenant_role: _Optional[str] = ..., extra_scopes: _Optional[_Iterable[str]] = ..., scopes: _Optional[_Iterable[str]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class GrantAccessRequest(_message.Message):
    __slots__ = ("user", "roles", "scopes", "tenant_role")
    USER_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    TENANT_ROLE_FIELD_NUMBER: _ClassVar[int]
    user: str
    roles: _containers.RepeatedScalarFieldContainer[str]
    scopes: _containers.RepeatedScalarFieldContainer[str]
    tenant_role: str
    def __init__(self, user: _Optional[str] = ..., roles: _Optional[_Iterable[str]] = ..., scopes: _Optional[_Iterable[str]] = ..., tenant_role: _Optional[str] = ...) -> None: ...

class GrantAccessResponse(_message.Message):
    __slots__ = ("access",)
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    access: UserAccess
    def __init__(self, access: _Optional[_Union[UserAccess, _Mapping]] = ...) -> None: ...

class RevokeAccessRequest(_message.Message):
    __slots__ = ("user", "roles", "scopes")
    USER_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    user: str
    roles: _containers.RepeatedScalarFieldContainer[str]
    scopes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, user: _Optional[str] = ..., roles: _Optional[_Iterable[str]] = ..., scopes: _Optional[_Iterable[str]] = ...) -> None: ...

class RevokeAccessResponse(_message.Message):
    __slots__ = ("access",)
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    access: UserAccess
    def __init__(self, access: _Optional[_Union[UserAccess, _Mapping]] = ...) -> None: ...

class GetUserAccessRequest(_message.Message):
    __slots__ = ("user",)
    USER_FIELD_NUMBER: _ClassVar[int]
    user: str
    def __init__(self, user: _Optional[str] = ...) -> None: ...

class GetUserAccessResponse(_message.Message):
    __slots__ = ("access",)
    ACCESS_FIELD_NUMBER: _ClassVar[int]
    access: UserAccess
    def __init__(self, access: _Optional[_Union[UserAccess, _Mapping]] = ...) -> None: ...
