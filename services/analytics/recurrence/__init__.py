"""Recurrence rules (RFC 5545 RRULE, the day-level subset): validation with precise
messages, plain-English descriptions and instance dates. `rules` is the library other
capabilities use; RecurrenceService serves it. No tables: rules are not stored here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import recurrence_pb2

from services.analytics.recurrence.servicer import RecurrenceServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        recurrence_pb2.DESCRIPTOR.services_by_name["RecurrenceService"], RecurrenceServicer()
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("recurrence", _servicers)
