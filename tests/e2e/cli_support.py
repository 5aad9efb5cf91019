"""The real `finplat` CLI, run as an operator runs it, against a test stack's database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.e2e.conftest import RunningStack

REPO = Path(__file__).resolve().parents[2]


def finplat(*args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "finplat"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "tools.cli.main"]
    return subprocess.run(
        [*command, *args], cwd=REPO, capture_output=True, text=True, timeout=60, check=False
    )


def on_main(stack: RunningStack, *args: str) -> subprocess.CompletedProcess[str]:
    """`finplat <args> --url <main database>`, the option after the action."""
    return finplat(*args, "--url", stack.database_url)
