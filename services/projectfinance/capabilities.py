"""Every capability of the project-finance backend: the composition root registers their
services and Alembic collects their tables from this one tuple."""

from __future__ import annotations

from services.projectfinance import (
    approvals,
    audit,
    compliance,
    cost_centers,
    exports,
    forecasts,
    health,
    milestones,
    phases,
    portfolio,
    records,
)

CAPABILITIES = (
    audit.CAPABILITY,
    records.CAPABILITY,
    milestones.CAPABILITY,
    cost_centers.CAPABILITY,
    phases.CAPABILITY,
    approvals.CAPABILITY,
    health.CAPABILITY,
    compliance.CAPABILITY,
    exports.CAPABILITY,
    portfolio.CAPABILITY,
    forecasts.CAPABILITY,
)
