"""The payments' table (migration main_0006): payments received against invoices, each
owned by a tenant (`OwnedBy`, the token's `tid`)."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Money, UTCDateTime
from services.main.kernel.base import Base


class PaymentRow(Base, OwnedBy):
    __tablename__ = "payments"
    __owner__ = "tenant_id"
    __table_args__ = (Index("ix_payments_tenant_id_created_at", "tenant_id", "created_at"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("tenants.id", ondelete="CASCADE"))
    invoice_id: Mapped[uuid.UUID] = mapped_column(GUID, ForeignKey("invoices.id"), index=True)
    # The invoice's number, fixed once issued: lists show it without a join.
    invoice_number: Mapped[str] = mapped_column(String(32))
    amount: Mapped[Decimal] = mapped_column(Money)
    currency: Mapped[str] = mapped_column(String(3))
    paid_on: Mapped[date] = mapped_column(Date)
    method: Mapped[str] = mapped_column(String(16))
    reference: Mapped[str] = mapped_column(String(200))
    entry_id: Mapped[uuid.UUID] = mapped_column(GUID)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
