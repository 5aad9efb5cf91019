"""Platform roles, tenant roles and the scopes tokens carry (GAPS "Identity and tokens").

The `roles` claim holds platform roles; the tenant role maps to scopes: owner and
manager get every scope, member every view scope plus requesting approvals and managing
records, viewer only the view scopes. Operators may grant extra scopes on top.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from services.runtime.errors import InvalidArgument

USER: Final = "user"
ADMIN: Final = "admin"
SERVICE: Final = "service"
PLATFORM_ROLES: Final = frozenset({USER, ADMIN, SERVICE})

OWNER: Final = "owner"
MANAGER: Final = "manager"
MEMBER: Final = "member"
VIEWER: Final = "viewer"
TENANT_ROLES: Final = (OWNER, MANAGER, MEMBER, VIEWER)

# Every scope the platform's services check. New services add theirs here.
ALL_SCOPES: Final = (
    "teams:view",
    "teams:manage",
    "projects:view",
    "projects:manage",
    "invoices:view",
    "invoices:manage",
    "payments:view",
    "payments:manage",
    "accounting:reports:view",
    "accounting:reports:export",
    "accounting:ledger:view",
    "accounting:ledger:manage",
    "project-finance:records:view",
    "project-finance:records:manage",
    "project-finance:analytics:view",
    "project-finance:approval:request",
    "project-finance:approval:view",
    "project-finance:approval:approve",
    "project-finance:compliance:view",
    "project-finance:export",
)
VIEW_SCOPES: Final = tuple(s for s in ALL_SCOPES if s.endswith(":view"))
_MEMBER_EXTRA: Final = ("project-finance:approval:request", "project-finance:records:manage")

_BY_TENANT_ROLE: Final[dict[str, tuple[str, ...]]] = {
    OWNER: ALL_SCOPES,
    MANAGER: ALL_SCOPES,
    MEMBER: VIEW_SCOPES + _MEMBER_EXTRA,
    VIEWER: VIEW_SCOPES,
}

_SCOPE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789:-_.")


def scopes_for(tenant_role: str, extra: Iterable[str] = ()) -> list[str]:
    """The `scope` claim's scopes, sorted: the tenant role's plus the explicit extras."""
    return sorted(set(_BY_TENANT_ROLE.get(tenant_role, ())) | set(extra))


def validate_roles(roles: Iterable[str]) -> list[str]:
    out = sorted(set(roles))
    unknown = [r for r in out if r not in PLATFORM_ROLES]
    if unknown:
        allowed = ", ".join(sorted(PLATFORM_ROLES))
        raise InvalidArgument.for_field("roles", f"unknown role(s) {unknown}; one of {allowed}")
    return out


def validate_scopes(scopes: Iterable[str]) -> list[str]:
    """Extra scopes: any well-formed name (services may define scopes before this list
    learns them), lower case, no spaces (the claim is space-separated)."""
    out = sorted(set(scopes))
    for scope in out:
        if not scope or len(scope) > 100 or not set(scope) <= _SCOPE_CHARS:
            raise InvalidArgument.for_field("scopes", f"malformed scope {scope!r}")
    return out


def validate_tenant_role(role: str) -> str:
    if role not in TENANT_ROLES:
        raise InvalidArgument.for_field("tenant_role", f"must be one of {', '.join(TENANT_ROLES)}")
    return role
