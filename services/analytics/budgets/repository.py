"""Persistence of budgets and their allocations, scoped to the owning user through
db.scoping (the recurring transactions budgets may leave out: recurring_days).

A budget asked for by id that belongs to another user is 403, a missing one 404
(records.mine_or_raise). Writes that must see the allocations as committed (adding
one, lowering the total) lock the budget's row first, so two concurrent additions
cannot both pass the sum rule.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterable, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from services.analytics.budgets.domain import (
    Allocation,
    Budget,
    ListQuery,
    NewAllocation,
    Recalculation,
    Terms,
)
from services.analytics.budgets.recurring_days import RecurringDays
from services.analytics.budgets.tables import BudgetAllocationRow, BudgetRow
from services.analytics.page_queries import owned_page
from services.analytics.records import find_mine, lock_mine
from services.analytics.rollups.sql import upsert
from services.runtime.paging import Page

# Written as Core tables: inserts of plain values, no ORM unit-of-work bookkeeping.
_BUDGETS: Any = BudgetRow.__table__
_ALLOCATIONS: Any = BudgetAllocationRow.__table__
# Ids per IN (…) list: well under every engine's bound on parameters.
_CHUNK = 500
# Lists: newest start first (then newest created).
_ORDER = (BudgetRow.start_date.desc(), BudgetRow.created_at.desc(), BudgetRow.id)


def _terms(row: BudgetRow) -> Terms:
    return Terms(
        name=row.name,
        description=row.description,
        total_amount=row.total_amount,
        period=row.period,  # type: ignore[arg-type]
        start_date=row.start_date,
        end_date=row.end_date,
        anchor_day=row.anchor_day,
        is_active=row.is_active,
        auto_renew=row.auto_renew,
        notify_threshold=row.notify_threshold,
        include_recurring=row.include_recurring,
    )


def _allocation(row: BudgetAllocationRow) -> Allocation:
    return Allocation(
        id=row.id,
        budget_id=row.budget_id,
        category_id=row.category_id,
        category_name=row.category_name,
        name_given=row.name_given,
        amount=row.amount,
        created_at=row.created_at,
    )


def _budget(row: BudgetRow, allocations: Iterable[Allocation]) -> Budget:
    recalculation = None
    if row.calculated_at is not None and row.spent is not None and row.percent_used is not None:
        recalculation = Recalculation(
            Decimal(row.spent), Decimal(row.percent_used), row.calculated_at
        )
    return Budget(
        id=row.id,
        user_id=row.user_id,
        terms=_terms(row),
        allocations=tuple(allocations),
        recalculation=recalculation,
        renewed_from_id=row.renewed_from_id,
        renewed_to_id=row.renewed_to_id,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _columns(terms: Terms) -> dict[str, Any]:
    return {
        "name": terms.name,
        "description": terms.description,
        "total_amount": terms.total_amount,
        "period": terms.period,
        "start_date": terms.start_date,
        "end_date": terms.end_date,
        "anchor_day": terms.anchor_day,
        "is_active": terms.is_active,
        "auto_renew": terms.auto_renew,
        "notify_threshold": terms.notify_threshold,
        "include_recurring": terms.include_recurring,
    }


class BudgetRepository:
    def __init__(self, session: Session) -> None:
        self._session = session
        # What budgets leaving recurring transactions out subtract.
        self.recurring_days = RecurringDays(session)

    # -- reads ---------------------------------------------------------------------------

    def get(self, user_id: uuid.UUID, budget_id: uuid.UUID, *, lock: bool = False) -> Budget:
        """The caller's budget with its allocations; 403 another user's, 404 none.
        `lock`: hold its row until commit (writes that re-check the allocations)."""
        row = (lock_mine if lock else find_mine)(
            self._session, BudgetRow, user_id, budget_id, "budget"
        )
        return _budget(row, self.allocations(user_id, [budget_id])[budget_id])

    def allocations(
        self, user_id: uuid.UUID, budget_ids: Collection[uuid.UUID]
    ) -> dict[uuid.UUID, list[Allocation]]:
        """Each budget's allocations, in the order they were made."""
        found: dict[uuid.UUID, list[Allocation]] = {b: [] for b in budget_ids}
        ids = list(budget_ids)
        for first in range(0, len(ids), _CHUNK):
            rows = self._session.scalars(
                select_owned(
                    BudgetAllocationRow,
                    user_id,
                    BudgetAllocationRow.budget_id.in_(ids[first : first + _CHUNK]),
                ).order_by(BudgetAllocationRow.position)
            )
            for row in rows:
                found[row.budget_id].append(_allocation(row))
        return found

    def page(self, user_id: uuid.UUID, query: ListQuery) -> Page[Budget]:
        b = BudgetRow
        conditions: list[ColumnElement[bool]] = []
        if query.name is not None:
            conditions.append(func.lower(b.name).contains(query.name, autoescape=True))
        if query.period is not None:
            conditions.append(b.period == query.period)
        if query.is_active is not None:
            conditions.append(b.is_active.is_(query.is_active))
        if query.start_from is not None:
            conditions.append(b.start_date >= query.start_from)
        if query.start_to is not None:
            conditions.append(b.start_date <= query.start_to)
        page = owned_page(
            self._session,
            b,
            user_id,
            conditions,
            order=_ORDER,
            limit=query.limit,
            offset=query.offset,
        )
        return page.with_items(self._with_allocations(user_id, page.items))

    def running(self, user_id: uuid.UUID, today: date) -> list[Budget]:
        b = BudgetRow
        rows = self._session.scalars(
            select_owned(
                b, user_id, b.is_active.is_(True), b.start_date <= today, b.end_date >= today
            ).order_by(*_ORDER)
        )
        return self._with_allocations(user_id, list(rows))

    def _with_allocations(self, user_id: uuid.UUID, rows: Sequence[BudgetRow]) -> list[Budget]:
        """The rows as budgets, each with its allocations (one query per _CHUNK)."""
        allocations = self.allocations(user_id, [r.id for r in rows])
        return [_budget(r, allocations[r.id]) for r in rows]

    def due_for_renewal(self, user_id: uuid.UUID, today: date) -> list[Budget]:
        """Active auto-renewing budgets that ended before today and were not renewed,
        oldest first."""
        b = BudgetRow
        rows = self._session.scalars(
            select_owned(
                b,
                user_id,
                b.auto_renew.is_(True),
                b.is_active.is_(True),
                b.end_date < today,
                b.renewed_at.is_(None),
            ).order_by(b.end_date, b.id)
        )
        return self._with_allocations(user_id, list(rows))

    # -- writes --------------------------------------------------------------------------

    def add(
        self,
        user_id: uuid.UUID,
        terms: Terms,
        allocations: Sequence[NewAllocation],
        names: dict[uuid.UUID, str],
        now: datetime,
    ) -> uuid.UUID:
        """Store a new budget and its allocations; `names`: each category's current name
        (kept for allocations named by their category)."""
        budget_id = uuid.uuid4()
        self._session.execute(
            _BUDGETS.insert().values(self._new_row(user_id, budget_id, terms, now))
        )
        self._add_allocations(user_id, budget_id, allocations, names, now)
        return budget_id

    def renew(
        self,
        user_id: uuid.UUID,
        ended: Budget,
        terms: Terms,
        now: datetime,
    ) -> uuid.UUID:
        """The successor of `ended` with `terms` and its allocations, created unless a
        concurrent request created it first (then that one: INSERT … ON CONFLICT
        (renewed_from_id) DO NOTHING waits for the other's commit and skips); `ended`
        then names it. Returns the successor's id."""
        values = self._new_row(user_id, uuid.uuid4(), terms, now)
        values["renewed_from_id"] = ended.id
        dialect = self._session.get_bind().dialect.name
        # RETURNING, not rowcount: the id comes back only when this insert happened.
        inserted = self._session.scalar(
            upsert(dialect, _BUDGETS)
            .values(values)
            .on_conflict_do_nothing(index_elements=[_BUDGETS.c.renewed_from_id])
            .returning(_BUDGETS.c.id)
        )
        if inserted is not None:
            successor: uuid.UUID = inserted
            if ended.allocations:
                self._session.execute(
                    _ALLOCATIONS.insert(),
                    [
                        {
                            "id": uuid.uuid4(),
                            "user_id": user_id,
                            "budget_id": successor,
                            "category_id": a.category_id,
                            "category_name": a.category_name,
                            "name_given": a.name_given,
                            "amount": a.amount,
                            "position": position,
                            "created_at": now,
                        }
                        for position, a in enumerate(ended.allocations)
                    ],
                )
        else:
            found = self._session.scalar(
                scoped(
                    select(BudgetRow.id).where(
                        owner_is(BudgetRow, user_id), BudgetRow.renewed_from_id == ended.id
                    )
                )
            )
            assert found is not None  # the conflicting row, committed before we went on
            successor = found
        self._session.execute(
            update_owned(BudgetRow, user_id, BudgetRow.id == ended.id)
            .values(renewed_to_id=successor, renewed_at=now)
            .execution_options(synchronize_session=False)
        )
        return successor

    def _new_row(
        self, user_id: uuid.UUID, budget_id: uuid.UUID, terms: Terms, now: datetime
    ) -> dict[str, Any]:
        return {
            "id": budget_id,
            "user_id": user_id,
            **_columns(terms),
            "spent": None,
            "percent_used": None,
            "calculated_at": None,
            "renewed_from_id": None,
            "renewed_to_id": None,
            "renewed_at": None,
            "created_at": now,
            "updated_at": now,
        }

    def _add_allocations(
        self,
        user_id: uuid.UUID,
        budget_id: uuid.UUID,
        allocations: Sequence[NewAllocation],
        names: dict[uuid.UUID, str],
        now: datetime,
        first_position: int = 0,
    ) -> list[Allocation]:
        added = []
        for offset, new in enumerate(allocations):
            row = BudgetAllocationRow(
                id=uuid.uuid4(),
                user_id=user_id,
                budget_id=budget_id,
                category_id=new.category_id,
                category_name=new.category_name or names[new.category_id],
                name_given=new.category_name is not None,
                amount=new.amount,
                position=first_position + offset,
                created_at=now,
            )
            self._session.add(row)
            added.append(row)
        self._session.flush()
        return [_allocation(r) for r in added]

    def add_allocation(
        self,
        user_id: uuid.UUID,
        budget_id: uuid.UUID,
        new: NewAllocation,
        category_name: str,
        position: int,
        now: datetime,
    ) -> Allocation:
        """One more allocation, at `position` (the budget's count so far: call it with
        the budget locked)."""
        return self._add_allocations(
            user_id, budget_id, [new], {new.category_id: category_name}, now, position
        )[0]

    def change(self, user_id: uuid.UUID, budget_id: uuid.UUID, terms: Terms, now: datetime) -> None:
        self._session.execute(
            update_owned(BudgetRow, user_id, BudgetRow.id == budget_id)
            .values(**_columns(terms), updated_at=now)
            .execution_options(synchronize_session=False)
        )

    def record(self, user_id: uuid.UUID, budget_id: uuid.UUID, figures: Recalculation) -> None:
        self._session.execute(
            update_owned(BudgetRow, user_id, BudgetRow.id == budget_id)
            .values(
                spent=format(figures.spent, "f"),
                percent_used=format(figures.percent_used, "f"),
                calculated_at=figures.calculated_at,
            )
            .execution_options(synchronize_session=False)
        )

    def delete(self, user_id: uuid.UUID, budget_id: uuid.UUID) -> None:
        """The budget and its allocations. Its renewal links are cleared on both sides
        (the predecessor keeps renewed_at, so it is not renewed again)."""
        b = BudgetRow
        self._session.execute(
            delete_owned(BudgetAllocationRow, user_id, BudgetAllocationRow.budget_id == budget_id)
        )
        self._session.execute(
            update_owned(b, user_id, b.renewed_to_id == budget_id)
            .values(renewed_to_id=None)
            .execution_options(synchronize_session=False)
        )
        self._session.execute(
            update_owned(b, user_id, b.renewed_from_id == budget_id)
            .values(renewed_from_id=None)
            .execution_options(synchronize_session=False)
        )
        self._session.execute(
            delete_owned(b, user_id, b.id == budget_id).execution_options(synchronize_session=False)
        )
