"""What the project-finance backend's capabilities share, built once by the composition
root (services.projectfinance.main) and handed to every capability's servicers.

No SQLAlchemy here: use cases see storage only through `unit_of_work()`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from services.projectfinance.kernel.delegation_port import Delegations
from services.projectfinance.kernel.invoice_port import Invoicing
from services.projectfinance.kernel.project_directory import ProjectDirectory
from services.runtime.clock import Clock, utcnow
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.projectfinance.repositories import Repositories

# One transaction and every repository of the backend (services.projectfinance.repositories).
Uow: TypeAlias = "UnitOfWork[Repositories]"
UowFactory: TypeAlias = "Callable[[], UnitOfWork[Repositories]]"


@dataclass(frozen=True)
class Secrets:
    """Configured keys (None: generated once and kept in the database, so `finplat up`
    needs no configuration; production sets them — README)."""

    # The Ed25519 private key of SOX attestations (PEM or base64 raw).
    compliance_signing_key: str | None = None
    # The HMAC secret of export download URLs.
    export_signing_secret: str | None = None


@dataclass(frozen=True)
class Kernel:
    unit_of_work: UowFactory
    # Main's projects, asked with the caller's token (a record names one).
    projects: ProjectDirectory
    clock: Clock = utcnow
    # Main's invoices, asked with the caller's token (the milestone-invoice saga); None
    # where nothing invoices (tests of other capabilities).
    invoicing: Invoicing | None = None
    # Main's token exchange with this backend's service account: the saga resumes with
    # nobody calling. None when no service account is configured.
    delegations: Delegations | None = None
    # The saga's failpoints (tests only; milestones.failpoints).
    saga_failpoints: str = ""
    secrets: Secrets = Secrets()
