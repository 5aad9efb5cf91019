"""Who changes project-finance data, from where, and under which correlation id: what
every audit entry records beside the change itself. Built by the servicer from the call
(kernel.calling) and handed to the use case."""

from __future__ import annotations

import uuid
from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    user_id: uuid.UUID
    ip_address: str
    user_agent: str
    # The edge's request id (x-request-id), or a fresh id for a direct gRPC caller that
    # sent none: every entry written by one call shares it.
    correlation_id: str
