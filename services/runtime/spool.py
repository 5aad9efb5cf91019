"""An upload received into a temporary file as its chunks arrive (never whole in memory),
with what a backend records about it: size, SHA-256, the first bytes. Past its size limit
it is refused, 400 naming `file`: the edge refuses an oversized upload first (413), this
is the backend's own check, for direct gRPC callers."""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import IO, Self

from services.runtime.errors import InvalidArgument

HEAD_BYTES = 8192
# Small uploads stay in memory; larger ones roll over to a file in the temp directory.
_IN_MEMORY = 1024 * 1024


class Spool:
    """The chunks written into `file` (by default a temporary file that stays in memory
    while small), which the spool closes when its block ends."""

    def __init__(self, max_bytes: int, file: IO[bytes] | None = None) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.head = b""
        self._digest = hashlib.sha256()
        # Closed by __exit__: the spool lives as long as the upload it receives.
        self._file = file or tempfile.SpooledTemporaryFile(max_size=_IN_MEMORY)  # noqa: SIM115

    def write(self, chunk: bytes) -> None:
        if not chunk:
            return
        self.size += len(chunk)
        if self.size > self.max_bytes:
            raise InvalidArgument.for_field("file", f"is larger than {self.max_bytes} bytes")
        if len(self.head) < HEAD_BYTES:
            self.head += chunk[: HEAD_BYTES - len(self.head)]
        self._digest.update(chunk)
        self._file.write(chunk)

    @property
    def sha256(self) -> str:
        return self._digest.hexdigest()

    def reader(self) -> IO[bytes]:
        """The received bytes from the start."""
        self._file.seek(0)
        return self._file

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._file.close()


@contextmanager
def received_file(chunks: Iterable[bytes], max_bytes: int, prefix: str) -> Iterator[Path]:
    """The file the chunks make, for readers that need a path (parsers that open files),
    in a private temporary folder named `prefix…`; deleted when the block ends."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        path = Path(folder) / "upload"
        with Spool(max_bytes, path.open("wb")) as spool:
            for chunk in chunks:
                spool.write(chunk)
        yield path
