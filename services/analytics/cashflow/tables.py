"""A user's last cash-flow computation and the predictions it stored, the alerts it
raised (one per cause, ever) and the snapshots taken."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, BigInteger, Date, Float, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Money, UTCDateTime
from services.analytics.base import Base


class CashFlowStateRow(Base, OwnedBy):
    """The inputs of the user's last computation (served while they are unchanged) and
    what it found besides the periods. Its row is the lock a computation holds."""

    __tablename__ = "cashflow_states"
    __owner__ = "user_id"

    user_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    # -1: a placeholder no computation has filled yet.
    data_version: Mapped[int] = mapped_column(BigInteger)
    recurring_version: Mapped[int] = mapped_column(BigInteger)
    # "<count>:<last updated_at>" of the user's planned expenses.
    planned_fingerprint: Mapped[str] = mapped_column(String(64))
    computed_on: Mapped[date] = mapped_column(Date)
    threshold: Mapped[Decimal] = mapped_column(Money)
    currency: Mapped[str] = mapped_column(String(3))
    current_balance: Mapped[Decimal] = mapped_column(Money)
    # The snapshot figures: {"projections": [{days, date, balance, income, expenses}],
    # "lowest": {date, balance}} (amounts as decimal strings).
    outlook: Mapped[dict[str, Any]] = mapped_column(JSON)
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class CashFlowPredictionRow(Base, OwnedBy):
    """One period's prediction, for every period type from the current period to three
    years ahead."""

    __tablename__ = "cashflow_predictions"
    __owner__ = "user_id"

    user_id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    # weekly | monthly | quarterly
    period_type: Mapped[str] = mapped_column(String(16), primary_key=True)
    period_start: Mapped[date] = mapped_column(Date, primary_key=True)
    period_end: Mapped[date] = mapped_column(Date)
    predicted_from: Mapped[date] = mapped_column(Date)
    opening_balance: Mapped[Decimal] = mapped_column(Money)
    expected_income: Mapped[Decimal] = mapped_column(Money)
    expected_expenses: Mapped[Decimal] = mapped_column(Money)
    expected_balance: Mapped[Decimal] = mapped_column(Money)
    lowest_balance: Mapped[Decimal] = mapped_column(Money)
    lowest_balance_on: Mapped[date] = mapped_column(Date)
    balance_low: Mapped[Decimal] = mapped_column(Money)
    balance_high: Mapped[Decimal] = mapped_column(Money)
    confidence: Mapped[float] = mapped_column(Float)
    recurring_income: Mapped[Decimal] = mapped_column(Money)
    recurring_expenses: Mapped[Decimal] = mapped_column(Money)
    planned_expenses: Mapped[Decimal] = mapped_column(Money)
    discretionary_expenses: Mapped[Decimal] = mapped_column(Money)


class CashFlowAlertRow(Base, OwnedBy):
    __tablename__ = "cashflow_alerts"
    __owner__ = "user_id"
    __table_args__ = (
        # One alert per cause, ever: a concurrent evaluation's second insert does nothing.
        UniqueConstraint("user_id", "cause_key"),
        Index("ix_cashflow_alerts_user_id_status", "user_id", "status"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # "<type>:<subject>", e.g. "low_balance:2027-01".
    cause_key: Mapped[str] = mapped_column(String(100))
    # low_balance | negative_flow | unusual_spending
    alert_type: Mapped[str] = mapped_column(String(32))
    # low | medium | high
    severity: Mapped[str] = mapped_column(String(8))
    # 0 high, 1 medium, 2 low: lists order by it.
    severity_rank: Mapped[int] = mapped_column(Integer)
    # pending | acknowledged | resolved | dismissed
    status: Mapped[str] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(String(1000))
    period_start: Mapped[date] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    amount: Mapped[Decimal] = mapped_column(Money)
    reference: Mapped[Decimal] = mapped_column(Money)
    currency: Mapped[str] = mapped_column(String(3))
    category_id: Mapped[uuid.UUID | None] = mapped_column(GUID)
    score: Mapped[float | None] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    acknowledged_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # user | system
    resolved_by: Mapped[str | None] = mapped_column(String(8))


class CashFlowSnapshotRow(Base, OwnedBy):
    __tablename__ = "cashflow_snapshots"
    __owner__ = "user_id"
    __table_args__ = (
        Index("ix_cashflow_snapshots_user_id_generated_at", "user_id", "generated_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    snapshot_date: Mapped[date] = mapped_column(Date)
    currency: Mapped[str] = mapped_column(String(3))
    current_balance: Mapped[Decimal] = mapped_column(Money)
    # As CashFlowStateRow.outlook.
    outlook: Mapped[dict[str, Any]] = mapped_column(JSON)
    active_alerts: Mapped[int] = mapped_column(Integer)
    # The computation it was taken from (domain.Fingerprint.text).
    fingerprint: Mapped[str] = mapped_column(String(200))
    generated_at: Mapped[datetime] = mapped_column(UTCDateTime)
