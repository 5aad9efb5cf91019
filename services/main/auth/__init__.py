"""Auth: register, verify the email, log in (with MFA), refresh, log out, reset the
password, the caller's profile. Owns users, tenants and their memberships (the tenant
roles; services.main.teams manages them), recovery codes and emailed tokens."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import auth_pb2

from services.main.auth import tables
from services.main.auth.servicer import AuthServicer
from services.main.kernel.client import client_of
from services.main.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        auth_pb2.DESCRIPTOR.services_by_name["AuthService"],
        AuthServicer(kernel, client_of(kernel.locator)),
    )


CAPABILITY: Capability[Kernel] = Capability("auth", _servicers, tables)
