from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from sqlalchemy import Column, Engine, Integer, Table, insert, select
from sqlalchemy.exc import StatementError

from db.queries import one_of
from db.types import GUID, Amount, Money, Percent, StringList, UTCDateTime, as_stored, make_metadata

metadata = make_metadata()
things = Table(
    "things",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("at", UTCDateTime()),
    Column("amount", Money()),
    Column("ref", GUID),
    Column("tags", StringList()),
    Column("quantity", Amount()),
    Column("share", Percent()),
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


def test_as_stored_reads_what_the_types_make_of_the_values(db: Engine) -> None:
    """On PostgreSQL psycopg returns what the types' per-value step would (the step is
    skipped for big reads); elsewhere as_stored changes nothing that matters either."""
    moment = datetime(2026, 3, 1, 12, 30, 15, 120000, tzinfo=timezone(timedelta(hours=2)))
    values = {
        "at": moment,
        "amount": Decimal("12.5"),
        "quantity": Decimal("0.125"),
        "share": Decimal("7"),
    }
    with db.begin() as conn:
        conn.execute(insert(things).values(id=1, **values))
        typed = conn.execute(select(*(things.c[name] for name in values))).one()
        columns = [things.c[name] for name in values]
        if db.dialect.name == "postgresql":
            columns = [as_stored(column) for column in columns]
        stored = conn.execute(select(*columns)).one()
    expected = (moment, Decimal("12.50"), Decimal("0.1250"), Decimal("7.00"))
    assert tuple(stored) == tuple(typed) == expected
    assert [str(v) for v in stored[1:]] == ["12.50", "0.1250", "7.00"]
    assert stored[0].tzinfo is UTC
    assert as_stored(things.c.ref) is things.c.ref


@pytest.mark.parametrize("count", [0, 1, 1000])
def test_one_of_selects_the_listed_rows_with_one_parameter_on_postgresql(
    db: Engine, count: int
) -> None:
    refs = [uuid.uuid4() for _ in range(1200)]
    with db.begin() as conn:
        conn.execute(insert(things), [{"id": i, "ref": ref} for i, ref in enumerate(refs)])
        wanted = refs[:count]
        statement = select(things.c.ref).where(one_of(things.c.ref, wanted, db.dialect.name))
        found = conn.execute(statement).scalars().all()
        compiled = str(statement.compile(db))
    assert sorted(found) == sorted(wanted)
    if db.dialect.name == "postgresql":
        assert "ANY" in compiled and compiled.count("%(") == 1
