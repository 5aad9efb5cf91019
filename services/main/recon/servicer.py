"""gRPC servicer of ReconciliationService: proto ⇄ use cases, nothing else. Every call
works on the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

import grpc
from finplat.accounting.v1 import recon_pb2 as pb

from services.main.kernel.money import amount_text
from services.main.kernel.servicing import TenantServicer, pagination_pb
from services.main.ledger.servicer import entry_pb
from services.main.recon import usecases
from services.main.recon.domain.matches import Match
from services.main.recon.domain.report import LedgerItem, Report
from services.main.recon.domain.statements import MAX_FILE_BYTES, Statement, StatementLine
from services.runtime.errors import InvalidArgument
from services.runtime.protoconv import date_pb, parse_uuid, required_uuid, sent, timestamp
from services.runtime.spool import received_file

Context = grpc.ServicerContext


# -- responses ---------------------------------------------------------------------------


def _optional_amount(value: Decimal | None) -> str | None:
    return None if value is None else amount_text(value)


def statement_pb(statement: Statement) -> pb.Statement:
    return pb.Statement(
        id=str(statement.id),
        account_id=str(statement.account_id),
        file_name=statement.file_name,
        format="STATEMENT_FORMAT_" + statement.format.upper(),
        currency=statement.currency,
        period_start=date_pb(statement.period_start),
        period_end=date_pb(statement.period_end),
        opening_balance=_optional_amount(statement.opening_balance),
        closing_balance=_optional_amount(statement.closing_balance),
        line_count=statement.line_count,
        matched_count=statement.matched_count,
        created_at=timestamp(statement.created_at),
    )


def match_pb(match: Match) -> pb.Match:
    return pb.Match(
        id=str(match.id),
        statement_id=str(match.statement_id),
        statement_line_id=str(match.statement_line_id),
        ledger_line_id=str(match.ledger_line_id),
        entry_id=str(match.entry_id),
        score=match.score,
        method="MATCH_METHOD_" + match.method.upper(),
        created_at=timestamp(match.created_at),
    )


def line_pb(line: StatementLine) -> pb.StatementLine:
    return pb.StatementLine(
        id=str(line.id),
        row=line.row,
        booked_on=date_pb(line.booked_on),
        amount=amount_text(line.amount),
        description=line.description,
        bank_reference=line.bank_reference,
        payee=line.payee,
        match=None if line.match is None else match_pb(line.match),
    )


def item_pb(item: LedgerItem) -> pb.LedgerItem:
    return pb.LedgerItem(
        ledger_line_id=str(item.ledger_line_id),
        entry_id=str(item.entry_id),
        entry_number=item.entry_number,
        entry_date=date_pb(item.entry_date),
        amount=amount_text(item.amount),
        description=item.description,
    )


def report_pb(report: Report) -> pb.GetReportResponse:
    bank, books = report.statement_lines, report.ledger_lines
    return pb.GetReportResponse(
        statement=statement_pb(report.statement),
        as_of=date_pb(report.as_of),
        statement_balance=_optional_amount(report.statement_balance),
        ledger_balance=amount_text(report.ledger_balance),
        difference=_optional_amount(report.difference),
        unmatched_statement_lines=[line_pb(line) for line in bank.listed],
        unmatched_statement_count=bank.count,
        unmatched_statement_total=amount_text(bank.total),
        unmatched_ledger_lines=[item_pb(item) for item in books.listed],
        unmatched_ledger_count=books.count,
        unmatched_ledger_total=amount_text(books.total),
        reconciled=report.reconciled,
    )


# -- the upload stream -------------------------------------------------------------------


@dataclass
class _Form:
    """The form fields of an upload stream: a field set in any message counts (the
    edge sends form fields as it meets them, before or after the file)."""

    account_id: str = ""
    opening_balance: str = ""
    closing_balance: str = ""
    file_name: str = ""
    complete: bool = False
    chunks: int = 0

    def file(self, messages: Iterator[pb.UploadStatementRequest]) -> Iterator[bytes]:
        for message in messages:
            self.account_id = message.account_id or self.account_id
            self.opening_balance = message.opening_balance or self.opening_balance
            self.closing_balance = message.closing_balance or self.closing_balance
            self.file_name = message.file_name or self.file_name
            self.complete = message.complete  # the last message's says
            if message.file:
                self.chunks += 1
                yield message.file


class ReconServicer(TenantServicer):
    def UploadStatement(
        self, request_iterator: Iterator[pb.UploadStatementRequest], context: Context
    ) -> pb.UploadStatementResponse:
        uow, tenant_id = self._scope()
        form = _Form()
        with received_file(form.file(request_iterator), MAX_FILE_BYTES, "finplat-recon-") as path:
            # A stream cut off mid-way can end, for this iterator, like a finished one:
            # only a stream whose last message says it is complete is stored.
            if not form.complete:
                raise InvalidArgument.for_field(
                    "complete", "must be set in the stream's last message; nothing was stored"
                )
            if not form.chunks:
                raise InvalidArgument.for_field("file", "is required")
            received = usecases.ReceivedStatement(
                account_id=required_uuid(form.account_id, "account_id"),
                file_name=form.file_name,
                path=path,
                opening_balance=form.opening_balance,
                closing_balance=form.closing_balance,
            )
            statement = usecases.upload_statement(uow, tenant_id, received, clock=self._clock)
        return pb.UploadStatementResponse(statement=statement_pb(statement))

    def ListStatements(
        self, request: pb.ListStatementsRequest, context: Context
    ) -> pb.ListStatementsResponse:
        page = usecases.list_statements(
            *self._scope(),
            account_id=parse_uuid(request.account_id, "account_id") if request.account_id else None,
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListStatementsResponse(
            data=[statement_pb(s) for s in page.items],
            pagination=pagination_pb(page, pb.ReconPagination),
        )

    def GetStatement(
        self, request: pb.GetStatementRequest, context: Context
    ) -> pb.GetStatementResponse:
        statement = usecases.get_statement(*self._scope(), required_uuid(request.id))
        return pb.GetStatementResponse(statement=statement_pb(statement))

    def ListStatementLines(
        self, request: pb.ListStatementLinesRequest, context: Context
    ) -> pb.ListStatementLinesResponse:
        page = usecases.statement_lines(
            *self._scope(),
            required_uuid(request.id),
            matched=sent(request, "matched"),
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListStatementLinesResponse(
            data=[line_pb(line) for line in page.items],
            pagination=pagination_pb(page, pb.ReconPagination),
        )

    def AutoMatch(self, request: pb.AutoMatchRequest, context: Context) -> pb.AutoMatchResponse:
        done = usecases.auto_match(
            *self._scope(),
            required_uuid(request.id),
            window_days=sent(request, "window_days"),
            min_score=sent(request, "min_score"),
            clock=self._clock,
        )
        return pb.AutoMatchResponse(
            statement=statement_pb(done.statement),
            matched=done.matched,
            unmatched=done.unmatched,
            window_days=done.settings.window_days,
            min_score=done.settings.min_score,
        )

    def GetReport(self, request: pb.GetReportRequest, context: Context) -> pb.GetReportResponse:
        return report_pb(usecases.report(*self._scope(), required_uuid(request.id)))

    def CreateMatch(
        self, request: pb.CreateMatchRequest, context: Context
    ) -> pb.CreateMatchResponse:
        match = usecases.create_match(
            *self._scope(),
            required_uuid(request.statement_line_id, "statement_line_id"),
            required_uuid(request.ledger_line_id, "ledger_line_id"),
            clock=self._clock,
        )
        return pb.CreateMatchResponse(match=match_pb(match))

    def GetMatch(self, request: pb.GetMatchRequest, context: Context) -> pb.GetMatchResponse:
        return pb.GetMatchResponse(
            match=match_pb(usecases.get_match(*self._scope(), required_uuid(request.id)))
        )

    def DeleteMatch(
        self, request: pb.DeleteMatchRequest, context: Context
    ) -> pb.DeleteMatchResponse:
        usecases.delete_match(*self._scope(), required_uuid(request.id))
        return pb.DeleteMatchResponse()

    def AdjustStatementLine(
        self, request: pb.AdjustStatementLineRequest, context: Context
    ) -> pb.AdjustStatementLineResponse:
        adjusted = usecases.adjust_line(
            *self._scope(),
            required_uuid(request.id),
            offset_account_id=required_uuid(request.offset_account_id, "offset_account_id"),
            memo=request.memo,
            clock=self._clock,
        )
        return pb.AdjustStatementLineResponse(
            match=match_pb(adjusted.match), entry=entry_pb(adjusted.entry)
        )
