"""Who may change whose tenant role (docs/teams.md). Owners and managers manage members
(the `teams:manage` scope, checked at the door); only an owner grants the owner role or
changes or removes an owner; a tenant never loses its last owner."""

from __future__ import annotations

from services.main.kernel import access
from services.runtime.errors import FailedPrecondition, PermissionDenied


def check_grant(actor_role: str, current_role: str | None, new_role: str | None) -> None:
    """May a member of role `actor_role` move someone from `current_role` (None: not a
    member yet) to `new_role` (None: out of the tenant)?"""
    if actor_role != access.OWNER and access.OWNER in (current_role, new_role):
        raise PermissionDenied("only an owner can grant, change or remove the owner role")


def check_keeps_owner(current_role: str, new_role: str | None, owners: int) -> None:
    """409 when the change would leave the tenant without an owner."""
    if current_role == access.OWNER and new_role != access.OWNER and owners <= 1:
        raise FailedPrecondition(
            "the tenant's last owner cannot be demoted or removed; make another member owner first",
            reason="LAST_OWNER",
        )
