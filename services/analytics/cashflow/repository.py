"""Persistence of the stored cash-flow predictions and snapshots, scoped to the owning
user through db.scoping (the alerts: `alerts`, alert_store.py).

A stored hit is two small reads: the state row (one primary-key read) and the periods
asked for (a primary-key range). A computation holds the state row (SELECT … FOR UPDATE:
PostgreSQL's row lock; SQLite has one writer anyway), so two requests never compute one
user's predictions at once.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from services.analytics.cashflow.alert_store import AlertStore
from services.analytics.cashflow.domain import (
    Computation,
    Fingerprint,
    Outlook,
    Prediction,
    ProjectedBalance,
    Snapshot,
    Window,
)
from services.analytics.cashflow.tables import (
    CashFlowPredictionRow,
    CashFlowSnapshotRow,
    CashFlowStateRow,
)
from services.analytics.planned_expenses.tables import PlannedExpenseRow
from services.analytics.rollups import sql

_PLACEHOLDER = -1
_PREDICTIONS: Any = CashFlowPredictionRow.__table__
_STATES: Any = CashFlowStateRow.__table__
_FIGURES = tuple(c.name for c in _PREDICTIONS.columns if c.name not in ("user_id",))


# -- rows ⇄ values -------------------------------------------------------------------------


def _outlook_json(outlook: Outlook) -> dict[str, Any]:
    return {
        "projections": [
            {
                "days": p.days,
                "date": p.day.isoformat(),
                "balance": str(p.balance),
                "income": str(p.income),
                "expenses": str(p.expenses),
            }
            for p in outlook.projections
        ],
        "lowest": {"date": outlook.lowest_on.isoformat(), "balance": str(outlook.lowest_balance)},
    }


def _outlook(stored: dict[str, Any]) -> Outlook:
    lowest = stored["lowest"]
    return Outlook(
        projections=tuple(
            ProjectedBalance(
                days=int(p["days"]),
                day=date.fromisoformat(p["date"]),
                balance=Decimal(p["balance"]),
                income=Decimal(p["income"]),
                expenses=Decimal(p["expenses"]),
            )
            for p in stored["projections"]
        ),
        lowest_balance=Decimal(lowest["balance"]),
        lowest_on=date.fromisoformat(lowest["date"]),
    )


def _computation(row: CashFlowStateRow) -> Computation | None:
    if row.data_version == _PLACEHOLDER:
        return None
    return Computation(
        fingerprint=Fingerprint(
            row.data_version,
            row.recurring_version,
            row.planned_fingerprint,
            row.computed_on,
            row.threshold,
        ),
        currency=row.currency,
        current_balance=row.current_balance,
        outlook=_outlook(row.outlook),
        generated_at=row.generated_at,
    )


def _prediction(row: Any) -> Prediction:
    values = row._mapping
    return Prediction(**{name: values[name] for name in _FIGURES})


def _snapshot(row: CashFlowSnapshotRow) -> Snapshot:
    return Snapshot(
        id=row.id,
        snapshot_date=row.snapshot_date,
        currency=row.currency,
        current_balance=row.current_balance,
        outlook=_outlook(row.outlook),
        active_alerts=row.active_alerts,
        generated_at=row.generated_at,
        fingerprint=row.fingerprint,
    )


class CashFlowRepository:
    def __init__(self, session: Session) -> None:
        self._session = session
        self.alerts = AlertStore(session)

    @property
    def _dialect(self) -> str:
        return self._session.get_bind().dialect.name

    # -- the inputs' fingerprint -----------------------------------------------------------

    def planned_fingerprint(self, user_id: uuid.UUID) -> str:
        """What the predictions read of the user's planned expenses, in one aggregate:
        creating or deleting one changes the count, paying one its paid count or its
        occurrence number, and any change the last update time."""
        p = PlannedExpenseRow
        count, paid, occurrences, last = self._session.execute(
            scoped(
                select(
                    func.count(),
                    func.sum(case((p.is_paid, 1), else_=0)),
                    func.sum(p.occurrence),
                    func.max(p.updated_at),
                ).where(owner_is(p, user_id))
            )
        ).one()
        stamp = "" if last is None else last.isoformat() if isinstance(last, datetime) else last
        return f"{count}:{paid or 0}:{occurrences or 0}:{stamp}"[:64]

    # -- the last computation --------------------------------------------------------------

    def computation(self, user_id: uuid.UUID) -> Computation | None:
        row = self._session.scalar(
            select_owned(CashFlowStateRow, user_id).execution_options(populate_existing=True)
        )
        return None if row is None else _computation(row)

    def lock(self, user_id: uuid.UUID, now: datetime) -> Computation | None:
        """Hold the user's state row until the unit of work ends (created as a
        placeholder first when missing) and answer what it holds then."""
        self._session.execute(
            sql.upsert(self._dialect, _STATES)
            .values(
                user_id=user_id,
                data_version=_PLACEHOLDER,
                recurring_version=_PLACEHOLDER,
                planned_fingerprint="",
                computed_on=date.min,
                threshold=Decimal(0),
                currency="",
                current_balance=Decimal(0),
                outlook={},
                generated_at=now,
            )
            .on_conflict_do_nothing(index_elements=[_STATES.c.user_id])
        )
        row = self._session.scalars(
            select_owned(CashFlowStateRow, user_id)
            .with_for_update()
            .execution_options(populate_existing=True)
        ).one()
        return _computation(row)

    def save(
        self,
        user_id: uuid.UUID,
        computation: Computation,
        predictions: Iterable[Prediction],
    ) -> int:
        """Replace the user's computation and every stored period (call `lock` first);
        returns how many periods were stored."""
        fingerprint = computation.fingerprint
        self._session.execute(
            update_owned(CashFlowStateRow, user_id)
            .values(
                data_version=fingerprint.data_version,
                recurring_version=fingerprint.recurring_version,
                planned_fingerprint=fingerprint.planned,
                computed_on=fingerprint.computed_on,
                threshold=fingerprint.threshold,
                currency=computation.currency,
                current_balance=computation.current_balance,
                outlook=_outlook_json(computation.outlook),
                generated_at=computation.generated_at,
            )
            .execution_options(synchronize_session=False)
        )
        self._session.execute(
            delete_owned(CashFlowPredictionRow, user_id).execution_options(
                synchronize_session=False
            )
        )
        rows = [
            {"user_id": user_id, **{name: getattr(p, name) for name in _FIGURES}}
            for p in predictions
        ]
        if rows:
            self._session.execute(_PREDICTIONS.insert(), rows)
        return len(rows)

    def forget(self, user_id: uuid.UUID) -> None:
        """Mark the stored computation stale: the next read computes again (the
        recurring series were detected again with the transactions unchanged)."""
        self._session.execute(
            update_owned(CashFlowStateRow, user_id)
            .values(data_version=_PLACEHOLDER)
            .execution_options(synchronize_session=False)
        )

    def predictions(self, user_id: uuid.UUID, window: Window) -> list[Prediction]:
        p = CashFlowPredictionRow
        rows = self._session.execute(
            scoped(
                select(*(getattr(p, name) for name in _FIGURES))
                .where(
                    owner_is(p, user_id),
                    p.period_type == window.period_type,
                    p.period_start >= window.first,
                )
                .order_by(p.period_start)
                .limit(window.count)
            )
        )
        return [_prediction(r) for r in rows]

    # -- snapshots -----------------------------------------------------------------------------

    def latest_snapshot(self, user_id: uuid.UUID) -> Snapshot | None:
        s = CashFlowSnapshotRow
        row = self._session.scalars(
            select_owned(s, user_id).order_by(s.generated_at.desc(), s.id.desc()).limit(1)
        ).first()
        return None if row is None else _snapshot(row)

    def add_snapshot(self, user_id: uuid.UUID, snapshot: Snapshot) -> None:
        self._session.add(
            CashFlowSnapshotRow(
                id=snapshot.id,
                user_id=user_id,
                snapshot_date=snapshot.snapshot_date,
                currency=snapshot.currency,
                current_balance=snapshot.current_balance,
                outlook=_outlook_json(snapshot.outlook),
                active_alerts=snapshot.active_alerts,
                fingerprint=snapshot.fingerprint,
                generated_at=snapshot.generated_at,
            )
        )
        self._session.flush()
