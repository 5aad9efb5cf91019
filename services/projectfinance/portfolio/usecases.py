"""The portfolio read (spec 3 "Portfolio metrics"): every record of the caller's tenant
with its work, read in one unit of work with one query per kind (records, phases,
milestones, cost centers — never one per record), and main's projects and staffing
asked with the caller's token. The staffing calls start first; the project lookups go
out, concurrently, as soon as the records name their projects; main answers while the
work is read and computed, and is waited for only at the end. The reads lock no row, so
nothing is held while main answers."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.projectfinance.kernel.dependencies import Uow
from services.projectfinance.kernel.project_directory import ProjectDirectory
from services.projectfinance.portfolio.domain.metrics import Portfolio, portfolio
from services.projectfinance.portfolio.domain.standing import standing_of
from services.projectfinance.portfolio.domain.utilization import utilization
from services.projectfinance.records.domain.figures import work_by_record
from services.projectfinance.records.domain.records import Record
from services.runtime.clock import Clock, utcnow

# Records read per page of the records' listing (a tenant's whole portfolio is read).
RECORDS_PAGE: Final = 5000


@dataclass(frozen=True)
class PortfolioMetrics:
    tenant_id: uuid.UUID
    calculated_at: datetime
    portfolio: Portfolio


def _records(uow: Uow, tenant_id: uuid.UUID) -> list[Record]:
    found: list[Record] = []
    while True:
        page, total = uow.repos.records.listing(tenant_id, limit=RECORDS_PAGE, offset=len(found))
        found.extend(page)
        if not page or len(found) >= total:
            return found


def portfolio_metrics(
    uow: Uow,
    tenant_id: uuid.UUID,
    *,
    directory: ProjectDirectory,
    token: str,
    as_of: datetime | None = None,
    clock: Clock = utcnow,
) -> PortfolioMetrics:
    """The tenant's portfolio at `as_of` (default now); main is asked with `token`."""
    calculated_at = clock()
    moment = calculated_at if as_of is None else as_of
    staffing = directory.staffing(token)
    with uow:
        records = _records(uow, tenant_id)
        # Main looks the projects up while the records' work is read and computed.
        projects = directory.find_many(token, [record.project_id for record in records])
        ids = [record.id for record in records]
        work = work_by_record(
            ids,
            uow.repos.phases.work(tenant_id, ids),
            uow.repos.milestones.work(tenant_id, ids),
            uow.repos.cost_centers.work(tenant_id, ids),
        )
    standings = [standing_of(record, work[record.id], moment) for record in records]
    shown = portfolio(standings, projects.result(), utilization(staffing.result()))
    return PortfolioMetrics(tenant_id=tenant_id, calculated_at=calculated_at, portfolio=shown)
