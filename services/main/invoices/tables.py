"""The invoices' tables (migration main_0006): invoices and their lines, each tenant's
invoice number sequence, and the idempotency keys of the invoice calls. Every row
belongs to a tenant (`OwnedBy`, the token's `tid`), lines included, so every statement
is scoped without a join."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Money, UTCDateTime
from services.main.kernel.base import Base
from services.main.ledger.tables import Rate


class InvoiceSequenceRow(Base, OwnedBy):
    __tablename__ = "invoice_sequences"
    __owner__ = "tenant_id"

    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("tenants.id", ondelete="CASCADE"), primary_key=True
    )
    # Invoices issued so far: the next number is this plus one (UPDATE … RETURNING).
    issued_count: Mapped[int] = mapped_column(Integer, default=0)


class InvoiceRow(Base, OwnedBy):
    __tablename__ = "invoices"
    __owner__ = "tenant_id"
    __table_args__ = (
        UniqueConstraint("tenant_id", "number"),
        Index("ix_invoices_tenant_id_created_at", "tenant_id", "created_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id", ondelete="CASCADE"))
    number: Mapped[str | None] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    customer_name: Mapped[str] = mapped_column(String(200))
    customer_email: Mapped[str] = mapped_column(String(254))
    customer_address: Mapped[str] = mapped_column(String(500))
    customer_tax_id: Mapped[str] = mapped_column(String(50))
    currency: Mapped[str] = mapped_column(String(3))
    fx_rate: Mapped[Decimal | None] = mapped_column(Rate)
    issue_date: Mapped[date | None] = mapped_column(Date)
    due_date: Mapped[date | None] = mapped_column(Date)
    memo: Mapped[str] = mapped_column(String(1000))
    # The totals as computed from the lines (kept for lists, sums and the payments'
    # conditional update; the lines remain the truth).
    total: Mapped[Decimal] = mapped_column(Money)
    amount_paid: Mapped[Decimal] = mapped_column(Money)
    issue_entry_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    void_entry_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    issued_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    paid_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    voided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class InvoiceLineRow(Base, OwnedBy):
    __tablename__ = "invoice_lines"
    __owner__ = "tenant_id"

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    invoice_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("invoices.id", ondelete="CASCADE"), index=True
    )
    # Position in the invoice, as sent.
    line_no: Mapped[int] = mapped_column(Integer)
    description: Mapped[str] = mapped_column(String(500))
    quantity: Mapped[Decimal] = mapped_column(Amount)
    unit_price: Mapped[Decimal] = mapped_column(Amount)
    tax_rate: Mapped[Decimal] = mapped_column(Amount)


class InvoiceIdempotencyKeyRow(Base, OwnedBy):
    __tablename__ = "invoice_idempotency_keys"
    __owner__ = "tenant_id"

    tenant_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("tenants.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    operation: Mapped[str] = mapped_column(String(16))
    # SHA-256 (hex) of the first request's canonical form.
    fingerprint: Mapped[str] = mapped_column(String(64))
    # No foreign key: a create's key is written before its invoice (the key's row is
    # what serialises two concurrent calls with it); deleting a draft deletes its keys.
    invoice_id: Mapped[uuid.UUID] = mapped_column(GUID, index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
