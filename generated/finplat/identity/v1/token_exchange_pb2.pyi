from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class ExchangeTokenRequest(_message.Message):
    __slots__ = ("subject_token", "subject_token_type", "scope", "purpose", "lifetime_seconds")
    SUBJECT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    LIFETIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    subject_token: str
    subject_token_type: str
    scope: str
    purpose: str
    lifetime_seconds: int
    def __init__(self, subject_token: _Optional[str] = ..., subject_token_type: _Optional[str] = ..., scope: _Optional[str] = ..., purpose: _Optional[str] = ..., lifetime_seconds: _Optional[int] = ...) -> None: ...

class ExchangeTokenResponse(_message.Message):
    __slots__ = ("access_token", "issued_token_type", "token_type", "expires_in", "scope", "session_id")
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ISSUED_TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    access_token: str
    issued_token_type: str
    token_type: str
    expires_in: int
    scope: str
    session_id: str
    def __init__(self, access_token: _Optional[str] = ..., issued_token_type: _Optional[str] = ..., token_type: _Optional[str] = ..., expires_in: _Optional[int] = ..., scope: _Optional[str] = ..., session_id: _Optional[str] = ...) -> None: ...

class RevokeDelegationRequest(_message.Message):
    __slots__ = ("delegation_grant",)
    DELEGATION_GRANT_FIELD_NUMBER: _ClassVar[int]
    delegation_grant: str
    def __init__(self, delegation_grant: _Optional[str] = ...) -> None: ...

class RevokeDelegationResponse(_message.Message):
    __slots__ = ("revoked",)
    REVOKED_FIELD_NUMBER: _ClassVar[int]
    revoked: bool
    def __init__(self, revoked: _Optional[bool] = ...) -> None: ...
