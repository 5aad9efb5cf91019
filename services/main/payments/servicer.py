"""gRPC servicer of PaymentService: proto ⇄ use cases, nothing else. Every call works
on the caller's tenant (`kernel.tenancy.current_tenant_id`)."""

from __future__ import annotations

import grpc
from finplat.billing.v1 import payments_pb2 as pb

from services.main.invoices.servicer import pagination_pb
from services.main.kernel.dependencies import Kernel
from services.main.kernel.money import cents
from services.main.kernel.tenancy import current_tenant_id
from services.main.payments import usecases
from services.main.payments.domain.payments import Payment, PaymentDraft
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    parse_uuid,
    request_enum_text,
    required_uuid,
    timestamp,
)

Context = grpc.ServicerContext


def payment_pb(payment: Payment) -> pb.Payment:
    return pb.Payment(
        id=str(payment.id),
        invoice_id=str(payment.invoice_id),
        invoice_number=payment.invoice_number,
        amount=cents(payment.amount),
        currency=payment.currency,
        paid_on=date_pb(payment.paid_on),
        method="PAYMENT_METHOD_" + payment.method.upper(),
        reference=payment.reference,
        entry_id=str(payment.entry_id),
        created_at=timestamp(payment.created_at),
    )


def payment_draft(request: pb.RecordPaymentRequest) -> PaymentDraft:
    return PaymentDraft(
        invoice_id=request.invoice_id,
        amount=request.amount,
        currency=request.currency,
        paid_on=optional_date(request, "paid_on"),
        method=request_enum_text(request.method, pb.PaymentMethod, "PAYMENT_METHOD_"),
        reference=request.reference,
    )


class PaymentServicer:
    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel

    def RecordPayment(
        self, request: pb.RecordPaymentRequest, context: Context
    ) -> pb.RecordPaymentResponse:
        payment = usecases.record_payment(
            self._kernel.unit_of_work(),
            current_tenant_id(),
            payment_draft(request),
            clock=self._kernel.clock,
        )
        return pb.RecordPaymentResponse(payment=payment_pb(payment))

    def ListPayments(
        self, request: pb.ListPaymentsRequest, context: Context
    ) -> pb.ListPaymentsResponse:
        page = usecases.list_payments(
            self._kernel.unit_of_work(),
            current_tenant_id(),
            invoice_id=parse_uuid(request.invoice_id, "invoice_id") if request.invoice_id else None,
            limit=request.limit if request.HasField("limit") else None,
            offset=request.offset,
        )
        return pb.ListPaymentsResponse(
            data=[payment_pb(p) for p in page.items], pagination=pagination_pb(page)
        )

    def GetPayment(self, request: pb.GetPaymentRequest, context: Context) -> pb.GetPaymentResponse:
        payment = usecases.get_payment(
            self._kernel.unit_of_work(), current_tenant_id(), required_uuid(request.id)
        )
        return pb.GetPaymentResponse(payment=payment_pb(payment))
