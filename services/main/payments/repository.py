"""Persistence of payments, every statement scoped by tenant through db.scoping."""

from __future__ import annotations

import uuid
from datetime import date, datetime

from sqlalchemy import ColumnElement, insert

from db.scoping import select_owned
from db.tenant_repository import TenantRepository
from services.main.payments.domain.payments import NewPayment, Payment
from services.main.payments.tables import PaymentRow


def _payment(row: PaymentRow) -> Payment:
    return Payment(
        id=row.id,
        invoice_id=row.invoice_id,
        invoice_number=row.invoice_number,
        amount=row.amount,
        currency=row.currency,
        paid_on=row.paid_on,
        method=row.method,
        reference=row.reference,
        entry_id=row.entry_id,
        created_at=row.created_at,
    )


class PaymentRepository(TenantRepository):
    def add(
        self,
        tenant_id: uuid.UUID,
        payment_id: uuid.UUID,
        payment: NewPayment,
        *,
        invoice_number: str,
        paid_on: date,
        entry_id: uuid.UUID,
        now: datetime,
    ) -> None:
        self._session.execute(
            insert(PaymentRow).values(
                id=payment_id,
                tenant_id=tenant_id,
                invoice_id=payment.invoice_id,
                invoice_number=invoice_number,
                amount=payment.amount,
                currency=payment.currency,
                paid_on=paid_on,
                method=payment.method,
                reference=payment.reference,
                entry_id=entry_id,
                created_at=now,
            )
        )

    def payment(self, tenant_id: uuid.UUID, payment_id: uuid.UUID) -> Payment | None:
        row = self._session.scalar(select_owned(PaymentRow, tenant_id, PaymentRow.id == payment_id))
        return None if row is None else _payment(row)

    def list_payments(
        self, tenant_id: uuid.UUID, invoice_id: uuid.UUID | None, *, limit: int, offset: int
    ) -> tuple[list[Payment], int]:
        where: list[ColumnElement[bool]] = []
        if invoice_id is not None:
            where.append(PaymentRow.invoice_id == invoice_id)
        rows, total = self._page(
            PaymentRow,
            tenant_id,
            where,
            order_by=[PaymentRow.created_at.desc(), PaymentRow.id],
            limit=limit,
            offset=offset,
        )
        return [_payment(row) for row in rows], total
