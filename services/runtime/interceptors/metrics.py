"""The Prometheus layer: py-grpc-prometheus' server metrics, labelled once per method.

`PromServerInterceptor` looks up its labelled series on every call (three `labels()`
calls: keyword sorting, string conversion, a lock and a dict lookup each), which made it
one of the costliest layers of a backend's chain. The labels of a unary method are
fixed, so this subclass binds its series when the method's handler is composed (once,
see chain.py) and only counts per call. Metric names, labels, values and the
registry are py-grpc-prometheus' own, for the configuration the runtime uses (handling
time histogram on, current label names, exceptions re-raised); streaming methods keep
the library's own path.
"""

from __future__ import annotations

from timeit import default_timer
from typing import Any

import grpc
from prometheus_client import Counter
from py_grpc_prometheus import grpc_utils
from py_grpc_prometheus.prometheus_server_interceptor import PromServerInterceptor

from services.runtime.interceptors.base import (
    Continuation,
    Handler,
    UnaryBehavior,
    is_unary,
    wrap_unary,
)


class MetricsInterceptor(PromServerInterceptor):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__(enable_handling_time_histogram=True)

    def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = continuation(handler_call_details)
        service, method, named = grpc_utils.split_method_call(handler_call_details)
        if not is_unary(handler) or not named:
            library: Handler | None = super().intercept_service(
                lambda _details: handler, handler_call_details
            )
            return library
        assert handler is not None and handler.unary_unary is not None  # is_unary checked
        return wrap_unary(handler, self._counting(service, method, handler.unary_unary))

    def _counting(self, service: str, method: str, inner: UnaryBehavior) -> UnaryBehavior:
        labels = {"grpc_type": grpc_utils.UNARY, "grpc_service": service, "grpc_method": method}
        started = self._metrics["grpc_server_started_counter"].labels(**labels)
        handling_seconds = self._metrics["grpc_server_handled_histogram"].labels(**labels)
        handled_total: Counter = self._grpc_server_handled_total_counter
        handled: dict[str, Any] = {}

        def count_handled(code: grpc.StatusCode) -> None:
            series = handled.get(code.name)
            if series is None:
                series = handled[code.name] = handled_total.labels(**labels, grpc_code=code.name)
            series.inc()

        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            start = default_timer()
            try:
                started.inc()
                response = inner(request, context)
                count_handled(self._compute_status_code(context))
                return response
            except Exception:
                code = self._compute_status_code(context)
                count_handled(grpc.StatusCode.UNKNOWN if code == grpc.StatusCode.OK else code)
                raise
            finally:
                handling_seconds.observe(max(default_timer() - start, 0))

        return behavior
