"""Storing a whole document's transactions at once: staged, then deduplicated in one SQL
statement.

Rows stream into a temporary staging table (PostgreSQL: COPY; SQLite: batched inserts
into its separate temp database, so the main database's write lock is taken only for the
final statement), then one INSERT … SELECT moves them into `transactions`:

- the fingerprint of a row without a bank id gets its occurrence number among identical
  rows of the document (`ROW_NUMBER() OVER (PARTITION BY base_key ORDER BY row_number)`),
  so twins in one statement are both kept while an overlapping statement's copies of
  them collide;
- `ON CONFLICT (user_id, dedupe_key) DO NOTHING` skips what the user already has from
  any document, and the statement's row count is what was new.

Everything happens in the caller's transaction: a parse error half-way leaves nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from datetime import datetime
from itertools import islice
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    MetaData,
    String,
    Table,
    bindparam,
    text,
)
from sqlalchemy.orm import Session

from db.scoping import delete_owned
from db.types import GUID, Amount, UTCDateTime
from services.analytics.documents.domain import ImportTally, StagedTransaction
from services.analytics.transactions.tables import TransactionRow

# Not part of the backend's metadata: a per-transaction scratch table, never migrated.
_scratch = MetaData()
STAGING = Table(
    "import_staging",
    _scratch,
    Column("row_number", BigInteger),
    Column("booked_at", UTCDateTime),
    Column("amount", Amount),
    Column("currency", String(3)),
    Column("description", String(1000)),
    Column("merchant_name", String(200)),
    Column("category_id", GUID),
    Column("method", String(16)),
    Column("confidence", Float),
    Column("bank_reference", String(100)),
    Column("base_key", String(64)),
    Column("by_reference", Boolean),
    prefixes=["TEMPORARY"],
)
_COLUMNS = tuple(c.name for c in STAGING.columns)
_BATCH = 5000

# Ids are made by the database while the rows move: one uuid4 per row in Python was a
# tenth of an import's time. SQLite stores a GUID as 32 hex digits.
_NEW_ID = {"postgresql": "gen_random_uuid()", "sqlite": "lower(hex(randomblob(16)))"}
_MOVE = """
    INSERT INTO transactions (
        id, user_id, document_id, row_number, booked_at, amount, currency, description,
        merchant_name, category_id, categorization_method, categorization_confidence,
        bank_reference, dedupe_key, created_at
    )
    SELECT
        {new_id}, :user_id, :document_id, row_number, booked_at, amount, currency, description,
        merchant_name, category_id, method, confidence, bank_reference,
        CASE WHEN by_reference THEN base_key
             ELSE base_key || ':' || CAST(
                 ROW_NUMBER() OVER (PARTITION BY base_key ORDER BY row_number) - 1
                 AS VARCHAR(20))
        END,
        :created_at
    FROM import_staging
    WHERE true
    ON CONFLICT (user_id, dedupe_key) DO NOTHING
"""
_MOVES = {
    dialect: text(_MOVE.format(new_id=new_id)).bindparams(
        bindparam("user_id", type_=GUID),
        bindparam("document_id", type_=GUID),
        bindparam("created_at", type_=UTCDateTime),
    )
    for dialect, new_id in _NEW_ID.items()
}


def _values(row: StagedTransaction) -> tuple[Any, ...]:
    return (
        row.row_number,
        row.booked_at,
        row.amount,
        row.currency,
        row.description,
        row.merchant_name,
        row.category_id,
        row.method,
        row.confidence,
        row.bank_reference,
        row.base_key,
        row.by_reference,
    )


class TransactionBulkWriter:
    def __init__(self, session: Session) -> None:
        self._session = session

    def replace_document(
        self,
        user_id: uuid.UUID,
        document_id: uuid.UUID,
        rows: Iterable[StagedTransaction],
        now: datetime,
    ) -> ImportTally:
        """The document's transactions become `rows`, minus those the user already has
        from other documents. Consumes `rows` lazily (bounded memory)."""
        connection = self._session.connection()
        STAGING.drop(connection, checkfirst=True)
        STAGING.create(connection)
        load = self._copy if connection.dialect.name == "postgresql" else self._insert
        staged = load(rows)
        self.delete_document(user_id, document_id)
        moved = self._session.execute(
            _MOVES[connection.dialect.name],
            {"user_id": user_id, "document_id": document_id, "created_at": now},
        )
        inserted = int(moved.rowcount)  # type: ignore[attr-defined]
        # On failure the caller's rollback undoes the CREATE as well (both engines have
        # transactional DDL), so the table is dropped here only on success.
        STAGING.drop(connection)
        return ImportTally(rows=staged, inserted=inserted)

    def delete_document(self, user_id: uuid.UUID, document_id: uuid.UUID) -> None:
        """Every transaction stored from the document."""
        self._session.execute(
            delete_owned(TransactionRow, user_id, TransactionRow.document_id == document_id)
        )

    def _copy(self, rows: Iterable[StagedTransaction]) -> int:
        raw: Any = self._session.connection().connection.dbapi_connection
        count = 0
        with (
            raw.cursor() as cursor,
            cursor.copy(f"COPY import_staging ({', '.join(_COLUMNS)}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(_values(row))
                count += 1
        return count

    def _insert(self, rows: Iterable[StagedTransaction]) -> int:
        count = 0
        iterator: Iterator[StagedTransaction] = iter(rows)
        insert = STAGING.insert()
        while batch := list(islice(iterator, _BATCH)):
            self._session.execute(
                insert, [dict(zip(_COLUMNS, _values(r), strict=True)) for r in batch]
            )
            count += len(batch)
        return count
