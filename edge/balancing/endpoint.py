"""One backend instance as discovery sources describe it (settings, JWT registration,
EndpointSlices)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Endpoint:
    """`address` is "host:port" as gRPC dials it; `weight` feeds the weighted strategy."""

    address: str
    weight: int = 1
    metadata: Mapping[str, str] = field(default_factory=dict)
