"""Main's InvoiceService over gRPC with the caller's token (kernel.invoice_port): main
checks the token, the scope `invoices:manage` and the tenant itself, so the saga can
never bill another tenant. Each call carries its idempotency key (docs/invoices.md)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, Final

import grpc
from finplat.billing.v1 import invoices_pb2, invoices_pb2_grpc

from services.projectfinance.kernel.invoice_port import (
    InvoiceDraft,
    MainInvoice,
    MainRefused,
    MainUnavailable,
    TokenRefused,
)

# Codes that say nothing about the request itself: the call may be tried again.
PASSING: Final = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.ABORTED,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNKNOWN,
    }
)
TOKEN: Final = frozenset({grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED})
# Reconnect soon after main comes back (gRPC's default backoff grows to 2 minutes, and a
# channel waiting to reconnect fails every call at once): a user's retry should work.
CHANNEL_OPTIONS: Final = (
    ("grpc.initial_reconnect_backoff_ms", 500),
    ("grpc.min_reconnect_backoff_ms", 500),
    ("grpc.max_reconnect_backoff_ms", 5000),
)


def _failure(exc: grpc.RpcError, what: str) -> Exception:
    code: grpc.StatusCode = exc.code()  # type: ignore[attr-defined]
    message = f"main's InvoiceService.{what}: {code.name} {exc.details() or ''}".strip()  # type: ignore[attr-defined]
    if code in PASSING:
        return MainUnavailable(message)
    if code in TOKEN:
        return TokenRefused(message)
    return MainRefused(message, conflict=code == grpc.StatusCode.FAILED_PRECONDITION)


def _invoice(invoice: invoices_pb2.Invoice) -> MainInvoice:
    status = invoices_pb2.InvoiceStatus.Name(invoice.status).removeprefix("INVOICE_STATUS_")
    return MainInvoice(
        id=uuid.UUID(invoice.id),
        status=status.lower(),
        number=invoice.number if invoice.HasField("number") else None,
    )


class MainInvoicing:
    """The Invoicing of production."""

    def __init__(self, target: str, *, timeout: float = 3.0) -> None:
        self._channel = grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
        self._stub = invoices_pb2_grpc.InvoiceServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._timeout = timeout

    def _call(self, method: Callable[..., Any], what: str, request: Any, token: str) -> Any:
        try:
            return method(
                request, metadata=(("authorization", f"Bearer {token}"),), timeout=self._timeout
            )
        except grpc.RpcError as exc:
            raise _failure(exc, what) from None

    def create(self, token: str, draft: InvoiceDraft, idempotency_key: str) -> MainInvoice:
        request = invoices_pb2.CreateInvoiceRequest(
            customer=invoices_pb2.Customer(name=draft.customer_name),
            currency=draft.currency,
            memo=draft.memo,
            lines=[
                invoices_pb2.InvoiceLineInput(
                    description=draft.description,
                    quantity="1",
                    unit_price=draft.unit_price,
                    tax_rate="0",
                )
            ],
            idempotency_key=idempotency_key,
        )
        reply = self._call(self._stub.CreateInvoice, "CreateInvoice", request, token)
        return _invoice(reply.invoice)

    def issue(self, token: str, invoice_id: uuid.UUID, idempotency_key: str) -> MainInvoice:
        request = invoices_pb2.IssueInvoiceRequest(
            id=str(invoice_id), idempotency_key=idempotency_key
        )
        return _invoice(self._call(self._stub.IssueInvoice, "IssueInvoice", request, token).invoice)

    def void(self, token: str, invoice_id: uuid.UUID, idempotency_key: str) -> MainInvoice:
        request = invoices_pb2.VoidInvoiceRequest(
            id=str(invoice_id), idempotency_key=idempotency_key
        )
        return _invoice(self._call(self._stub.VoidInvoice, "VoidInvoice", request, token).invoice)

    def delete_draft(self, token: str, invoice_id: uuid.UUID) -> None:
        try:
            self._stub.DeleteInvoice(
                invoices_pb2.DeleteInvoiceRequest(id=str(invoice_id)),
                metadata=(("authorization", f"Bearer {token}"),),
                timeout=self._timeout,
            )
        except grpc.RpcError as exc:
            if exc.code() == grpc.StatusCode.NOT_FOUND:  # type: ignore[attr-defined]
                return
            raise _failure(exc, "DeleteInvoice") from None

    def close(self) -> None:
        self._channel.close()
