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

class InvoiceStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INVOICE_STATUS_UNSPECIFIED: _ClassVar[InvoiceStatus]
    INVOICE_STATUS_DRAFT: _ClassVar[InvoiceStatus]
    INVOICE_STATUS_ISSUED: _ClassVar[InvoiceStatus]
    INVOICE_STATUS_PAID: _ClassVar[InvoiceStatus]
    INVOICE_STATUS_VOID: _ClassVar[InvoiceStatus]
INVOICE_STATUS_UNSPECIFIED: InvoiceStatus
INVOICE_STATUS_DRAFT: InvoiceStatus
INVOICE_STATUS_ISSUED: InvoiceStatus
INVOICE_STATUS_PAID: InvoiceStatus
INVOICE_STATUS_VOID: InvoiceStatus

class Customer(_message.Message):
    __slots__ = ("name", "email", "address", "tax_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    ADDRESS_FIELD_NUMBER: _ClassVar[int]
    TAX_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    email: str
    address: str
    tax_id: str
    def __init__(self, name: _Optional[str] = ..., email: _Optional[str] = ..., address: _Optional[str] = ..., tax_id: _Optional[str] = ...) -> None: ...

class InvoiceLineInput(_message.Message):
    __slots__ = ("description", "quantity", "unit_price", "tax_rate")
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    QUANTITY_FIELD_NUMBER: _ClassVar[int]
    UNIT_PRICE_FIELD_NUMBER: _ClassVar[int]
    TAX_RATE_FIELD_NUMBER: _ClassVar[int]
    description: str
    quantity: str
    unit_price: str
    tax_rate: str
    def __init__(self, description: _Optional[str] = ..., quantity: _Optional[str] = ..., unit_price: _Optional[str] = ..., tax_rate: _Optional[str] = ...) -> None: ...

class InvoiceLine(_message.Message):
    __slots__ = ("description", "quantity", "unit_price", "tax_rate", "net_amount")
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    QUANTITY_FIELD_NUMBER: _ClassVar[int]
    UNIT_PRICE_FIELD_NUMBER: _ClassVar[int]
    TAX_RATE_FIELD_NUMBER: _ClassVar[int]
    NET_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    description: str
    quantity: str
    unit_price: str
    tax_rate: str
    net_amount: str
    def __init__(self, description: _Optional[str] = ..., quantity: _Optional[str] = ..., unit_price: _Optional[str] = ..., tax_rate: _Optional[str] = ..., net_amount: _Optional[str] = ...) -> None: ...

class TaxBreakdown(_message.Message):
    __slots__ = ("tax_rate", "taxable_amount", "tax_amount")
    TAX_RATE_FIELD_NUMBER: _ClassVar[int]
    TAXABLE_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    TAX_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    tax_rate: str
    taxable_amount: str
    tax_amount: str
    def __init__(self, tax_rate: _Optional[str] = ..., taxable_amount: _Optional[str] = ..., tax_amount: _Optional[str] = ...) -> None: ...

class Invoice(_message.Message):
    __slots__ = ("id", "number", "status", "customer", "currency", "fx_rate", "issue_date", "due_date", "memo", "lines", "taxes", "subtotal", "tax_total", "total", "amount_paid", "amount_due", "issue_entry_id", "void_entry_id", "issued_at", "paid_at", "voided_at", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CUSTOMER_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    FX_RATE_FIELD_NUMBER: _ClassVar[int]
    ISSUE_DATE_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    TAXES_FIELD_NUMBER: _ClassVar[int]
    SUBTOTAL_FIELD_NUMBER: _ClassVar[int]
    TAX_TOTAL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_PAID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_DUE_FIELD_NUMBER: _ClassVar[int]
    ISSUE_ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    VOID_ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    ISSUED_AT_FIELD_NUMBER: _ClassVar[int]
    PAID_AT_FIELD_NUMBER: _ClassVar[int]
    VOIDED_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    number: str
    status: InvoiceStatus
    customer: Customer
    currency: str
    fx_rate: str
    issue_date: _date_pb2.Date
    due_date: _date_pb2.Date
    memo: str
    lines: _containers.RepeatedCompositeFieldContainer[InvoiceLine]
    taxes: _containers.RepeatedCompositeFieldContainer[TaxBreakdown]
    subtotal: str
    tax_total: str
    total: str
    amount_paid: str
    amount_due: str
    issue_entry_id: str
    void_entry_id: str
    issued_at: _timestamp_pb2.Timestamp
    paid_at: _timestamp_pb2.Timestamp
    voided_at: _timestamp_pb2.Timestamp
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., number: _Optional[str] = ..., status: _Optional[_Union[InvoiceStatus, str]] = ..., customer: _Optional[_Union[Customer, _Mapping]] = ..., currency: _Optional[str] = ..., fx_rate: _Optional[str] = ..., issue_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., memo: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[InvoiceLine, _Mapping]]] = ..., taxes: _Optional[_Iterable[_Union[TaxBreakdown, _Mapping]]] = ..., subtotal: _Optional[str] = ..., tax_total: _Optional[str] = ..., total: _Optional[str] = ..., amount_paid: _Optional[str] = ..., amount_due: _Optional[str] = ..., issue_entry_id: _Optional[str] = ..., void_entry_id: _Optional[str] = ..., issued_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., paid_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., voided_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

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

class CreateInvoiceRequest(_message.Message):
    __slots__ = ("customer", "currency", "fx_rate", "issue_date", "due_date", "memo", "lines", "idempotency_key")
    CUSTOMER_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    FX_RATE_FIELD_NUMBER: _ClassVar[int]
    ISSUE_DATE_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    customer: Customer
    currency: str
    fx_rate: str
    issue_date: _date_pb2.Date
    due_date: _date_pb2.Date
    memo: str
    lines: _containers.RepeatedCompositeFieldContainer[InvoiceLineInput]
    idempotency_key: str
    def __init__(self, customer: _Optional[_Union[Customer, _Mapping]] = ..., currency: _Optional[str] = ..., fx_rate: _Optional[str] = ..., issue_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., memo: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[InvoiceLineInput, _Mapping]]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CreateInvoiceResponse(_message.Message):
    __slots__ = ("invoice", "created")
    INVOICE_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    invoice: Invoice
    created: bool
    def __init__(self, invoice: _Optional[_Union[Invoice, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...

class ListInvoicesRequest(_message.Message):
    __slots__ = ("status", "customer", "from_date", "to_date", "limit", "offset")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CUSTOMER_FIELD_NUMBER: _ClassVar[int]
    FROM_DATE_FIELD_NUMBER: _ClassVar[int]
    TO_DATE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    status: InvoiceStatus
    customer: str
    from_date: _date_pb2.Date
    to_date: _date_pb2.Date
    limit: int
    offset: int
    def __init__(self, status: _Optional[_Union[InvoiceStatus, str]] = ..., customer: _Optional[str] = ..., from_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., to_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ...) -> None: ...

class ListInvoicesResponse(_message.Message):
    __slots__ = ("data", "pagination")
    DATA_FIELD_NUMBER: _ClassVar[int]
    PAGINATION_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[Invoice]
    pagination: Pagination
    def __init__(self, data: _Optional[_Iterable[_Union[Invoice, _Mapping]]] = ..., pagination: _Optional[_Union[Pagination, _Mapping]] = ...) -> None: ...

class GetInvoiceRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetInvoiceResponse(_message.Message):
    __slots__ = ("invoice",)
    INVOICE_FIELD_NUMBER: _ClassVar[int]
    invoice: Invoice
    def __init__(self, invoice: _Optional[_Union[Invoice, _Mapping]] = ...) -> None: ...

class UpdateInvoiceRequest(_message.Message):
    __slots__ = ("id", "customer", "currency", "fx_rate", "issue_date", "due_date", "memo", "lines")
    ID_FIELD_NUMBER: _ClassVar[int]
    CUSTOMER_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    FX_RATE_FIELD_NUMBER: _ClassVar[int]
    ISSUE_DATE_FIELD_NUMBER: _ClassVar[int]
    DUE_DATE_FIELD_NUMBER: _ClassVar[int]
    MEMO_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    id: str
    customer: Customer
    currency: str
    fx_rate: str
    issue_date: _date_pb2.Date
    due_date: _date_pb2.Date
    memo: str
    lines: _containers.RepeatedCompositeFieldContainer[InvoiceLineInput]
    def __init__(self, id: _Optional[str] = ..., customer: _Optional[_Union[Customer, _Mapping]] = ..., currency: _Optional[str] = ..., fx_rate: _Optional[str] = ..., issue_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., due_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., memo: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[InvoiceLineInput, _Mapping]]] = ...) -> None: ...

class UpdateInvoiceResponse(_message.Message):
    __slots__ = ("invoice",)
    INVOICE_FIELD_NUMBER: _ClassVar[int]
    invoice: Invoice
    def __init__(self, invoice: _Optional[_Union[Invoice, _Mapping]] = ...) -> None: ...

class DeleteInvoiceRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteInvoiceResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class IssueInvoiceRequest(_message.Message):
    __slots__ = ("id", "idempotency_key")
    ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    id: str
    idempotency_key: str
    def __init__(self, id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class IssueInvoiceResponse(_message.Message):
    __slots__ = ("invoice", "created")
    INVOICE_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    invoice: Invoice
    created: bool
    def __init__(self, invoice: _Optional[_Union[Invoice, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...

class VoidInvoiceRequest(_message.Message):
    __slots__ = ("id", "idempotency_key")
    ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    id: str
    idempotency_key: str
    def __init__(self, id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class VoidInvoiceResponse(_message.Message):
    __slots__ = ("invoice", "created")
    INVOICE_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    invoice: Invoice
    created: bool
    def __init__(self, invoice: _Optional[_Union[Invoice, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...
