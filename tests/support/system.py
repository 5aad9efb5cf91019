"""The system programs the tests start themselves (PostgreSQL 15, redis-server, clamd):
where they are looked for, and what a missing one means.

Outside CI a missing program skips the tests that need it, saying how to install it.
Under CI=true it fails them: a CI run that skipped every PostgreSQL test would be green
without having tested what production runs. tools/setup_system.sh (`make test`)
installs all of them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import pytest

# Where a distribution puts daemons that are often not on a non-root user's PATH.
SBIN_DIRS = ("/usr/local/sbin", "/usr/sbin", "/sbin")


def in_ci() -> bool:
    """CI=true (or 1/yes), as CI services set it."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def unavailable(message: str) -> NoReturn:
    """Skip the requesting tests, or fail them under CI, because `message`."""
    if in_ci():
        pytest.fail(f"{message} [CI=true: a missing test dependency fails the run]", pytrace=False)
    pytest.skip(message)


def is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def find_program(name: str, *, override: str, directories: Sequence[str] = ()) -> str | None:
    """The program's path: the environment variable `override` when set (nothing else is
    tried then), else `name` on PATH, else in `directories`."""
    explicit = os.environ.get(override)
    if explicit:
        return explicit if is_executable(Path(explicit)) else None
    search = os.pathsep.join([os.environ.get("PATH", os.defpath), *directories])
    return shutil.which(name, path=search)


def require_program(name: str, *, override: str, directories: Sequence[str] = ()) -> str:
    """find_program, or unavailable() naming how to provide the program."""
    found = find_program(name, override=override, directories=directories)
    if found is None:
        unavailable(
            f"{name} not found (tools/setup_system.sh installs it; "
            f"{override}=/path/to/{name} points the tests at another one)"
        )
    return found
