"""`finplat up` as an operator runs it (a real process, SQLite under its var dir): the
configured ports are the ones it listens on, so two stacks run side by side, and a port
that is taken is refused up front instead of silently shared."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tools import stack

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT = 120.0


@dataclass
class Up:
    """One running `finplat up`, its output in a file."""

    popen: subprocess.Popen[bytes]
    output: Path
    var_dir: Path

    def text(self) -> str:
        return self.output.read_text(errors="replace")

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while "finplat is up" not in self.text():
            if self.popen.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"finplat up did not come up:\n{self.text()}")
            time.sleep(0.2)

    def stop(self) -> int:
        """Ctrl-C, as in a terminal; the exit status."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGINT)
        try:
            return self.popen.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait()
            raise


def finplat_up(tmp_path: Path, name: str, env: dict[str, str], *args: str) -> Up:
    var_dir = tmp_path / name
    var_dir.mkdir()
    output = tmp_path / f"{name}.out"
    # Only what the test sets: none of the FINPLAT_* of the shell running the tests.
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("FINPLAT_")}
    with output.open("wb") as sink:
        popen = subprocess.Popen(
            [sys.executable, "-m", "tools.cli.main", "up", *args],
            cwd=REPO,
            env={**inherited, "FINPLAT_VAR_DIR": str(var_dir), "FINPLAT_LOG_LEVEL": "WARNING"}
            | env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Up(popen, output, var_dir)


def backend_port_env(names: list[str]) -> dict[str, str]:
    env = {}
    for name in names:
        env[f"FINPLAT_{name.upper()}_GRPC_PORT"] = str(stack.free_port())
        env[f"FINPLAT_{name.upper()}_METRICS_PORT"] = str(stack.free_port())
    return env


@pytest.fixture
def ups() -> Iterator[list[Up]]:
    started: list[Up] = []
    yield started
    for up in started:
        if up.popen.poll() is None:
            up.stop()


def test_two_stacks_run_side_by_side_on_their_configured_ports(
    tmp_path: Path, ups: list[Up]
) -> None:
    names = stack.existing_backends()
    first_env = backend_port_env(names) | {"FINPLAT_EDGE_PORT": str(stack.free_port())}
    second_env = backend_port_env(names)
    second_edge = stack.free_port()
    # Both at once: the second must not collide with the first on any port or file.
    ups.append(finplat_up(tmp_path, "first", first_env))
    ups.append(finplat_up(tmp_path, "second", second_env, "--edge-port", str(second_edge)))
    for up in ups:
        up.wait_until_up()

    for up, env, edge_port in (
        (ups[0], first_env, first_env["FINPLAT_EDGE_PORT"]),
        (ups[1], second_env, str(second_edge)),
    ):
        assert f"REST at http://127.0.0.1:{edge_port}" in up.text()
        health = httpx.get(f"http://127.0.0.1:{edge_port}/health", timeout=10)
        assert health.status_code == 200, health.text
        # The dashboard page, and the Chart.js `make up` installed (docs/dashboard.md).
        dashboard = [
            httpx.get(f"http://127.0.0.1:{edge_port}{path}", timeout=10)
            for path in ("/app", "/app/vendor/chart.umd.js")
        ]
        assert [(r.status_code, r.headers["content-type"]) for r in dashboard] == [
            (200, "text/html; charset=utf-8"),
            (200, "text/javascript; charset=utf-8"),
        ], dashboard[0].text
        for name in names:
            # Each backend serves on the port its settings name, with its own database.
            stack.wait_grpc_serving(f"127.0.0.1:{env[f'FINPLAT_{name.upper()}_GRPC_PORT']}")
            metrics_port = env[f"FINPLAT_{name.upper()}_METRICS_PORT"]
            assert httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10).is_success
            assert (up.var_dir / f"{name}.db").exists()

    for up in ups:
        assert up.stop() == 0, up.text()
        assert "stopped." in up.text()


def test_a_port_in_use_is_refused_naming_its_setting(tmp_path: Path, ups: list[Up]) -> None:
    names = stack.existing_backends()
    env = backend_port_env(names) | {"FINPLAT_EDGE_PORT": str(stack.free_port())}
    setting = f"FINPLAT_{names[-1].upper()}_GRPC_PORT"
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", int(env[setting])))
        holder.listen()
        up = finplat_up(tmp_path, "clash", env)
        ups.append(up)
        assert up.popen.wait(timeout=60) == 1
    assert f"port {env[setting]} ({setting}) is already in use" in up.text()
    assert "starting backends" not in up.text()
    assert not list(up.var_dir.iterdir()), "nothing migrated before the refusal"
