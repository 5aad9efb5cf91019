from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from sqlalchemy import Column, Engine, Integer, Table, insert, select
from sqlalchemy.exc import StatementError

from db.types import GUID, Money, StringList, UTCDateTime, make_metadata

metadata = make_metadata()
things = Table(
    "things",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("at", UTCDateTime()),
    Column("amount", Money()),
    Column("ref", GUID),
    Column("tags", StringList()),
)


@pytest.fixture
def db(engine: Engine) -> Iterator[Engine]:
    metadata.create_all(engine)
    yield engine


def _roundtrip(engine: Engine, **values: object) -> dict[str, object]:
    with engine.begin() as conn:
        conn.execute(insert(things).values(id=1, **values))
        row = conn.execute(select(things)).mappings().one()
    return dict(row)


def test_datetimes_come_back_aware_utc(db: Engine) -> None:
    moment = datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=timezone(timedelta(hours=2)))
    row = _roundtrip(db, at=moment)
    assert row["at"] == moment
    assert row["at"].tzinfo is UTC  # type: ignore[attr-defined]
    assert row["at"].hour == 10  # type: ignore[attr-defined]


def test_naive_datetimes_are_refused(db: Engine) -> None:
    with pytest.raises(StatementError, match="naive datetime"):
        _roundtrip(db, at=datetime(2026, 3, 1, 12, 0))


@pytest.mark.parametrize(
    ("stored", "read"),
    [
        (Decimal("0.01"), "0.01"),
        (Decimal("12.5"), "12.50"),
        (Decimal("999999999999.99"), "999999999999.99"),
        (Decimal("123456789.07"), "123456789.07"),
        (Decimal("100"), "100.00"),
    ],
)
def test_money_round_trips_exactly_as_decimal(db: Engine, stored: Decimal, read: str) -> None:
    amount = _roundtrip(db, amount=stored)["amount"]
    assert isinstance(amount, Decimal)
    assert str(amount) == read


def test_money_refuses_floats(db: Engine) -> None:
    with pytest.raises(StatementError, match="must be a Decimal"):
        _roundtrip(db, amount=1.5)


def test_uuid_and_string_lists_round_trip(db: Engine) -> None:
    ref = uuid.uuid4()
    row = _roundtrip(db, ref=ref, tags=["admin", "ops"])
    assert row["ref"] == ref
    assert row["tags"] == ["admin", "ops"]
