"""Service accounts: client credentials for backends, traded for `service` tokens
(ServiceTokenService; `finplat service-accounts` for operators), and the delegation
grants they obtain for users by token exchange (TokenExchangeService, RFC 8693)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import service_accounts_pb2, token_exchange_pb2

from services.main.kernel.client import client_of
from services.main.kernel.dependencies import Kernel
from services.main.service_accounts import tables
from services.main.service_accounts.servicer import ServiceTokenServicer, TokenExchangeServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    client = client_of(kernel.locator)
    yield Served(
        service_accounts_pb2.DESCRIPTOR.services_by_name["ServiceTokenService"],
        ServiceTokenServicer(kernel, client),
    )
    yield Served(
        token_exchange_pb2.DESCRIPTOR.services_by_name["TokenExchangeService"],
        TokenExchangeServicer(kernel, client),
    )


CAPABILITY: Capability[Kernel] = Capability("service_accounts", _servicers, tables)
