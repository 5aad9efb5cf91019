"""Project finance: the audit log's hash chain and the compliance signing keys.

Revision ID: pf_0006
Revises: pf_0005
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "pf_0006"
down_revision: str | None = "pf_0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
