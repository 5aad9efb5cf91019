"""Column types that behave the same on SQLite and PostgreSQL.

Code above the repositories sees aware UTC datetimes, `uuid.UUID` and `Decimal`
whatever the engine; these types absorb the engines' differences.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, DateTime, Dialect, MetaData, Numeric, Uuid, type_coerce
from sqlalchemy.types import TypeDecorator, TypeEngine

# Deterministic constraint names: Alembic can only drop or alter what it can name, and
# SQLite batch migrations need names to recreate tables.
NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def make_metadata() -> MetaData:
    """A backend's MetaData with the shared naming convention."""
    return MetaData(naming_convention=NAMING_CONVENTION)


# Native `uuid` on PostgreSQL, CHAR(32) hex elsewhere; always `uuid.UUID` in Python.
GUID: TypeEngine[uuid.UUID] = Uuid(as_uuid=True)

MONEY_PRECISION = 18
MONEY_SCALE = 2
_CENT = Decimal(1).scaleb(-MONEY_SCALE)


class UTCDateTime(TypeDecorator[datetime]):
    """`timestamptz` on PostgreSQL; on SQLite, which has no time zones, naive UTC text.

    Binding a naive datetime is a bug (whose local time?), so it is refused; results are
    always aware UTC, so comparisons and serialisation never depend on the engine.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("naive datetime bound to a UTC column; pass an aware datetime")
        value = value.astimezone(UTC)
        # SQLite compares these as text: store them without an offset, all in UTC.
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        # UTC already (psycopg on a server whose TimeZone is UTC) is by far the common
        # case, and this runs for every value read: converting it anyway cost a
        # portfolio read of 10,000 phases ~10 % of its time.
        if value is None or value.tzinfo is UTC:
            return value
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Money(TypeDecorator[Decimal]):
    """NUMERIC(18, 2): exact on PostgreSQL, returned as `Decimal` quantized to cents.

    SQLite has no decimal type: NUMERIC columns keep values as IEEE doubles. A double
    holds 15 significant digits exactly, more than the domain's maximum amount needs
    (< 10^12 with 2 places = 14 digits), so binding the decimal's text and reading the
    double back through its shortest repr round-trips every valid amount exactly. Doing
    that here (instead of SQLAlchemy's generic float path) keeps it exact and quiet.
    """

    impl = Numeric(MONEY_PRECISION, MONEY_SCALE, asdecimal=True)
    quantum = _CENT
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if not isinstance(value, Decimal):
            raise TypeError(f"money must be a Decimal, not {type(value).__name__}")
        return str(value) if dialect.name == "sqlite" else value

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            impl: Numeric[Decimal] = self.impl  # type: ignore[assignment]
            loose = Numeric(impl.precision, impl.scale, asdecimal=False)
            return dialect.type_descriptor(loose)
        return dialect.type_descriptor(self.impl)

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        if value is None:
            return None
        amount = value if isinstance(value, Decimal) else Decimal(repr(value))
        return amount.quantize(self.quantum)


class Amount(Money):
    """NUMERIC(18, 4): a transaction amount as banks write it (three-decimal currencies
    such as KWD or BHD included). On SQLite the same double round-trip as `Money` holds
    for every amount below 10^11, the bound the API enforces."""

    impl = Numeric(18, 4, asdecimal=True)
    quantum = Decimal("0.0001")
    cache_ok = True


class Percent(Money):
    """NUMERIC(5, 2): a percent, 0.00-100.00 (an allocation, a progress, a completion),
    with `Money`'s exact round-trip on SQLite."""

    impl = Numeric(5, 2, asdecimal=True)
    cache_ok = True


class StringList(TypeDecorator[list[str]]):
    """A small list of strings (e.g. roles) stored as JSON on every engine."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value: list[str] | None, dialect: Dialect) -> Any:
        return None if value is None else [str(v) for v in value]

    def process_result_value(self, value: Any, dialect: Dialect) -> list[str] | None:
        return None if value is None else [str(v) for v in value]


def as_stored(column: Any) -> Any:
    """A table column of `Money` (and `Amount`, `Percent`) or `UTCDateTime` read on
    PostgreSQL without the type's per-value Python step, for reads of tens of thousands
    of values (a tenant's portfolio reads every phase).

    Only for PostgreSQL and only for table columns: psycopg already returns what the
    step would — a `Decimal` of the column's declared scale (what `quantize` makes of it)
    and an aware datetime in UTC (the sessions' time zone, db.engine). A computed
    expression may have another scale, and SQLite returns doubles and naive text."""
    kind = column.type
    if isinstance(kind, (Money, UTCDateTime)):
        return type_coerce(column, kind.impl_instance).label(column.key)
    return column
