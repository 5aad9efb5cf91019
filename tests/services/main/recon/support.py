"""What reconciliation's tests share: a month of postings on the cash account and the
bank statement of that month (four lines the ledger has, one it lacks; one posting the
bank lacks), uploaded through the use case."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases as ledger
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import EntryDraft, LineDraft
from services.main.recon import usecases
from services.main.recon.domain.statements import Statement
from tests.services.main.ledger.support import by_code
from tests.services.main.support import fixed_clock

# (date, signed amount on cash, other account, memo): the ledger's side of March.
POSTINGS = (
    ("2026-02-28", "1000.00", "3000", "Opening balance"),
    ("2026-03-02", "250.00", "4000", "Invoice INV-2026-000001 ACME"),
    ("2026-03-05", "-80.00", "5000", "Office supplies Staples"),
    ("2026-03-10", "1200.00", "4000", "Invoice INV-2026-000002 Globex"),
    ("2026-03-12", "-45.50", "5000", "Taxi to the airport"),
    ("2026-03-20", "250.00", "4000", "Invoice INV-2026-000003 Initech"),
)
# The bank's side: the first four postings of March (two booked a day or two later), the
# last one, and a fee the ledger lacks.
STATEMENT_CSV = """Date,Amount,Description
2026-03-02,250.00,ACME CORP INV-2026-000001
2026-03-07,-80.00,STAPLES OFFICE SUPPLIES
2026-03-11,1200.00,GLOBEX PAYMENT INV-2026-000002
2026-03-21,250.00,INITECH INV 000003
2026-03-31,-12.00,BANK FEE MARCH
"""
OPENING = "1000.00"


@dataclass(frozen=True)
class Month:
    accounts: dict[str, Account]
    # Entry ids by memo.
    entries: dict[str, uuid.UUID]


def post_month(uow: UowFactory, tenant: uuid.UUID) -> Month:
    accounts = by_code(uow, tenant)
    cash = str(accounts["1000"].id)
    entries: dict[str, uuid.UUID] = {}
    for day, amount, other, memo in POSTINGS:
        money_in = not amount.startswith("-")
        value = amount.lstrip("-")
        cash_line = LineDraft(cash, currency="EUR", **{"debit" if money_in else "credit": value})
        other_line = LineDraft(
            str(accounts[other].id), currency="EUR", **{"credit" if money_in else "debit": value}
        )
        year, month, date = (int(p) for p in day.split("-"))
        draft = EntryDraft(entry_date=(year, month, date), memo=memo, lines=[cash_line, other_line])
        entry = ledger.record_entry(uow(), tenant, draft, post=True, clock=fixed_clock).entry
        entries[memo] = entry.id
    return Month(accounts, entries)


def upload(
    uow: UowFactory,
    tenant: uuid.UUID,
    folder: Path,
    account: Account,
    content: str | bytes = STATEMENT_CSV,
    *,
    opening: str = OPENING,
    closing: str = "",
    name: str = "march.csv",
) -> Statement:
    path = folder / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    received = usecases.ReceivedStatement(
        account_id=account.id,
        file_name=name,
        path=path,
        opening_balance=opening,
        closing_balance=closing,
    )
    return usecases.upload_statement(uow(), tenant, received, clock=fixed_clock)
