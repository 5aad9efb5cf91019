"""Reconciliation's use cases on SQLite and PostgreSQL: a generated statement against
generated postings (exact matches, near-date matches, one unmatched line on each side),
the window, manual matches and their conflicts, the adjusting entry posted balanced
through the ledger, the report's figures, bad files, and tenant isolation."""

from __future__ import annotations

import uuid
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.recon import usecases
from services.main.recon.domain.statements import StatementLine
from services.runtime.errors import AlreadyExists, InvalidArgument, NotFound, Unprocessable
from tests.services.main.ledger.support import by_code
from tests.services.main.recon.support import Month, post_month, upload
from tests.services.main.support import fixed_clock as clock
from tests.services.main.support import new_tenant


def _lines(uow: UowFactory, tenant: uuid.UUID, statement_id: uuid.UUID) -> list[StatementLine]:
    page = usecases.statement_lines(uow(), tenant, statement_id, matched=None, limit=100, offset=0)
    return page.items


def _cash_line_of(uow: UowFactory, tenant: uuid.UUID, month: Month, memo: str) -> uuid.UUID:
    """The journal line id of `memo`'s entry on the cash account."""
    with uow() as unit:
        found = unit.repos.recon.entry_line_on(
            tenant, month.entries[memo], month.accounts["1000"].id
        )
    assert found is not None
    return found


def test_upload_keeps_lines_period_and_balances(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    assert (statement.format, statement.currency, statement.line_count) == ("csv", "EUR", 5)
    assert (str(statement.period_start), str(statement.period_end)) == ("2026-03-02", "2026-03-31")
    # The closing balance is the opening one plus the lines.
    assert statement.opening_balance == Decimal("1000.00")
    assert statement.closing_balance == Decimal("2608.00")
    lines = _lines(uow, tenant, statement.id)
    assert [(line.row, line.amount, line.match) for line in lines][:2] == [
        (2, Decimal("250.00"), None),
        (3, Decimal("-80.00"), None),
    ]
    page = usecases.list_statements(uow(), tenant, account_id=None, limit=None, offset=0)
    assert [s.id for s in page.items] == [statement.id]


def test_auto_match_pairs_exact_and_near_dates_one_to_one(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    done = usecases.auto_match(uow(), tenant, statement.id, window_days=None, min_score=None)
    assert (done.matched, done.unmatched, done.settings.window_days) == (4, 1, 3)
    lines = _lines(uow, tenant, statement.id)
    paired = {line.description: line.match for line in lines}
    assert paired["BANK FEE MARCH"] is None
    expected = {
        "ACME CORP INV-2026-000001": "Invoice INV-2026-000001 ACME",
        "STAPLES OFFICE SUPPLIES": "Office supplies Staples",
        "GLOBEX PAYMENT INV-2026-000002": "Invoice INV-2026-000002 Globex",
        # 250.00 twice in the ledger: the posting a day away, not the one 19 days away.
        "INITECH INV 000003": "Invoice INV-2026-000003 Initech",
    }
    for text, memo in expected.items():
        match = paired[text]
        assert match is not None and match.entry_id == month.entries[memo], text
        assert match.method == "auto"
    same_day = paired["ACME CORP INV-2026-000001"]
    two_days = paired["STAPLES OFFICE SUPPLIES"]
    assert same_day is not None and two_days is not None
    assert same_day.score > two_days.score >= 0.5
    # Nothing more to match: a second run changes nothing.
    again = usecases.auto_match(uow(), tenant, statement.id, window_days=None, min_score=None)
    assert (again.matched, again.unmatched) == (0, 1)


def test_the_window_and_the_lowest_score_narrow_the_matches(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    done = usecases.auto_match(uow(), tenant, statement.id, window_days=0, min_score=None)
    assert done.matched == 1  # only ACME is booked the day it was posted
    done = usecases.auto_match(uow(), tenant, statement.id, window_days=31, min_score=0.995)
    assert done.matched == 0
    for window, score in ((32, None), (-1, None), (3, 1.5), (3, float("nan"))):
        with pytest.raises(InvalidArgument):
            usecases.auto_match(uow(), tenant, statement.id, window_days=window, min_score=score)


def test_manual_match_unmatch_and_conflicts(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    usecases.auto_match(uow(), tenant, statement.id, window_days=None, min_score=None)
    lines = {line.description: line for line in _lines(uow, tenant, statement.id)}
    fee, initech = lines["BANK FEE MARCH"], lines["INITECH INV 000003"]
    taxi = _cash_line_of(uow, tenant, month, "Taxi to the airport")
    with pytest.raises(Unprocessable, match="differs"):
        usecases.create_match(uow(), tenant, fee.id, taxi)
    with pytest.raises(Unprocessable, match="ledger_line_id"):
        usecases.create_match(uow(), tenant, fee.id, uuid.uuid4())
    # Unmatch the Initech line, then match it by hand to ACME's posting (same amount,
    # matched already to the ACME line): a conflict.
    assert initech.match is not None
    usecases.delete_match(uow(), tenant, initech.match.id)
    with pytest.raises(NotFound):
        usecases.delete_match(uow(), tenant, initech.match.id)
    acme = _cash_line_of(uow, tenant, month, "Invoice INV-2026-000001 ACME")
    with pytest.raises(AlreadyExists):
        usecases.create_match(uow(), tenant, initech.id, acme)
    own = _cash_line_of(uow, tenant, month, "Invoice INV-2026-000003 Initech")
    match = usecases.create_match(uow(), tenant, initech.id, own, clock=clock)
    assert (match.method, match.score, match.entry_id) == (
        "manual",
        1.0,
        month.entries["Invoice INV-2026-000003 Initech"],
    )
    assert usecases.get_match(uow(), tenant, match.id) == match
    with pytest.raises(AlreadyExists):
        usecases.create_match(uow(), tenant, initech.id, own)


def test_adjusting_entry_is_posted_balanced_and_matched(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    fee = next(
        line
        for line in _lines(uow, tenant, statement.id)
        if line.amount < 0 and "FEE" in line.description
    )
    expenses, cash = month.accounts["5000"], month.accounts["1000"]
    with pytest.raises(Unprocessable, match="offset_account_id"):
        usecases.adjust_line(uow(), tenant, fee.id, offset_account_id=cash.id, memo="")
    with pytest.raises(Unprocessable, match="offset_account_id"):
        usecases.adjust_line(uow(), tenant, fee.id, offset_account_id=uuid.uuid4(), memo="")
    with pytest.raises(NotFound):
        usecases.adjust_line(uow(), tenant, uuid.uuid4(), offset_account_id=expenses.id, memo="")
    adjusted = usecases.adjust_line(
        uow(), tenant, fee.id, offset_account_id=expenses.id, memo="", clock=clock
    )
    entry = adjusted.entry
    assert entry.status == "posted" and entry.number is not None
    assert str(entry.entry_date) == "2026-03-31"
    assert entry.memo == "Bank reconciliation: BANK FEE MARCH"
    assert [(line.account_id, line.debit, line.credit) for line in entry.lines] == [
        (cash.id, Decimal("0"), Decimal("12.00")),
        (expenses.id, Decimal("12.00"), Decimal("0")),
    ]
    assert adjusted.match.method == "adjustment" and adjusted.match.entry_id == entry.id
    balance = ledger.get_trial_balance(uow(), tenant, (2026, 3, 31), clock=clock)
    assert balance.balanced
    with pytest.raises(AlreadyExists):
        usecases.adjust_line(uow(), tenant, fee.id, offset_account_id=expenses.id, memo="")


def test_report_compares_balances_and_lists_what_is_unreconciled(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    before = usecases.report(uow(), tenant, statement.id)
    assert (before.statement_balance, before.ledger_balance) == (
        Decimal("2608.00"),
        Decimal("2574.50"),
    )
    assert before.difference == Decimal("33.50")
    assert (before.statement_lines.count, before.ledger_lines.count) == (5, 5)
    usecases.auto_match(uow(), tenant, statement.id, window_days=None, min_score=None)
    after = usecases.report(uow(), tenant, statement.id)
    assert [line.description for line in after.statement_lines.listed] == ["BANK FEE MARCH"]
    assert after.statement_lines.total == Decimal("-12.00")
    [taxi] = after.ledger_lines.listed
    assert (taxi.description, taxi.amount, str(taxi.entry_date)) == (
        "Taxi to the airport",
        Decimal("-45.50"),
        "2026-03-12",
    )
    assert after.ledger_lines.total == Decimal("-45.50") and not after.reconciled
    fee = after.statement_lines.listed[0]
    usecases.adjust_line(
        uow(), tenant, fee.id, offset_account_id=month.accounts["5000"].id, memo="Bank fee"
    )
    adjusted = usecases.report(uow(), tenant, statement.id)
    assert adjusted.ledger_balance == Decimal("2562.50")
    assert adjusted.difference == Decimal("45.50")  # the taxi the bank has not seen yet
    assert adjusted.statement_lines.count == 0 and adjusted.ledger_lines.count == 1


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\x00\x01\x02binary", "binary"),
        (b"", "empty"),
        ("Date,Amount,Description\n", "no transactions"),
        ("Date,Amount,Currency,Description\n2026-03-02,1.00,USD,x\n", "in USD"),
        ("Date,Amount,Description\n2026-03-02,abc,x\n2026-03-03,1.00,y\n", "row"),
    ],
)
def test_bad_files_are_refused_naming_the_file(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path, content: str | bytes, problem: str
) -> None:
    cash = by_code(uow, tenant)["1000"]
    with pytest.raises(Unprocessable, match=problem) as refused:
        upload(uow, tenant, tmp_path, cash, content)
    assert refused.value.violations[0].field == "file"


def test_only_the_tenants_cash_accounts_take_statements(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path, engine: Engine
) -> None:
    accounts = by_code(uow, tenant)
    with pytest.raises(Unprocessable, match="not a cash account"):
        upload(uow, tenant, tmp_path, accounts["1100"])
    bank = ledger.create_account(
        uow(), tenant, code="1010", name="Bank", type_="asset", currency="", clock=clock
    )
    assert upload(uow, tenant, tmp_path, bank).account_id == bank.id
    other = new_tenant(engine)
    with pytest.raises(Unprocessable, match="not found"):
        upload(uow, other, tmp_path, accounts["1000"])
    with pytest.raises(InvalidArgument, match="opening_balance"):
        upload(uow, tenant, tmp_path, bank, opening="12.34567")


def test_another_tenants_records_are_not_found(
    uow: UowFactory, tenant: uuid.UUID, tmp_path: Path, engine: Engine
) -> None:
    month = post_month(uow, tenant)
    statement = upload(uow, tenant, tmp_path, month.accounts["1000"])
    usecases.auto_match(uow(), tenant, statement.id, window_days=None, min_score=None)
    line = next(line for line in _lines(uow, tenant, statement.id) if line.match is not None)
    assert line.match is not None
    other = new_tenant(engine)
    for call in (
        lambda: usecases.get_statement(uow(), other, statement.id),
        lambda: usecases.statement_lines(
            uow(), other, statement.id, matched=None, limit=None, offset=0
        ),
        lambda: usecases.auto_match(uow(), other, statement.id, window_days=None, min_score=None),
        lambda: usecases.report(uow(), other, statement.id),
        lambda: usecases.get_match(uow(), other, line.match.id),  # type: ignore[union-attr]
        lambda: usecases.delete_match(uow(), other, line.match.id),  # type: ignore[union-attr]
        lambda: usecases.adjust_line(
            uow(), other, line.id, offset_account_id=uuid.uuid4(), memo=""
        ),
    ):
        with pytest.raises(NotFound):
            call()
    with pytest.raises(Unprocessable, match="statement_line_id"):
        usecases.create_match(uow(), other, line.id, line.match.ledger_line_id)
    assert usecases.list_statements(uow(), other, account_id=None, limit=None, offset=0).total == 0
    assert usecases.get_match(uow(), tenant, line.match.id) == line.match
