"""A tenant's books for the reports' tests: entries posted on several days, in two
currencies, from a module and by hand, one reversed, one left a draft."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.ledger.domain.entries import EntryDraft, LineDraft
from services.main.reports import usecases
from services.main.reports.domain.filters import GlQuery
from services.main.reports.domain.gl_detail import GlDetail
from tests.services.main.ledger.support import by_code
from tests.services.main.support import NOW
from tests.services.main.support import fixed_clock as clock

FORMULA_DESCRIPTION = '=HYPERLINK("http://evil.example","x")'
FORMULA_MEMO = '+1 sale; memo, with a comma and a "quote"'


@dataclass(frozen=True)
class Books:
    reversed_id: uuid.UUID
    draft_id: uuid.UUID


def _line(account: str, side: str, amount: str, **fields: str) -> LineDraft:
    return LineDraft(account, **{side: amount}, **fields)  # type: ignore[arg-type]


def post(
    uow: UowFactory, tenant: uuid.UUID, draft: EntryDraft, *, posted: bool = True, micros: int = 0
) -> uuid.UUID:
    """Record (and post) `draft` at NOW plus `micros` microseconds (the CSV writes
    posted_at's fraction as the JSON report does: none, 3 or 6 digits)."""
    at = NOW.replace(microsecond=micros)
    return ledger.record_entry(uow(), tenant, draft, post=posted, clock=lambda: at).entry.id


def seed(uow: UowFactory, tenant: uuid.UUID) -> Books:
    a = {code: str(account.id) for code, account in by_code(uow, tenant).items()}
    post(uow, tenant, EntryDraft(
        entry_date=(2026, 1, 10), memo="Capital",
        lines=[_line(a["1000"], "debit", "500", currency="EUR"),
               _line(a["3000"], "credit", "500", currency="EUR")],
    ), micros=120_000)  # fmt: skip
    post(uow, tenant, EntryDraft(
        entry_date=(2026, 2, 1), memo=FORMULA_MEMO, source_module="invoices",
        source_event_id="@inv-1:issue",
        lines=[_line(a["1100"], "debit", "119", currency="EUR", description=FORMULA_DESCRIPTION),
               _line(a["4000"], "credit", "100", currency="EUR", description="-net"),
               _line(a["2100"], "credit", "19", currency="EUR", description="tax")],
    ))  # fmt: skip
    post(uow, tenant, EntryDraft(
        entry_date=(2026, 2, 15), memo="Dollar sale",
        lines=[_line(a["1000"], "debit", "100.125", currency="USD", fx_rate="0.9"),
               _line(a["4000"], "credit", "90.11", currency="EUR")],
    ), micros=123_456)  # fmt: skip
    reversed_id = post(uow, tenant, EntryDraft(
        entry_date=(2026, 2, 20), memo="Mistake",
        lines=[_line(a["5000"], "debit", "30", currency="EUR"),
               _line(a["1000"], "credit", "30", currency="EUR")],
    ))  # fmt: skip
    ledger.reverse_entry(uow(), tenant, reversed_id, entry_date=(2026, 3, 5), clock=clock)
    draft_id = post(uow, tenant, EntryDraft(
        entry_date=(2026, 2, 1), memo="Draft",
        lines=[_line(a["1000"], "debit", "7", currency="EUR"),
               _line(a["4000"], "credit", "7", currency="EUR")],
    ), posted=False)  # fmt: skip
    return Books(reversed_id, draft_id)


def gl(
    uow: UowFactory, tenant: uuid.UUID, *, limit: int | None = 100, offset: int = 0, **query: Any
) -> GlDetail:
    return usecases.get_gl_detail(
        uow(),
        tenant,
        GlQuery(**query),
        limit=limit,
        offset=offset,
        clock=clock,
    )
