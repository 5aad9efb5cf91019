"""Trusted devices: device fingerprints whose logins skip MFA, for a limited time."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import sessions_pb2

from services.main.devices import tables
from services.main.devices.servicer import TrustedDeviceServicer
from services.main.kernel.client import client_of
from services.main.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        sessions_pb2.DESCRIPTOR.services_by_name["TrustedDeviceService"],
        TrustedDeviceServicer(kernel.unit_of_work, kernel.clock, client_of(kernel.locator)),
    )


CAPABILITY: Capability[Kernel] = Capability("devices", _servicers, tables)
