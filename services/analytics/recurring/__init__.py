"""Recurring transactions with a measured confidence, and the upcoming ones they predict
(RecurringService); the detection itself is the pure `detector` module."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import recurring_pb2

from services.analytics.recurring import tables
from services.analytics.recurring.servicer import RecurringServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        recurring_pb2.DESCRIPTOR.services_by_name["RecurringService"],
        RecurringServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("recurring", _servicers, tables)
