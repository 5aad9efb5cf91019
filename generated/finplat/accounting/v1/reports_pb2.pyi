import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.api import httpbody_pb2 as _httpbody_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetGlDetailRequest(_message.Message):
    __slots__ = ("from_date", "to_date", "account_codes", "currency", "source_module", "limit", "offset")
    FROM_DATE_FIELD_NUMBER: _ClassVar[int]
    TO_DATE_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_CODES_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    SOURCE_MODULE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    from_date: _date_pb2.Date
    to_date: _date_pb2.Date
    account_codes: _containers.RepeatedScalarFieldContainer[str]
    currency: str
    source_module: str
    limit: int
    offset: int
    def __init__(self, from_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., to_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., account_codes: _Optional[_Iterable[str]] = ..., currency: _Optional[str] = ..., source_module: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class GlDetailLine(_message.Message):
    __slots__ = ("entry_date", "entry_number", "entry_id", "account_id", "account_code", "account_name", "debit", "credit", "currency", "base_amount", "fx_rate", "description", "memo", "source_module", "source_event_id", "posted_at", "running_balance")
    ENTRY_DATE_FIELD_NUMBER: _ClassVar[int]
    ENTRY_NUMBER_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_CODE_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_NAME_FIELD_NUMBER: _ClassVar[int]
    DEBIT_FIELD_NUMBER: _ClassVar[int]
    CREDIT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    BASE_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    FX_RATE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    SOURCE_MODULE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    POSTED_AT_FIELD_NUMBER: _ClassVar[int]
    RUNNING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    entry_date: _date_pb2.Date
    entry_number: str
    entry_id: str
    account_id: str
    account_code: str
    account_name: str
    debit: str
    credit: str
    currency: str
    base_amount: str
    fx_rate: str
    description: str
    memo: str
    source_module: str
    source_event_id: str
    posted_at: _timestamp_pb2.Timestamp
    running_balance: str
    def __init__(self, entry_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., entry_number: _Optional[str] = ..., entry_id: _Optional[str] = ..., account_id: _Optional[str] = ..., account_code: _Optional[str] = ..., account_name: _Optional[str] = ..., debit: _Optional[str] = ..., credit: _Optional[str] = ..., currency: _Optional[str] = ..., base_amount: _Optional[str] = ..., fx_rate: _Optional[str] = ..., description: _Optional[str] = ..., memo: _Optional[str] = ..., source_module: _Optional[str] = ..., source_event_id: _Optional[str] = ..., posted_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., running_balance: _Optional[str] = ...) -> None: ...

class GlDetailAccount(_message.Message):
    __slots__ = ("account_id", "code", "name", "opening_balance", "debit", "credit", "closing_balance")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPENING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    DEBIT_FIELD_NUMBER: _ClassVar[int]
    CREDIT_FIELD_NUMBER: _ClassVar[int]
    CLOSING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    code: str
    name: str
    opening_balance: str
    debit: str
    credit: str
    closing_balance: str
    def __init__(self, account_id: _Optional[str] = ..., code: _Optional[str] = ..., name: _Optional[str] = ..., opening_balance: _Optional[str] = ..., debit: _Optional[str] = ..., credit: _Optional[str] = ..., closing_balance: _Optional[str] = ...) -> None: ...

class ReportPagination(_message.Message):
    __slots__ = ("limit", "offset", "total", "has_more")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    limit: int
    offset: int
    total: int
    has_more: bool
    def __init__(self, limit: _Optional[int] = ..., offset: _Optional[int] = ..., total: _Optional[int] = ..., has_more: _Optional[bool] = ...) -> None: ...

class GetGlDetailResponse(_message.Message):
    __slots__ = ("base_currency", "from_date", "to_date", "accounts", "total_debit", "total_credit", "lines", "pagination")
    BASE_CURRENCY_FIELD_NUMBER: _ClassVar[int]
    FROM_DATE_FIELD_NUMBER: _ClassVar[int]
    TO_DATE_FIELD_NUMBER: _ClassVar[int]
    ACCOUNTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_DEBIT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_CREDIT_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    base_currency: str
    from_date: _date_pb2.Date
    to_date: _date_pb2.Date
    accounts: _containers.RepeatedCompositeFieldContainer[GlDetailAccount]
    total_debit: str
    total_credit: str
    lines: _containers.RepeatedCompositeFieldContainer[GlDetailLine]
    pagination: ReportPagination
    def __init__(self, base_currency: _Optional[str] = ..., from_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., to_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., accounts: _Optional[_Iterable[_Union[GlDetailAccount, _Mapping]]] = ..., total_debit: _Optional[str] = ..., total_credit: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[GlDetailLine, _Mapping]]] = ..., pagination: _Optional[_Union[ReportPagination, _Mapping]] = ...) -> None: ...

class ExportReportRequest(_message.Message):
    __slots__ = ("report_type", "format", "from_date", "to_date", "account_codes", "currency", "source_module", "as_of")
    REPORT_TYPE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    FROM_DATE_FIELD_NUMBER: _ClassVar[int]
    TO_DATE_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_CODES_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    SOURCE_MODULE_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    report_type: str
    format: str
    from_date: _date_pb2.Date
    to_date: _date_pb2.Date
    account_codes: _containers.RepeatedScalarFieldContainer[str]
    currency: str
    source_module: str
    as_of: _date_pb2.Date
    def __init__(self, report_type: _Optional[str] = ..., format: _Optional[str] = ..., from_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., to_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., account_codes: _Optional[_Iterable[str]] = ..., currency: _Optional[str] = ..., source_module: _Optional[str] = ..., as_of: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class ExportReportResponse(_message.Message):
    __slots__ = ("file", "filename")
    FILE_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_NUMBER: _ClassVar[int]
    file: _httpbody_pb2.HttpBody
    filename: str
    def __init__(self, file: _Optional[_Union[_httpbody_pb2.HttpBody, _Mapping]] = ..., filename: _Optional[str] = ...) -> None: ...

class GetExportAvailabilityRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetExportAvailabilityResponse(_message.Message):
    __slots__ = ("csv", "json")
    CSV_FIELD_NUMBER: _ClassVar[int]
    JSON_FIELD_NUMBER: _ClassVar[int]
    csv: _containers.RepeatedScalarFieldContainer[str]
    json: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, csv: _Optional[_Iterable[str]] = ..., json: _Optional[_Iterable[str]] = ...) -> None: ...

class StreamReportExportRequest(_message.Message):
    __slots__ = ("export",)
    EXPORT_FIELD_NUMBER: _ClassVar[int]
    export: ExportReportRequest
    def __init__(self, export: _Optional[_Union[ExportReportRequest, _Mapping]] = ...) -> None: ...

class StreamReportExportResponse(_message.Message):
    __slots__ = ("chunk", "filename")
    CHUNK_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_NUMBER: _ClassVar[int]
    chunk: _httpbody_pb2.HttpBody
    filename: str
    def __init__(self, chunk: _Optional[_Union[_httpbody_pb2.HttpBody, _Mapping]] = ..., filename: _Optional[str] = ...) -> None: ...
