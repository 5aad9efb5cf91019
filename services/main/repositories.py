"""The main backend's one repository bundle: what `uow.repos` exposes to use cases.

Built from the unit of work's session by `repositories`; a capability's use cases reach
another capability's data only through these repositories (or its use cases), never
through its tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from services.main.auth.repository import (
    ActionTokenRepository,
    MembershipRepository,
    RecoveryCodeRepository,
    UserRepository,
)
from services.main.devices.repository import TrustedDeviceRepository
from services.main.invoices.repository import InvoiceRepository
from services.main.keys.repository import SigningKeyRepository
from services.main.ledger.repository import LedgerRepository
from services.main.payments.repository import PaymentRepository
from services.main.projects.repository import ProjectRepository
from services.main.recon.repository import ReconRepository
from services.main.reports.repository import ReportRepository
from services.main.security.repository import SecurityEventRepository
from services.main.service_accounts.repository import (
    DelegationRepository,
    ServiceAccountRepository,
)
from services.main.sessions.repository import SessionRepository
from services.main.teams.repository import InvitationRepository


@dataclass(frozen=True)
class Repositories:
    users: UserRepository
    action_tokens: ActionTokenRepository
    recovery_codes: RecoveryCodeRepository
    sessions: SessionRepository
    devices: TrustedDeviceRepository
    events: SecurityEventRepository
    service_accounts: ServiceAccountRepository
    delegations: DelegationRepository
    signing_keys: SigningKeyRepository
    ledger: LedgerRepository
    memberships: MembershipRepository
    invitations: InvitationRepository
    projects: ProjectRepository
    invoices: InvoiceRepository
    payments: PaymentRepository
    recon: ReconRepository
    reports: ReportRepository


def repositories(session: Session) -> Repositories:
    return Repositories(
        users=UserRepository(session),
        action_tokens=ActionTokenRepository(session),
        recovery_codes=RecoveryCodeRepository(session),
        sessions=SessionRepository(session),
        devices=TrustedDeviceRepository(session),
        events=SecurityEventRepository(session),
        service_accounts=ServiceAccountRepository(session),
        delegations=DelegationRepository(session),
        signing_keys=SigningKeyRepository(session),
        ledger=LedgerRepository(session),
        memberships=MembershipRepository(session),
        invitations=InvitationRepository(session),
        projects=ProjectRepository(session),
        invoices=InvoiceRepository(session),
        payments=PaymentRepository(session),
        recon=ReconRepository(session),
        reports=ReportRepository(session),
    )
