"""The accounting reports' operations, over the caller's tenant.

`get_gl_detail` answers a page; `export_report` returns the file as chunks produced
while it is read — for the GL detail inside one transaction that stays open until the
last chunk (a streamed read of the ledger's lines), so callers must consume or close it.
"""

from __future__ import annotations

import uuid
from collections.abc import Generator
from dataclasses import dataclass, field

from services.main.kernel.dependencies import Uow
from services.main.ledger import usecases as ledger
from services.main.reports.domain import exports
from services.main.reports.domain.exports import ExportFile
from services.main.reports.domain.filters import GlFilters, GlQuery, gl_filters
from services.main.reports.domain.gl_detail import (
    GlDetail,
    by_code,
    openings,
    with_running_balances,
)
from services.runtime.calendar_dates import DateParts
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import Unprocessable
from services.runtime.paging import checked_page

DEFAULT_LINES_PAGE = 100


@dataclass(frozen=True)
class ExportRequest:
    report_type: str
    file_format: str = ""
    gl: GlQuery = field(default_factory=GlQuery)
    as_of: DateParts | None = None


def get_gl_detail(
    uow: Uow,
    tenant_id: uuid.UUID,
    query: GlQuery,
    *,
    limit: int | None,
    offset: int,
    clock: Clock = utcnow,
) -> GlDetail:
    size, skip = checked_page(limit, offset, DEFAULT_LINES_PAGE)
    filters = gl_filters(query)
    with uow:
        books = ledger.open_books(uow, tenant_id, clock())
        reports = uow.repos.reports
        accounts = reports.gl_balances(tenant_id, filters)
        lines = reports.gl_lines(tenant_id, filters, limit=size, offset=skip)
        # The first page starts from the opening balances; a later one from each of its
        # accounts' balance before its first line (one more grouped query).
        before = (
            reports.balances_before(tenant_id, filters, lines[0], {x.account_id for x in lines})
            if lines and skip
            else openings(accounts)
        )
        return GlDetail(
            books.base_currency,
            filters,
            by_code(accounts),
            with_running_balances(lines, before),
            sum(account.lines for account in accounts),
            size,
            skip,
        )


def export_availability() -> dict[str, tuple[str, ...]]:
    return exports.AVAILABILITY


def export_report(
    uow: Uow, tenant_id: uuid.UUID, request: ExportRequest, clock: Clock = utcnow
) -> ExportFile:
    """The report as a file. Every input is checked before the file starts: a bad
    combination or filter raises here, not from the chunks."""
    file_format = exports.checked_export(request.report_type, request.file_format)
    if request.report_type == exports.GL_DETAIL:
        exports.refuse_unused(exports.GL_DETAIL, ["as_of"] if request.as_of else [])
        filters = gl_filters(request.gl)
        return ExportFile(
            exports.CONTENT_TYPES[file_format],
            exports.gl_detail_filename(filters),
            _gl_detail_chunks(uow, tenant_id, filters, clock),
        )
    exports.refuse_unused(exports.TRIAL_BALANCE, request.gl.sent())
    balance = ledger.get_trial_balance(uow, tenant_id, request.as_of, clock)
    write = exports.trial_balance_csv if file_format == exports.CSV else exports.trial_balance_json
    return ExportFile(
        exports.CONTENT_TYPES[file_format],
        exports.trial_balance_filename(balance.as_of, file_format),
        write(balance),
    )


def _gl_detail_chunks(
    uow: Uow, tenant_id: uuid.UUID, filters: GlFilters, clock: Clock
) -> Generator[bytes]:
    with uow:
        ledger.open_books(uow, tenant_id, clock())
        yield from exports.gl_detail_csv(uow.repos.reports.stream_gl_rows(tenant_id, filters))


def whole_file(file: ExportFile, limit: int = exports.MAX_SINGLE_FILE_BYTES) -> bytes:
    """The file in one piece, for a one-message answer; 422 past `limit` bytes (the
    rest is not produced: the transaction ends with the chunks)."""
    parts: list[bytes] = []
    size = 0
    for chunk in file.chunks:
        size += len(chunk)
        if size > limit:
            file.chunks.close()
            raise Unprocessable(
                f"the export is larger than {limit // (1024 * 1024)} MiB: narrow the date "
                "range, accounts or currency, or stream it over gRPC "
                "(finplat.accounting.v1.ReportService/StreamReportExport)"
            )
        parts.append(chunk)
    return b"".join(parts)
