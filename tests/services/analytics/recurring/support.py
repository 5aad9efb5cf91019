"""The generated 3-year history (tools/bench/history_gen.py) stored for a user as an
import stores it — one document, the bulk writer, the roll-ups' invalidation — with its
category keys mapped to the user's default categories. Shared by the recurring and the
forecasts tests; and one pattern built in memory (`a_pattern`)."""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterable
from dataclasses import replace
from datetime import UTC, date, datetime, time
from decimal import Decimal
from functools import cache

from services.analytics.categories.usecases import ensure_default_categories
from services.analytics.documents.domain import StagedTransaction, StoredFile
from services.analytics.recurring.domain import StoredPattern
from tests.services.analytics.categories.support import clock
from tests.services.analytics.conftest import UowFactory
from tools.bench.history_gen import GeneratedTransaction, History, generate_history

CREATED = datetime(2026, 11, 1, tzinfo=UTC)


def a_pattern(**changes: object) -> StoredPattern:
    """A confident, active monthly debit (Netflix on the 8th), with `changes`."""
    pattern = StoredPattern(
        id=uuid.uuid4(),
        merchant_key="netflix",
        merchant_name="Netflix",
        category_id=None,
        currency="EUR",
        direction="debit",
        cadence="monthly",
        rrule="FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=8",
        next_expected=date(2026, 11, 8),
        window_days=3,
        typical_amount=Decimal("-11.99"),
        min_amount=Decimal("-11.99"),
        max_amount=Decimal("-9.99"),
        variation=0.0,
        occurrences=36,
        first_seen=date(2023, 11, 8),
        last_seen=date(2026, 10, 8),
        active=True,
        price_changed_on=None,
        confidence=0.95,
        gap_regularity=1.0,
        amount_stability=1.0,
        count_score=1.0,
        recency=1.0,
        transaction_ids=(),
        detected_at=datetime(2026, 11, 1, tzinfo=UTC),
    )
    return replace(pattern, **changes)  # type: ignore[arg-type]


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
