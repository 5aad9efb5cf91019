"""The steps of the backend's per-interceptor breakdown, shared by its two measurements:
CPU per call of a loaded server process (interceptor_cpu.py) and Python CPU per call in
one thread (layer_cost.py).

Each step adds one layer of the runtime's chain to the step before, in the order the
issue lists them; the chain itself keeps the runtime's order (`build_layers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from services.expense.main import ExpenseBackend
from services.expense.settings import ExpenseSettings
from services.runtime.interceptors import LAYERS, Layer, build_layers
from services.runtime.interceptors.base import Interceptor, UnaryBehavior, UnaryInterceptor
from services.runtime.principal import Principal, bind_principal, reset_principal
from services.runtime.quota import QuotaEnforcer
from services.runtime.tracing import configure_tracing


@dataclass(frozen=True)
class Step:
    name: str
    layers: tuple[Layer, ...]
    rpc: str  # "health" (the floor) or "get" (GetExpense)


def _cumulative() -> tuple[Step, ...]:
    order: tuple[tuple[str, Layer], ...] = (
        ("+tracing", "tracing"),
        ("+metrics", "metrics"),
        ("+auth", "auth"),
        ("+quota", "quota"),
        ("+access log", "access_log"),
        ("+error mapping", "errors"),
    )
    assert {layer for _, layer in order} == set(LAYERS), "a layer is missing from the steps"
    steps = [Step("floor", (), "health"), Step("handler", (), "get")]
    enabled: tuple[Layer, ...] = ()
    for name, layer in order:
        enabled = (*enabled, layer)
        steps.append(Step(name, enabled, "get"))
    return tuple(steps)


STEPS = _cumulative()


class BoundPrincipal(UnaryInterceptor):
    """Without the auth layer, GetExpense still needs its owner: bind the key's principal
    (a contextvar set and reset, the least any auth could cost)."""

    def __init__(self, principal: Principal) -> None:
        self._principal = principal

    def wrap(self, method: str, inner: UnaryBehavior) -> UnaryBehavior:
        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            token = bind_principal(self._principal)
            try:
                return inner(request, context)
            finally:
                reset_principal(token)

        return behavior


def step_chain(
    backend: ExpenseBackend,
    settings: ExpenseSettings,
    layers: Sequence[Layer],
    principal_subject: str,
) -> list[Interceptor]:
    """The step's layers (outermost first) for the expense backend; without "auth", the
    key's principal bound in its place."""
    chain = build_layers(
        backend.authenticators,
        QuotaEnforcer(settings, redis_retry_seconds=settings.redis_retry_seconds),
        configure_tracing(settings, "expense"),
        layers=layers,
    )
    if "auth" not in layers:
        chain.append(BoundPrincipal(Principal(subject=principal_subject, kind="api_key")))
    return chain
