"""The real grpcurl binary (installed from PyPI with the ops extra), as operators run it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

GRPCURL = shutil.which("grpcurl") or str(Path(sys.executable).parent / "grpcurl")


def grpcurl(*args: str) -> subprocess.CompletedProcess[str]:
    """grpcurl -plaintext ARGS: server reflection, no proto files."""
    return subprocess.run(
        [GRPCURL, "-plaintext", *args], capture_output=True, text=True, timeout=60, check=False
    )
