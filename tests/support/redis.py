"""Redis fixtures (owned by the runtime work): a real `redis-server` on a free port.

`redis_server` is session-scoped and can be stopped and restarted on the same port, for
tests of what happens when Redis goes away and comes back. `redis_url` is its URL.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.system import SBIN_DIRS, require_program
from tools.redis_server import RedisServer
from tools.stack import free_port


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    binary = require_program(
        "redis-server", override="FINPLAT_TEST_REDIS_SERVER", directories=SBIN_DIRS
    )
    with tempfile.TemporaryDirectory(prefix="finplat-redis-") as workdir:
        server = RedisServer(binary, free_port(), Path(workdir))
        server.start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    """URL of the session's Redis ("redis://127.0.0.1:PORT/0")."""
    return redis_server.url
