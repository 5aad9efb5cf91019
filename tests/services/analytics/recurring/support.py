"""The generated 3-year history (tools/bench/history_gen.py) stored for a user as an
import stores it — one document, the bulk writer, the roll-ups' invalidation — with its
category keys mapped to the user's default categories. Shared by the recurring and the
forecasts tests."""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime, time
from functools import cache

from services.analytics.categories.usecases import ensure_default_categories
from services.analytics.documents.domain import StagedTransaction, StoredFile
from tests.services.analytics.categories.support import clock
from tests.services.analytics.conftest import UowFactory
from tools.bench.history_gen import GeneratedTransaction, History, generate_history

CREATED = datetime(2026, 11, 1, tzinfo=UTC)


@cache
def history() -> History:
    """The default seed's history: 2023-11-01 .. 2026-10-31, ~2,600 rows."""
    return generate_history(seed=7)


def default_categories(uow: UowFactory, user: uuid.UUID) -> dict[str, uuid.UUID]:
    """The user's default categories (created if missing) by their key."""
    ensure_default_categories(uow(), user, clock)
    with uow() as unit:
        return {
            c.default_key: c.id
            for c in unit.repos.categories.all_of(user)
            if c.default_key is not None
        }


def load(
    uow: UowFactory,
    user: uuid.UUID,
    transactions: Iterable[GeneratedTransaction],
    *,
    merchants: bool = True,
) -> int:
    """Store `transactions` for `user` in one unit of work; returns how many. With
    `merchants` False the rows carry no merchant name (as when the import recognised
    none), only the bank's description."""
    keys = default_categories(uow, user)
    rows = list(transactions)
    if not rows:
        return 0
    staged = (
        StagedTransaction(
            row_number=n,
            booked_at=datetime.combine(t.booked_on, time(12), UTC),
            amount=t.amount,
            currency=t.currency,
            description=t.description,
            merchant_name=t.merchant if merchants else None,
            category_id=keys[t.category],
            method="rule",
            confidence=1.0,
            bank_reference=None,
            base_key=f"generated:{n}:{uuid.uuid4().hex[:16]}",
            by_reference=True,
        )
        for n, t in enumerate(rows, start=1)
    )
    stored = StoredFile("history.csv", "text/csv", 1, "0" * 64, "csv")
    with uow() as unit:
        document = unit.repos.documents.add(
            user, "personal_banking", stored, io.BytesIO(b"Date"), CREATED
        )
        tally = unit.repos.bulk.replace_document(user, document.id, staged, CREATED)
        unit.repos.rollups.invalidate(
            user, min(t.booked_on for t in rows), max(t.booked_on for t in rows)
        )
    return tally.inserted


# The day after the history's end: October 2026 is its last complete month.
NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)
