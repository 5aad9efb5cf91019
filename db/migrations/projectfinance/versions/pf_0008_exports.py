"""Project finance: stored exports.

Revision ID: pf_0008
Revises: pf_0007
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "pf_0008"
down_revision: str | None = "pf_0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
