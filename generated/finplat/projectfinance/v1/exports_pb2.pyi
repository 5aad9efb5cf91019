import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.api import httpbody_pb2 as _httpbody_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateExportRequest(_message.Message):
    __slots__ = ("format", "include_phases", "include_scopes", "include_team", "start_date", "end_date", "project_id")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_PHASES_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_SCOPES_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_TEAM_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    format: str
    include_phases: bool
    include_scopes: bool
    include_team: bool
    start_date: _timestamp_pb2.Timestamp
    end_date: _timestamp_pb2.Timestamp
    project_id: str
    def __init__(self, format: _Optional[str] = ..., include_phases: _Optional[bool] = ..., include_scopes: _Optional[bool] = ..., include_team: _Optional[bool] = ..., start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., project_id: _Optional[str] = ...) -> None: ...

class CreateExportResponse(_message.Message):
    __slots__ = ("export",)
    EXPORT_FIELD_NUMBER: _ClassVar[int]
    export: Export
    def __init__(self, export: _Optional[_Union[Export, _Mapping]] = ...) -> None: ...

class GetExportRequest(_message.Message):
    __slots__ = ("export_id",)
    EXPORT_ID_FIELD_NUMBER: _ClassVar[int]
    export_id: str
    def __init__(self, export_id: _Optional[str] = ...) -> None: ...

class GetExportResponse(_message.Message):
    __slots__ = ("export",)
    EXPORT_FIELD_NUMBER: _ClassVar[int]
    export: Export
    def __init__(self, export: _Optional[_Union[Export, _Mapping]] = ...) -> None: ...

class DownloadExportRequest(_message.Message):
    __slots__ = ("export_id", "expires", "signature")
    EXPORT_ID_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    export_id: str
    expires: int
    signature: str
    def __init__(self, export_id: _Optional[str] = ..., expires: _Optional[int] = ..., signature: _Optional[str] = ...) -> None: ...

class DownloadExportResponse(_message.Message):
    __slots__ = ("file", "filename")
    FILE_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_NUMBER: _ClassVar[int]
    file: _httpbody_pb2.HttpBody
    filename: str
    def __init__(self, file: _Optional[_Union[_httpbody_pb2.HttpBody, _Mapping]] = ..., filename: _Optional[str] = ...) -> None: ...

class Export(_message.Message):
    __slots__ = ("export_id", "expires_at", "generated_at", "file_size", "format", "record_count", "download_url")
    EXPORT_ID_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    FILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    RECORD_COUNT_FIELD_NUMBER: _ClassVar[int]
    DOWNLOAD_URL_FIELD_NUMBER: _ClassVar[int]
    export_id: str
    expires_at: _timestamp_pb2.Timestamp
    generated_at: _timestamp_pb2.Timestamp
    file_size: int
    format: str
    record_count: int
    download_url: str
    def __init__(self, export_id: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., file_size: _Optional[int] = ..., format: _Optional[str] = ..., record_count: _Optional[int] = ..., download_url: _Optional[str] = ...) -> None: ...
