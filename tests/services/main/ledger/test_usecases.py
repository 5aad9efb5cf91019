"""The ledger's use cases on SQLite and PostgreSQL: the books opened with the default
chart on first use, accounts, entries recorded, posted with gapless numbers, reversed,
idempotent by source, immutable once posted, the trial balance, and tenant isolation."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import Engine, update
from sqlalchemy.orm import Session

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases
from services.main.ledger.domain import entries as rules
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import EntryDraft, LineDraft
from services.main.ledger.tables import LedgerBooksRow
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unprocessable,
)
from tests.services.main.ledger.support import by_code, entries, sale
from tests.services.main.support import NOW, new_tenant
from tests.services.main.support import fixed_clock as clock


def test_first_use_opens_the_books_with_the_default_chart(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    accounts = by_code(uow, tenant)
    assert list(accounts) == ["1000", "1100", "2000", "2100", "3000", "3100", "4000", "5000"]
    assert all(a.currency == "EUR" and a.active for a in accounts.values())
    assert by_code(uow, tenant).keys() == accounts.keys()  # opened once


def test_the_books_are_in_the_tenants_base_currency(uow: UowFactory, engine: Engine) -> None:
    tenant = new_tenant(engine, base_currency="GBP")
    accounts = by_code(uow, tenant)
    assert {a.currency for a in accounts.values()} == {"GBP"}
    pounds = EntryDraft(
        entry_date=(2026, 3, 1),
        lines=[
            LineDraft(str(accounts["1100"].id), debit="10", currency="GBP"),
            LineDraft(str(accounts["4000"].id), credit="10", currency="GBP"),
        ],
    )
    entry = usecases.record_entry(uow(), tenant, pounds, post=True, clock=clock).entry
    assert (entry.base_currency, entry.total) == ("GBP", Decimal("10.00"))
    # A euro line is foreign here: it balances at its rate to the pound.
    euro = replace(pounds.lines[0], debit="10", currency="EUR", fx_rate="0.85")
    euros = EntryDraft(entry_date=(2026, 3, 1), lines=[euro, pounds.lines[1]])
    with pytest.raises(InvalidArgument, match=r"debits 8\.50 ≠ credits 10\.00 GBP"):
        usecases.record_entry(uow(), tenant, euros, post=True, clock=clock)
    balance = usecases.get_trial_balance(uow(), tenant, None, clock=clock)
    assert balance.base_currency == "GBP"


def test_an_entry_as_first_use_opens_the_books(uow: UowFactory, tenant: uuid.UUID) -> None:
    stranger = Account(uuid.uuid4(), "9", "X", "asset", "EUR", True, NOW, NOW)
    with pytest.raises(Unprocessable, match="not found"):
        usecases.record_entry(
            uow(), tenant, sale({"1100": stranger, "4000": stranger}), post=True, clock=clock
        )
    assert "1100" in by_code(uow, tenant)


def test_a_tenant_that_does_not_exist_has_no_books(uow: UowFactory) -> None:
    with pytest.raises(NotFound, match="tenant"):
        usecases.list_accounts(
            uow(), uuid.uuid4(), type_=None, active=None, limit=None, offset=0, clock=clock
        )


def test_accounts_are_created_listed_filtered_and_updated(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    bank = usecases.create_account(
        uow(), tenant, code="1010", name="Bank USD", type_="asset", currency="USD", clock=clock
    )
    assert (bank.code, bank.currency, bank.active) == ("1010", "USD", True)
    with pytest.raises(AlreadyExists):
        usecases.create_account(
            uow(), tenant, code="1010", name="Again", type_="asset", currency="", clock=clock
        )
    changed = usecases.update_account(
        uow(), tenant, bank.id, name="Bank", active=False, clock=clock
    )
    assert (changed.name, changed.active) == ("Bank", False)
    inactive = usecases.list_accounts(
        uow(), tenant, type_=None, active=False, limit=None, offset=0, clock=clock
    )
    assert [a.id for a in inactive.items] == [bank.id]
    assets = usecases.list_accounts(
        uow(), tenant, type_="asset", active=None, limit=2, offset=1, clock=clock
    )
    assert (assets.total, len(assets.items), assets.has_more) == (3, 2, False)
    with pytest.raises(InvalidArgument):
        usecases.list_accounts(uow(), tenant, type_="#9", active=None, limit=None, offset=0)


def test_draft_post_reverse_and_the_trial_balance(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    recorded = usecases.record_entry(uow(), tenant, sale(accounts), post=False, clock=clock)
    assert recorded.created and recorded.entry.status == rules.DRAFT
    assert recorded.entry.number is None
    posted = usecases.post_draft(uow(), tenant, recorded.entry.id, clock=clock)
    assert (posted.status, posted.number, posted.posted_at) == (
        rules.POSTED,
        "JE-2026-000001",
        NOW,
    )
    # Posted entries are immutable.
    with pytest.raises(FailedPrecondition):
        usecases.delete_entry(uow(), tenant, posted.id)
    with pytest.raises(FailedPrecondition):
        usecases.post_draft(uow(), tenant, posted.id, clock=clock)
    balance = usecases.get_trial_balance(uow(), tenant, (2026, 3, 31), clock=clock)
    assert [(r.account.code, r.debit, r.credit) for r in balance.accounts] == [
        ("1100", Decimal("100.00"), Decimal("0.00")),
        ("4000", Decimal("0.00"), Decimal("100.00")),
    ]
    assert balance.balanced
    reversal = usecases.reverse_entry(uow(), tenant, posted.id, clock=clock)
    assert (reversal.status, reversal.number, reversal.reversal_of_id) == (
        rules.POSTED,
        "JE-2026-000002",
        posted.id,
    )
    assert [(x.debit, x.credit) for x in reversal.lines] == [
        (x.credit, x.debit) for x in posted.lines
    ]
    original = usecases.get_entry(uow(), tenant, posted.id)
    assert (original.status, original.reversed_by_id) == (rules.REVERSED, reversal.id)
    with pytest.raises(FailedPrecondition):
        usecases.reverse_entry(uow(), tenant, posted.id, clock=clock)
    after = usecases.get_trial_balance(uow(), tenant, None, clock=clock)
    assert after.balanced and after.total_debit == Decimal("200.00")
    assert all(r.debit == r.credit for r in after.accounts)
    # Before the reversal's date (today), only the original counts.
    before = usecases.get_trial_balance(uow(), tenant, (2026, 3, 2), clock=clock)
    assert before.total_debit == Decimal("100.00")


def test_a_draft_is_deleted_and_numbers_have_no_gaps(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    draft = usecases.record_entry(uow(), tenant, sale(accounts), post=False, clock=clock)
    usecases.delete_entry(uow(), tenant, draft.entry.id)
    with pytest.raises(NotFound):
        usecases.get_entry(uow(), tenant, draft.entry.id)
    # A refused posting (an inactive account) consumes no number.
    usecases.update_account(uow(), tenant, accounts["4000"].id, name=None, active=False)
    with pytest.raises(Unprocessable):
        usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock)
    usecases.update_account(uow(), tenant, accounts["4000"].id, name=None, active=True)
    numbers = [
        usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock).entry.number
        for _ in range(3)
    ]
    assert numbers == ["JE-2026-000001", "JE-2026-000002", "JE-2026-000003"]


def test_numbers_grow_past_six_digits(uow: UowFactory, tenant: uuid.UUID, engine: Engine) -> None:
    accounts = by_code(uow, tenant)
    with Session(engine) as session, session.begin():
        session.execute(
            update(LedgerBooksRow)
            .where(LedgerBooksRow.tenant_id == tenant)
            .values(posted_count=999998)
        )
    numbers = [
        usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock).entry.number
        for _ in range(2)
    ]
    # As entry_number writes them, whichever database numbers them.
    assert numbers == [rules.entry_number(999999, 2026), rules.entry_number(1000000, 2026)]
    assert numbers == ["JE-2026-999999", "JE-2026-1000000"]
    assert (
        usecases.get_entry(uow(), tenant, posted_id(uow, tenant, "JE-2026-1000000")).number
        == "JE-2026-1000000"
    )


def posted_id(uow: UowFactory, tenant: uuid.UUID, number: str) -> uuid.UUID:
    page = entries(uow, tenant, status="posted", limit=100)
    return next(e.id for e in page.items if e.number == number)


def test_a_repeat_of_a_source_answers_the_first_entry(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    keyed = sale(accounts, source_module="invoices", source_event_id="inv-7:issue")
    first = usecases.record_entry(uow(), tenant, keyed, post=True, clock=clock)
    again = usecases.record_entry(uow(), tenant, keyed, post=True, clock=clock)
    assert first.created and not again.created
    assert again.entry == first.entry
    page = entries(uow, tenant, source_module="invoices")
    assert page.total == 1


def test_post_entry_runs_in_the_callers_unit_of_work(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    work = uow()
    with pytest.raises(RuntimeError), work:
        recorded = usecases.post_entry(
            work, tenant, sale(accounts, source_module="invoices", source_event_id="x"), NOW
        )
        assert recorded.entry.number == "JE-2026-000001"
        raise RuntimeError("the invoice failed after posting")
    # Rolled back with the caller: no entry, and the number is free again.
    retried = usecases.record_entry(
        uow(),
        tenant,
        sale(accounts, source_module="invoices", source_event_id="x"),
        post=True,
        clock=clock,
    )
    assert retried.created and retried.entry.number == "JE-2026-000001"


def test_unbalanced_and_foreign_currency_entries(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    unbalanced = EntryDraft(
        entry_date=(2026, 3, 1),
        lines=[
            LineDraft(str(accounts["1000"].id), debit="100", currency="EUR"),
            LineDraft(str(accounts["4000"].id), credit="90", currency="EUR"),
        ],
    )
    with pytest.raises(InvalidArgument, match=r"debits 100\.00 ≠ credits 90\.00 EUR"):
        usecases.record_entry(uow(), tenant, unbalanced, post=True, clock=clock)
    usd = usecases.create_account(
        uow(), tenant, code="1010", name="Bank USD", type_="asset", currency="USD", clock=clock
    )
    foreign = EntryDraft(
        entry_date=(2026, 3, 1),
        lines=[
            LineDraft(str(usd.id), debit="120.50", currency="USD", fx_rate="0.9123"),
            LineDraft(str(accounts["4000"].id), credit="109.93", currency="EUR"),
        ],
    )
    entry = usecases.record_entry(uow(), tenant, foreign, post=True, clock=clock).entry
    assert entry.lines[0].base_amount == Decimal("109.93")
    assert entry.lines[0].fx_rate == Decimal("0.9123")
    assert entry.total == Decimal("109.93")
    # What the call answers (built from what it wrote) is what is stored.
    assert entry == usecases.get_entry(uow(), tenant, entry.id)


def test_another_tenants_records_are_missing(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    accounts = by_code(uow, tenant)
    entry = usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock).entry
    other = new_tenant(engine)
    with pytest.raises(NotFound):
        usecases.get_entry(uow(), other, entry.id)
    with pytest.raises(NotFound):
        usecases.get_account(uow(), other, accounts["1000"].id)
    with pytest.raises(NotFound):
        usecases.reverse_entry(uow(), other, entry.id, clock=clock)
    with pytest.raises(NotFound):
        usecases.update_account(uow(), other, accounts["1000"].id, name="Mine", active=None)
    # The other tenant's lines may not name this tenant's accounts.
    with pytest.raises(Unprocessable, match="not found"):
        usecases.record_entry(uow(), other, sale(accounts), post=True, clock=clock)
    listed = entries(uow, other)
    assert listed.total == 0
    assert usecases.get_trial_balance(uow(), other, None, clock=clock).accounts == ()
    # Its own numbering starts at 1.
    mine = by_code(uow, other)
    assert (
        usecases.record_entry(uow(), other, sale(mine), post=True, clock=clock).entry.number
        == "JE-2026-000001"
    )


def test_entries_are_filtered(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    usecases.record_entry(uow(), tenant, sale(accounts), post=False, clock=clock)
    posted = usecases.record_entry(
        uow(),
        tenant,
        EntryDraft(
            entry_date=(2026, 3, 10),
            lines=[
                LineDraft(str(accounts["1000"].id), debit="5", currency="EUR"),
                LineDraft(str(accounts["3000"].id), credit="5", currency="EUR"),
            ],
        ),
        post=True,
        clock=clock,
    ).entry

    def listed(**filters: object) -> list[uuid.UUID]:
        return [e.id for e in entries(uow, tenant, **filters).items]

    assert listed(status="posted") == [posted.id]
    assert listed(account_id=accounts["3000"].id) == [posted.id]
    assert listed(from_date=(2026, 3, 5)) == [posted.id]
    assert len(listed(to_date=(2026, 3, 5))) == 1
    assert len(listed()) == 2
    with pytest.raises(Unprocessable, match="to_date"):  # a rule across fields
        listed(from_date=(2026, 3, 5), to_date=(2026, 3, 1))
    with pytest.raises(InvalidArgument):
        listed(status="#4")
    assert date(2026, 3, 10) == posted.entry_date
