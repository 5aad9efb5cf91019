"""Signing keys: the access-token signing keys (rotation with overlap, `finplat keys`)
and their publication as a JWK Set (JwksService)."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import keys_pb2

from services.main.kernel.dependencies import Kernel
from services.main.keys import tables
from services.main.keys.servicer import JwksServicer
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(keys_pb2.DESCRIPTOR.services_by_name["JwksService"], JwksServicer(kernel.keys))


CAPABILITY: Capability[Kernel] = Capability("keys", _servicers, tables)
