import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.identity.v1 import location_pb2 as _location_pb2
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

class Session(_message.Message):
    __slots__ = ("id", "created_at", "last_seen_at", "expires_at", "ip_address", "user_agent", "device", "location", "current", "mfa_verified")
    ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_SEEN_AT_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    IP_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    USER_AGENT_FIELD_NUMBER: _ClassVar[int]
    DEVICE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    MFA_VERIFIED_FIELD_NUMBER: _ClassVar[int]
    id: str
    created_at: _timestamp_pb2.Timestamp
    last_seen_at: _timestamp_pb2.Timestamp
    expires_at: _timestamp_pb2.Timestamp
    ip_address: str
    user_agent: str
    device: str
    location: _location_pb2.Location
    current: bool
    mfa_verified: bool
    def __init__(self, id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_seen_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., ip_address: _Optional[str] = ..., user_agent: _Optional[str] = ..., device: _Optional[str] = ..., location: _Optional[_Union[_location_pb2.Location, _Mapping]] = ..., current: _Optional[bool] = ..., mfa_verified: _Optional[bool] = ...) -> None: ...

class ListSessionsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListSessionsResponse(_message.Message):
    __slots__ = ("sessions",)
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    sessions: _containers.RepeatedCompositeFieldContainer[Session]
    def __init__(self, sessions: _Optional[_Iterable[_Union[Session, _Mapping]]] = ...) -> None: ...

class RevokeSessionRequest(_message.Message):
    __slots__ = ("session_id",)
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    def __init__(self, session_id: _Optional[str] = ...) -> None: ...

class RevokeSessionResponse(_message.Message):
    __slots__ = ("session_id", "revoked")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    REVOKED_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    revoked: bool
    def __init__(self, session_id: _Optional[str] = ..., revoked: _Optional[bool] = ...) -> None: ...

class RevokeAllSessionsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RevokeAllSessionsResponse(_message.Message):
    __slots__ = ("revoked",)
    REVOKED_FIELD_NUMBER: _ClassVar[int]
    revoked: int
    def __init__(self, revoked: _Optional[int] = ...) -> None: ...

class CheckSessionRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CheckSessionResponse(_message.Message):
    __slots__ = ("session_id", "active")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    active: bool
    def __init__(self, session_id: _Optional[str] = ..., active: _Optional[bool] = ...) -> None: ...

class TrustedDevice(_message.Message):
    __slots__ = ("fingerprint_hash", "nickname", "created_at", "expires_at", "last_used_at")
    FINGERPRINT_HASH_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_USED_AT_FIELD_NUMBER: _ClassVar[int]
    fingerprint_hash: str
    nickname: str
    created_at: _timestamp_pb2.Timestamp
    expires_at: _timestamp_pb2.Timestamp
    last_used_at: _timestamp_pb2.Timestamp
    def __init__(self, fingerprint_hash: _Optional[str] = ..., nickname: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_used_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListTrustedDevicesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListTrustedDevicesResponse(_message.Message):
    __slots__ = ("devices",)
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    devices: _containers.RepeatedCompositeFieldContainer[TrustedDevice]
    def __init__(self, devices: _Optional[_Iterable[_Union[TrustedDevice, _Mapping]]] = ...) -> None: ...

class RegisterTrustedDeviceRequest(_message.Message):
    __slots__ = ("fingerprint_hash", "nickname", "trusted_days")
    FINGERPRINT_HASH_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    TRUSTED_DAYS_FIELD_NUMBER: _ClassVar[int]
    fingerprint_hash: str
    nickname: str
    trusted_days: int
    def __init__(self, fingerprint_hash: _Optional[str] = ..., nickname: _Optional[str] = ..., trusted_days: _Optional[int] = ...) -> None: ...

class RegisterTrustedDeviceResponse(_message.Message):
    __slots__ = ("device",)
    DEVICE_FIELD_NUMBER: _ClassVar[int]
    device: TrustedDevice
    def __init__(self, device: _Optional[_Union[TrustedDevice, _Mapping]] = ...) -> None: ...

class RevokeTrustedDeviceRequest(_message.Message):
    __slots__ = ("fingerprint_hash",)
    FINGERPRINT_HASH_FIELD_NUMBER: _ClassVar[int]
    fingerprint_hash: str
    def __init__(self, fingerprint_hash: _Optional[str] = ...) -> None: ...

class RevokeTrustedDeviceResponse(_message.Message):
    __slots__ = ("revoked",)
    REVOKED_FIELD_NUMBER: _ClassVar[int]
    revoked: bool
    def __init__(self, revoked: _Optional[bool] = ...) -> None: ...

class RevokeAllTrustedDevicesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RevokeAllTrustedDevicesResponse(_message.Message):
    __slots__ = ("revoked",)
    REVOKED_FIELD_NUMBER: _ClassVar[int]
    revoked: int
    def __init__(self, revoked: _Optional[int] = ...) -> None: ...
