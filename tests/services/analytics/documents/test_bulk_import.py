"""The bulk write of a document's transactions on each database: staged, fingerprinted
with the occurrence number of identical rows, deduplicated against the user's other
documents, replaced on re-import, all or nothing."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from db.scoping import across_owners
from db.session import make_sessionmaker
from services.analytics.base import metadata
from services.analytics.documents.domain import StagedTransaction, content_key, reference_key
from services.analytics.documents.tables import DocumentRow
from services.analytics.transactions.bulk import TransactionBulkWriter
from services.analytics.transactions.tables import TransactionRow

NOW = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def sessions(engine: Engine) -> Iterator[Session]:
    metadata.create_all(engine)
    make = make_sessionmaker(engine)
    yield make
    metadata.drop_all(engine)


def _document(sessions, user: uuid.UUID) -> uuid.UUID:  # type: ignore[no-untyped-def]
    document_id = uuid.uuid4()
    with sessions() as session, session.begin():
        session.add(
            DocumentRow(
                id=document_id,
                user_id=user,
                file_name="s.csv",
                content_type="text/csv",
                size_bytes=1,
                sha256="0" * 64,
                data_source="personal_banking",
                status="processing",
                format="csv",
                row_count=0,
                transaction_count=0,
                duplicate_count=0,
                uploaded_at=NOW,
                updated_at=NOW,
            )
        )
    return document_id


def _row(
    n: int, day: date, amount: str, text: str, reference: str | None = None
) -> StagedTransaction:
    value = Decimal(amount)
    return StagedTransaction(
        row_number=n,
        booked_at=datetime(day.year, day.month, day.day, tzinfo=UTC),
        amount=value,
        currency="EUR",
        description=text,
        merchant_name=None,
        category_id=None,
        method="none",
        confidence=0.0,
        bank_reference=reference,
        base_key=reference_key(reference)
        if reference
        else content_key(day.isoformat(), value, text),
        by_reference=reference is not None,
    )


def statement() -> list[StagedTransaction]:
    """A statement's rows (fresh ids each time, as every import makes)."""
    return [
        _row(2, date(2026, 3, 2), "-54.20", "REWE Markt"),
        _row(3, date(2026, 3, 5), "-9.99", "SPOTIFY"),
        _row(4, date(2026, 3, 5), "-9.99", "SPOTIFY"),  # a real second payment
        _row(5, date(2026, 3, 6), "-1.00", "Fee", reference="FIT-1"),
    ]


def _store(sessions, user, document_id, rows):  # type: ignore[no-untyped-def]
    with sessions() as session, session.begin():
        return TransactionBulkWriter(session).replace_document(user, document_id, iter(rows), NOW)


def _amounts(sessions, document_id) -> list[Decimal]:  # type: ignore[no-untyped-def]
    with sessions() as session:
        stmt = across_owners(
            select(TransactionRow.amount)
            .where(TransactionRow.document_id == document_id)
            .order_by(TransactionRow.row_number),
            "test inspection",
        )
        return list(session.scalars(stmt))


def test_twins_are_kept_and_a_second_copy_adds_nothing(sessions) -> None:  # type: ignore[no-untyped-def]
    user = uuid.uuid4()
    first = _document(sessions, user)
    tally = _store(sessions, user, first, statement())
    assert (tally.rows, tally.inserted, tally.duplicates) == (4, 4, 0)
    assert _amounts(sessions, first) == [
        Decimal("-54.2000"),
        Decimal("-9.9900"),
        Decimal("-9.9900"),
        Decimal("-1.0000"),
    ]
    again = _document(sessions, user)
    tally = _store(
        sessions,
        user,
        again,
        [
            _row(r.row_number, r.booked_at.date(), str(r.amount), r.description, r.bank_reference)
            for r in statement()
        ],
    )
    assert (tally.inserted, tally.duplicates) == (0, 4)


def test_an_overlapping_statement_adds_only_new_rows(sessions) -> None:  # type: ignore[no-untyped-def]
    user = uuid.uuid4()
    _store(sessions, user, _document(sessions, user), statement())
    later = _document(sessions, user)
    rows = [
        _row(2, date(2026, 3, 5), "-9.99", "spotify"),  # case and spacing do not matter
        _row(3, date(2026, 3, 5), "-9.990", "SPOTIFY "),
        _row(4, date(2026, 3, 5), "-9.99", "SPOTIFY"),  # a third one that day: new
        _row(5, date(2026, 3, 7), "-1.00", "Fee", reference="FIT-2"),
    ]
    tally = _store(sessions, user, later, rows)
    assert (tally.inserted, tally.duplicates) == (2, 2)


def test_duplicates_are_per_user(sessions) -> None:  # type: ignore[no-untyped-def]
    alice, bob = uuid.uuid4(), uuid.uuid4()
    _store(sessions, alice, _document(sessions, alice), statement())
    assert _store(sessions, bob, _document(sessions, bob), statement()).inserted == 4


def test_reimport_replaces_the_documents_rows(sessions) -> None:  # type: ignore[no-untyped-def]
    user = uuid.uuid4()
    document = _document(sessions, user)
    _store(sessions, user, document, statement())
    tally = _store(sessions, user, document, statement()[:2])
    assert tally.inserted == 2
    assert len(_amounts(sessions, document)) == 2


def test_a_failure_half_way_leaves_nothing(sessions) -> None:  # type: ignore[no-untyped-def]
    user = uuid.uuid4()
    document = _document(sessions, user)

    def rows() -> Iterator[StagedTransaction]:
        yield from statement()[:3]
        raise ValueError("row 5: bad amount")

    with pytest.raises(ValueError):
        _store(sessions, user, document, rows())
    assert _amounts(sessions, document) == []
    with sessions() as session:
        count = session.scalar(
            across_owners(select(func.count()).select_from(TransactionRow), "test")
        )
    assert count == 0
