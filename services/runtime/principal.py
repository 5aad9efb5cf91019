"""Who is calling: set by the auth interceptor, read by use cases through a contextvar."""

from __future__ import annotations

import contextvars
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from services.runtime.errors import Unauthenticated

PrincipalKind = Literal["user", "api_key", "service"]


@dataclass(frozen=True)
class Principal:
    """An authenticated caller. `subject` is the user id, API key id or service name."""

    subject: str
    kind: PrincipalKind
    roles: frozenset[str] = frozenset()
    scopes: frozenset[str] = frozenset()
    tenant_id: str | None = None
    session_id: str | None = None
    claims: Mapping[str, object] = field(default_factory=dict)

    def has_roles(self, required: frozenset[str] | set[str]) -> bool:
        return set(required) <= self.roles

    def has_scopes(self, required: frozenset[str] | set[str]) -> bool:
        return set(required) <= self.scopes


_current: contextvars.ContextVar[Principal | None] = contextvars.ContextVar(
    "finplat_principal", default=None
)


def current_principal() -> Principal:
    """The caller of the RPC being served; UNAUTHENTICATED when there is none."""
    principal = _current.get()
    if principal is None:
        raise Unauthenticated("authentication required")
    return principal


def optional_principal() -> Principal | None:
    return _current.get()


def bind_principal(principal: Principal | None) -> contextvars.Token[Principal | None]:
    """Set the caller for the current context; pass the token to `reset_principal`."""
    return _current.set(principal)


def reset_principal(token: contextvars.Token[Principal | None]) -> None:
    _current.reset(token)


def current_user_id() -> uuid.UUID:
    """The user calling the RPC being served (an access token's `sub`); UNAUTHENTICATED
    when the caller is not a user (an API key or a service) or the subject is no UUID."""
    principal = current_principal()
    if principal.kind != "user":
        raise Unauthenticated("this operation needs a user's access token")
    try:
        return uuid.UUID(principal.subject)
    except ValueError:
        raise Unauthenticated("invalid access token") from None
