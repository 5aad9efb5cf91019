import datetime

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

class AccountType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACCOUNT_TYPE_UNSPECIFIED: _ClassVar[AccountType]
    ACCOUNT_TYPE_ASSET: _ClassVar[AccountType]
    ACCOUNT_TYPE_LIABILITY: _ClassVar[AccountType]
    ACCOUNT_TYPE_EQUITY: _ClassVar[AccountType]
    ACCOUNT_TYPE_REVENUE: _ClassVar[AccountType]
    ACCOUNT_TYPE_EXPENSE: _ClassVar[AccountType]

class EntryStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ENTRY_STATUS_UNSPECIFIED: _ClassVar[EntryStatus]
    ENTRY_STATUS_DRAFT: _ClassVar[EntryStatus]
    ENTRY_STATUS_POSTED: _ClassVar[EntryStatus]
    ENTRY_STATUS_REVERSED: _ClassVar[EntryStatus]
ACCOUNT_TYPE_UNSPECIFIED: AccountType
ACCOUNT_TYPE_ASSET: AccountType
ACCOUNT_TYPE_LIABILITY: AccountType
ACCOUNT_TYPE_EQUITY: AccountType
ACCOUNT_TYPE_REVENUE: AccountType
ACCOUNT_TYPE_EXPENSE: AccountType
ENTRY_STATUS_UNSPECIFIED: EntryStatus
ENTRY_STATUS_DRAFT: EntryStatus
ENTRY_STATUS_POSTED: EntryStatus
ENTRY_STATUS_REVERSED: EntryStatus

class Account(_message.Message):
    __slots__ = ("id", "code", "name", "type", "currency", "active", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    code: str
    name: str
    type: AccountType
    currency: str
    active: bool
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., code: _Optional[str] = ..., name: _Optional[str] = ..., type: _Optional[_Union[AccountType, str]] = ..., currency: _Optional[str] = ..., active: _Optional[bool] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Pagination(_message.Message):
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

class ListAccountsRequest(_message.Message):
    __slots__ = ("type", "active", "limit", "offset")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    type: AccountType
    active: bool
    limit: int
    offset: int
    def __init__(self, type: _Optional[_Union[AccountType, str]] = ..., active: _Optional[bool] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListAccountsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Account]
    pagination: Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Account, _Mapping]]] = ..., pagination: _Optional[_Union[Pagination, _Mapping]] = ...) -> None: ...

class CreateAccountRequest(_message.Message):
    __slots__ = ("code", "name", "type", "currency")
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    code: str
    name: str
    type: AccountType
    currency: str
    def __init__(self, code: _Optional[str] = ..., name: _Optional[str] = ..., type: _Optional[_Union[AccountType, str]] = ..., currency: _Optional[str] = ...) -> None: ...

class CreateAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class GetAccountRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class UpdateAccountRequest(_message.Message):
    __slots__ = ("id", "name", "active")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    active: bool
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., active: _Optional[bool] = ...) -> None: ...

class UpdateAccountResponse(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class JournalLine(_message.Message):
    __slots__ = ("account_id", "debit", "credit", "currency", "fx_rate", "base_amount", "description")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DEBIT_FIELD_NUMBER: _ClassVar[int]
    CREDIT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    FX_RATE_FIELD_NUMBER: _ClassVar[int]
    BASE_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    debit: str
    credit: str
    currency: str
    fx_rate: str
    base_amount: str
    description: str
    def __init__(self, account_id: _Optional[str] = ..., debit: _Optional[str] = ..., credit: _Optional[str] = ..., currency: _Optional[str] = ..., fx_rate: _Optional[str] = ..., base_amount: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class JournalEntry(_message.Message):
    __slots__ = ("id", "number", "entry_date", "memo", "source_module", "source_event_id", "status", "base_currency", "total", "lines", "posted_at", "reversal_of_id", "reversed_by_id", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    ENTRY_DATE_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    SOURCE_MODULE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    BASE_CURRENCY_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    POSTED_AT_FIELD_NUMBER: _ClassVar[int]
    REVERSAL_OF_ID_FIELD_NUMBER: _ClassVar[int]
    REVERSED_BY_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    number: str
    entry_date: _date_pb2.Date
    memo: str
    source_module: str
    source_event_id: str
    status: EntryStatus
    base_currency: str
    total: str
    lines: _containers.RepeatedCompositeFieldContainer[JournalLine]
    posted_at: _timestamp_pb2.Timestamp
    reversal_of_id: str
    reversed_by_id: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., number: _Optional[str] = ..., entry_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., memo: _Optional[str] = ..., source_module: _Optional[str] = ..., source_event_id: _Optional[str] = ..., status: _Optional[_Union[EntryStatus, str]] = ..., base_currency: _Optional[str] = ..., total: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[JournalLine, _Mapping]]] = ..., posted_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., reversal_of_id: _Optional[str] = ..., reversed_by_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class JournalLineInput(_message.Message):
    __slots__ = ("account_id", "debit", "credit", "currency", "fx_rate", "description")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    DEBIT_FIELD_NUMBER: _ClassVar[int]
    CREDIT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    FX_RATE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    debit: str
    credit: str
    currency: str
    fx_rate: str
    description: str
    def __init__(self, account_id: _Optional[str] = ..., debit: _Optional[str] = ..., credit: _Optional[str] = ..., currency: _Optional[str] = ..., fx_rate: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class CreateEntryRequest(_message.Message):
    __slots__ = ("entry_date", "memo", "source_module", "source_event_id", "lines", "post")
    ENTRY_DATE_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    SOURCE_MODULE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    POST_FIELD_NUMBER: _ClassVar[int]
    entry_date: _date_pb2.Date
    memo: str
    source_module: str
    source_event_id: str
    lines: _containers.RepeatedCompositeFieldContainer[JournalLineInput]
    post: bool
    def __init__(self, entry_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., memo: _Optional[str] = ..., source_module: _Optional[str] = ..., source_event_id: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[JournalLineInput, _Mapping]]] = ..., post: _Optional[bool] = ...) -> None: ...

class CreateEntryResponse(_message.Message):
    __slots__ = ("entry", "created")
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    entry: JournalEntry
    created: bool
    def __init__(self, entry: _Optional[_Union[JournalEntry, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...

class ListEntriesRequest(_message.Message):
    __slots__ = ("status", "account_id", "from_date", "to_date", "source_module", "limit", "offset")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_DATE_FIELD_NUMBER: _ClassVar[int]
    TO_DATE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_MODULE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    status: EntryStatus
    account_id: str
    from_date: _date_pb2.Date
    to_date: _date_pb2.Date
    source_module: str
    limit: int
    offset: int
    def __init__(self, status: _Optional[_Union[EntryStatus, str]] = ..., account_id: _Optional[str] = ..., from_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., to_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., source_module: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListEntriesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[JournalEntry]
    pagination: Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[JournalEntry, _Mapping]]] = ..., pagination: _Optional[_Union[Pagination, _Mapping]] = ...) -> None: ...

class GetEntryRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetEntryResponse(_message.Message):
    __slots__ = ("entry",)
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    entry: JournalEntry
    def __init__(self, entry: _Optional[_Union[JournalEntry, _Mapping]] = ...) -> None: ...

class DeleteEntryRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteEntryResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PostEntryRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class PostEntryResponse(_message.Message):
    __slots__ = ("entry",)
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    entry: JournalEntry
    def __init__(self, entry: _Optional[_Union[JournalEntry, _Mapping]] = ...) -> None: ...

class ReverseEntryRequest(_message.Message):
    __slots__ = ("id", "entry_date", "memo")
    ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_DATE_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    id: str
    entry_date: _date_pb2.Date
    memo: str
    def __init__(self, id: _Optional[str] = ..., entry_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., memo: _Optional[str] = ...) -> None: ...

class ReverseEntryResponse(_message.Message):
    __slots__ = ("entry",)
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    entry: JournalEntry
    def __init__(self, entry: _Optional[_Union[JournalEntry, _Mapping]] = ...) -> None: ...

class GetTrialBalanceRequest(_message.Message):
    __slots__ = ("as_of",)
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    as_of: _date_pb2.Date
    def __init__(self, as_of: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class TrialBalanceRow(_message.Message):
    __slots__ = ("account_id", "code", "name", "type", "debit", "credit")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DEBIT_FIELD_NUMBER: _ClassVar[int]
    CREDIT_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    code: str
    name: str
    type: AccountType
    debit: str
    credit: str
    def __init__(self, account_id: _Optional[str] = ..., code: _Optional[str] = ..., name: _Optional[str] = ..., type: _Optional[_Union[AccountType, str]] = ..., debit: _Optional[str] = ..., credit: _Optional[str] = ...) -> None: ...

class GetTrialBalanceResponse(_message.Message):
    __slots__ = ("as_of", "base_currency", "accounts", "total_debit", "total_credit", "balanced")
    AS_OF_FIELD_NUMBER: _ClassVar[int]
    BASE_CURRENCY_FIELD_NUMBER: _ClassVar[int]
    ACCOUNTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_DEBIT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_CREDIT_FIELD_NUMBER: _ClassVar[int]
    BALANCED_FIELD_NUMBER: _ClassVar[int]
    as_of: _date_pb2.Date
    base_currency: str
    accounts: _containers.RepeatedCompositeFieldContainer[TrialBalanceRow]
    total_debit: str
    total_credit: str
    balanced: bool
    def __init__(self, as_of: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., base_currency: _Optional[str] = ..., accounts: _Optional[_Iterable[_Union[TrialBalanceRow, _Mapping]]] = ..., total_debit: _Optional[str] = ..., total_credit: _Optional[str] = ..., balanced: _Optional[bool] = ...) -> None: ...
