"""Financial goals and their contributions (issue 13).

Revision ID: analytics_0004
Revises: analytics_0003
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "analytics_0004"
down_revision: str | None = "analytics_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
