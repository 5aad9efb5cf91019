import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.billing.v1 import invoices_pb2 as _invoices_pb2
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

class PaymentMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PAYMENT_METHOD_UNSPECIFIED: _ClassVar[PaymentMethod]
    PAYMENT_METHOD_BANK_TRANSFER: _ClassVar[PaymentMethod]
    PAYMENT_METHOD_CARD: _ClassVar[PaymentMethod]
    PAYMENT_METHOD_CASH: _ClassVar[PaymentMethod]
    PAYMENT_METHOD_CHEQUE: _ClassVar[PaymentMethod]
    PAYMENT_METHOD_OTHER: _ClassVar[PaymentMethod]
PAYMENT_METHOD_UNSPECIFIED: PaymentMethod
PAYMENT_METHOD_BANK_TRANSFER: PaymentMethod
PAYMENT_METHOD_CARD: PaymentMethod
PAYMENT_METHOD_CASH: PaymentMethod
PAYMENT_METHOD_CHEQUE: PaymentMethod
PAYMENT_METHOD_OTHER: PaymentMethod

class Payment(_message.Message):
    __slots__ = ("id", "invoice_id", "invoice_number", "amount", "currency", "paid_on", "method", "reference", "entry_id", "created_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    INVOICE_ID_FIELD_NUMBER: _ClassVar[int]
    INVOICE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    PAID_ON_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    invoice_id: str
    invoice_number: str
    amount: str
    currency: str
    paid_on: _date_pb2.Date
    method: PaymentMethod
    reference: str
    entry_id: str
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., invoice_id: _Optional[str] = ..., invoice_number: _Optional[str] = ..., amount: _Optional[str] = ..., currency: _Optional[str] = ..., paid_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., method: _Optional[_Union[PaymentMethod, str]] = ..., reference: _Optional[str] = ..., entry_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class RecordPaymentRequest(_message.Message):
    __slots__ = ("invoice_id", "amount", "currency", "paid_on", "method", "reference")
    INVOICE_ID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    PAID_ON_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_FIELD_NUMBER: _ClassVar[int]
    invoice_id: str
    amount: str
    currency: str
    paid_on: _date_pb2.Date
    method: PaymentMethod
    reference: str
    def __init__(self, invoice_id: _Optional[str] = ..., amount: _Optional[str] = ..., currency: _Optional[str] = ..., paid_on: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., method: _Optional[_Union[PaymentMethod, str]] = ..., reference: _Optional[str] = ...) -> None: ...

class RecordPaymentResponse(_message.Message):
    __slots__ = ("payment",)
    PAYMENT_FIELD_NUMBER: _ClassVar[int]
    payment: Payment
    def __init__(self, payment: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...

class ListPaymentsRequest(_message.Message):
    __slots__ = ("invoice_id", "limit", "offset")
    INVOICE_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    invoice_id: str
    limit: int
    offset: int
    def __init__(self, invoice_id: _Optional[str] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListPaymentsResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Payment]
    pagination: _invoices_pb2.Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Payment, _Mapping]]] = ..., pagination: _Optional[_Union[_invoices_pb2.Pagination, _Mapping]] = ...) -> None: ...

class GetPaymentRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetPaymentResponse(_message.Message):
    __slots__ = ("payment",)
    PAYMENT_FIELD_NUMBER: _ClassVar[int]
    payment: Payment
    def __init__(self, payment: _Optional[_Union[Payment, _Mapping]] = ...) -> None: ...
