"""Who is calling: set by the auth interceptor, read by use cases through a contextvar."""

from __future__ import annotations

import contextvars
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
