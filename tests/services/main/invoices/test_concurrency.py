"""Invoices and payments under concurrent calls on PostgreSQL (what a thread-pool server
does): issue numbers stay gapless and unique, one draft is issued once, an idempotency
key creates one invoice however many calls carry it at once, and concurrent payments
never settle more than the total.

Each test starts its threads together on a barrier, each with its own unit of work (its
own connection and transaction), so the database, not the test, settles every race."""

from __future__ import annotations

import uuid
from decimal import Decimal

from services.main.invoices import usecases
from services.main.invoices.domain import invoices as rules
from services.main.invoices.domain.fields import InvoiceChanges, LineInput
from services.main.kernel.dependencies import UowFactory
from services.main.payments import usecases as payments
from services.main.payments.domain.payments import PaymentDraft
from services.runtime.errors import FailedPrecondition, Unprocessable
from tests.services.main.invoices.support import draft, issued
from tests.services.main.support import fixed_clock as clock
from tests.support import races
from tests.support.races import THREADS, together

# A line of total 0: an invoice of only this line cannot be issued.
FREE = LineInput("Gift", "1", "0", "0")


# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def test_parallel_issues_get_gapless_unique_numbers(uow: UowFactory, tenant: uuid.UUID) -> None:
    drafts = [
        usecases.create_invoice(uow(), tenant, draft(), clock=clock).invoice.id
        for _ in range(THREADS * 2)
    ]
    # Every other draft totals 0: its issue is refused (422) amid the others.
    empty = {i for i in range(len(drafts)) if i % 2}
    for i in empty:
        usecases.update_invoice(uow(), tenant, drafts[i], InvoiceChanges(lines=[FREE]), clock=clock)

    def issue_pair(index: int) -> list[str]:
        numbers = []
        for i in (index * 2, index * 2 + 1):
            try:
                outcome = usecases.issue_invoice(uow(), tenant, drafts[i], clock=clock)
                assert outcome.invoice.number is not None
                numbers.append(outcome.invoice.number)
            except Unprocessable:
                assert i in empty
        return numbers

    outcomes = together(issue_pair)
    numbers = sorted(n for result in outcomes if isinstance(result, list) for n in result)
    assert numbers == [f"INV-2026-{n:06d}" for n in range(1, THREADS + 1)]


def test_one_draft_is_issued_once(uow: UowFactory, tenant: uuid.UUID) -> None:
    invoice_id = usecases.create_invoice(uow(), tenant, draft(), clock=clock).invoice.id
    outcomes = together(lambda _: usecases.issue_invoice(uow(), tenant, invoice_id, clock=clock))
    issued_ = [o for o in outcomes if not isinstance(o, Exception)]
    assert len(issued_) == 1
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if isinstance(o, Exception))
    assert issued_[0].invoice.number == "INV-2026-000001"


def test_concurrent_calls_with_one_key_create_one_invoice(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    outcomes = together(
        lambda _: usecases.create_invoice(
            uow(), tenant, draft(), idempotency_key="saga-1", clock=clock
        )
    )
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    results = [o for o in outcomes if not isinstance(o, Exception)]
    assert len({o.invoice.id for o in results}) == 1
    assert sum(o.created for o in results) == 1


def test_concurrent_payments_never_exceed_the_total(uow: UowFactory, tenant: uuid.UUID) -> None:
    invoice = issued(uow, tenant, draft(LineInput("Work", "1", "100", "0")))
    outcomes = together(
        lambda _: payments.record_payment(
            uow(), tenant, PaymentDraft(str(invoice.id), "30", "EUR"), clock=clock
        )
    )
    recorded = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(recorded) == 3
    assert all(isinstance(o, Unprocessable) for o in refused), refused
    after = usecases.get_invoice(uow(), tenant, invoice.id)
    assert (after.status, after.amount_paid) == (rules.ISSUED, Decimal("90.00"))
