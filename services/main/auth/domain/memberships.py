"""Tenants and memberships as the identity flows see them, pure.

A user belongs to one or more tenants, one tenant role in each: the memberships are
the truth about roles. Which tenant a token is for: services.main.kernel.tokens.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Tenant:
    id: uuid.UUID
    name: str
    base_currency: str
    created_at: datetime


@dataclass(frozen=True)
class Membership:
    tenant_id: uuid.UUID
    user_id: uuid.UUID
    tenant_role: str
    # When the user joined the tenant.
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class Member:
    """A membership with who it is, as a tenant's member list shows it."""

    membership: Membership
    email: str
    full_name: str


@dataclass(frozen=True)
class Team:
    """A tenant as one of its members sees it."""

    tenant: Tenant
    membership: Membership
    member_count: int
