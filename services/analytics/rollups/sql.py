"""The SQL the roll-ups need that PostgreSQL and SQLite spell differently, and the
conditions their statements share."""

from __future__ import annotations

import uuid
from collections.abc import Collection
from datetime import date
from typing import Any, Literal

from sqlalchemy import TIMESTAMP, ColumnElement, Date, cast, false, func, literal_column, or_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.expression import type_coerce

Bucket = Literal["week", "month"]


def day_of(dialect: str, moment: Any) -> Any:
    """The UTC date of a timestamp column. Constants are literal SQL, not bind
    parameters: PostgreSQL matches a GROUP BY expression to the SELECT list's only when
    they are textually equal, and two parameters never are."""
    if dialect == "postgresql":
        return cast(func.timezone(literal_column("'UTC'"), moment), Date)
    return func.date(moment)  # SQLite stores naive UTC text


def bucket_of(dialect: str, day: Any, bucket: Bucket) -> Any:
    """The first day of the calendar month, or the Monday of the ISO week, of a date
    column."""
    if dialect == "postgresql":
        unit: Any = literal_column(f"'{bucket}'")
        return cast(func.date_trunc(unit, cast(day, TIMESTAMP())), Date)
    if bucket == "month":
        return type_coerce(func.date(day, literal_column("'start of month'")), Date)
    # 'weekday 0' moves to the next Sunday unless it is one: six days before is Monday.
    return type_coerce(
        func.date(day, literal_column("'weekday 0'"), literal_column("'-6 days'")), Date
    )


def upsert(dialect: str, table: Any) -> postgresql.Insert | sqlite.Insert:
    """INSERT … ON CONFLICT, which SQLAlchemy spells per dialect (both engines have it)."""
    if dialect == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def within(column: Any, first: date | None, last: date | None) -> list[ColumnElement[bool]]:
    """first <= column <= last, each bound only when given."""
    bounds = []
    if first is not None:
        bounds.append(column >= first)
    if last is not None:
        bounds.append(column <= last)
    return bounds


def category_filter(
    column: Any, category_ids: Collection[uuid.UUID | None] | None
) -> list[ColumnElement[bool]]:
    """category_id among `category_ids` (None inside it: uncategorized); no condition
    for None; an empty collection matches nothing."""
    if category_ids is None:
        return []
    known = [c for c in category_ids if c is not None]
    conditions: list[ColumnElement[bool]] = []
    if known:
        conditions.append(column.in_(known))
    if None in category_ids:
        conditions.append(column.is_(None))
    return [or_(*conditions)] if conditions else [false()]
