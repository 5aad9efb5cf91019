"""gRPC servicer of ReportService: proto ⇄ use cases, nothing else. Every call works on
the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
from finplat.accounting.v1 import reports_pb2 as pb
from google.api import httpbody_pb2

from services.main.kernel.money import amount_text, cents, rate_text
from services.main.kernel.servicing import TenantServicer, pagination_pb
from services.main.reports import usecases
from services.main.reports.domain.filters import GlQuery
from services.main.reports.domain.gl_detail import AccountBalance, BalancedLine, GlDetail
from services.runtime import errors
from services.runtime.abort import abort_with_error
from services.runtime.paging import Page
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    optional_date_pb,
    sent,
    timestamp,
)

Context = grpc.ServicerContext
BACKEND = "main"


def gl_query(request: pb.GetGlDetailRequest | pb.ExportReportRequest) -> GlQuery:
    """The GL detail filters of either request (both carry the same fields): one
    reading for the report and the export."""
    return GlQuery(
        from_date=optional_date(request, "from_date"),
        to_date=optional_date(request, "to_date"),
        account_codes=tuple(request.account_codes),
        currency=request.currency,
        source_module=request.source_module,
    )


def export_request(request: pb.ExportReportRequest) -> usecases.ExportRequest:
    return usecases.ExportRequest(
        report_type=request.report_type,
        file_format=request.format,
        gl=gl_query(request),
        as_of=optional_date(request, "as_of"),
    )


def line_pb(balanced: BalancedLine) -> pb.GlDetailLine:
    line = balanced.line
    return pb.GlDetailLine(
        entry_date=date_pb(line.entry_date),
        entry_number=line.entry_number,
        entry_id=str(line.entry_id),
        account_id=str(line.account_id),
        account_code=line.account_code,
        account_name=line.account_name,
        debit=amount_text(line.debit),
        credit=amount_text(line.credit),
        currency=line.currency,
        base_amount=cents(line.base_amount),
        fx_rate=rate_text(line.fx_rate),
        description=line.description,
        memo=line.memo,
        source_module=line.source_module,
        source_event_id=line.source_event_id,
        posted_at=timestamp(line.posted_at),
        running_balance=cents(balanced.running_balance),
    )


def account_pb(account: AccountBalance) -> pb.GlDetailAccount:
    return pb.GlDetailAccount(
        account_id=str(account.account_id),
        code=account.code,
        name=account.name,
        opening_balance=cents(account.opening),
        debit=cents(account.debit),
        credit=cents(account.credit),
        closing_balance=cents(account.closing),
    )


def gl_detail_pb(detail: GlDetail) -> pb.GetGlDetailResponse:
    page = Page(list(detail.lines), detail.total, detail.limit, detail.offset)
    return pb.GetGlDetailResponse(
        base_currency=detail.base_currency,
        from_date=optional_date_pb(detail.filters.from_date),
        to_date=optional_date_pb(detail.filters.to_date),
        accounts=[account_pb(a) for a in detail.accounts],
        total_debit=cents(detail.total_debit),
        total_credit=cents(detail.total_credit),
        lines=[line_pb(line) for line in detail.lines],
        pagination=pagination_pb(page, pb.ReportPagination),
    )


class ReportServicer(TenantServicer):
    def GetGlDetail(
        self, request: pb.GetGlDetailRequest, context: Context
    ) -> pb.GetGlDetailResponse:
        detail = usecases.get_gl_detail(
            *self._scope(),
            gl_query(request),
            limit=sent(request, "limit"),
            offset=request.offset,
            clock=self._clock,
        )
        return gl_detail_pb(detail)

    def ExportReport(
        self, request: pb.ExportReportRequest, context: Context
    ) -> pb.ExportReportResponse:
        file = usecases.export_report(*self._scope(), export_request(request), self._clock)
        return pb.ExportReportResponse(
            file=httpbody_pb2.HttpBody(
                content_type=file.content_type, data=usecases.whole_file(file)
            ),
            filename=file.filename,
        )

    def GetExportAvailability(
        self, request: pb.GetExportAvailabilityRequest, context: Context
    ) -> pb.GetExportAvailabilityResponse:
        return pb.GetExportAvailabilityResponse(**usecases.export_availability())

    def StreamReportExport(
        self, request: pb.StreamReportExportRequest, context: Context
    ) -> Iterator[pb.StreamReportExportResponse]:
        # The runtime's error mapping wraps unary calls only: a streamed one maps its
        # domain errors itself, with the same rich status.
        try:
            if not request.HasField("export"):
                raise errors.InvalidArgument.for_field("export", "is required")
            file = usecases.export_report(
                *self._scope(), export_request(request.export), self._clock
            )
            first = True
            for chunk in file.chunks:
                body = httpbody_pb2.HttpBody(data=chunk)
                if first:
                    body.content_type = file.content_type
                yield pb.StreamReportExportResponse(
                    chunk=body, filename=file.filename if first else ""
                )
                first = False
        except errors.DomainError as err:
            abort_with_error(context, err, backend=BACKEND)
