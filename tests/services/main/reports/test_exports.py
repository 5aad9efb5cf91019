"""The export files' pure rules: the availability matrix, timestamps written as the
JSON report writes them, and RFC 4180 quoting."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from google.protobuf import timestamp_pb2

from services.main.reports.domain import exports
from services.main.reports.domain.gl_detail import GlLine


@pytest.mark.parametrize("micros", [0, 1, 120_000, 123_000, 123_456, 999_999])
def test_moments_are_written_as_protobufs_json_writes_them(micros: int) -> None:
    moment = datetime(2026, 3, 1, 9, 5, 7, micros, tzinfo=UTC)
    stamp = timestamp_pb2.Timestamp()
    stamp.FromDatetime(moment)
    assert exports.rfc3339(moment) == stamp.ToJsonString()


def test_a_combination_outside_the_matrix_points_to_the_availability_endpoint() -> None:
    assert exports.checked_export("gl_detail", "") == "csv"
    assert exports.checked_export("trial_balance", "json") == "json"
    with pytest.raises(Exception, match="GET /api/v1/accounting/reports/export/availability"):
        exports.checked_export("gl_detail", "json")


def test_csv_rows_quote_what_rfc_4180_quotes() -> None:
    line = GlLine(
        entry_date=date(2026, 3, 1),
        entry_number="JE-2026-000001",
        entry_id=uuid.uuid4(),
        account_id=uuid.uuid4(),
        account_code="-1000",
        account_name='Cash, "petty"',
        debit=Decimal("12.5000"),
        credit=Decimal("0.0000"),
        currency="USD",
        base_amount=Decimal("11.25"),
        fx_rate=Decimal("0.90000000"),
        description="two\r\nlines",
        memo="@memo",
        source_module=None,
        source_event_id=None,
        posted_at=datetime(2026, 3, 1, 9, 0, tzinfo=UTC),
        line_no=0,
    )
    data = b"".join(exports.gl_detail_csv([[exports.shown_cells(line)]]))
    assert data.endswith(b"\r\n") and b"\"'Cash" not in data
    assert b'"Cash, ""petty"""' in data and b'"two\r\nlines"' in data
    rows = list(csv.reader(io.StringIO(data.decode(), newline="")))
    assert rows[1] == [
        "2026-03-01", "JE-2026-000001", "'-1000", 'Cash, "petty"', "12.50", "0.00", "USD",
        "11.25", "0.9", "two\r\nlines", "'@memo", "", "", "2026-03-01T09:00:00Z",
    ]  # fmt: skip
