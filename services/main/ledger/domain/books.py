"""A tenant's books: its base currency and the count of entries posted so far (the
next number is one more, given under a row lock, so numbers have no gaps).

The books are opened on the tenant's first use of the ledger, in the tenant's base
currency (`tenants.base_currency`, EUR unless the tenant chose another) with the default
chart of accounts in it; they keep that currency for good.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass


@dataclass(frozen=True)
class Books:
    tenant_id: uuid.UUID
    base_currency: str
