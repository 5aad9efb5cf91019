"""Compliance reports (spec 3 "Compliance reports"): the audit trail with the integrity
of the audit log's hash chain, the GDPR Article 30 record from the registry of what
finplat processes, and the SOX 404 control evaluation with Ed25519-signed attestations
(ComplianceService; docs/project-finance-compliance.md). Reports are stored as
generated and read back by id."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.projectfinance.v1 import compliance_pb2

from services.projectfinance.compliance import tables, usecases
from services.projectfinance.compliance.servicer import ComplianceServicer
from services.projectfinance.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    # The configured key is checked now: a bad one stops the backend at start-up.
    key = usecases.configured_signing_key(kernel.secrets.compliance_signing_key)
    yield Served(
        compliance_pb2.DESCRIPTOR.services_by_name["ComplianceService"],
        ComplianceServicer(kernel, key),
    )


CAPABILITY: Capability[Kernel] = Capability("compliance", _servicers, tables)
