"""Accounting reports over the ledger (issue 18): the GL detail report and exports of
the GL detail (CSV) and the trial balance (CSV, JSON) (ReportService,
/api/v1/accounting/reports; docs/accounting-reports.md). No tables of its own: it reads
the ledger's."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.accounting.v1 import reports_pb2

from services.main.kernel.dependencies import Kernel
from services.main.reports.servicer import ReportServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(reports_pb2.DESCRIPTOR.services_by_name["ReportService"], ReportServicer(kernel))


CAPABILITY: Capability[Kernel] = Capability("reports", _servicers)
