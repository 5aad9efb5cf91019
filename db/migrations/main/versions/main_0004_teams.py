"""Main backend: tenants and teams — memberships (a user in several tenants, one role
each), invitations, the tenant's base currency.

Revision ID: main_0004
Revises: main_0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "main_0004"
down_revision: str | None = "main_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
