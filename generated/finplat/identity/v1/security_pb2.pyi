import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.identity.v1 import location_pb2 as _location_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetOverviewRequest(_message.Message):
    __slots__ = ("days",)
    DAYS_FIELD_NUMBER: _ClassVar[int]
    days: int
    def __init__(self, days: _Optional[int] = ...) -> None: ...

class GetOverviewResponse(_message.Message):
    __slots__ = ("days", "successful_logins", "failed_logins", "distinct_ips", "distinct_devices", "countries", "last_login_at", "last_failed_at", "active_sessions", "trusted_devices", "mfa_enabled", "anomalies")
    DAYS_FIELD_NUMBER: _ClassVar[int]
    SUCCESSFUL_LOGINS_FIELD_NUMBER: _ClassVar[int]
    FAILED_LOGINS_FIELD_NUMBER: _ClassVar[int]
    DISTINCT_IPS_FIELD_NUMBER: _ClassVar[int]
    DISTINCT_DEVICES_FIELD_NUMBER: _ClassVar[int]
    COUNTRIES_FIELD_NUMBER: _ClassVar[int]
    LAST_LOGIN_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_FAILED_AT_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SESSIONS_FIELD_NUMBER: _ClassVar[int]
    TRUSTED_DEVICES_FIELD_NUMBER: _ClassVar[int]
    MFA_ENABLED_FIELD_NUMBER: _ClassVar[int]
    ANOMALIES_FIELD_NUMBER: _ClassVar[int]
    days: int
    successful_logins: int
    failed_logins: int
    distinct_ips: int
    distinct_devices: int
    countries: _containers.RepeatedScalarFieldContainer[str]
    last_login_at: _timestamp_pb2.Timestamp
    last_failed_at: _timestamp_pb2.Timestamp
    active_sessions: int
    trusted_devices: int
    mfa_enabled: bool
    anomalies: int
    def __init__(self, days: _Optional[int] = ..., successful_logins: _Optional[int] = ..., failed_logins: _Optional[int] = ..., distinct_ips: _Optional[int] = ..., distinct_devices: _Optional[int] = ..., countries: _Optional[_Iterable[str]] = ..., last_login_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_failed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., active_sessions: _Optional[int] = ..., trusted_devices: _Optional[int] = ..., mfa_enabled: _Optional[bool] = ..., anomalies: _Optional[int] = ...) -> None: ...

class GetTimelineRequest(_message.Message):
    __slots__ = ("days",)
    DAYS_FIELD_NUMBER: _ClassVar[int]
    days: int
    def __init__(self, days: _Optional[int] = ...) -> None: ...

class TimelineDay(_message.Message):
    __slots__ = ("date", "successful", "failed")
    DATE_FIELD_NUMBER: _ClassVar[int]
    SUCCESSFUL_FIELD_NUMBER: _ClassVar[int]
    FAILED_FIELD_NUMBER: _ClassVar[int]
    date: _date_pb2.Date
    successful: int
    failed: int
    def __init__(self, date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., successful: _Optional[int] = ..., failed: _Optional[int] = ...) -> None: ...

class SecurityEvent(_message.Message):
    __slots__ = ("id", "kind", "at", "ip_address", "user_agent", "device", "location", "result")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    IP_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    USER_AGENT_FIELD_NUMBER: _ClassVar[int]
    DEVICE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    id: str
    kind: str
    at: _timestamp_pb2.Timestamp
    ip_address: str
    user_agent: str
    device: str
    location: _location_pb2.Location
    result: str
    def __init__(self, id: _Optional[str] = ..., kind: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., ip_address: _Optional[str] = ..., user_agent: _Optional[str] = ..., device: _Optional[str] = ..., location: _Optional[_Union[_location_pb2.Location, _Mapping]] = ..., result: _Optional[str] = ...) -> None: ...

class GetTimelineResponse(_message.Message):
    __slots__ = ("days", "timeline", "events")
    DAYS_FIELD_NUMBER: _ClassVar[int]
    TIMELINE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    days: int
    timeline: _containers.RepeatedCompositeFieldContainer[TimelineDay]
    events: _containers.RepeatedCompositeFieldContainer[SecurityEvent]
    def __init__(self, days: _Optional[int] = ..., timeline: _Optional[_Iterable[_Union[TimelineDay, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[SecurityEvent, _Mapping]]] = ...) -> None: ...

class ListAnomaliesRequest(_message.Message):
    __slots__ = ("sensitivity",)
    SENSITIVITY_FIELD_NUMBER: _ClassVar[int]
    sensitivity: str
    def __init__(self, sensitivity: _Optional[str] = ...) -> None: ...

class Anomaly(_message.Message):
    __slots__ = ("kind", "severity", "at", "ip_address", "description", "details")
    class DetailsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    IP_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    severity: str
    at: _timestamp_pb2.Timestamp
    ip_address: str
    description: str
    details: _containers.ScalarMap[str, str]
    def __init__(self, kind: _Optional[str] = ..., severity: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., ip_address: _Optional[str] = ..., description: _Optional[str] = ..., details: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ListAnomaliesResponse(_message.Message):
    __slots__ = ("sensitivity", "anomalies")
    SENSITIVITY_FIELD_NUMBER: _ClassVar[int]
    ANOMALIES_FIELD_NUMBER: _ClassVar[int]
    sensitivity: str
    anomalies: _containers.RepeatedCompositeFieldContainer[Anomaly]
    def __init__(self, sensitivity: _Optional[str] = ..., anomalies: _Optional[_Iterable[_Union[Anomaly, _Mapping]]] = ...) -> None: ...

class GetLocationHistoryRequest(_message.Message):
    __slots__ = ("limit",)
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    limit: int
    def __init__(self, limit: _Optional[int] = ...) -> None: ...

class LocationVisit(_message.Message):
    __slots__ = ("location", "ip_address", "first_seen", "last_seen", "logins")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    IP_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEEN_FIELD_NUMBER: _ClassVar[int]
    LAST_SEEN_FIELD_NUMBER: _ClassVar[int]
    LOGINS_FIELD_NUMBER: _ClassVar[int]
    location: _location_pb2.Location
    ip_address: str
    first_seen: _timestamp_pb2.Timestamp
    last_seen: _timestamp_pb2.Timestamp
    logins: int
    def __init__(self, location: _Optional[_Union[_location_pb2.Location, _Mapping]] = ..., ip_address: _Optional[str] = ..., first_seen: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_seen: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., logins: _Optional[int] = ...) -> None: ...

class GetLocationHistoryResponse(_message.Message):
    __slots__ = ("locations",)
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    locations: _containers.RepeatedCompositeFieldContainer[LocationVisit]
    def __init__(self, locations: _Optional[_Iterable[_Union[LocationVisit, _Mapping]]] = ...) -> None: ...
