"""Every capability of the main backend: the composition root registers their services
and Alembic collects their tables from this one tuple."""

from __future__ import annotations

from services.main import (
    admin,
    auth,
    devices,
    invoices,
    keys,
    ledger,
    payments,
    projects,
    recon,
    reports,
    security,
    service_accounts,
    sessions,
    teams,
)

CAPABILITIES = (
    auth.CAPABILITY,
    sessions.CAPABILITY,
    devices.CAPABILITY,
    security.CAPABILITY,
    keys.CAPABILITY,
    admin.CAPABILITY,
    service_accounts.CAPABILITY,
    ledger.CAPABILITY,
    teams.CAPABILITY,
    projects.CAPABILITY,
    invoices.CAPABILITY,
    payments.CAPABILITY,
    recon.CAPABILITY,
    reports.CAPABILITY,
)
