import datetime

from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Transaction(_message.Message):
    __slots__ = ("id", "document_id", "transaction_date", "description", "amount", "currency", "transaction_type", "category_id", "merchant_name", "categorization_method", "categorization_confidence", "bank_reference", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_DATE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    CATEGORIZATION_METHOD_FIELD_NUMBER: _ClassVar[int]
    CATEGORIZATION_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    BANK_REFERENCE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    document_id: str
    transaction_date: _timestamp_pb2.Timestamp
    description: str
    amount: str
    currency: str
    transaction_type: _common_pb2.TransactionType
    category_id: str
    merchant_name: str
    categorization_method: _common_pb2.CategorizationMethod
    categorization_confidence: float
    bank_reference: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., document_id: _Optional[str] = ..., transaction_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., currency: _Optional[str] = ..., transaction_type: _Optional[_Union[_common_pb2.TransactionType, str]] = ..., category_id: _Optional[str] = ..., merchant_name: _Optional[str] = ..., categorization_method: _Optional[_Union[_common_pb2.CategorizationMethod, str]] = ..., categorization_confidence: _Optional[float] = ..., bank_reference: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateTransactionRequest(_message.Message):
    __slots__ = ("document_id", "transaction_date", "description", "amount", "transaction_type", "category_id", "merchant_name", "currency")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_DATE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    document_id: str
    transaction_date: _timestamp_pb2.Timestamp
    description: str
    amount: str
    transaction_type: _common_pb2.TransactionType
    category_id: str
    merchant_name: str
    currency: str
    def __init__(self, document_id: _Optional[str] = ..., transaction_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., description: _Optional[str] = ..., amount: _Optional[str] = ..., transaction_type: _Optional[_Union[_common_pb2.TransactionType, str]] = ..., category_id: _Optional[str] = ..., merchant_name: _Optional[str] = ..., currency: _Optional[str] = ...) -> None: ...

class CreateTransactionResponse(_message.Message):
    __slots__ = ("transaction",)
    TRANSACTION_FIELD_NUMBER: _ClassVar[int]
    transaction: Transaction
    def __init__(self, transaction: _Optional[_Union[Transaction, _Mapping]] = ...) -> None: ...

class GetTransactionRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetTransactionResponse(_message.Message):
    __slots__ = ("transaction",)
    TRANSACTION_FIELD_NUMBER: _ClassVar[int]
    transaction: Transaction
    def __init__(self, transaction: _Optional[_Union[Transaction, _Mapping]] = ...) -> None: ...

class UpdateTransactionCategoryRequest(_message.Message):
    __slots__ = ("id", "category_id", "learn_from_correction")
    ID_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    LEARN_FROM_CORRECTION_FIELD_NUMBER: _ClassVar[int]
    id: str
    category_id: str
    learn_from_correction: bool
    def __init__(self, id: _Optional[str] = ..., category_id: _Optional[str] = ..., learn_from_correction: _Optional[bool] = ...) -> None: ...

class UpdateTransactionCategoryResponse(_message.Message):
    __slots__ = ("transaction",)
    TRANSACTION_FIELD_NUMBER: _ClassVar[int]
    transaction: Transaction
    def __init__(self, transaction: _Optional[_Union[Transaction, _Mapping]] = ...) -> None: ...

class LearnFromTransactionRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class LearnFromTransactionResponse(_message.Message):
    __slots__ = ("learned", "pattern", "category_id", "hits", "message")
    LEARNED_FIELD_NUMBER: _ClassVar[int]
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    HITS_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    learned: bool
    pattern: str
    category_id: str
    hits: int
    message: str
    def __init__(self, learned: _Optional[bool] = ..., pattern: _Optional[str] = ..., category_id: _Optional[str] = ..., hits: _Optional[int] = ..., message: _Optional[str] = ...) -> None: ...
