"""The Python CPU of each interceptor layer, per call, in one thread: steadier figures
than a loaded server's (tools/bench/interceptor_cpu.py), without gRPC's own machinery.

The expense backend's real GetExpense handler (same composition root, same database) is
wrapped in the same growing subsets of the runtime's layers as the process breakdown,
then called N times in a row on a real servicer context (the context of one running
RPC), the thread's CPU time read around the loop; the steps are interleaved over rounds
and each keeps its fastest round. The floor here is zero: what a bare
call costs is the process breakdown's first row.
"""

from __future__ import annotations

import collections
import json
import os
import time
from collections.abc import Callable, Sequence
from concurrent import futures
from typing import Any

import grpc
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.expense.main import ExpenseBackend, build
from services.expense.settings import ExpenseSettings
from services.runtime.interceptors import MethodChain
from services.runtime.interceptors.base import Handler, Interceptor
from services.runtime.logging import configure_logging
from tools.bench.layers import STEPS, step_chain

# The environment of the measuring process (run by interceptor_cpu.py): the key's id and
# secret, the expense to read, calls per step. The database comes as the backend's own
# FINPLAT_EXPENSE_DATABASE_URL.
PRINCIPAL_ENV = "BENCH_PRINCIPAL"
KEY_ENV = "BENCH_KEY"
EXPENSE_ENV = "BENCH_EXPENSE"
CALLS_ENV = "BENCH_CALLS"

GET_EXPENSE = "/finplat.expense.v1.ExpenseService/GetExpense"
WARMUP_CALLS = 200
ROUNDS = 5


class _Details(
    collections.namedtuple("_Details", ("method", "invocation_metadata")),
    grpc.HandlerCallDetails,
):
    """A method's call details, without any call's metadata."""


class _HandlerRecorder:
    """Stands in for a grpc.Server while a backend registers its services."""

    def __init__(self) -> None:
        self.generic: list[Any] = []

    def add_generic_rpc_handlers(self, handlers: Sequence[Any]) -> None:
        self.generic.extend(handlers)

    def add_registered_method_handlers(self, service: str, handlers: dict[str, Any]) -> None:
        self.generic.append(grpc.method_handlers_generic_handler(service, handlers))

    def handler(self, method: str) -> Handler:
        for generic in self.generic:
            found = generic.service(_Details(method, ()))
            if found is not None:
                return found  # type: ignore[no-any-return]
        raise LookupError(method)


def _composed(layers: list[Interceptor], handler: Handler) -> Callable[[Any, Any], Any]:
    composed = MethodChain(layers).intercept_service(
        lambda _details: handler, _Details(GET_EXPENSE, ())
    )
    assert composed is not None and composed.unary_unary is not None
    return composed.unary_unary


def measure(
    backend: ExpenseBackend,
    steps: Sequence[tuple[str, list[Interceptor]]],
    request: expense_pb2.GetExpenseRequest,
    metadata: Sequence[tuple[str, str]],
    calls: int,
) -> list[tuple[str, float]]:
    """(step name, µs of CPU per call) for each step's layers around the real handler."""
    recorder = _HandlerRecorder()
    backend.register(recorder)  # type: ignore[arg-type]
    handler = recorder.handler(GET_EXPENSE)
    behaviours = [(name, _composed(layers, handler)) for name, layers in steps]
    best: dict[str, float] = {}

    class Runner(expense_pb2_grpc.ExpenseServiceServicer):
        """Runs every step's loops inside one RPC, on that RPC's servicer context."""

        def GetExpense(self, _request: Any, context: grpc.ServicerContext) -> Any:
            for _, behaviour in behaviours:
                for _ in range(WARMUP_CALLS):
                    behaviour(request, context)
            # Interleaved rounds, the fastest kept: on a shared machine a round is only
            # ever slowed down by others, never sped up.
            for _ in range(ROUNDS):
                for name, behaviour in behaviours:
                    started = time.thread_time()
                    for _ in range(calls):
                        behaviour(request, context).SerializeToString()
                    per_call = (time.thread_time() - started) / calls * 1e6
                    best[name] = min(best.get(name, per_call), per_call)
            return expense_pb2.GetExpenseResponse()

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    expense_pb2_grpc.add_ExpenseServiceServicer_to_server(Runner(), server)  # type: ignore[no-untyped-call]
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = expense_pb2_grpc.ExpenseServiceStub(channel)  # type: ignore[no-untyped-call]
            stub.GetExpense(expense_pb2.GetExpenseRequest(), metadata=metadata, timeout=600)
    finally:
        server.stop(0)
    return [(name, best[name]) for name, _ in behaviours]


def main() -> None:
    """Measure every step but the floor; print [[step, µs per call], ...] as JSON."""
    settings = ExpenseSettings()
    configure_logging(settings.log_level)
    backend = build(settings)
    principal = os.environ[PRINCIPAL_ENV]
    steps = [
        (step.name, step_chain(backend, settings, step.layers, principal))
        for step in STEPS
        if step.rpc == "get"
    ]
    metadata = (
        ("authorization", f"Bearer {os.environ[KEY_ENV]}"),
        # As the edge sends them: the trace context and the request id.
        ("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
        ("x-request-id", "bench"),
    )
    request = expense_pb2.GetExpenseRequest(id=os.environ[EXPENSE_ENV])
    try:
        results = measure(backend, steps, request, metadata, int(os.environ[CALLS_ENV]))
    finally:
        backend.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
