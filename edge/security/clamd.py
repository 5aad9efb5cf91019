"""An asyncio client for ClamAV's clamd: the zINSTREAM command over TCP or a unix socket.

INSTREAM protocol (clamd(8)): send `zINSTREAM\\0`, then chunks each prefixed with its
length as a 4-byte big-endian integer, then a zero length; clamd answers one
NUL-terminated line: `stream: OK`, `stream: <signature> FOUND`, or `... ERROR` (e.g.
`INSTREAM size limit exceeded. ERROR` past its StreamMaxLength). One connection per scan:
clamd closes it after answering.

`ClamdClient.session()` opens a scan fed as an upload flows (`ScanSession.feed` as each
piece arrives, `finish` for the verdict); `scan` is one whole buffer through the same
session. clamd holds the stream until the end, then scans it: its StreamMaxLength (and
MaxFileSize / MaxScanSize, which bound what is scanned) must cover the largest upload.
"""

from __future__ import annotations

import asyncio
import struct
from dataclasses import dataclass
from urllib.parse import urlsplit

CHUNK_BYTES = 64 * 1024  # far below any sane StreamMaxLength (100M by default in ClamAV 1.x)
_MAX_REPLY = 4096


class ClamdUnavailable(Exception):
    """clamd could not be reached, timed out, or answered something unusable."""


class ClamdSizeLimit(ClamdUnavailable):
    """clamd refused the stream as larger than its StreamMaxLength."""


@dataclass(frozen=True, slots=True)
class ScanResult:
    signature: str | None  # None: clean

    @property
    def infected(self) -> bool:
        return self.signature is not None


def parse_reply(reply: bytes) -> ScanResult:
    text = reply.rstrip(b"\0\r\n").decode("utf-8", "replace").strip()
    if text.endswith("ERROR"):
        if "size limit" in text:
            raise ClamdSizeLimit(text)
        raise ClamdUnavailable(f"clamd error: {text}")
    _, _, verdict = text.partition(": ")
    if verdict == "OK":
        return ScanResult(None)
    if verdict.endswith(" FOUND"):
        return ScanResult(verdict.removesuffix(" FOUND"))
    raise ClamdUnavailable(f"unexpected clamd reply: {text[:200]!r}")


class ClamdClient:
    def __init__(self, address: str, timeout_seconds: float, chunk_bytes: int = CHUNK_BYTES):
        parts = urlsplit(address)
        if parts.scheme == "unix" and parts.path:
            self._unix_path: str | None = parts.path
            self._host, self._port = "", 0
        elif parts.scheme == "tcp" and parts.hostname and parts.port:
            self._unix_path = None
            self._host, self._port = parts.hostname, parts.port
        else:
            raise ValueError(f"clamd address must be tcp://host:port or unix:///path: {address!r}")
        self.address = address
        self.timeout = timeout_seconds
        self.chunk_bytes = chunk_bytes

    async def scan(self, data: bytes) -> ScanResult:
        """The verdict on `data`; raises ClamdUnavailable."""
        session = await self.session()
        try:
            await session.feed(data)
            return await session.finish()
        finally:
            session.close()

    async def session(self) -> ScanSession:
        """A scan to feed piece by piece; raises ClamdUnavailable. Close it when done."""
        try:
            reader, writer = await asyncio.wait_for(self._open(), self.timeout)
        except TimeoutError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} did not answer in time") from exc
        except OSError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} unreachable: {exc}") from exc
        session = ScanSession(self.address, reader, writer, self.timeout, self.chunk_bytes)
        try:
            await session.feed_raw(b"zINSTREAM\0")
        except BaseException:
            session.close()
            raise
        return session

    async def ping(self) -> bool:
        try:
            reply = await asyncio.wait_for(self._command(b"zPING\0"), self.timeout)
        except (TimeoutError, OSError):
            return False
        return reply.rstrip(b"\0") == b"PONG"

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._unix_path is not None:
            return await asyncio.open_unix_connection(self._unix_path)
        return await asyncio.open_connection(self._host, self._port)

    async def _command(self, command: bytes) -> bytes:
        reader, writer = await self._open()
        try:
            writer.write(command)
            await writer.drain()
            return await reader.read(_MAX_REPLY)
        finally:
            writer.close()


class ScanSession:
    """One INSTREAM scan in progress. `feed` waits while clamd reads (back-pressure, so
    the upload is never held twice); once clamd stops reading (past its StreamMaxLength)
    further pieces are dropped and `finish` reports its reply."""

    def __init__(
        self,
        address: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        timeout: float,
        chunk_bytes: int,
    ) -> None:
        self.address = address
        self._reader = reader
        self._writer = writer
        self._timeout = timeout
        self._chunk_bytes = chunk_bytes
        self._stopped = False  # clamd closed its side: its reply says why

    async def feed(self, data: bytes | memoryview) -> None:
        """Send the next piece of the stream; raises ClamdUnavailable."""
        view = memoryview(data)
        for start in range(0, len(view), self._chunk_bytes):
            chunk = view[start : start + self._chunk_bytes]
            await self.feed_raw(struct.pack("!I", len(chunk)), chunk)

    async def feed_raw(self, *pieces: bytes | memoryview) -> None:
        if self._stopped:
            return
        try:
            for piece in pieces:
                self._writer.write(piece)
            await asyncio.wait_for(self._writer.drain(), self._timeout)
        except ConnectionError:
            self._stopped = True
        except TimeoutError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} stopped reading") from exc
        except OSError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} failed: {exc}") from exc

    async def finish(self) -> ScanResult:
        """End the stream and wait for the verdict; raises ClamdUnavailable."""
        await self.feed_raw(struct.pack("!I", 0))
        try:
            reply = await asyncio.wait_for(self._reader.readuntil(b"\0"), self._timeout)
        except asyncio.IncompleteReadError as exc:
            reply = exc.partial
        except asyncio.LimitOverrunError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} sent an overlong reply") from exc
        except TimeoutError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} did not answer in time") from exc
        except OSError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} failed: {exc}") from exc
        if not reply:
            raise ClamdUnavailable(f"clamd at {self.address} closed without a verdict")
        return parse_reply(reply)

    def close(self) -> None:
        self._writer.close()
