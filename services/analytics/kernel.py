"""What the analytics backend's capabilities share, built once by the composition root."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from db.unit_of_work import UnitOfWork
from services.analytics.repositories import AnalyticsRepositories
from services.runtime.clock import Clock, utcnow

AnalyticsUnitOfWork = UnitOfWork[AnalyticsRepositories]
UowFactory = Callable[[], AnalyticsUnitOfWork]


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class AnalyticsKernel:
    unit_of_work: UowFactory
    # Whether the database answers (GET /api/health).
    database_ok: Callable[[], bool]
    # Tells the import workers a job was queued, so they start at once instead of at
    # their next poll. Jobs are durable rows: a lost wake-up only delays an import.
    wake_importers: Callable[[], None] = _nothing
    # Largest upload the backend stores (the edge enforces its own, usually equal, limit).
    upload_max_bytes: int = 100 * 1024 * 1024
    clock: Clock = utcnow
    # Cash-flow alerts: a projected balance under this raises low_balance.
    low_balance_threshold: Decimal = Decimal("100.00")
    version: str = "0.0.0"
    build: str = "dev"
