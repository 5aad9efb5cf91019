"""gRPC servicer of InvoiceService: proto ⇄ use cases, nothing else. Every call works
on the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

from collections.abc import Iterable

import grpc
from finplat.billing.v1 import invoices_pb2 as pb

from services.main.invoices import usecases
from services.main.invoices.domain.fields import (
    Customer,
    CustomerInput,
    InvoiceChanges,
    InvoiceDraft,
    LineInput,
)
from services.main.invoices.domain.invoices import Invoice
from services.main.kernel.money import amount_text, cents, rate_text
from services.main.kernel.servicing import TenantServicer, pagination_pb
from services.runtime.protoconv import (
    optional_date,
    optional_date_pb,
    optional_timestamp,
    request_enum_text,
    required_uuid,
    sent,
    timestamp,
)

Context = grpc.ServicerContext


# -- responses ---------------------------------------------------------------------------


def customer_pb(customer: Customer) -> pb.Customer:
    return pb.Customer(
        name=customer.name, email=customer.email, address=customer.address, tax_id=customer.tax_id
    )


def invoice_pb(invoice: Invoice) -> pb.Invoice:
    content, totals = invoice.content, invoice.totals
    return pb.Invoice(
        id=str(invoice.id),
        number=invoice.number,
        status="INVOICE_STATUS_" + invoice.status.upper(),
        customer=customer_pb(content.customer),
        currency=content.currency,
        fx_rate=None if content.fx_rate is None else rate_text(content.fx_rate),
        issue_date=optional_date_pb(content.issue_date),
        due_date=optional_date_pb(content.due_date),
        memo=content.memo,
        lines=[
            pb.InvoiceLine(
                description=line.description,
                quantity=rate_text(line.quantity),
                unit_price=amount_text(line.unit_price),
                tax_rate=rate_text(line.tax_rate),
                net_amount=cents(line.net_amount),
            )
            for line in content.lines
        ],
        taxes=[
            pb.TaxBreakdown(
                tax_rate=rate_text(group.tax_rate),
                taxable_amount=cents(group.taxable_amount),
                tax_amount=cents(group.tax_amount),
            )
            for group in totals.taxes
        ],
        subtotal=cents(totals.subtotal),
        tax_total=cents(totals.tax_total),
        total=cents(totals.total),
        amount_paid=cents(invoice.amount_paid),
        amount_due=cents(invoice.amount_due),
        issue_entry_id=None if invoice.issue_entry_id is None else str(invoice.issue_entry_id),
        void_entry_id=None if invoice.void_entry_id is None else str(invoice.void_entry_id),
        issued_at=optional_timestamp(invoice.issued_at),
        paid_at=optional_timestamp(invoice.paid_at),
        voided_at=optional_timestamp(invoice.voided_at),
        created_at=timestamp(invoice.created_at),
        updated_at=timestamp(invoice.updated_at),
    )


# -- requests ----------------------------------------------------------------------------


def _customer(sent: pb.Customer) -> CustomerInput:
    return CustomerInput(name=sent.name, email=sent.email, address=sent.address, tax_id=sent.tax_id)


def _lines(sent: Iterable[pb.InvoiceLineInput]) -> list[LineInput]:
    return [
        LineInput(
            description=line.description,
            quantity=line.quantity,
            unit_price=line.unit_price,
            tax_rate=line.tax_rate,
        )
        for line in sent
    ]


def invoice_draft(request: pb.CreateInvoiceRequest) -> InvoiceDraft:
    return InvoiceDraft(
        customer=_customer(request.customer) if request.HasField("customer") else None,
        currency=request.currency,
        fx_rate=request.fx_rate,
        issue_date=optional_date(request, "issue_date"),
        due_date=optional_date(request, "due_date"),
        memo=request.memo,
        lines=_lines(request.lines),
    )


def invoice_changes(request: pb.UpdateInvoiceRequest) -> InvoiceChanges:
    return InvoiceChanges(
        customer=_customer(request.customer) if request.HasField("customer") else None,
        currency=sent(request, "currency"),
        fx_rate=sent(request, "fx_rate"),
        issue_date=optional_date(request, "issue_date"),
        due_date=optional_date(request, "due_date"),
        memo=sent(request, "memo"),
        lines=_lines(request.lines),
    )


class InvoiceServicer(TenantServicer):
    def CreateInvoice(
        self, request: pb.CreateInvoiceRequest, context: Context
    ) -> pb.CreateInvoiceResponse:
        outcome = usecases.create_invoice(
            *self._scope(),
            invoice_draft(request),
            idempotency_key=request.idempotency_key,
            clock=self._clock,
        )
        return pb.CreateInvoiceResponse(
            invoice=invoice_pb(outcome.invoice), created=outcome.created
        )

    def ListInvoices(
        self, request: pb.ListInvoicesRequest, context: Context
    ) -> pb.ListInvoicesResponse:
        page = usecases.list_invoices(
            *self._scope(),
            status=request_enum_text(request.status, pb.InvoiceStatus, "INVOICE_STATUS_"),
            customer=request.customer or None,
            from_date=optional_date(request, "from_date"),
            to_date=optional_date(request, "to_date"),
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListInvoicesResponse(
            data=[invoice_pb(i) for i in page.items], pagination=pagination_pb(page, pb.Pagination)
        )

    def GetInvoice(self, request: pb.GetInvoiceRequest, context: Context) -> pb.GetInvoiceResponse:
        invoice = usecases.get_invoice(*self._scope(), required_uuid(request.id))
        return pb.GetInvoiceResponse(invoice=invoice_pb(invoice))

    def UpdateInvoice(
        self, request: pb.UpdateInvoiceRequest, context: Context
    ) -> pb.UpdateInvoiceResponse:
        invoice = usecases.update_invoice(
            *self._scope(), required_uuid(request.id), invoice_changes(request), clock=self._clock
        )
        return pb.UpdateInvoiceResponse(invoice=invoice_pb(invoice))

    def DeleteInvoice(
        self, request: pb.DeleteInvoiceRequest, context: Context
    ) -> pb.DeleteInvoiceResponse:
        usecases.delete_invoice(*self._scope(), required_uuid(request.id))
        return pb.DeleteInvoiceResponse()

    def IssueInvoice(
        self, request: pb.IssueInvoiceRequest, context: Context
    ) -> pb.IssueInvoiceResponse:
        outcome = usecases.issue_invoice(
            *self._scope(),
            required_uuid(request.id),
            idempotency_key=request.idempotency_key,
            clock=self._clock,
        )
        return pb.IssueInvoiceResponse(invoice=invoice_pb(outcome.invoice), created=outcome.created)

    def VoidInvoice(
        self, request: pb.VoidInvoiceRequest, context: Context
    ) -> pb.VoidInvoiceResponse:
        outcome = usecases.void_invoice(
            *self._scope(),
            required_uuid(request.id),
            idempotency_key=request.idempotency_key,
            clock=self._clock,
        )
        return pb.VoidInvoiceResponse(invoice=invoice_pb(outcome.invoice), created=outcome.created)
