"""What the categories' and transactions' tests share: two users, a fixed clock, a caller
bound as the auth interceptor binds one, and the servicers' unused context."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import cast

import grpc

from services.runtime.principal import Principal, bind_principal, reset_principal

ALICE = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
BOB = uuid.UUID("00000000-0000-4000-8000-000000000b0b")
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
CONTEXT = cast(grpc.ServicerContext, None)  # the servicers never touch the context


def clock() -> datetime:
    return NOW


@contextmanager
def calling_as(user_id: uuid.UUID) -> Iterator[None]:
    token = bind_principal(Principal(subject=str(user_id), kind="user"))
    try:
        yield
    finally:
        reset_principal(token)
