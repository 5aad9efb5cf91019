"""clamd fixtures (owned by the security work): a real ClamAV daemon on a free port.

No official virus database is downloaded: the daemon loads only the project's own test
signature file, an MD5 (.hdb) signature of the EICAR test file computed at run time, so
it starts in about a second. The EICAR string itself is assembled from pieces here and
never stored whole in the repository (scanners on developer machines would quarantine
the file).

`clamd_server` is session-scoped and can be stopped and restarted (fail-closed tests);
`.tcp_address` / `.unix_address` are the `FINPLAT_EDGE_CLAMD_ADDRESS` forms.
"""

from __future__ import annotations

import hashlib
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.processes import terminate
from tests.support.system import SBIN_DIRS, require_program
from tools.stack import free_port

SIGNATURE_NAME = "Finplat.Test.EICAR"
_EICAR_PIECES = (
    "X5O!P%@AP[4\\PZX54",
    "(P^)7CC)7}$",
    "EICAR-STANDARD-",
    "ANTIVIRUS-TEST-",
    "FILE!$H+H*",
)


def eicar() -> bytes:
    """The 68-byte EICAR anti-virus test file, built at run time."""
    return "".join(_EICAR_PIECES).encode("ascii")


class ClamdServer:
    def __init__(self, binary: str, workdir: Path) -> None:
        self.binary = binary
        self.workdir = workdir
        self.port = free_port()
        self.socket_path = workdir / "clamd.sock"
        self._process: subprocess.Popen[bytes] | None = None
        self._write_files()

    @property
    def tcp_address(self) -> str:
        return f"tcp://127.0.0.1:{self.port}"

    @property
    def unix_address(self) -> str:
        return f"unix://{self.socket_path}"

    def _write_files(self) -> None:
        database = self.workdir / "db"
        database.mkdir()
        (self.workdir / "tmp").mkdir()
        data = eicar()
        # MD5:size:name — the whole-file hash signature format (sigtool(1), .hdb).
        (database / "finplat-test.hdb").write_text(
            f"{hashlib.md5(data).hexdigest()}:{len(data)}:{SIGNATURE_NAME}\n"
        )
        (self.workdir / "clamd.conf").write_text(
            "\n".join(
                [
                    "Foreground yes",
                    f"TCPSocket {self.port}",
                    "TCPAddr 127.0.0.1",
                    f"LocalSocket {self.socket_path}",
                    f"DatabaseDirectory {database}",
                    f"TemporaryDirectory {self.workdir / 'tmp'}",
                    f"LogFile {self.workdir / 'clamd.log'}",
                    # Streamed uploads are scanned whole: up to the largest route limit
                    # (100 MiB statements) with room to spare (docs/gateway.md).
                    "StreamMaxLength 110M",
                    "MaxFileSize 110M",
                    "MaxScanSize 110M",
                    "Bytecode no",
                    "SelfCheck 0",
                    "",
                ]
            )
        )

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self, timeout: float = 30.0) -> None:
        if self.running:
            return
        self._process = subprocess.Popen(
            [self.binary, f"--config-file={self.workdir / 'clamd.conf'}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while not self._pong():
            if self._process.poll() is not None or time.monotonic() > deadline:
                log = (self.workdir / "clamd.log").read_text(errors="replace")[-2000:]
                self.stop()
                raise RuntimeError(f"clamd did not start on port {self.port}:\n{log}")
            time.sleep(0.05)

    def _pong(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"zPING\0")
                return sock.recv(16).rstrip(b"\0") == b"PONG"
        except OSError:
            return False

    def stop(self) -> None:
        if self._process is None:
            return
        terminate(self._process)
        self._process = None
        self.socket_path.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def clamd_server() -> Iterator[ClamdServer]:
    binary = require_program("clamd", override="FINPLAT_TEST_CLAMD", directories=SBIN_DIRS)
    with tempfile.TemporaryDirectory(prefix="finplat-clamd-") as workdir:
        server = ClamdServer(binary, Path(workdir))
        server.start()
        try:
            yield server
        finally:
            server.stop()
