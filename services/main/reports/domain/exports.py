"""Report exports: which report comes in which format (the availability matrix, GAPS
"Project finance and accounting"), and the files themselves.

CSV files follow RFC 4180 (comma-separated, a field with a comma, quote or line break
quoted, quotes doubled, CRLF line ends; UTF-8 without a byte-order mark). Text cells
(names, descriptions, memos, codes, source keys) go through `safe_cell`: one starting
with = + - @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet
never runs it as a formula. Numbers are written as the JSON report writes them and keep
their sign. Files are produced in chunks (`CHUNK_BYTES`) from an iterable of lines, so
a GL detail of any size is written in flat memory.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Final

import orjson

from services.main.kernel.money import amount_text, cents, rate_text
from services.main.ledger.domain.trial_balance import TrialBalance
from services.main.reports.domain.filters import GlFilters
from services.main.reports.domain.gl_detail import GlLine
from services.runtime.csv_cells import safe_cell
from services.runtime.errors import FieldViolation, InvalidArgument, raise_if_any

GL_DETAIL: Final = "gl_detail"
TRIAL_BALANCE: Final = "trial_balance"
CSV: Final = "csv"
JSON: Final = "json"
AVAILABILITY_PATH: Final = "/api/v1/accounting/reports/export/availability"
# Format → the report types it exports, in the order the availability endpoint lists.
AVAILABILITY: Final[dict[str, tuple[str, ...]]] = {
    CSV: (GL_DETAIL, TRIAL_BALANCE),
    JSON: (TRIAL_BALANCE,),
}
REPORT_TYPES: Final = (GL_DETAIL, TRIAL_BALANCE)
CONTENT_TYPES: Final = {CSV: "text/csv; charset=utf-8", JSON: "application/json"}
# The spec's GL detail CSV columns, in the spec's order (spec 3 "Accounting reports").
GL_DETAIL_COLUMNS: Final = (
    "date",
    "journal entry number",
    "account code",
    "account name",
    "debit",
    "credit",
    "currency",
    "base amount",
    "FX rate",
    "description",
    "memo",
    "source module",
    "source event ID",
    "posted at",
)
TRIAL_BALANCE_COLUMNS: Final = ("account code", "account name", "account type", "debit", "credit")
# A chunk is sent once its text reaches this size (a line is at most a few KiB).
CHUNK_BYTES: Final = 256 * 1024
# The largest file ExportReport answers in one message: the edge receives at most
# 64 MiB from a backend (edge/balancing/instance.py); larger exports are streamed over
# gRPC (StreamReportExport).
MAX_SINGLE_FILE_BYTES: Final = 48 * 1024 * 1024


@dataclass(frozen=True)
class ExportFile:
    """A file being produced: its content type, suggested name and bytes, in chunks."""

    content_type: str
    filename: str
    chunks: Generator[bytes]


def checked_export(report_type: str, file_format: str) -> str:
    """The format (csv when not sent) if `report_type` is exported in it; otherwise 400
    naming the field, pointing to the availability endpoint."""
    chosen = file_format or CSV
    if report_type not in REPORT_TYPES:
        raise InvalidArgument.for_field(
            "report_type",
            f"must be one of {', '.join(REPORT_TYPES)} (see GET {AVAILABILITY_PATH})",
        )
    if chosen not in AVAILABILITY:
        raise InvalidArgument.for_field(
            "format", f"must be one of {', '.join(AVAILABILITY)} (see GET {AVAILABILITY_PATH})"
        )
    if report_type not in AVAILABILITY[chosen]:
        formats = [f for f, types in AVAILABILITY.items() if report_type in types]
        raise InvalidArgument.for_field(
            "format",
            f"{report_type} is not exported as {chosen} (only {', '.join(formats)}); "
            f"GET {AVAILABILITY_PATH} lists the formats of every report type",
        )
    return chosen


def refuse_unused(report_type: str, sent: Iterable[str]) -> None:
    """Filters of the other report type are refused rather than silently ignored."""
    raise_if_any([FieldViolation(name, f"is not a filter of {report_type}") for name in sent])


def rfc3339(moment: datetime) -> str:
    """A UTC moment as the JSON report writes it (protobuf's Timestamp JSON: seconds,
    then 3 or 6 fraction digits when there are any, and Z)."""
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    micros = moment.microsecond
    if micros == 0:
        return text + "Z"
    if micros % 1000 == 0:
        return f"{text}.{micros // 1000:03d}Z"
    return f"{text}.{micros:06d}Z"


# One GL detail row as the JSON report shows it, before safe_cell (None: null).
ShownRow = tuple[str | None, ...]


def shown_cells(line: GlLine) -> ShownRow:
    """A GL detail line's GL_DETAIL_COLUMNS as the JSON report shows them."""
    return (
        line.entry_date.isoformat(),
        line.entry_number,
        line.account_code,
        line.account_name,
        amount_text(line.debit),
        amount_text(line.credit),
        line.currency,
        cents(line.base_amount),
        rate_text(line.fx_rate),
        line.description,
        line.memo,
        line.source_module,
        line.source_event_id,
        rfc3339(line.posted_at),
    )


def csv_row(row: ShownRow) -> tuple[str | None, ...]:
    """A shown row as the CSV writes it: text someone typed in (codes, names,
    descriptions, memos, source keys) through safe_cell; None is an empty cell. Spelled
    out column by column: it runs once per line of exports of millions."""
    return (
        row[0],
        row[1],
        safe_cell(row[2] or ""),
        safe_cell(row[3] or ""),
        row[4],
        row[5],
        row[6],
        row[7],
        row[8],
        safe_cell(row[9] or ""),
        safe_cell(row[10] or ""),
        safe_cell(row[11] or ""),
        safe_cell(row[12] or ""),
        row[13],
    )


class _CsvChunks:
    def __init__(self) -> None:
        self.buffer = io.StringIO(newline="")
        self.writer = csv.writer(self.buffer, dialect="excel", lineterminator="\r\n")

    def take(self) -> bytes:
        data = self.buffer.getvalue().encode("utf-8")
        self.buffer.seek(0)
        self.buffer.truncate()
        return data


def gl_detail_csv(rows: Iterable[Sequence[ShownRow]]) -> Generator[bytes]:
    """The GL detail CSV: the header row, then one row per line (batches of shown
    rows, in report order), in chunks."""
    out = _CsvChunks()
    out.writer.writerow(GL_DETAIL_COLUMNS)
    writerows = out.writer.writerows
    for batch in rows:
        writerows(map(csv_row, batch))
        if out.buffer.tell() >= CHUNK_BYTES:
            yield out.take()
    yield out.take()


def trial_balance_csv(balance: TrialBalance) -> Generator[bytes]:
    out = _CsvChunks()
    out.writer.writerow(TRIAL_BALANCE_COLUMNS)
    for row in balance.accounts:
        account = row.account
        out.writer.writerow(
            (
                safe_cell(account.code),
                safe_cell(account.name),
                account.type,
                cents(row.debit),
                cents(row.credit),
            )
        )
    yield out.take()


def trial_balance_json(balance: TrialBalance) -> Generator[bytes]:
    """The trial balance as GET /api/v1/accounting/ledger/trial-balance answers it."""
    yield orjson.dumps(
        {
            "as_of": balance.as_of.isoformat(),
            "base_currency": balance.base_currency,
            "accounts": [
                {
                    "account_id": str(row.account.id),
                    "code": row.account.code,
                    "name": row.account.name,
                    "type": row.account.type,
                    "debit": cents(row.debit),
                    "credit": cents(row.credit),
                }
                for row in balance.accounts
            ],
            "total_debit": cents(balance.total_debit),
            "total_credit": cents(balance.total_credit),
            "balanced": balance.balanced,
        }
    )


def gl_detail_filename(filters: GlFilters) -> str:
    span = "".join(f"_{day.isoformat()}" for day in (filters.from_date, filters.to_date) if day)
    return f"{GL_DETAIL}{span}.csv"


def trial_balance_filename(as_of: date, file_format: str) -> str:
    return f"{TRIAL_BALANCE}_{as_of.isoformat()}.{file_format}"
