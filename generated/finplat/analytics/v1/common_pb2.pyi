from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DataSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DATA_SOURCE_UNSPECIFIED: _ClassVar[DataSource]
    DATA_SOURCE_PERSONAL_BANKING: _ClassVar[DataSource]
    DATA_SOURCE_BUSINESS_BANKING: _ClassVar[DataSource]
    DATA_SOURCE_CREDIT_CARD: _ClassVar[DataSource]
    DATA_SOURCE_INVESTMENT: _ClassVar[DataSource]

class TransactionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TRANSACTION_TYPE_UNSPECIFIED: _ClassVar[TransactionType]
    TRANSACTION_TYPE_DEBIT: _ClassVar[TransactionType]
    TRANSACTION_TYPE_CREDIT: _ClassVar[TransactionType]

class CategorizationMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CATEGORIZATION_METHOD_UNSPECIFIED: _ClassVar[CategorizationMethod]
    CATEGORIZATION_METHOD_MANUAL: _ClassVar[CategorizationMethod]
    CATEGORIZATION_METHOD_RULE: _ClassVar[CategorizationMethod]
    CATEGORIZATION_METHOD_CLASSIFIER: _ClassVar[CategorizationMethod]
    CATEGORIZATION_METHOD_NONE: _ClassVar[CategorizationMethod]
DATA_SOURCE_UNSPECIFIED: DataSource
DATA_SOURCE_PERSONAL_BANKING: DataSource
DATA_SOURCE_BUSINESS_BANKING: DataSource
DATA_SOURCE_CREDIT_CARD: DataSource
DATA_SOURCE_INVESTMENT: DataSource
TRANSACTION_TYPE_UNSPECIFIED: TransactionType
TRANSACTION_TYPE_DEBIT: TransactionType
TRANSACTION_TYPE_CREDIT: TransactionType
CATEGORIZATION_METHOD_UNSPECIFIED: CategorizationMethod
CATEGORIZATION_METHOD_MANUAL: CategorizationMethod
CATEGORIZATION_METHOD_RULE: CategorizationMethod
CATEGORIZATION_METHOD_CLASSIFIER: CategorizationMethod
CATEGORIZATION_METHOD_NONE: CategorizationMethod

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

class DateRange(_message.Message):
    __slots__ = ("start_date", "end_date")
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    start_date: _date_pb2.Date
    end_date: _date_pb2.Date
    def __init__(self, start_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., end_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ...) -> None: ...

class AmountChange(_message.Message):
    __slots__ = ("previous", "difference", "percent_change")
    PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    PERCENT_CHANGE_FIELD_NUMBER: _ClassVar[int]
    previous: str
    difference: str
    percent_change: str
    def __init__(self, previous: _Optional[str] = ..., difference: _Optional[str] = ..., percent_change: _Optional[str] = ...) -> None: ...
