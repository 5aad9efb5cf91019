"""Every capability of the expense backend: the composition root registers their
services and Alembic collects their tables from this one tuple."""

from __future__ import annotations

from services.expense import api_keys, expenses

CAPABILITIES = (api_keys.CAPABILITY, expenses.CAPABILITY)
