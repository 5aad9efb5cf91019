"""Every statement format end to end: generated realistic files uploaded through the edge
(multipart streamed to the backend, scanned by clamd), imported into PostgreSQL, read
back through the API exactly."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from services.statements import open_statement
from tests.e2e.analytics_support import AnalyticsUser, new_user
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient
from tools.bench.statement_gen import generate

MEDIA = {
    "csv": "text/csv",
    "ofx": "application/x-ofx",
    "qfx": "application/vnd.intu.qfx",
    "qif": "application/qif",
    "camt053": "application/xml",
    "mt940": "text/plain",
}


@pytest.fixture
def user(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> Iterator[AnalyticsUser]:
    one = new_user(analytics_identity, analytics_stack.edge_url)
    yield one
    one.close()


@pytest.mark.parametrize(
    ("fmt", "options"),
    [
        ("csv", {}),
        (
            "csv",
            {"language": "de", "amounts": "debit_credit", "encoding": "latin-1", "preamble": 3},
        ),
        ("csv", {"date_order": "mdy", "currency": "USD", "encoding": "utf-8-sig"}),
        ("ofx", {}),
        ("ofx", {"ofx_version": 2}),
        ("qfx", {}),
        ("qif", {}),
        ("camt053", {"camt_version": "08"}),
        ("mt940", {}),
    ],
    ids=lambda value: (
        value
        if isinstance(value, str)
        else "-".join(f"{k}={v}" for k, v in value.items()) or "plain"
    ),
)
def test_a_statement_imports_exactly(
    user: AnalyticsUser, tmp_path: Path, fmt: str, options: dict[str, object]
) -> None:
    summary = generate(tmp_path / f"statement.{fmt}", fmt, rows=150, seed=7, **options)  # type: ignore[arg-type]
    expected = list(open_statement(summary.path).rows())
    document = user.imported(
        summary.path.read_bytes(), name=summary.path.name, media_type=MEDIA[fmt]
    )
    assert document["status"] == "completed", document
    assert document["format"] == fmt
    assert document["rowCount"] == len(expected)
    rows = user.transactions(document["id"])
    assert len(rows) + document["duplicateCount"] == len(expected)
    stored = sorted((r["transactionDate"][:10], Decimal(r["amount"])) for r in rows)
    wanted = sorted((e.booked_on.isoformat(), e.amount) for e in expected)
    if document["duplicateCount"] == 0:
        assert stored == wanted
    assert all(r["description"] for r in rows)
    assert all(
        Decimal(r["amount"]) < 0 if r["transactionType"] == "debit" else Decimal(r["amount"]) >= 0
        for r in rows
    )
