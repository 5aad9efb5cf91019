"""Sessions: the caller's login sessions (list, revoke) and the check other services
make of a token's session. Owns sessions and their refresh-token chains."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import sessions_pb2

from services.main.kernel.client import client_of
from services.main.kernel.dependencies import Kernel
from services.main.sessions import tables
from services.main.sessions.servicer import SessionServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        sessions_pb2.DESCRIPTOR.services_by_name["SessionService"],
        SessionServicer(
            kernel.unit_of_work, kernel.clock, kernel.locator.locate, client_of(kernel.locator)
        ),
    )


CAPABILITY: Capability[Kernel] = Capability("sessions", _servicers, tables)
