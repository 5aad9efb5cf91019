"""Project finance exports (spec 3 "Export", GAPS): a CSV, JSON or XLSX file of the
tenant's records with their phases, scopes and team as asked, stored in the database
and downloaded from a signed URL for 24 hours (ExportService,
POST /api/project-finance/export; docs/project-finance-exports.md)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import exports_pb2

from services.projectfinance.exports import tables
from services.projectfinance.exports.servicer import ExportServicer
from services.projectfinance.exports.usecases import configured_or_stored
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    secret = configured_or_stored(kernel.secrets.export_signing_secret, kernel.clock)
    yield Served(
        exports_pb2.DESCRIPTOR.services_by_name["ExportService"],
        ExportServicer(kernel, secret=secret),
    )


CAPABILITY: Capability[Kernel] = Capability("exports", _servicers, tables)
