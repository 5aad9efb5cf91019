"""Main: bank reconciliation.

Revision ID: main_0007
Revises: main_0006
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "main_0007"
down_revision: str | None = "main_0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
