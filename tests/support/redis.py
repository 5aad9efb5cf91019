"""Redis fixtures (owned by the runtime work): a real `redis-server` on a free port.

`redis_server` is session-scoped and can be stopped and restarted on the same port, for
tests of what happens when Redis goes away and comes back. `redis_url` is its URL.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from tests.support.processes import terminate


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class RedisServer:
    """A throw-away redis-server: loopback only, no persistence."""

    def __init__(self, binary: str, port: int, workdir: Path) -> None:
        self.binary = binary
        self.port = port
        self.workdir = workdir
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self, timeout: float = 10.0) -> None:
        if self.running:
            return
        self._process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
                "--protected-mode",
                "yes",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if client.ping():
                    return
            except redis.ConnectionError:
                if self._process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start on port {self.port}") from None
                time.sleep(0.05)
            finally:
                client.close()

    def stop(self) -> None:
        if self._process is None:
            return
        terminate(self._process)
        self._process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    @contextmanager
    def outage(self) -> Iterator[None]:
        """Redis is down inside the block and back (same port, empty) after it."""
        self.stop()
        try:
            yield
        finally:
            self.start()

    def flush(self) -> None:
        client = redis.Redis.from_url(self.url)
        try:
            client.flushall()
        finally:
            client.close()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(binary).exists():
        pytest.skip("redis-server is not installed (apt-get install -y redis-server)")
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
