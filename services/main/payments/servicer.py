"""gRPC servicer of PaymentService: proto ⇄ use cases, nothing else. Every call works
on the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

import grpc
from finplat.billing.v1 import invoices_pb2 as invoices_pb
from finplat.billing.v1 import payments_pb2 as pb

from services.main.kernel.money import cents
from services.main.kernel.servicing import TenantServicer, pagination_pb
from services.main.payments import usecases
from services.main.payments.domain.payments import Payment, PaymentDraft
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    parse_uuid,
    request_enum_text,
    required_uuid,
    sent,
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


class PaymentServicer(TenantServicer):
    def RecordPayment(
        self, request: pb.RecordPaymentRequest, context: Context
    ) -> pb.RecordPaymentResponse:
        payment = usecases.record_payment(*self._scope(), payment_draft(request), clock=self._clock)
        return pb.RecordPaymentResponse(payment=payment_pb(payment))

    def ListPayments(
        self, request: pb.ListPaymentsRequest, context: Context
    ) -> pb.ListPaymentsResponse:
        page = usecases.list_payments(
            *self._scope(),
            invoice_id=parse_uuid(request.invoice_id, "invoice_id") if request.invoice_id else None,
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListPaymentsResponse(
            data=[payment_pb(p) for p in page.items],
            pagination=pagination_pb(page, invoices_pb.Pagination),
        )

    def GetPayment(self, request: pb.GetPaymentRequest, context: Context) -> pb.GetPaymentResponse:
        payment = usecases.get_payment(*self._scope(), required_uuid(request.id))
        return pb.GetPaymentResponse(payment=payment_pb(payment))
