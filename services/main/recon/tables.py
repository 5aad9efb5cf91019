"""Reconciliation's tables (migration main_0007): statements, their lines, and the
matches of lines to the ledger's journal lines. Every row belongs to a tenant
(`OwnedBy`), so every statement is scoped without a join. One to one is the database's
rule: a statement line and a journal line each appear in at most one match."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, UTCDateTime
from services.main.kernel.base import Base


class ReconStatementRow(Base, OwnedBy):
    __tablename__ = "recon_statements"
    __owner__ = "tenant_id"
    __table_args__ = (Index("ix_recon_statements_tenant_id_created_at", "tenant_id", "created_at"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("ledger_books.tenant_id", ondelete="CASCADE")
    )
    account_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("ledger_accounts.id"))
    file_name: Mapped[str] = mapped_column(String(255))
    format: Mapped[str] = mapped_column(String(16))
    currency: Mapped[str] = mapped_column(String(3))
    period_start: Mapped[date] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    opening_balance: Mapped[Decimal | None] = mapped_column(Amount)
    closing_balance: Mapped[Decimal | None] = mapped_column(Amount)
    line_count: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ReconStatementLineRow(Base, OwnedBy):
    __tablename__ = "recon_statement_lines"
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    statement_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("recon_statements.id", ondelete="CASCADE"), index=True
    )
    # Position in the statement (0-based, file order).
    line_no: Mapped[int] = mapped_column(Integer)
    # The file's 1-based line or record the parser read it from.
    file_row: Mapped[int] = mapped_column(Integer)
    booked_on: Mapped[date] = mapped_column(Date)
    amount: Mapped[Decimal] = mapped_column(Amount)
    description: Mapped[str] = mapped_column(String(500))
    bank_reference: Mapped[str | None] = mapped_column(String(200))
    payee: Mapped[str | None] = mapped_column(String(200))


class ReconMatchRow(Base, OwnedBy):
    __tablename__ = "recon_matches"
    __owner__ = "tenant_id"
    __table_args__ = (
        UniqueConstraint("statement_line_id"),
        UniqueConstraint("tenant_id", "journal_line_id"),
        Index("ix_recon_matches_tenant_id_statement_id", "tenant_id", "statement_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    statement_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("recon_statements.id", ondelete="CASCADE")
    )
    statement_line_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("recon_statement_lines.id", ondelete="CASCADE")
    )
    journal_line_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("journal_lines.id"))
    entry_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("journal_entries.id"))
    # 0-1: how sure the match is (not money: a float is exact enough).
    score: Mapped[float] = mapped_column(Float)
    method: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
