"""The ledger's tables (migration main_0003): a tenant's books, its accounts, journal
entries and their lines. Every row belongs to a tenant (`OwnedBy`, the token's `tid`),
lines included, so every statement is scoped without a join."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Money, UTCDateTime
from services.main.kernel.base import Base


class Rate(Money):
    """NUMERIC(18, 8): an exchange rate (at most 999999 with 8 places: 14 digits, exact
    through SQLite's doubles as `Money` explains)."""

    impl = Numeric(18, 8, asdecimal=True)
    quantum = Decimal("0.00000001")
    cache_ok = True


class LedgerBooksRow(Base, OwnedBy):
    __tablename__ = "ledger_books"
    __owner__ = "tenant_id"

    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("tenants.id", ondelete="CASCADE"), primary_key=True
    )
    base_currency: Mapped[str] = mapped_column(String(3))
    # Entries posted so far: the next number is this plus one (UPDATE … RETURNING).
    posted_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LedgerAccountRow(Base, OwnedBy):
    __tablename__ = "ledger_accounts"
    __owner__ = "tenant_id"
    __table_args__ = (UniqueConstraint("tenant_id", "code"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("ledger_books.tenant_id", ondelete="CASCADE")
    )
    code: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200))
    type: Mapped[str] = mapped_column(String(16))
    currency: Mapped[str] = mapped_column(String(3))
    active: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class JournalEntryRow(Base, OwnedBy):
    __tablename__ = "journal_entries"
    __owner__ = "tenant_id"
    __table_args__ = (
        # Idempotency: one entry per source event (NULLs, manual entries, never clash).
        UniqueConstraint("tenant_id", "source_module", "source_event_id"),
        UniqueConstraint("tenant_id", "number"),
        Index("ix_journal_entries_tenant_id_entry_date", "tenant_id", "entry_date"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("ledger_books.tenant_id", ondelete="CASCADE")
    )
    number: Mapped[str | None] = mapped_column(String(32))
    entry_date: Mapped[date] = mapped_column(Date)
    memo: Mapped[str] = mapped_column(String(500))
    source_module: Mapped[str | None] = mapped_column(String(50))
    source_event_id: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(16))
    base_currency: Mapped[str] = mapped_column(String(3))
    posted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    reversal_of_id: Mapped[uuid.UUID | None] = mapped_column(GUID, ForeignKey("journal_entries.id"))
    # No foreign key: the original is marked before its reversal is inserted (the
    # conditional UPDATE is what stops two concurrent reversals).
    reversed_by_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class JournalLineRow(Base, OwnedBy):
    __tablename__ = "journal_lines"
    __owner__ = "tenant_id"
    __table_args__ = (Index("ix_journal_lines_tenant_id_account_id", "tenant_id", "account_id"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    entry_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("journal_entries.id", ondelete="CASCADE"), index=True
    )
    # Position in the entry, as sent.
    line_no: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("ledger_accounts.id"))
    debit: Mapped[Decimal] = mapped_column(Amount)
    credit: Mapped[Decimal] = mapped_column(Amount)
    currency: Mapped[str] = mapped_column(String(3))
    fx_rate: Mapped[Decimal] = mapped_column(Rate)
    base_amount: Mapped[Decimal] = mapped_column(Money)
    description: Mapped[str] = mapped_column(String(500))
