"""The `python -m services.<backend>` entry point every backend shares: logging, the
schema check, serve, register with the edge (when FINPLAT_EDGE_URL is set), deregister
then drain on SIGTERM, release resources."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, Protocol

from db import migrate
from services.runtime.heap import freeze_startup_heap
from services.runtime.logging import configure_logging
from services.runtime.registration import SelfRegistration
from services.runtime.server import RunningServer, install_signal_handlers
from services.runtime.settings import RuntimeSettings


class Backend(Protocol):
    def serve(self) -> RunningServer: ...

    def close(self) -> None: ...


def run_backend(
    name: str, settings: RuntimeSettings, database_url: str, build: Callable[[], Backend]
) -> int:
    configure_logging(settings.log_level)
    try:
        # Migrations are an operator step (`finplat migrate`); serving against a missing
        # or outdated schema would fail on the first request instead of at start-up.
        migrate.require_current(name, database_url)
    except migrate.SchemaNotReady as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    backend = build()
    freeze_startup_heap()
    running = backend.serve()
    try:
        registration = SelfRegistration.from_settings(settings, name, running.port)
    except ValueError as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        running.stop(0)
        backend.close()
        return 2
    install_signal_handlers(running)
    if registration is not None:
        # Registered only once serving: the edge may route here as soon as it knows us.
        registration.start()
        _deregister_before_drain(registration)
    try:
        running.wait()
    finally:
        if registration is not None:
            registration.stop()
        backend.close()
    return 0


def _deregister_before_drain(registration: SelfRegistration) -> None:
    """Chain the drain handlers: leave the edge's registry first, so the edge stops
    sending new calls here before the server refuses them, then drain."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        drain = signal.getsignal(signum)
        if callable(drain):
            signal.signal(signum, _leave_then(registration, drain))


SignalHandler = Callable[[int, FrameType | None], Any]


def _leave_then(registration: SelfRegistration, drain: SignalHandler) -> SignalHandler:
    def leave_then_drain(signum: int, frame: FrameType | None) -> None:
        registration.stop()
        drain(signum, frame)

    def handle(signum: int, frame: FrameType | None) -> None:
        # Off the main thread: deregistering is an HTTP call, and the handler must
        # return so the main thread's `wait()` keeps running.
        threading.Thread(
            target=leave_then_drain, args=(signum, frame), name="finplat-deregister", daemon=True
        ).start()

    return handle
