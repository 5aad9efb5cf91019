"""Persistence of planned expenses and their payments, scoped to the owning user
through db.scoping. An expense asked for by id that belongs to another user is 403, a
missing one 404 (records.mine_or_raise).

An expense's last payment is read from the payments (the one of its highest
occurrence), a second query per page rather than columns copied onto the expense.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, datetime

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from services.analytics.page_queries import owned_page
from services.analytics.planned_expenses.domain import (
    ListQuery,
    NewExpense,
    PageQuery,
    Payment,
    PlannedExpense,
    Settlement,
)
from services.analytics.planned_expenses.tables import PlannedExpensePaymentRow, PlannedExpenseRow
from services.analytics.planned_expenses.totals import PaidFact
from services.analytics.records import find_mine, lock_mine
from services.runtime.paging import Page

_ORDER = (PlannedExpenseRow.due_date, PlannedExpenseRow.created_at, PlannedExpenseRow.id)
_Pay = PlannedExpensePaymentRow
# What its 403 / 404 call it.
_NOUN = "planned expense"
# Ids per IN (...) list: far below every engine's bound on parameters.
_BATCH = 500


def _payment(row: PlannedExpensePaymentRow) -> Payment:
    return Payment(
        due_date=row.due_date,
        paid_date=row.paid_date,
        actual_amount=row.actual_amount,
        transaction_id=row.transaction_id,
        occurrence=row.occurrence,
        created_at=row.created_at,
    )


def _expense(row: PlannedExpenseRow, last_payment: Payment | None) -> PlannedExpense:
    return PlannedExpense(
        id=row.id,
        user_id=row.user_id,
        title=row.title,
        description=row.description,
        amount=row.amount,
        due_date=row.due_date,
        category_id=row.category_id,
        recurrence_rule=row.recurrence_rule,
        series_start=row.series_start,
        occurrence=row.occurrence,
        notify_days_before=row.notify_days_before,
        is_paid=row.is_paid,
        last_payment=last_payment,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class PlannedExpenseRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- single expenses -------------------------------------------------------------------

    def add(self, user_id: uuid.UUID, new: NewExpense, due: date, now: datetime) -> PlannedExpense:
        row = PlannedExpenseRow(
            id=uuid.uuid4(),
            user_id=user_id,
            title=new.title,
            description=new.description,
            amount=new.amount,
            due_date=due,
            category_id=new.category_id,
            recurrence_rule=None if new.rule is None else new.rule.text,
            series_start=new.series_start,
            occurrence=1,
            notify_days_before=new.notify_days_before,
            is_paid=False,
            created_at=now,
            updated_at=now,
        )
        self._session.add(row)
        self._session.flush()
        return _expense(row, None)

    def require_mine(self, user_id: uuid.UUID, expense_id: uuid.UUID) -> PlannedExpense:
        """The caller's expense; 403 for another user's, 404 for none."""
        return self._with_last_payments(user_id, [self._row(user_id, expense_id)])[0]

    def locked(self, user_id: uuid.UUID, expense_id: uuid.UUID) -> PlannedExpense:
        """The caller's expense, its row locked until the unit of work ends (PostgreSQL;
        SQLite reads outside the write lock, which `settle` guards against)."""
        row = lock_mine(self._session, PlannedExpenseRow, user_id, expense_id, _NOUN)
        return self._with_last_payments(user_id, [row])[0]

    def settle(
        self, expense: PlannedExpense, settlement: Settlement, now: datetime
    ) -> PlannedExpense | None:
        """Record the payment and move the expense on, if it still is as `expense` was
        read (unpaid, due then); None when another payment changed it meanwhile."""
        moved = self._session.execute(
            update_owned(
                PlannedExpenseRow,
                expense.user_id,
                PlannedExpenseRow.id == expense.id,
                PlannedExpenseRow.is_paid.is_(False),
                PlannedExpenseRow.due_date == expense.due_date,
            )
            .values(
                due_date=settlement.due_date,
                occurrence=settlement.occurrence,
                is_paid=settlement.is_paid,
                updated_at=now,
            )
            .execution_options(synchronize_session=False)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            return None
        payment = settlement.payment
        self._session.add(
            PlannedExpensePaymentRow(
                id=uuid.uuid4(),
                user_id=expense.user_id,
                expense_id=expense.id,
                due_date=payment.due_date,
                occurrence=payment.occurrence,
                paid_date=payment.paid_date,
                actual_amount=payment.actual_amount,
                transaction_id=payment.transaction_id,
                created_at=payment.created_at,
            )
        )
        self._session.flush()
        row = self._session.scalars(
            select_owned(
                PlannedExpenseRow, expense.user_id, PlannedExpenseRow.id == expense.id
            ).execution_options(populate_existing=True)
        ).one()
        return _expense(row, payment)

    def delete(self, user_id: uuid.UUID, expense_id: uuid.UUID) -> None:
        """Delete the expense and its payments (403 / 404 first)."""
        self._row(user_id, expense_id)
        self._session.execute(delete_owned(_Pay, user_id, _Pay.expense_id == expense_id))
        self._session.execute(
            delete_owned(PlannedExpenseRow, user_id, PlannedExpenseRow.id == expense_id)
        )

    # -- lists -----------------------------------------------------------------------------

    def page(self, user_id: uuid.UUID, query: ListQuery) -> Page[PlannedExpense]:
        conditions: list[ColumnElement[bool]] = []
        if query.is_paid is not None:
            conditions.append(PlannedExpenseRow.is_paid.is_(query.is_paid))
        if query.category_id is not None:
            conditions.append(PlannedExpenseRow.category_id == query.category_id)
        return self._page(user_id, query.page, conditions)

    def overdue(self, user_id: uuid.UUID, today: date, query: PageQuery) -> Page[PlannedExpense]:
        """Unpaid, due before today, oldest first."""
        conditions = [PlannedExpenseRow.is_paid.is_(False), PlannedExpenseRow.due_date < today]
        return self._page(user_id, query, conditions)

    def recurring(self, user_id: uuid.UUID, query: PageQuery) -> Page[PlannedExpense]:
        conditions = [PlannedExpenseRow.recurrence_rule.is_not(None)]
        return self._page(user_id, query, conditions)

    def unpaid_due_by(
        self, user_id: uuid.UUID, last: date, category_id: uuid.UUID | None
    ) -> list[PlannedExpense]:
        """Unpaid expenses whose current occurrence falls due on or before `last` (overdue
        ones included: a recurring one's later dates may still fall in a window)."""
        conditions = [PlannedExpenseRow.is_paid.is_(False), PlannedExpenseRow.due_date <= last]
        if category_id is not None:
            conditions.append(PlannedExpenseRow.category_id == category_id)
        rows = self._session.scalars(
            select_owned(PlannedExpenseRow, user_id, *conditions).order_by(*_ORDER)
        )
        return self._with_last_payments(user_id, list(rows))

    def all_of(self, user_id: uuid.UUID) -> list[PlannedExpense]:
        rows = self._session.scalars(select_owned(PlannedExpenseRow, user_id).order_by(*_ORDER))
        return self._with_last_payments(user_id, list(rows))

    # -- payments --------------------------------------------------------------------------

    def payments(
        self, user_id: uuid.UUID, expense_id: uuid.UUID, query: PageQuery
    ) -> Page[Payment]:
        """The expense's payments, newest occurrence first (403 / 404 first)."""
        self._row(user_id, expense_id)
        page = owned_page(
            self._session,
            _Pay,
            user_id,
            [_Pay.expense_id == expense_id],
            order=[_Pay.occurrence.desc()],
            limit=query.limit,
            offset=query.offset,
        )
        return page.with_items([_payment(r) for r in page.items])

    def paid_facts(self, user_id: uuid.UUID) -> list[PaidFact]:
        """Every payment with its expense's category, for the statistics (summed in
        Python: SQLite's SUM over NUMERIC is a float)."""
        rows = self._session.execute(
            scoped(
                select(PlannedExpenseRow.category_id, _Pay.paid_date, _Pay.actual_amount)
                .join(PlannedExpenseRow, PlannedExpenseRow.id == _Pay.expense_id)
                .where(owner_is(_Pay, user_id), owner_is(PlannedExpenseRow, user_id))
            )
        )
        return [PaidFact(r.category_id, r.paid_date, r.actual_amount) for r in rows]

    # -- helpers ---------------------------------------------------------------------------

    def _page(
        self,
        user_id: uuid.UUID,
        query: PageQuery,
        conditions: Sequence[ColumnElement[bool]],
    ) -> Page[PlannedExpense]:
        page = owned_page(
            self._session,
            PlannedExpenseRow,
            user_id,
            conditions,
            order=_ORDER,
            limit=query.limit,
            offset=query.offset,
        )
        return page.with_items(self._with_last_payments(user_id, page.items))

    def _with_last_payments(
        self, user_id: uuid.UUID, rows: Sequence[PlannedExpenseRow]
    ) -> list[PlannedExpense]:
        """The rows as expenses, each with its last payment (one query for them all)."""
        # An expense has a payment exactly when it moved on or is paid.
        paid = [r.id for r in rows if r.occurrence > 1 or r.is_paid]
        last: dict[uuid.UUID, Payment] = {}
        for start in range(0, len(paid), _BATCH):
            latest = (
                select(_Pay.expense_id, func.max(_Pay.occurrence).label("occurrence"))
                .where(owner_is(_Pay, user_id), _Pay.expense_id.in_(paid[start : start + _BATCH]))
                .group_by(_Pay.expense_id)
                .subquery()
            )
            found = self._session.scalars(
                select_owned(_Pay, user_id).join(
                    latest,
                    (latest.c.expense_id == _Pay.expense_id)
                    & (latest.c.occurrence == _Pay.occurrence),
                )
            )
            last.update((p.expense_id, _payment(p)) for p in found)
        return [_expense(r, last.get(r.id)) for r in rows]

    def _row(self, user_id: uuid.UUID, expense_id: uuid.UUID) -> PlannedExpenseRow:
        return find_mine(self._session, PlannedExpenseRow, user_id, expense_id, _NOUN)
