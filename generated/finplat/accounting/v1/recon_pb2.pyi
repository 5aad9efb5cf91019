import datetime

from finplat.accounting.v1 import ledger_pb2 as _ledger_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MatchMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MATCH_METHOD_UNSPECIFIED: _ClassVar[MatchMethod]
    MATCH_METHOD_AUTO: _ClassVar[MatchMethod]
    MATCH_METHOD_MANUAL: _ClassVar[MatchMethod]
    MATCH_METHOD_ADJUSTMENT: _ClassVar[MatchMethod]

class StatementFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STATEMENT_FORMAT_UNSPECIFIED: _ClassVar[StatementFormat]
    STATEMENT_FORMAT_CSV: _ClassVar[StatementFormat]
    STATEMENT_FORMAT_OFX: _ClassVar[StatementFormat]
    STATEMENT_FORMAT_QFX: _ClassVar[StatementFormat]
    STATEMENT_FORMAT_QIF: _ClassVar[StatementFormat]
    STATEMENT_FORMAT_CAMT053: _ClassVar[StatementFormat]
    STATEMENT_FORMAT_MT940: _ClassVar[StatementFormat]
MATCH_METHOD_UNSPECIFIED: MatchMethod
MATCH_METHOD_AUTO: MatchMethod
MATCH_METHOD_MANUAL: MatchMethod
MATCH_METHOD_ADJUSTMENT: MatchMethod
STATEMENT_FORMAT_UNSPECIFIED: StatementFormat
STATEMENT_FORMAT_CSV: StatementFormat
STATEMENT_FORMAT_OFX: StatementFormat
STATEMENT_FORMAT_QFX: StatementFormat
STATEMENT_FORMAT_QIF: StatementFormat
STATEMENT_FORMAT_CAMT053: StatementFormat
STATEMENT_FORMAT_MT940: StatementFormat

class Statement(_message.Message):
    __slots__ = ("id", "account_id", "file_name", "format", "currency", "period_start", "period_end", "opening_balance", "closing_balance", "line_count", "matched_count", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    PERIOD_START_FIELD_NUMBER: _ClassVar[int]
    PERIOD_END_FIELD_NUMBER: _ClassVar[int]
    OPENING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    CLOSING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    LINE_COUNT_FIELD_NUMBER: _ClassVar[int]
    MATCHED_COUNT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    account_id: str
    file_name: str
    format: StatementFormat
    currency: str
    period_start: _date_pb2.Date
    period_end: _date_pb2.Date
    opening_balance: str
    closing_balance: str
    line_count: int
    matched_count: int
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., account_id: _Optional[str] = ..., file_name: _Optional[str] = ..., format: _Optional[_Union[StatementFormat, str]] = ..., currency: _Optional[str] = ..., period_start: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., period_end: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., opening_balance: _Optional[str] = ..., closing_balance: _Optional[str] = ..., line_count: _Optional[int] = ..., matched_count: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Match(_message.Message):
    __slots__ = ("id", "statement_id", "statement_line_id", "ledger_line_id", "entry_id", "score", "method", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    STATEMENT_ID_FIELD_NUMBER: _ClassVar[int]
    STATEMENT_LINE_ID_FIELD_NUMBER: _ClassVar[int]
    LEDGER_LINE_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    statement_id: str
    statement_line_id: str
    ledger_line_id: str
    entry_id: str
    score: float
    method: MatchMethod
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., statement_id: _Optional[str] = ..., statement_line_id: _Optional[str] = ..., ledger_line_id: _Optional[str] = ..., entry_id: _Optional[str] = ..., score: _Optional[float] = ..., method: _Optional[_Union[MatchMethod, str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class StatementLine(_message.Message):
    __slots__ = ("id", "row", "booked_on", "amount", "description", "bank_reference", "payee", "match")
    ID_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    BOOKED_ON_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    BANK_REFERENCE_FIELD_NUMBER: _ClassVar[int]
    PAYEE_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    id: str
    row: int
    booked_on: _date_pb2.Date
    amount: str
    description: str
    bank_reference: str
    payee: str
    match: Match
    def __init__(self, id: _Optional[str] = ..., row: _Optional[int] = ..., booked_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., amount: _Optional[str] = ..., description: _Optional[str] = ..., bank_reference: _Optional[str] = ..., payee: _Optional[str] = ..., match: _Optional[_Union[Match, _Mapping]] = ...) -> None: ...

class LedgerItem(_message.Message):
    __slots__ = ("ledger_line_id", "entry_id", "entry_number", "entry_date", "amount", "description")
    LEDGER_LINE_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_NUMBER_FIELD_NUMBER: _ClassVar[int]
    ENTRY_DATE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ledger_line_id: str
    entry_id: str
    entry_number: str
    entry_date: _date_pb2.Date
    amount: str
    description: str
    def __init__(self, ledger_line_id: _Optional[str] = ..., entry_id: _Optional[str] = ..., entry_number: _Optional[str] = ..., entry_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., amount: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class ReconPagination(_message.Message):
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

class UploadStatementRequest(_message.Message):
    __slots__ = ("account_id", "opening_balance", "closing_balance", "file_name", "content_type", "file", "complete")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    OPENING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    CLOSING_BALANCE_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    FILE_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    opening_balance: str
    closing_balance: str
    file_name: str
    content_type: str
    file: bytes
    complete: bool
    def __init__(self, account_id: _Optional[str] = ..., opening_balance: _Optional[str] = ..., closing_balance: _Optional[str] = ..., file_name: _Optional[str] = ..., content_type: _Optional[str] = ..., file: _Optional[bytes] = ..., complete: _Optional[bool] = ...) -> None: ...

class UploadStatementResponse(_message.Message):
    __slots__ = ("statement",)
    STATEMENT_FIELD_NUMBER: _ClassVar[int]
    statement: Statement
    def __init__(self, statement: _Optional[_Union[Statement, _Mapping]] = ...) -> None: ...

class ListStatementsRequest(_message.Message):
    __slots__ = ("account_id", "limit", "offset")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    limit: int
    offset: int
    def __init__(self, account_id: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListStatementsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Statement]
    pagination: ReconPagination
    def __init__(self, data: _Optional[_Iterable[_Union[Statement, _Mapping]]] = ..., pagination: _Optional[_Union[ReconPagination, _Mapping]] = ...) -> None: ...

class GetStatementRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetStatementResponse(_message.Message):
    __slots__ = ("statement",)
    STATEMENT_FIELD_NUMBER: _ClassVar[int]
    statement: Statement
    def __init__(self, statement: _Optional[_Union[Statement, _Mapping]] = ...) -> None: ...

class ListStatementLinesRequest(_message.Message):
    __slots__ = ("id", "matched", "limit", "offset")
    ID_FIELD_NUMBER: _ClassVar[int]
    MATCHED_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    id: str
    matched: bool
    limit: int
    offset: int
    def __init__(self, id: _Optional[str] = ..., matched: _Optional[bool] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListStatementLinesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[StatementLine]
    pagination: ReconPagination
    def __init__(self, data: _Optional[_Iterable[_Union[StatementLine, _Mapping]]] = ..., pagination: _Optional[_Union[ReconPagination, _Mapping]] = ...) -> None: ...

class AutoMatchRequest(_message.Message):
    __slots__ = ("id", "window_days", "min_score")
    ID_FIELD_NUMBER: _ClassVar[int]
    WINDOW_DAYS_FIELD_NUMBER: _ClassVar[int]
    MIN_SCORE_FIELD_NUMBER: _ClassVar[int]
    id: str
    window_days: int
    min_score: float
    def __init__(self, id: _Optional[str] = ..., window_days: _Optional[int] = ..., min_score: _Optional[float] = ...) -> None: ...

class AutoMatchResponse(_message.Message):
    __slots__ = ("statement", "matched", "unmatched", "window_days", "min_score")
    STATEMENT_FIELD_NUMBER: _ClassVar[int]
    MATCHED_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_FIELD_NUMBER: _ClassVar[int]
    WINDOW_DAYS_FIELD_NUMBER: _ClassVar[int]
    MIN_SCORE_FIELD_NUMBER: _ClassVar[int]
    statement: Statement
    matched: int
    unmatched: int
    window_days: int
    min_score: float
    def __init__(self, statement: _Optional[_Union[Statement, _Mapping]] = ..., matched: _Optional[int] = ..., unmatched: _Optional[int] = ..., window_days: _Optional[int] = ..., min_score: _Optional[float] = ...) -> None: ...

class GetReportRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetReportResponse(_message.Message):
    __slots__ = ("statement", "as_of", "statement_balance", "ledger_balance", "difference", "unmatched_statement_lines", "unmatched_statement_count", "unmatched_statement_total", "unmatched_ledger_lines", "unmatched_ledger_count", "unmatched_ledger_total", "reconciled")
    STATEMENT_FIELD_NUMBER: _ClassVar[int]
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    STATEMENT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    LEDGER_BALANCE_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_STATEMENT_LINES_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_STATEMENT_COUNT_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_STATEMENT_TOTAL_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_LEDGER_LINES_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_LEDGER_COUNT_FIELD_NUMBER: _ClassVar[int]
    UNMATCHED_LEDGER_TOTAL_FIELD_NUMBER: _ClassVar[int]
    RECONCILED_FIELD_NUMBER: _ClassVar[int]
    statement: Statement
    as_of: _date_pb2.Date
    statement_balance: str
    ledger_balance: str
    difference: str
    unmatched_statement_lines: _containers.RepeatedCompositeFieldContainer[StatementLine]
    unmatched_statement_count: int
    unmatched_statement_total: str
    unmatched_ledger_lines: _containers.RepeatedCompositeFieldContainer[LedgerItem]
    unmatched_ledger_count: int
    unmatched_ledger_total: str
    reconciled: bool
    def __init__(self, statement: _Optional[_Union[Statement, _Mapping]] = ..., as_of: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., statement_balance: _Optional[str] = ..., ledger_balance: _Optional[str] = ..., difference: _Optional[str] = ..., unmatched_statement_lines: _Optional[_Iterable[_Union[StatementLine, _Mapping]]] = ..., unmatched_statement_count: _Optional[int] = ..., unmatched_statement_total: _Optional[str] = ..., unmatched_ledger_lines: _Optional[_Iterable[_Union[LedgerItem, _Mapping]]] = ..., unmatched_ledger_count: _Optional[int] = ..., unmatched_ledger_total: _Optional[str] = ..., reconciled: _Optional[bool] = ...) -> None: ...

class CreateMatchRequest(_message.Message):
    __slots__ = ("statement_line_id", "ledger_line_id")
    STATEMENT_LINE_ID_FIELD_NUMBER: _ClassVar[int]
    LEDGER_LINE_ID_FIELD_NUMBER: _ClassVar[int]
    statement_line_id: str
    ledger_line_id: str
    def __init__(self, statement_line_id: _Optional[str] = ..., ledger_line_id: _Optional[str] = ...) -> None: ...

class CreateMatchResponse(_message.Message):
    __slots__ = ("match",)
    MATCH_FIELD_NUMBER: _ClassVar[int]
    match: Match
    def __init__(self, match: _Optional[_Union[Match, _Mapping]] = ...) -> None: ...

class GetMatchRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetMatchResponse(_message.Message):
    __slots__ = ("match",)
    MATCH_FIELD_NUMBER: _ClassVar[int]
    match: Match
    def __init__(self, match: _Optional[_Union[Match, _Mapping]] = ...) -> None: ...

class DeleteMatchRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteMatchResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AdjustStatementLineRequest(_message.Message):
    __slots__ = ("id", "offset_account_id", "memo")
    ID_FIELD_NUMBER: _ClassVar[int]
    OFFSET_ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    id: str
    offset_account_id: str
    memo: str
    def __init__(self, id: _Optional[str] = ..., offset_account_id: _Optional[str] = ..., memo: _Optional[str] = ...) -> None: ...

class AdjustStatementLineResponse(_message.Message):
    __slots__ = ("match", "entry")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    match: Match
    entry: _ledger_pb2.JournalEntry
    def __init__(self, match: _Optional[_Union[Match, _Mapping]] = ..., entry: _Optional[_Union[_ledger_pb2.JournalEntry, _Mapping]] = ...) -> None: ...
