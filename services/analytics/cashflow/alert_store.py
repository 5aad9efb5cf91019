"""Persistence of the cash-flow alerts, scoped to the owning user through db.scoping.

One alert per (user, cause), ever: alerts are inserted with INSERT … ON CONFLICT DO
NOTHING on that UNIQUE pair, so evaluations running at once never duplicate one. A
status move holds the alert's row (SELECT … FOR UPDATE).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from db.scoping import owner_is, scoped, select_owned, update_owned
from services.analytics.cashflow.alerts import Finding
from services.analytics.cashflow.domain import (
    ACTIVE,
    SEVERITY_RANK,
    Alert,
    AlertQuery,
    AlertStatus,
    StoredAlert,
)
from services.analytics.cashflow.tables import CashFlowAlertRow
from services.analytics.records import lock_mine
from services.analytics.rollups import sql
from services.runtime.paging import Page

_NOUN = "alert"
_ALERTS: Any = CashFlowAlertRow.__table__


def _alert(row: CashFlowAlertRow) -> Alert:
    return Alert(
        id=row.id,
        alert_type=row.alert_type,  # type: ignore[arg-type]
        severity=row.severity,  # type: ignore[arg-type]
        status=row.status,  # type: ignore[arg-type]
        title=row.title,
        message=row.message,
        period_start=row.period_start,
        period_end=row.period_end,
        amount=row.amount,
        reference=row.reference,
        currency=row.currency,
        category_id=row.category_id,
        score=row.score,
        created_at=row.created_at,
        updated_at=row.updated_at,
        acknowledged_at=row.acknowledged_at,
        resolved_at=row.resolved_at,
        resolved_by=row.resolved_by,  # type: ignore[arg-type]
    )


def _finding_values(finding: Finding) -> dict[str, Any]:
    return {
        "severity": finding.severity,
        "severity_rank": SEVERITY_RANK[finding.severity],
        "title": finding.title,
        "message": finding.message,
        "period_start": finding.period_start,
        "period_end": finding.period_end,
        "amount": finding.amount,
        "reference": finding.reference,
        "category_id": finding.category_id,
        "score": finding.score,
    }


class AlertStore:
    def __init__(self, session: Session) -> None:
        self._session = session

    @property
    def _dialect(self) -> str:
        return self._session.get_bind().dialect.name

    def active(self, user_id: uuid.UUID) -> list[StoredAlert]:
        rows = self._session.scalars(
            select_owned(
                CashFlowAlertRow, user_id, CashFlowAlertRow.status.in_(ACTIVE)
            ).execution_options(populate_existing=True)
        )
        return [StoredAlert(_alert(r), r.cause_key) for r in rows]

    def raise_new(
        self, user_id: uuid.UUID, findings: Sequence[Finding], currency: str, now: datetime
    ) -> int:
        """Insert an alert per finding unless its cause already has one (of any status);
        returns how many were inserted."""
        raised = 0
        for finding in findings:
            statement = (
                sql.upsert(self._dialect, _ALERTS)
                .values(
                    id=uuid.uuid4(),
                    user_id=user_id,
                    cause_key=finding.cause_key,
                    alert_type=finding.alert_type,
                    status="pending",
                    currency=currency,
                    created_at=now,
                    updated_at=now,
                    acknowledged_at=None,
                    resolved_at=None,
                    resolved_by=None,
                    **_finding_values(finding),
                )
                .on_conflict_do_nothing(index_elements=[_ALERTS.c.user_id, _ALERTS.c.cause_key])
                # What was inserted, not a rowcount: drivers disagree on it here.
                .returning(_ALERTS.c.id)
            )
            if self._session.execute(statement).first() is not None:
                raised += 1
        return raised

    def refresh(
        self, user_id: uuid.UUID, changes: Sequence[tuple[uuid.UUID, Finding]], now: datetime
    ) -> None:
        for alert_id, finding in changes:
            self._session.execute(
                update_owned(CashFlowAlertRow, user_id, CashFlowAlertRow.id == alert_id)
                .values(updated_at=now, **_finding_values(finding))
                .execution_options(synchronize_session=False)
            )

    def resolve_by_system(
        self, user_id: uuid.UUID, alert_ids: Sequence[uuid.UUID], now: datetime
    ) -> int:
        """Resolve those of the alerts still active; returns how many."""
        if not alert_ids:
            return 0
        result: Any = self._session.execute(
            update_owned(
                CashFlowAlertRow,
                user_id,
                CashFlowAlertRow.id.in_(alert_ids),
                CashFlowAlertRow.status.in_(ACTIVE),
            )
            .values(status="resolved", resolved_at=now, resolved_by="system", updated_at=now)
            .execution_options(synchronize_session=False)
        )
        return int(result.rowcount)

    def page(self, user_id: uuid.UUID, query: AlertQuery) -> Page[Alert]:
        a = CashFlowAlertRow
        conditions: list[ColumnElement[bool]] = [a.status.in_(query.statuses)]
        if query.severity is not None:
            conditions.append(a.severity == query.severity)
        if query.alert_type is not None:
            conditions.append(a.alert_type == query.alert_type)
        total = self._session.scalar(
            scoped(select(func.count()).select_from(a).where(owner_is(a, user_id), *conditions))
        )
        rows = self._session.scalars(
            select_owned(a, user_id, *conditions)
            .order_by(a.severity_rank, a.created_at.desc(), a.id.desc())
            .limit(query.limit)
            .offset(query.offset)
        )
        return Page([_alert(r) for r in rows], int(total or 0), query.limit, query.offset)

    def count_active(self, user_id: uuid.UUID) -> int:
        a = CashFlowAlertRow
        found = self._session.scalar(
            scoped(
                select(func.count())
                .select_from(a)
                .where(owner_is(a, user_id), a.status.in_(ACTIVE))
            )
        )
        return int(found or 0)

    def locked(self, user_id: uuid.UUID, alert_id: uuid.UUID) -> Alert:
        """The caller's alert, its row locked until the unit of work ends (403 another
        user's, 404 none)."""
        return _alert(lock_mine(self._session, CashFlowAlertRow, user_id, alert_id, _NOUN))

    def move(
        self, user_id: uuid.UUID, alert_id: uuid.UUID, status: AlertStatus, now: datetime
    ) -> Alert:
        changes: dict[str, Any] = {"status": status, "updated_at": now}
        if status == "acknowledged":
            changes["acknowledged_at"] = now
        if status == "resolved":
            changes.update(resolved_at=now, resolved_by="user")
        self._session.execute(
            update_owned(CashFlowAlertRow, user_id, CashFlowAlertRow.id == alert_id)
            .values(**changes)
            .execution_options(synchronize_session=False)
        )
        row = self._session.scalars(
            select_owned(
                CashFlowAlertRow, user_id, CashFlowAlertRow.id == alert_id
            ).execution_options(populate_existing=True)
        ).one()
        return _alert(row)
