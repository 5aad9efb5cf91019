"""Categories: a user's default set (created on request, never deleted) and their own,
nested at most three levels deep."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import categories_pb2

from services.analytics.categories import tables
from services.analytics.categories.servicer import CategoryServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        categories_pb2.DESCRIPTOR.services_by_name["CategoryService"],
        CategoryServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("categories", _servicers, tables)
