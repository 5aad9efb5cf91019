"""Reconciliation benchmark (issue 18): auto-match of a 10k-line bank statement.

A tenant's cash account gets `--lines` posted ledger lines (bulk-inserted: setup, not
measured) and a CSV statement of the same month-range: 90 % of its lines are postings
the ledger has (booked 0-3 days after the entry, the bank's own text with the invoice
number in it), 5 % only the bank has; the ledger has 5 % more the bank lacks. A tenth of
the amounts repeat (a few monthly subscriptions), the case an index by amount alone
handles worst. Measured, each through the use case on PostgreSQL:

  upload      parse the file and store the statement and its lines
  auto-match  load both sides, score the candidates, store the matches (the target)
  report      balances and the unreconciled items on each side

Target: auto-match ≤ 2 s for 10k lines. Run: `python -m tools.bench.recon_match
[--lines N] [--database-url URL]` (default: a throw-away PostgreSQL 15, as the tests
start one).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import Table, insert, text
from sqlalchemy.orm import Session

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.auth.tables import TenantRow
from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.ledger.tables import JournalEntryRow, JournalLineRow
from services.main.recon import usecases
from services.main.repositories import repositories
from tools.bench.analytics_stack import machine, postgres

TARGET_SECONDS = 2.0
START = date(2026, 1, 1)
DAYS = 90
NOW = datetime(2026, 4, 1, tzinfo=UTC)
T = TypeVar("T")


@dataclass(frozen=True)
class Posting:
    day: date
    amount: Decimal  # signed on the cash account
    memo: str


def postings(count: int, rng: random.Random) -> list[Posting]:
    subscriptions = [Decimal(f"-{rng.randint(500, 9999)}").scaleb(-2) for _ in range(5)]
    made = []
    for number in range(count):
        day = START + timedelta(days=rng.randrange(DAYS))
        if rng.random() < 0.1:
            amount = rng.choice(subscriptions)
            memo = f"Subscription {amount} ref {number}"
        else:
            cents = rng.randint(100, 500_000)
            amount = Decimal(cents if rng.random() < 0.5 else -cents).scaleb(-2)
            memo = f"Invoice INV-2026-{number:06d} customer {rng.randrange(500)}"
        made.append(Posting(day, amount, memo))
    return made


def statement_csv(books: list[Posting], lines: int, rng: random.Random) -> str:
    """The bank's side: 90 % of `lines` from the postings, 5 % of its own, shuffled into
    booking order."""
    known = rng.sample(books, int(lines * 0.95))
    rows = []
    for posting in known:
        booked = posting.day + timedelta(days=rng.choice((0, 0, 1, 2, 3)))
        rows.append((booked, posting.amount, "TRANSFER " + posting.memo.upper()))
    for number in range(lines - len(known)):
        booked = START + timedelta(days=rng.randrange(DAYS))
        rows.append((booked, Decimal(-rng.randint(100, 5000)).scaleb(-2), f"BANK FEE {number}"))
    rows.sort(key=lambda row: row[0])
    return "Date,Amount,Description\n" + "".join(f"{d},{a},{t}\n" for d, a, t in rows)


def insert_postings(
    session: Session, tenant: uuid.UUID, accounts: dict[str, Any], books: list[Posting]
) -> None:
    """Posted entries written straight to the ledger's tables (setup, not measured)."""
    entries, lines = [], []
    for number, posting in enumerate(books, start=1):
        entry_id = uuid.uuid4()
        entries.append(
            {
                "id": entry_id,
                "tenant_id": tenant,
                "number": f"JE-2026-{number:06d}",
                "entry_date": posting.day,
                "memo": posting.memo,
                "source_module": None,
                "source_event_id": None,
                "status": "posted",
                "base_currency": "EUR",
                "posted_at": NOW,
                "reversal_of_id": None,
                "reversed_by_id": None,
                "created_at": NOW,
            }
        )
        value = abs(posting.amount)
        money_in = posting.amount > 0
        other = accounts["4000" if money_in else "5000"].id
        for line_no, (account, debit) in enumerate(
            ((accounts["1000"].id, money_in), (other, not money_in))
        ):
            lines.append(
                {
                    "id": uuid.uuid4(),
                    "tenant_id": tenant,
                    "entry_id": entry_id,
                    "line_no": line_no,
                    "account_id": account,
                    "debit": value if debit else Decimal(0),
                    "credit": Decimal(0) if debit else value,
                    "currency": "EUR",
                    "fx_rate": Decimal(1),
                    "base_amount": value,
                    "description": "",
                }
            )
    session.execute(insert(cast(Table, JournalEntryRow.__table__)), entries)
    session.execute(insert(cast(Table, JournalLineRow.__table__)), lines)


def timed(call: Callable[[], T]) -> tuple[T, float]:
    started = time.perf_counter()
    result = call()
    return result, time.perf_counter() - started


def run(database_url: str, lines: int, scratch: Path) -> None:
    migrate.upgrade("main", database_url)
    engine = make_engine(database_url)
    sessions = make_sessionmaker(engine)
    uow: UowFactory = unit_of_work_factory(sessions, repositories)
    tenant = uuid.uuid4()
    with sessions.begin() as session:
        session.add(TenantRow(id=tenant, name="Bench", base_currency="EUR", created_at=NOW))
    page = ledger.list_accounts(uow(), tenant, type_=None, active=None, limit=100, offset=0)
    accounts = {a.code: a for a in page.items}
    rng = random.Random(18)
    books = postings(int(lines * 0.95 / 0.9), rng)
    with sessions.begin() as session:
        insert_postings(session, tenant, accounts, books)
    with engine.connect() as connection:
        # A ledger that size has statistics (autovacuum analyzes a table once a tenth of
        # it changed): without them the planner takes the fresh tables for empty.
        connection.execute(text("ANALYZE journal_entries, journal_lines"))
        connection.commit()
    path = scratch / "statement.csv"
    path.write_text(statement_csv(books, lines, rng))
    received = usecases.ReceivedStatement(accounts["1000"].id, "statement.csv", path)
    statement, upload_s = timed(lambda: usecases.upload_statement(uow(), tenant, received))
    done, match_s = timed(
        lambda: usecases.auto_match(uow(), tenant, statement.id, window_days=None, min_score=None)
    )
    report, report_s = timed(lambda: usecases.report(uow(), tenant, statement.id))
    engine.dispose()
    print(
        f"machine: {machine()}; PostgreSQL; {statement.line_count} statement lines, "
        f"{len(books)} ledger lines on the account"
    )
    print(f"upload      {upload_s:6.2f} s  ({statement.line_count / upload_s:,.0f} lines/s)")
    verdict = "meets" if match_s <= TARGET_SECONDS else "MISSES"
    print(
        f"auto-match  {match_s:6.2f} s  {done.matched} matched, {done.unmatched} unmatched "
        f"({verdict} the ≤ {TARGET_SECONDS:.0f} s target)"
    )
    print(
        f"report      {report_s:6.2f} s  {report.statement_lines.count} statement and "
        f"{report.ledger_lines.count} ledger lines unreconciled"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)
    with postgres(args.database_url) as url, tempfile.TemporaryDirectory() as scratch:
        run(url, args.lines, Path(scratch))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
