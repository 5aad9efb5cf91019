"""Saving suggestions generated from a user's own data, with their status
(SuggestionService)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import suggestions_pb2

from services.analytics.suggestions import tables
from services.analytics.suggestions.servicer import SuggestionServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        suggestions_pb2.DESCRIPTOR.services_by_name["SuggestionService"],
        SuggestionServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("suggestions", _servicers, tables)
