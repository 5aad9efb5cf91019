"""Per-user roll-ups of transactions and the marker saying which of them are stale.

Insights read these instead of the transactions: a day's spending per category, and
per merchant by day and by month, so a summary over a year reads a few thousand rows
whatever the number of transactions behind them. Transaction writes only mark the
affected days stale (`derived_state`); the roll-ups are recomputed from SQL before the
next read (rollups/repository.py).
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import BigInteger, Date, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.analytics.base import Base

# A surrogate key that is SQLite's rowid alias there (BIGINT is not) and a BIGSERIAL on
# PostgreSQL: roll-up rows are only ever rewritten by range, never addressed one by one.
RowId = BigInteger().with_variant(Integer(), "sqlite")


class DerivedStateRow(Base, OwnedBy):
    """How fresh a user's derived data is.

    `version` grows with every change to the user's transactions; what is computed from
    them (recurring patterns, forecasts, suggestions) records the version it saw and is
    recomputed when it is behind. `dirty_from`..`dirty_to` are the days whose roll-ups
    must be recomputed (null: none; a new row marks every day, so transactions stored
    before it are rolled up too).
    """

    __tablename__ = "derived_state"
    __owner__ = "user_id"

    user_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    version: Mapped[int] = mapped_column(BigInteger, default=0)
    dirty_from: Mapped[date | None] = mapped_column(Date)
    dirty_to: Mapped[date | None] = mapped_column(Date)
    # The version the stored recurring patterns were detected at (-1: never).
    recurring_version: Mapped[int] = mapped_column(BigInteger, default=-1)
    # The currency most of the user's transactions are in, as of the last refresh of the
    # roll-ups (null: none, or stale while dirty_from is set): every insight without a
    # currency needs it, and counting it from the roll-ups costs a scan of all of them.
    main_currency: Mapped[str | None] = mapped_column(String(3))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class CategoryDayRow(Base, OwnedBy):
    """One day's money in and out of one category (the transaction's own category;
    parents are summed at read time from the category tree)."""

    __tablename__ = "rollup_category_days"
    __owner__ = "user_id"
    # Day before currency: reads take a range of days in one currency (checked inside
    # the index; most users have one), while a refresh deletes a range of days in every
    # currency, which with currency second would walk all of the user's entries. The
    # same holds for the other two roll-ups.
    __table_args__ = (
        Index("ix_rollup_category_days_user_day_currency", "user_id", "day", "currency"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    currency: Mapped[str] = mapped_column(String(3))
    day: Mapped[date] = mapped_column(Date)
    # No foreign key: a category's deletion uncategorizes its transactions, which marks
    # their days stale; the roll-up follows at the next read.
    category_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    income: Mapped[Decimal] = mapped_column(Amount)
    expenses: Mapped[Decimal] = mapped_column(Amount)
    income_count: Mapped[int] = mapped_column(Integer)
    expense_count: Mapped[int] = mapped_column(Integer)


class MerchantDayRow(Base, OwnedBy):
    """One day's money in and out at one merchant (top merchants of any period)."""

    __tablename__ = "rollup_merchant_days"
    __owner__ = "user_id"
    __table_args__ = (
        Index("ix_rollup_merchant_days_user_day_currency", "user_id", "day", "currency"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    currency: Mapped[str] = mapped_column(String(3))
    day: Mapped[date] = mapped_column(Date)
    # lower(merchant_name): merchants are matched case-insensitively.
    merchant_key: Mapped[str] = mapped_column(String(200))
    merchant_name: Mapped[str] = mapped_column(String(200))
    income: Mapped[Decimal] = mapped_column(Amount)
    expenses: Mapped[Decimal] = mapped_column(Amount)
    income_count: Mapped[int] = mapped_column(Integer)
    expense_count: Mapped[int] = mapped_column(Integer)


class MerchantMonthRow(Base, OwnedBy):
    """One calendar month's money in and out at one merchant (merchant trends and
    forecasts over the whole history)."""

    __tablename__ = "rollup_merchant_months"
    __owner__ = "user_id"
    __table_args__ = (
        Index("ix_rollup_merchant_months_user_month_currency", "user_id", "month", "currency"),
        # One merchant's months (merchant forecasts and names, the merchants trends test).
        Index("ix_rollup_merchant_months_user_currency_key", "user_id", "currency", "merchant_key"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True, autoincrement=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    currency: Mapped[str] = mapped_column(String(3))
    # The month's first day.
    month: Mapped[date] = mapped_column(Date)
    merchant_key: Mapped[str] = mapped_column(String(200))
    merchant_name: Mapped[str] = mapped_column(String(200))
    income: Mapped[Decimal] = mapped_column(Amount)
    expenses: Mapped[Decimal] = mapped_column(Amount)
    income_count: Mapped[int] = mapped_column(Integer)
    expense_count: Mapped[int] = mapped_column(Integer)
