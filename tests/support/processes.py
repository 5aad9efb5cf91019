"""Helpers for the servers the tests start themselves (Redis, clamd)."""

from __future__ import annotations

import subprocess


def terminate(process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """SIGTERM, then SIGKILL if it has not exited within `timeout`; always reaped."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
