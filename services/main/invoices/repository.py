"""Persistence of invoices, every statement scoped by tenant through db.scoping: another
tenant's invoice is indistinguishable from a missing one, and lists see only the
tenant's rows.

Races are settled by the database, on SQLite and PostgreSQL alike: a move reads the
invoice under a row lock (`FOR UPDATE`; SQLite has one writer at a time) and updates it
conditionally on its status; a number is an UPDATE … RETURNING of the tenant's sequence
row, whose lock lasts until the transaction ends — a rolled-back issue gives its number
back, so there are no gaps; an idempotency key is a primary key written with INSERT …
ON CONFLICT DO NOTHING, so of two concurrent calls with one key the second waits for
the first and then finds its key.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, func, insert, or_

from db.scoping import delete_owned, select_owned, update_owned
from db.tenant_repository import FRESH, TenantRepository
from services.main.invoices.domain.fields import Content, Customer
from services.main.invoices.domain.idempotency import Call, Remembered
from services.main.invoices.domain.invoices import (
    DRAFT,
    ISSUED,
    PAID,
    VOID,
    Invoice,
    InvoiceFilters,
    Issue,
)
from services.main.invoices.domain.totals import Line
from services.main.invoices.tables import (
    InvoiceIdempotencyKeyRow,
    InvoiceLineRow,
    InvoiceRow,
    InvoiceSequenceRow,
)


def _line(row: InvoiceLineRow) -> Line:
    return Line(row.description, row.quantity, row.unit_price, row.tax_rate)


def _invoice(row: InvoiceRow, lines: Iterable[InvoiceLineRow]) -> Invoice:
    content = Content(
        customer=Customer(
            name=row.customer_name,
            email=row.customer_email,
            address=row.customer_address,
            tax_id=row.customer_tax_id,
        ),
        currency=row.currency,
        fx_rate=None if row.fx_rate is None else row.fx_rate.normalize(),
        issue_date=row.issue_date,
        due_date=row.due_date,
        memo=row.memo,
        lines=tuple(_line(line) for line in lines),
    )
    return Invoice(
        id=row.id,
        number=row.number,
        status=row.status,
        content=content,
        amount_paid=row.amount_paid,
        issue_entry_id=row.issue_entry_id,
        void_entry_id=row.void_entry_id,
        issued_at=row.issued_at,
        paid_at=row.paid_at,
        voided_at=row.voided_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _content_values(content: Content) -> dict[str, Any]:
    return {
        "customer_name": content.customer.name,
        "customer_email": content.customer.email,
        "customer_address": content.customer.address,
        "customer_tax_id": content.customer.tax_id,
        "currency": content.currency,
        "fx_rate": content.fx_rate,
        "issue_date": content.issue_date,
        "due_date": content.due_date,
        "memo": content.memo,
        "total": content.totals.total,
    }


def _like(text: str) -> str:
    escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class InvoiceRepository(TenantRepository):
    # -- invoices --------------------------------------------------------------------------

    def add(
        self, tenant_id: uuid.UUID, invoice_id: uuid.UUID, content: Content, now: datetime
    ) -> None:
        self._session.execute(
            insert(InvoiceRow).values(
                id=invoice_id,
                tenant_id=tenant_id,
                number=None,
                status=DRAFT,
                amount_paid=Decimal(0),
                created_at=now,
                updated_at=now,
                **_content_values(content),
            )
        )
        self._add_lines(tenant_id, invoice_id, content.lines)

    def invoice(
        self, tenant_id: uuid.UUID, invoice_id: uuid.UUID, *, lock: bool = False
    ) -> Invoice | None:
        """The invoice; `lock` holds its row until the transaction ends (moves)."""
        statement = select_owned(InvoiceRow, tenant_id, InvoiceRow.id == invoice_id)
        if lock:
            statement = statement.with_for_update()
        row = self._session.scalar(statement, execution_options=FRESH)
        return None if row is None else self._with_lines(tenant_id, [row])[0]

    def list_invoices(
        self, tenant_id: uuid.UUID, filters: InvoiceFilters, *, limit: int, offset: int
    ) -> tuple[list[Invoice], int]:
        where = self._filters(filters)
        rows, total = self._page(
            InvoiceRow,
            tenant_id,
            where,
            order_by=[InvoiceRow.created_at.desc(), InvoiceRow.id],
            limit=limit,
            offset=offset,
        )
        return self._with_lines(tenant_id, rows), total

    def replace_content(
        self, tenant_id: uuid.UUID, invoice_id: uuid.UUID, content: Content, now: datetime
    ) -> bool:
        """A draft's content replaced, lines included; False when it is no (longer a)
        draft."""
        if not self._move(tenant_id, invoice_id, DRAFT, updated_at=now, **_content_values(content)):
            return False
        self._session.execute(
            delete_owned(InvoiceLineRow, tenant_id, InvoiceLineRow.invoice_id == invoice_id)
        )
        self._add_lines(tenant_id, invoice_id, content.lines)
        return True

    def delete_draft(self, tenant_id: uuid.UUID, invoice_id: uuid.UUID) -> bool:
        """Delete a draft, its lines and its idempotency keys; False when it is no
        (longer a) draft."""
        deleted = self._session.execute(
            delete_owned(
                InvoiceRow, tenant_id, InvoiceRow.id == invoice_id, InvoiceRow.status == DRAFT
            ).returning(InvoiceRow.id)
        ).all()
        if not deleted:
            return False
        # Explicitly: SQLite enforces ON DELETE CASCADE only with foreign keys on.
        self._session.execute(
            delete_owned(InvoiceLineRow, tenant_id, InvoiceLineRow.invoice_id == invoice_id)
        )
        self._session.execute(
            delete_owned(
                InvoiceIdempotencyKeyRow,
                tenant_id,
                InvoiceIdempotencyKeyRow.invoice_id == invoice_id,
            )
        )
        return True

    def next_number(self, tenant_id: uuid.UUID) -> int:
        """The tenant's next invoice number; locks its sequence row until the
        transaction ends, so issues of one tenant are numbered one at a time. The
        sequence row is created by the tenant's first issue."""
        count = self._increment(tenant_id)
        if count is None:
            self._session.execute(
                self._insert(InvoiceSequenceRow)
                .values(tenant_id=tenant_id, issued_count=0)
                .on_conflict_do_nothing(index_elements=[InvoiceSequenceRow.tenant_id])
            )
            count = self._increment(tenant_id)
        assert count is not None
        return count

    def _increment(self, tenant_id: uuid.UUID) -> int | None:
        count = self._session.execute(
            update_owned(InvoiceSequenceRow, tenant_id)
            .values(issued_count=InvoiceSequenceRow.issued_count + 1)
            .returning(InvoiceSequenceRow.issued_count)
        ).scalar_one_or_none()
        return None if count is None else int(count)

    def mark_issued(
        self,
        tenant_id: uuid.UUID,
        invoice_id: uuid.UUID,
        *,
        number: str,
        issue: Issue,
        entry_id: uuid.UUID,
        now: datetime,
    ) -> bool:
        """Draft → issued with its ledger entry; False when it is no (longer a) draft."""
        return self._move(
            tenant_id,
            invoice_id,
            DRAFT,
            status=ISSUED,
            number=number,
            issue_date=issue.issue_date,
            due_date=issue.due_date,
            issue_entry_id=entry_id,
            issued_at=now,
            updated_at=now,
        )

    def mark_void(
        self, tenant_id: uuid.UUID, invoice_id: uuid.UUID, entry_id: uuid.UUID, now: datetime
    ) -> bool:
        """Issued (unpaid) → void; False when it is no (longer) issued or unpaid."""
        return self._move(
            tenant_id,
            invoice_id,
            ISSUED,
            InvoiceRow.amount_paid == Decimal(0),
            status=VOID,
            void_entry_id=entry_id,
            voided_at=now,
            updated_at=now,
        )

    def mark_paid_amount(
        self,
        tenant_id: uuid.UUID,
        invoice_id: uuid.UUID,
        *,
        amount_paid: Decimal,
        settled: bool,
        now: datetime,
    ) -> bool:
        """An issued invoice's new amount paid (paid when `settled`); False when it is
        no (longer) issued. Called with the row locked (`invoice(..., lock=True)`)."""
        return self._move(
            tenant_id,
            invoice_id,
            ISSUED,
            amount_paid=amount_paid,
            status=PAID if settled else ISSUED,
            paid_at=now if settled else None,
            updated_at=now,
        )

    # -- idempotency keys ------------------------------------------------------------------

    def remember(
        self, tenant_id: uuid.UUID, call: Call, invoice_id: uuid.UUID, now: datetime
    ) -> bool:
        """Store the key of `call`; False when the tenant used it already (nothing is
        written; a concurrent first use is waited for)."""
        stored = self._session.execute(
            self._insert(InvoiceIdempotencyKeyRow)
            .values(
                tenant_id=tenant_id,
                key=call.key,
                operation=call.operation,
                fingerprint=call.fingerprint,
                invoice_id=invoice_id,
                created_at=now,
            )
            .on_conflict_do_nothing(
                index_elements=[InvoiceIdempotencyKeyRow.tenant_id, InvoiceIdempotencyKeyRow.key]
            )
            .returning(InvoiceIdempotencyKeyRow.key)
        ).all()
        return len(stored) == 1

    def remembered(self, tenant_id: uuid.UUID, key: str) -> Remembered | None:
        row = self._session.scalar(
            select_owned(InvoiceIdempotencyKeyRow, tenant_id, InvoiceIdempotencyKeyRow.key == key),
            execution_options=FRESH,
        )
        return None if row is None else Remembered(row.operation, row.fingerprint, row.invoice_id)

    # -- helpers ---------------------------------------------------------------------------

    def _add_lines(
        self, tenant_id: uuid.UUID, invoice_id: uuid.UUID, lines: tuple[Line, ...]
    ) -> None:
        if not lines:
            return
        self._session.execute(
            insert(InvoiceLineRow),
            [
                {
                    "id": uuid.uuid4(),
                    "tenant_id": tenant_id,
                    "invoice_id": invoice_id,
                    "line_no": number,
                    "description": line.description,
                    "quantity": line.quantity,
                    "unit_price": line.unit_price,
                    "tax_rate": line.tax_rate,
                }
                for number, line in enumerate(lines)
            ],
        )

    def _move(
        self,
        tenant_id: uuid.UUID,
        invoice_id: uuid.UUID,
        from_status: str,
        *where: ColumnElement[bool],
        **values: Any,
    ) -> bool:
        moved = self._session.execute(
            update_owned(
                InvoiceRow,
                tenant_id,
                InvoiceRow.id == invoice_id,
                InvoiceRow.status == from_status,
                *where,
            )
            .values(**values)
            .returning(InvoiceRow.id)
        ).all()
        return len(moved) == 1

    def _filters(self, filters: InvoiceFilters) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = []
        if filters.status is not None:
            where.append(InvoiceRow.status == filters.status)
        if filters.customer is not None:
            pattern = _like(filters.customer)
            where.append(
                or_(
                    func.lower(InvoiceRow.customer_name).like(pattern, escape="\\"),
                    func.lower(InvoiceRow.customer_email).like(pattern, escape="\\"),
                )
            )
        if filters.from_date is not None:
            where.append(InvoiceRow.issue_date >= filters.from_date)
        if filters.to_date is not None:
            where.append(InvoiceRow.issue_date <= filters.to_date)
        return where

    def _with_lines(self, tenant_id: uuid.UUID, rows: list[InvoiceRow]) -> list[Invoice]:
        lines = self._lines(InvoiceLineRow, InvoiceLineRow.invoice_id, tenant_id, rows)
        return [_invoice(row, lines[row.id]) for row in rows]
