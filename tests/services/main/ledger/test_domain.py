"""The ledger's pure rules: line checks, base amounts, the balance, transitions,
numbers, reversals, accounts and the default chart."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from services.main.kernel.money import amount_text, base_amount, cents, rate_text
from services.main.ledger.domain import accounts as chart
from services.main.ledger.domain import entries as rules
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import Entry, EntryDraft, LineDraft
from services.main.ledger.domain.trial_balance import AccountTotals, trial_balance
from services.runtime.errors import (
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unprocessable,
)
from services.runtime.paging import checked_page

NOW = datetime(2026, 3, 15, 12, tzinfo=UTC)
CASH, REVENUE = uuid.uuid4(), uuid.uuid4()


def line(account: uuid.UUID = CASH, /, **fields: str) -> LineDraft:
    values = {"currency": "EUR"} | fields
    return LineDraft(account_id=str(account), **values)


def draft(*lines: LineDraft, **fields: object) -> EntryDraft:
    values: dict[str, object] = {"entry_date": (2026, 3, 1)} | fields
    return EntryDraft(lines=lines, **values)  # type: ignore[arg-type]


def balanced(amount: str = "100.00") -> EntryDraft:
    return draft(line(CASH, debit=amount), line(REVENUE, credit=amount))


def violations(error: pytest.ExceptionInfo[InvalidArgument]) -> dict[str, str]:
    return {v.field: v.description for v in error.value.violations}


def test_a_balanced_entry_is_checked_into_lines_with_base_amounts() -> None:
    checked = rules.check_entry(balanced(), "EUR")
    assert checked.entry_date == date(2026, 3, 1)
    assert [(x.debit, x.credit, x.base_amount) for x in checked.lines] == [
        (Decimal("100.00"), 0, Decimal("100.00")),
        (0, Decimal("100.00"), Decimal("100.00")),
    ]
    assert checked.account_ids == {CASH, REVENUE}
    assert checked.source is None


def test_an_unbalanced_entry_names_the_imbalance() -> None:
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(draft(line(debit="100"), line(REVENUE, credit="90")), "EUR")
    assert error.value.message == "lines: debits 100.00 ≠ credits 90.00 EUR"
    assert violations(error) == {"lines": "debits 100.00 ≠ credits 90.00 EUR"}


def test_a_foreign_line_balances_in_the_base_currency_rounded_half_even() -> None:
    # 10.005 USD * 1 = 10.005 → 10.00 (half-even), offset by 10.00 EUR.
    entry = draft(line(debit="10.005", currency="USD", fx_rate="1"), line(REVENUE, credit="10.00"))
    checked = rules.check_entry(entry, "EUR")
    assert checked.lines[0].base_amount == Decimal("10.00")
    assert base_amount(Decimal("10.015"), Decimal(1)) == Decimal("10.02")
    assert base_amount(Decimal("100"), Decimal("0.85234")) == Decimal("85.23")


def test_each_line_has_exactly_one_positive_side() -> None:
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(
            draft(line(debit="1", credit="1"), line(REVENUE), line(credit="0")), "EUR"
        )
    assert violations(error) == {
        "lines[0]": "exactly one of debit and credit must be positive",
        "lines[1]": "exactly one of debit and credit must be positive",
        "lines[2]": "exactly one of debit and credit must be positive",
    }


@pytest.mark.parametrize(
    ("fields", "field", "problem"),
    [
        ({"debit": "-1"}, "lines[0].debit", "must be 0 or more"),
        ({"debit": "1e400"}, "lines[0].debit", "must be at most 99999999999.9999"),
        ({"debit": "abc"}, "lines[0].debit", "must be a decimal number"),
        ({"debit": "NaN"}, "lines[0].debit", "must be a decimal number"),
        ({"debit": "1.00001"}, "lines[0].debit", "must have at most 4 decimal places"),
        ({"debit": "1", "currency": ""}, "lines[0].currency", "is required"),
        (
            {"debit": "1", "currency": "eur"},
            "lines[0].currency",
            "must be an ISO 4217 code (three capital letters)",
        ),
        ({"debit": "1", "fx_rate": "0"}, "lines[0].fx_rate", "must be greater than 0"),
        (
            {"debit": "1", "fx_rate": "1.1"},
            "lines[0].fx_rate",
            "must be 1 in the base currency EUR",
        ),
        (
            {"debit": "1", "currency": "USD", "fx_rate": "0.000000001"},
            "lines[0].fx_rate",
            "must have at most 8 decimal places",
        ),
        (
            {"debit": "0.001", "currency": "USD", "fx_rate": "1"},
            "lines[0]",
            "is less than a cent in EUR",
        ),
        (
            {"debit": "1", "description": "x" * 501},
            "lines[0].description",
            "must be at most 500 characters",
        ),
        (
            {"debit": "1", "description": "a\x00b"},
            "lines[0].description",
            "must not contain control characters",
        ),
    ],
)
def test_bad_line_values_are_named(fields: dict[str, str], field: str, problem: str) -> None:
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(draft(line(**fields), line(REVENUE, credit="1")), "EUR")
    assert violations(error)[field] == problem


def test_a_line_needs_an_account_id_that_is_a_uuid() -> None:
    lines = (
        LineDraft(account_id="", debit="1", currency="EUR"),
        LineDraft(account_id="nope", credit="1", currency="EUR"),
    )
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(draft(*lines), "EUR")
    assert violations(error) == {
        "lines[0].account_id": "is required",
        "lines[1].account_id": "must be a UUID",
    }


@pytest.mark.parametrize("count", [0, 1, 501])
def test_an_entry_has_2_to_500_lines(count: int) -> None:
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(draft(*[line(debit="1")] * count), "EUR")
    assert "lines" in violations(error)


def test_entry_fields_are_checked_all_at_once() -> None:
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(
            draft(
                line(debit="1"),
                line(REVENUE, credit="1"),
                entry_date=None,
                memo="m" * 501,
                source_module="Invoices!",
            ),
            "EUR",
        )
    assert violations(error) == {
        "entry_date": "is required",
        "memo": "must be at most 500 characters",
        "source_module": "must be 1-50 lowercase letters, digits, '_' or '-'",
        "source_event_id": "is required with source_module",
    }
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(replace(balanced(), entry_date=(2026, 2, 30)), "EUR")
    assert violations(error) == {"entry_date": "is not a valid calendar date"}


def test_a_source_is_both_module_and_event() -> None:
    checked = rules.check_entry(
        replace(balanced(), source_module="invoices", source_event_id="inv-1:issue"), "EUR"
    )
    assert checked.source == rules.Source("invoices", "inv-1:issue")
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(replace(balanced(), source_event_id="x"), "EUR")
    assert violations(error) == {"source_module": "is required with source_event_id"}
    with pytest.raises(InvalidArgument) as error:
        rules.check_entry(replace(balanced(), source_module="a", source_event_id="a b"), "EUR")
    assert "source_event_id" in violations(error)


def account(account_id: uuid.UUID, **fields: object) -> Account:
    values: dict[str, object] = {
        "id": account_id,
        "code": "1000",
        "name": "Cash",
        "type": chart.ASSET,
        "currency": "EUR",
        "active": True,
        "created_at": NOW,
        "updated_at": NOW,
    } | fields
    return Account(**values)  # type: ignore[arg-type]


def test_accounts_must_be_the_tenants_active_and_in_the_currency() -> None:
    entry = draft(
        line(CASH, debit="10", currency="USD", fx_rate="0.9"),
        line(REVENUE, credit="9"),
    )
    checked = rules.check_entry(entry, "EUR")
    # A base-currency account takes a foreign line; the line's own currency too.
    rules.check_accounts(checked, {CASH: account(CASH), REVENUE: account(REVENUE)}, "EUR")
    rules.check_accounts(
        checked, {CASH: account(CASH, currency="USD"), REVENUE: account(REVENUE)}, "EUR"
    )
    with pytest.raises(Unprocessable) as error:
        rules.check_accounts(
            checked,
            {
                CASH: account(CASH, currency="GBP", code="1010"),
                REVENUE: account(REVENUE, active=False, code="4000"),
            },
            "EUR",
        )
    assert {v.field: v.description for v in error.value.violations} == {
        "lines[0].account_id": "account 1010 is in GBP, not USD",
        "lines[1].account_id": "account 4000 is inactive",
    }
    with pytest.raises(Unprocessable) as error:
        rules.check_accounts(checked, {CASH: account(CASH)}, "EUR")
    assert error.value.violations[0].field == "lines[1].account_id"


def stored(status: str, **fields: object) -> Entry:
    checked = rules.check_entry(balanced(), "EUR")
    values: dict[str, object] = {
        "id": uuid.uuid4(),
        "number": None if status == rules.DRAFT else "JE-2026-000001",
        "entry_date": checked.entry_date,
        "memo": "",
        "source": None,
        "status": status,
        "base_currency": "EUR",
        "lines": checked.lines,
        "posted_at": None if status == rules.DRAFT else NOW,
        "reversal_of_id": None,
        "reversed_by_id": None,
        "created_at": NOW,
    } | fields
    return Entry(**values)  # type: ignore[arg-type]


def test_transitions_draft_posted_reversed() -> None:
    draft_entry, posted, reversed_ = (
        stored(rules.DRAFT),
        stored(rules.POSTED),
        stored(rules.REVERSED),
    )
    rules.check_deletable(draft_entry)
    rules.check_postable(draft_entry)
    rules.check_reversible(posted)
    for entry in (posted, reversed_):
        with pytest.raises(FailedPrecondition):
            rules.check_deletable(entry)
        with pytest.raises(FailedPrecondition):
            rules.check_postable(entry)
    for entry in (draft_entry, reversed_):
        with pytest.raises(FailedPrecondition):
            rules.check_reversible(entry)
    with pytest.raises(FailedPrecondition, match="is a reversal"):
        rules.check_reversible(stored(rules.POSTED, reversal_of_id=uuid.uuid4()))


def test_a_reversal_swaps_every_line_and_is_keyed_by_the_original() -> None:
    original = stored(rules.POSTED)
    reversal = rules.reversal_of(original, date(2026, 4, 1), "")
    assert reversal.memo == "Reversal of JE-2026-000001"
    assert reversal.source == rules.Source("ledger", f"reversal:{original.id}")
    assert [(x.debit, x.credit) for x in reversal.lines] == [
        (x.credit, x.debit) for x in original.lines
    ]
    rules.check_balance(reversal.lines, "EUR")
    assert original.total == Decimal("100.00")


def test_numbers_and_texts() -> None:
    assert rules.entry_number(1, 2026) == "JE-2026-000001"
    assert rules.entry_number(1234567, 2027) == "JE-2027-1234567"
    assert amount_text(Decimal("100.0000")) == "100.00"
    assert amount_text(Decimal("0.1250")) == "0.125"
    assert rate_text(Decimal("1.00000000")) == "1"
    assert cents(Decimal("-0")) in ("0.00", "-0.00")
    assert cents(Decimal("1E+2")) == "100.00"


def test_accounts_are_checked_and_default_to_the_base_currency() -> None:
    new = chart.new_account(
        code="1200", name=" Bank ", type_="asset", currency="", base_currency="CHF"
    )
    assert new == chart.NewAccount("1200", "Bank", "asset", "CHF")
    with pytest.raises(InvalidArgument) as error:
        chart.new_account(code="a b", name="", type_=None, currency="usd", base_currency="EUR")
    assert {v.field for v in error.value.violations} == {"code", "name", "type", "currency"}
    with pytest.raises(InvalidArgument):
        chart.new_account(code="1", name="x", type_="#7", currency="", base_currency="EUR")
    assert chart.account_changes(name=None, active=False) == chart.AccountChanges(None, False)
    with pytest.raises(InvalidArgument):
        chart.account_changes(name="  ", active=None)
    assert isinstance(chart.account_not_found(CASH), NotFound)


def test_the_default_chart() -> None:
    codes = {a.code: a for a in chart.default_chart("EUR")}
    assert {"1000", "1100", "2000", "2100", "3000", "4000", "5000"} <= set(codes)
    assert codes["1100"].name == "Accounts receivable"
    assert codes["2100"].type == chart.LIABILITY
    assert all(a.currency == "EUR" for a in codes.values())


def test_trial_balance_totals_and_order() -> None:
    rows = [
        AccountTotals(account(REVENUE, code="4000"), Decimal(0), Decimal("100.00")),
        AccountTotals(account(CASH, code="1000"), Decimal("100.00"), Decimal(0)),
    ]
    balance = trial_balance(date(2026, 3, 31), "EUR", rows)
    assert [r.account.code for r in balance.accounts] == ["1000", "4000"]
    assert balance.total_debit == balance.total_credit == Decimal("100.00")
    assert balance.balanced
    assert not trial_balance(date(2026, 3, 31), "EUR", rows[:1]).balanced


def test_pages() -> None:
    assert checked_page(None, 0, 20) == (20, 0)
    with pytest.raises(InvalidArgument) as error:
        checked_page(101, -1, 20)
    assert {v.field for v in error.value.violations} == {"limit", "offset"}
