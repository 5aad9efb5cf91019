"""What the ledger's tests share: its accounts by code, a sale to post, and entries
listed with only the filters a test names."""

from __future__ import annotations

import uuid

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import Entry, EntryDraft, LineDraft
from services.runtime.paging import Page
from tests.services.main.support import fixed_clock


def by_code(uow: UowFactory, tenant: uuid.UUID) -> dict[str, Account]:
    page = usecases.list_accounts(
        uow(), tenant, type_=None, active=None, limit=100, offset=0, clock=fixed_clock
    )
    return {a.code: a for a in page.items}


def sale(accounts: dict[str, Account], amount: str = "100.00", **fields: str) -> EntryDraft:
    """Dr receivable / Cr revenue of `amount` euros."""
    return EntryDraft(
        entry_date=(2026, 3, 1),
        memo="Sale",
        lines=[
            LineDraft(str(accounts["1100"].id), debit=amount, currency="EUR"),
            LineDraft(str(accounts["4000"].id), credit=amount, currency="EUR"),
        ],
        **fields,
    )


def entries(uow: UowFactory, tenant: uuid.UUID, **filters: object) -> Page[Entry]:
    """The tenant's entries narrowed by `filters` (the others unset, the default page)."""
    values: dict[str, object] = {
        "status": None,
        "account_id": None,
        "from_date": None,
        "to_date": None,
        "source_module": None,
        "limit": None,
        "offset": 0,
    } | filters
    return usecases.list_entries(uow(), tenant, **values)  # type: ignore[arg-type]
