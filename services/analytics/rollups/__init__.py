"""Per-user roll-ups of transactions (by day and category, by day and month and
merchant) and the staleness marker every transaction write sets. No service of its
own: insights, forecasts and suggestions read through `uow.repos.rollups`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from services.analytics.rollups import tables
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    return ()


CAPABILITY: Capability[AnalyticsKernel] = Capability("rollups", _servicers, tables)
