"""Who is calling a main RPC, as ids: the user and the session of the access token."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from services.runtime.errors import Unauthenticated
from services.runtime.principal import current_principal, current_user_id


@dataclass(frozen=True)
class Caller:
    user_id: uuid.UUID
    session_id: uuid.UUID | None


def current_caller() -> Caller:
    """The authenticated user (the auth interceptor has verified the token and its session)."""
    user_id = current_user_id()
    principal = current_principal()
    try:
        session_id = uuid.UUID(principal.session_id) if principal.session_id else None
    except ValueError:
        raise Unauthenticated("invalid access token") from None
    return Caller(user_id=user_id, session_id=session_id)
