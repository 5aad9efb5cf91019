"""Portfolio metrics (spec 3 "Portfolio metrics"): the caller's tenant's project finance
records taken together, with main's project statuses, names, members and allocations
(PortfolioService, GET /api/analytics/portfolio; docs/project-finance-portfolio.md).
No tables: everything is derived when read."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import portfolio_pb2

from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.portfolio.servicer import PortfolioServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        portfolio_pb2.DESCRIPTOR.services_by_name["PortfolioService"],
        PortfolioServicer(kernel),
    )


CAPABILITY: Capability[Kernel] = Capability("portfolio", _servicers, None)
