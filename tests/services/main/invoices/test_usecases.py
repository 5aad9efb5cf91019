"""The invoices' use cases on SQLite and PostgreSQL: drafts created, listed, changed and
deleted; issue with gapless numbers and its ledger entry; void and its reversal; the
state machine; idempotency keys; tenant isolation."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine

from services.main.invoices import usecases
from services.main.invoices.domain import invoices as rules
from services.main.invoices.domain.fields import CustomerInput, InvoiceChanges, LineInput
from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.ledger.domain import entries as ledger_rules
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    Unprocessable,
)
from tests.services.main.invoices.support import (
    MIXED,
    draft,
    entry,
    issued,
    lines_by_code,
)
from tests.services.main.support import NOW, new_tenant
from tests.services.main.support import fixed_clock as clock


def listed(uow: UowFactory, tenant: uuid.UUID, **filters: object) -> list[uuid.UUID]:
    arguments: dict[str, object] = {
        "status": None,
        "customer": None,
        "from_date": None,
        "to_date": None,
        "limit": None,
        "offset": 0,
    }
    arguments.update(filters)
    page = usecases.list_invoices(uow(), tenant, **arguments)  # type: ignore[arg-type]
    return [i.id for i in page.items]


def test_a_draft_with_mixed_rates_has_its_totals_to_the_cent(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    outcome = usecases.create_invoice(uow(), tenant, draft(*MIXED), clock=clock)
    invoice = outcome.invoice
    assert outcome.created and invoice.status == rules.DRAFT and invoice.number is None
    totals = invoice.totals
    assert (totals.subtotal, totals.tax_total, totals.total) == (
        Decimal("1157.41"),
        Decimal("207.53"),
        Decimal("1364.94"),
    )
    assert (invoice.amount_paid, invoice.amount_due) == (
        Decimal(0),
        Decimal(0),
    )  # nothing due on a draft
    again = usecases.get_invoice(uow(), tenant, invoice.id)
    assert again.content == invoice.content  # stored exactly (4 places, rates, order)
    assert [line.quantity for line in again.content.lines][:2] == [Decimal(3), Decimal("1.5")]


def test_bad_fields_are_400_naming_each(uow: UowFactory, tenant: uuid.UUID) -> None:
    bad = draft(
        LineInput("", "0", "1.23456", "101"),
        customer=CustomerInput(name=" ", email="not-an-email"),
        currency="eur",
        fx_rate="-1",
        issue_date=(2026, 2, 30),
    )
    with pytest.raises(InvalidArgument) as raised:
        usecases.create_invoice(uow(), tenant, bad, clock=clock)
    fields = {v.field for v in raised.value.violations}
    assert fields == {
        "customer.name",
        "customer.email",
        "currency",
        "fx_rate",
        "issue_date",
        "lines[0].description",
        "lines[0].quantity",
        "lines[0].unit_price",
        "lines[0].tax_rate",
    }
    with pytest.raises(InvalidArgument, match="lines: must have at most 100 lines"):
        usecases.create_invoice(uow(), tenant, draft(*MIXED * 13), clock=clock)
    with pytest.raises(InvalidArgument, match="customer: is required"):
        usecases.create_invoice(uow(), tenant, replace(draft(), customer=None), clock=clock)


def test_rules_across_fields_are_422(uow: UowFactory, tenant: uuid.UUID) -> None:
    with pytest.raises(Unprocessable, match="due_date: must not be before issue_date"):
        usecases.create_invoice(
            uow(), tenant, draft(issue_date=(2026, 3, 10), due_date=(2026, 3, 9)), clock=clock
        )
    with pytest.raises(Unprocessable, match="fx_rate: must not be sent for the base currency"):
        usecases.create_invoice(uow(), tenant, draft(fx_rate="1.1"), clock=clock)
    huge = LineInput("Ship", "1000000", "1000000000", "0")
    with pytest.raises(Unprocessable, match=r"lines: total 1000000000000000\.00 is more than"):
        usecases.create_invoice(uow(), tenant, draft(huge), clock=clock)


def test_lists_filter_and_page(uow: UowFactory, tenant: uuid.UUID) -> None:
    first = usecases.create_invoice(
        uow(), tenant, draft(issue_date=(2026, 1, 10)), clock=clock
    ).invoice
    other = replace(draft(issue_date=(2026, 2, 10)), customer=CustomerInput(name="Globex 100%"))
    second = usecases.create_invoice(uow(), tenant, other, clock=clock).invoice
    third = issued(uow, tenant)
    assert set(listed(uow, tenant)) == {first.id, second.id, third.id}
    assert listed(uow, tenant, status="issued") == [third.id]
    assert listed(uow, tenant, customer="GLOBEX") == [second.id]
    assert listed(uow, tenant, customer="100%") == [second.id]  # % is no wildcard
    assert set(listed(uow, tenant, customer="acme.example")) == {first.id, third.id}
    assert listed(uow, tenant, from_date=(2026, 2, 1), to_date=(2026, 2, 28)) == [second.id]
    page = usecases.list_invoices(
        uow(),
        tenant,
        status=None,
        customer=None,
        from_date=None,
        to_date=None,
        limit=2,
        offset=0,
    )
    assert (len(page.items), page.total, page.has_more) == (2, 3, True)
    with pytest.raises(Unprocessable, match="to_date: must not be before from_date"):
        listed(uow, tenant, from_date=(2026, 2, 1), to_date=(2026, 1, 1))
    with pytest.raises(InvalidArgument, match="status"):
        listed(uow, tenant, status="open")


def test_a_draft_is_changed_and_deleted_an_issued_one_is_not(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    created = usecases.create_invoice(
        uow(), tenant, draft(currency="USD", fx_rate="0.9"), clock=clock
    ).invoice
    changed = usecases.update_invoice(
        uow(),
        tenant,
        created.id,
        InvoiceChanges(memo="Thanks", lines=[LineInput("Other", "2", "50", "7")]),
        clock=clock,
    )
    assert changed.content.memo == "Thanks" and changed.content.fx_rate == Decimal("0.9")
    assert changed.totals.total == Decimal("107.00")
    # A new currency without a rate drops the old currency's rate.
    euros = usecases.update_invoice(
        uow(), tenant, created.id, InvoiceChanges(currency="EUR"), clock=clock
    )
    assert (euros.content.currency, euros.content.fx_rate) == ("EUR", None)
    usecases.delete_invoice(uow(), tenant, created.id)
    with pytest.raises(NotFound):
        usecases.get_invoice(uow(), tenant, created.id)

    done = issued(uow, tenant)
    with pytest.raises(FailedPrecondition, match="only a draft invoice can be changed"):
        usecases.update_invoice(uow(), tenant, done.id, InvoiceChanges(memo="x"), clock=clock)
    with pytest.raises(FailedPrecondition, match="only a draft invoice can be deleted"):
        usecases.delete_invoice(uow(), tenant, done.id)


def test_issue_numbers_dates_and_posts_the_invoice(uow: UowFactory, tenant: uuid.UUID) -> None:
    invoice = issued(uow, tenant, draft(*MIXED))
    assert (invoice.status, invoice.number) == (rules.ISSUED, "INV-2026-000001")
    assert invoice.content.issue_date == NOW.date()
    assert invoice.content.due_date == NOW.date() + timedelta(days=30)
    assert (invoice.issued_at, invoice.amount_due) == (NOW, Decimal("1364.94"))
    posted = entry(uow, tenant, invoice.issue_entry_id)
    assert posted.status == ledger_rules.POSTED
    assert posted.source == ledger_rules.Source("invoices", f"invoice:{invoice.id}:issue")
    assert posted.entry_date == NOW.date()
    assert lines_by_code(uow, tenant, posted) == [
        ("1100", "1364.9400", "0.0000"),
        ("4000", "0.0000", "1157.4100"),
        ("2100", "0.0000", "207.5300"),
    ]
    with pytest.raises(FailedPrecondition, match="only a draft invoice can be issued"):
        usecases.issue_invoice(uow(), tenant, invoice.id, clock=clock)


def test_issue_needs_lines_a_total_and_a_rate_for_a_foreign_currency(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    empty = usecases.create_invoice(uow(), tenant, replace(draft(), lines=()), clock=clock).invoice
    with pytest.raises(Unprocessable, match="lines: an invoice needs at least one line"):
        usecases.issue_invoice(uow(), tenant, empty.id, clock=clock)
    free = usecases.create_invoice(
        uow(), tenant, draft(LineInput("Gift", "1", "0")), clock=clock
    ).invoice
    with pytest.raises(Unprocessable, match="total of 0"):
        usecases.issue_invoice(uow(), tenant, free.id, clock=clock)
    dollars = usecases.create_invoice(uow(), tenant, draft(currency="USD"), clock=clock).invoice
    with pytest.raises(Unprocessable, match="fx_rate: is required to issue an invoice in USD"):
        usecases.issue_invoice(uow(), tenant, dollars.id, clock=clock)
    # The refused issues took no number: the next one is the first.
    assert issued(uow, tenant).number == "INV-2026-000001"


def test_a_foreign_invoice_balances_in_the_base_currency(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    # 3 x 33.33 USD at 20 %: net 99.99, tax 20.00 (19.998), total 119.99.
    sent = draft(LineInput("Work", "3", "33.33", "20"), currency="USD", fx_rate="0.91234567")
    invoice = issued(uow, tenant, sent)
    posted = entry(uow, tenant, invoice.issue_entry_id)
    assert [(line.currency, line.base_amount) for line in posted.lines] == [
        ("USD", Decimal("91.23")),  # 99.99 x 0.91234567 = 91.2254…
        ("USD", Decimal("18.25")),  # 20.00 x 0.91234567 = 18.2469…
        ("USD", Decimal("91.23")),
        ("USD", Decimal("18.25")),
    ]
    assert lines_by_code(uow, tenant, posted) == [
        ("1100", "99.9900", "0.0000"),
        ("1100", "20.0000", "0.0000"),
        ("4000", "0.0000", "99.9900"),
        ("2100", "0.0000", "20.0000"),
    ]


def test_numbers_are_gapless_per_tenant(uow: UowFactory, tenant: uuid.UUID, engine: Engine) -> None:
    numbers = [issued(uow, tenant).number for _ in range(3)]
    assert numbers == ["INV-2026-000001", "INV-2026-000002", "INV-2026-000003"]
    assert issued(uow, new_tenant(engine)).number == "INV-2026-000001"
    # The year is the issue date's.
    old = issued(uow, tenant, draft(issue_date=(2025, 12, 31)))
    assert old.number == "INV-2025-000004"


def test_void_reverses_the_issue_entry(uow: UowFactory, tenant: uuid.UUID) -> None:
    invoice = issued(uow, tenant, draft(*MIXED))
    outcome = usecases.void_invoice(uow(), tenant, invoice.id, clock=clock)
    void = outcome.invoice
    assert (void.status, void.voided_at, void.amount_due) == (rules.VOID, NOW, Decimal(0))
    reversal = entry(uow, tenant, void.void_entry_id)
    assert reversal.reversal_of_id == invoice.issue_entry_id
    assert lines_by_code(uow, tenant, reversal) == [
        ("1100", "0.0000", "1364.9400"),
        ("4000", "1157.4100", "0.0000"),
        ("2100", "207.5300", "0.0000"),
    ]
    original = entry(uow, tenant, invoice.issue_entry_id)
    assert original.status == ledger_rules.REVERSED
    balance = ledger.get_trial_balance(uow(), tenant, (2099, 1, 1), clock=clock)
    assert balance.balanced
    assert all(row.debit == row.credit for row in balance.accounts)
    with pytest.raises(FailedPrecondition, match="only an issued invoice can be voided"):
        usecases.void_invoice(uow(), tenant, invoice.id, clock=clock)
    draft_only = usecases.create_invoice(uow(), tenant, draft(), clock=clock).invoice
    with pytest.raises(FailedPrecondition, match="only an issued invoice can be voided"):
        usecases.void_invoice(uow(), tenant, draft_only.id, clock=clock)


def test_a_post_dated_invoice_is_voided_on_its_issue_date(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    later = date(2026, 4, 1)
    invoice = issued(uow, tenant, draft(issue_date=(2026, 4, 1)))
    void = usecases.void_invoice(uow(), tenant, invoice.id, clock=clock).invoice
    assert entry(uow, tenant, void.void_entry_id).entry_date == later


def test_an_idempotent_create_answers_the_first_invoice(uow: UowFactory, tenant: uuid.UUID) -> None:
    first = usecases.create_invoice(uow(), tenant, draft(), idempotency_key="k-1", clock=clock)
    again = usecases.create_invoice(uow(), tenant, draft(), idempotency_key="k-1", clock=clock)
    assert first.created and not again.created
    assert again.invoice.id == first.invoice.id
    assert listed(uow, tenant) == [first.invoice.id]
    with pytest.raises(AlreadyExists, match="k-1 was used with a different request") as raised:
        usecases.create_invoice(
            uow(), tenant, draft(memo="other"), idempotency_key="k-1", clock=clock
        )
    assert raised.value.reason == "IDEMPOTENCY_KEY_REUSED"
    with pytest.raises(InvalidArgument, match="idempotency_key"):
        usecases.create_invoice(uow(), tenant, draft(), idempotency_key="has space", clock=clock)


def test_idempotent_issue_and_void(uow: UowFactory, tenant: uuid.UUID, engine: Engine) -> None:
    created = usecases.create_invoice(uow(), tenant, draft(), clock=clock).invoice
    first = usecases.issue_invoice(uow(), tenant, created.id, idempotency_key="i-1", clock=clock)
    again = usecases.issue_invoice(uow(), tenant, created.id, idempotency_key="i-1", clock=clock)
    assert first.created and not again.created
    assert again.invoice.number == first.invoice.number == "INV-2026-000001"
    # One key, one call: the key of an issue cannot void.
    with pytest.raises(AlreadyExists):
        usecases.void_invoice(uow(), tenant, created.id, idempotency_key="i-1", clock=clock)
    voided = usecases.void_invoice(uow(), tenant, created.id, idempotency_key="v-1", clock=clock)
    repeat = usecases.void_invoice(uow(), tenant, created.id, idempotency_key="v-1", clock=clock)
    assert voided.created and not repeat.created
    assert repeat.invoice.void_entry_id == voided.invoice.void_entry_id
    # A failed call leaves no key: after a 409 the key is free for another call.
    with pytest.raises(FailedPrecondition):
        usecases.issue_invoice(uow(), tenant, created.id, idempotency_key="i-2", clock=clock)
    fresh = usecases.create_invoice(uow(), tenant, draft(), clock=clock).invoice
    assert usecases.issue_invoice(
        uow(), tenant, fresh.id, idempotency_key="i-2", clock=clock
    ).created
    # Keys are per tenant.
    other = new_tenant(engine)
    elsewhere = usecases.create_invoice(uow(), other, draft(), idempotency_key="k-1", clock=clock)
    assert elsewhere.created


def test_a_deleted_draft_forgets_its_key(uow: UowFactory, tenant: uuid.UUID) -> None:
    first = usecases.create_invoice(uow(), tenant, draft(), idempotency_key="d-1", clock=clock)
    usecases.delete_invoice(uow(), tenant, first.invoice.id)
    again = usecases.create_invoice(uow(), tenant, draft(), idempotency_key="d-1", clock=clock)
    assert again.created and again.invoice.id != first.invoice.id


def test_another_tenants_invoice_is_not_found(
    uow: UowFactory, tenant: uuid.UUID, engine: Engine
) -> None:
    mine = usecases.create_invoice(uow(), tenant, draft(), clock=clock).invoice
    other = new_tenant(engine)
    for call in (
        lambda: usecases.get_invoice(uow(), other, mine.id),
        lambda: usecases.update_invoice(uow(), other, mine.id, InvoiceChanges(), clock=clock),
        lambda: usecases.delete_invoice(uow(), other, mine.id),
        lambda: usecases.issue_invoice(uow(), other, mine.id, clock=clock),
        lambda: usecases.void_invoice(uow(), other, mine.id, clock=clock),
    ):
        with pytest.raises(NotFound, match=f"invoice {mine.id} not found"):
            call()
    assert listed(uow, other) == []
    assert usecases.get_invoice(uow(), tenant, mine.id).status == rules.DRAFT


def test_memo_and_address_keep_line_breaks_and_refuse_control_characters(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    customer = CustomerInput(name="Acme", address=" Main St 1 \r\n 12345 Town ")
    sent = replace(draft(memo="Thanks\nfor your business"), customer=customer)
    invoice = usecases.create_invoice(uow(), tenant, sent, clock=clock).invoice
    assert invoice.content.memo == "Thanks\nfor your business"
    assert invoice.content.customer.address == "Main St 1\n12345 Town"
    with pytest.raises(InvalidArgument, match="memo: must not contain control characters"):
        usecases.update_invoice(
            uow(), tenant, invoice.id, InvoiceChanges(memo="ring\x07"), clock=clock
        )
