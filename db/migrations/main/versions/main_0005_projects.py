"""Main backend: Projects of a tenant and their members (role, allocation percent).

Revision ID: main_0005
Revises: main_0004
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "main_0005"
down_revision: str | None = "main_0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
