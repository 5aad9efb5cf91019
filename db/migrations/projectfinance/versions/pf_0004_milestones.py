"""Project finance: milestones (filled by its capability's change).

Revision ID: pf_0004
Revises: pf_0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "pf_0004"
down_revision: str | None = "pf_0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
