"""Documents: uploaded statements (streamed in, stored in the database) and their import
by durable background jobs into the user's transactions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from finplat.analytics.v1 import documents_pb2

from services.analytics.documents import tables
from services.analytics.documents.servicer import DocumentServicer
from services.runtime.capability import Capability, Served

if TYPE_CHECKING:
    from services.analytics.kernel import AnalyticsKernel


def _servicers(kernel: AnalyticsKernel) -> Iterable[Served]:
    yield Served(
        documents_pb2.DESCRIPTOR.services_by_name["DocumentService"],
        DocumentServicer(
            kernel.unit_of_work, kernel.clock, kernel.wake_importers, kernel.upload_max_bytes
        ),
    )


CAPABILITY: Capability[AnalyticsKernel] = Capability("documents", _servicers, tables)
