"""From parsed statement rows to transactions ready to store (pure).

Rows stream through in batches: each batch gets merchant names (normalized from the
bank's text) and categories (the user's learned rules, then their classifier) in one
call each, then a fingerprint. Nothing here holds more than a batch.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, time
from itertools import islice

from services.analytics.documents.domain import (
    DEFAULT_CURRENCY,
    StagedTransaction,
    content_key,
    reference_key,
)
from services.analytics.learning.categorizer import Categorizer
from services.analytics.learning.merchants import MerchantNormalizer
from services.statements import StatementRow

BATCH = 5000
_MIDNIGHT = time(0, tzinfo=UTC)


class Enricher:
    """Turns one document's rows into StagedTransactions for one user."""

    def __init__(self, merchants: MerchantNormalizer, categorizer: Categorizer) -> None:
        self._merchants = merchants
        self._categorizer = categorizer
        self.rows_seen = 0

    def stage(self, rows: Iterable[StatementRow]) -> Iterator[StagedTransaction]:
        iterator = iter(rows)
        while batch := list(islice(iterator, BATCH)):
            yield from self._stage_batch(batch)

    def _stage_batch(self, batch: list[StatementRow]) -> Iterator[StagedTransaction]:
        names = [self._merchants.name_for(r.description, r.payee) for r in batch]
        decided = self._categorizer.categorize(
            [(r.description, name) for r, name in zip(batch, names, strict=True)]
        )
        for row, name, category in zip(batch, names, decided, strict=True):
            self.rows_seen += 1
            reference = row.bank_reference[:100] if row.bank_reference else None
            yield StagedTransaction(
                row_number=row.row,
                booked_at=datetime.combine(row.booked_on, _MIDNIGHT),
                amount=row.amount,
                currency=row.currency or DEFAULT_CURRENCY,
                description=row.description[:1000],
                merchant_name=name[:200] if name else None,
                category_id=category.category_id,
                method=category.method,
                confidence=round(category.confidence, 4),
                bank_reference=reference,
                base_key=reference_key(reference)
                if reference
                else content_key(row.booked_on.isoformat(), row.amount, row.description),
                by_reference=reference is not None,
            )
