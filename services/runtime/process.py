"""The `python -m services.<backend>` entry point every backend shares: logging, the
schema check, serve, drain on SIGTERM, release resources."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Protocol

from db import migrate
from services.runtime.logging import configure_logging
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
    running = backend.serve()
    install_signal_handlers(running)
    try:
        running.wait()
    finally:
        backend.close()
    return 0
