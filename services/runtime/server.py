"""Bootstrap of a backend's gRPC server: interceptors, health, reflection, metrics.

A backend's composition root builds its servicers and authenticators and calls
`serve(...)`; everything every backend needs is added here, once.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent import futures
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from prometheus_client import start_http_server

from services.runtime.auth import Authenticator
from services.runtime.interceptors import build_interceptors
from services.runtime.quota import QuotaEnforcer
from services.runtime.settings import RuntimeSettings
from services.runtime.tracing import configure_tracing

_log = logging.getLogger("finplat.runtime.server")

Register = Callable[[grpc.Server], Iterable[str]]


@dataclass
class RunningServer:
    """A started backend server. `stop` drains in-flight RPCs within the grace period."""

    name: str
    port: int
    metrics_port: int | None
    services: tuple[str, ...]
    server: grpc.Server
    health: health.HealthServicer
    grace_seconds: float
    _metrics_server: Any = None
    _stopped: threading.Event = field(default_factory=threading.Event)

    def stop(self, grace: float | None = None) -> None:
        """Report NOT_SERVING (balancers stop routing here), then let in-flight RPCs finish."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        self.health.enter_graceful_shutdown()
        grace = self.grace_seconds if grace is None else grace
        _log.info("stopping %s (grace %.1fs)", self.name, grace)
        self.server.stop(grace).wait()
        if self._metrics_server is not None:
            self._metrics_server.shutdown()
            self._metrics_server.server_close()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the server terminates; False if `timeout` elapsed first."""
        # grpc's wait_for_termination returns True when it *timed out*.
        return not self.server.wait_for_termination(timeout)


def serve(
    *,
    name: str,
    settings: RuntimeSettings,
    port: int,
    metrics_port: int | None,
    register: Register,
    authenticators: Sequence[Authenticator],
) -> RunningServer:
    """Start backend `name` on settings.grpc_host:port (0: ephemeral; see `.port`)."""
    tracer_provider = configure_tracing(settings, name)
    quota = QuotaEnforcer(settings, redis_retry_seconds=settings.redis_retry_seconds)
    server = grpc.server(
        futures.ThreadPoolExecutor(
            max_workers=settings.grpc_max_workers, thread_name_prefix=f"{name}-grpc"
        ),
        interceptors=build_interceptors(authenticators, quota, tracer_provider),
    )
    services = tuple(register(server))

    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for service in ("", *services):
        health_servicer.set(service, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (*services, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )

    bound = server.add_insecure_port(f"{settings.grpc_host}:{port}")
    if bound == 0:
        raise OSError(f"{name}: cannot bind {settings.grpc_host}:{port}")
    metrics_server = None
    if metrics_port:
        # Prometheus scrapes each backend directly, on its own port.
        metrics_server, _ = start_http_server(metrics_port, addr=settings.grpc_host)
    server.start()
    _log.info("%s serving %s on %s:%d", name, ", ".join(services), settings.grpc_host, bound)
    return RunningServer(
        name=name,
        port=bound,
        metrics_port=metrics_port or None,
        services=services,
        server=server,
        health=health_servicer,
        grace_seconds=settings.shutdown_grace_seconds,
        _metrics_server=metrics_server,
    )


def install_signal_handlers(running: RunningServer) -> None:
    """SIGTERM/SIGINT drain the server (so `running.wait()` returns); a second one
    stops at once."""

    def handle(signum: int, _frame: FrameType | None) -> None:
        if running._stopped.is_set():
            running.server.stop(0)
            return
        _log.info("received %s, draining", signal.Signals(signum).name)
        # Off the main thread: the handler must return so the main thread's
        # `wait()` keeps running and returns once the drain completes.
        threading.Thread(target=running.stop, name="finplat-drain", daemon=True).start()

    signal.signal(signal.SIGTERM, handle)
    signal.signal(signal.SIGINT, handle)
