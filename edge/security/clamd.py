"""An asyncio client for ClamAV's clamd: the zINSTREAM command over TCP or a unix socket.

INSTREAM protocol (clamd(8)): send `zINSTREAM\\0`, then chunks each prefixed with its
length as a 4-byte big-endian integer, then a zero length; clamd answers one
NUL-terminated line: `stream: OK`, `stream: <signature> FOUND`, or `... ERROR` (e.g.
`INSTREAM size limit exceeded. ERROR` past its StreamMaxLength). One connection per scan:
clamd closes it after answering.
"""

from __future__ import annotations

import asyncio
import struct
from dataclasses import dataclass
from urllib.parse import urlsplit

CHUNK_BYTES = 64 * 1024  # far below any sane StreamMaxLength (clamd's default is 25 MiB)
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
        try:
            return await asyncio.wait_for(self._scan(data), self.timeout)
        except TimeoutError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} did not answer in time") from exc
        except OSError as exc:
            raise ClamdUnavailable(f"clamd at {self.address} unreachable: {exc}") from exc

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

    async def _scan(self, data: bytes) -> ScanResult:
        reader, writer = await self._open()
        try:
            try:
                writer.write(b"zINSTREAM\0")
                view = memoryview(data)
                for start in range(0, len(view), self.chunk_bytes):
                    chunk = view[start : start + self.chunk_bytes]
                    writer.write(struct.pack("!I", len(chunk)))
                    writer.write(chunk)
                    await writer.drain()  # back-pressure: never buffer the whole upload twice
                writer.write(struct.pack("!I", 0))
                await writer.drain()
            except ConnectionError:
                pass  # clamd stops reading past its limit; its reply says why
            try:
                reply = await reader.readuntil(b"\0")
            except asyncio.IncompleteReadError as exc:
                reply = exc.partial
            if not reply:
                raise ClamdUnavailable(f"clamd at {self.address} closed without a verdict")
            return parse_reply(reply)
        finally:
            writer.close()
