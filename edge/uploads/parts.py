"""The parts of a multipart/form-data body as they arrive, read from ASGI `receive`.

python-multipart's push parser turns each received chunk into callbacks; they are
queued as events (`PartStart`, `PartData`, `PartEnd`) and handed out after each chunk,
so nothing is held beyond the chunk the server delivered. The reader bounds what a
hostile body can cost: the whole body (`max_body`), the part count, each part's
headers (the parser's own limits), and it refuses a body that ends before its closing
boundary.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator
from dataclasses import dataclass

from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, MultipartState, parse_options_header

from edge.asgi import Receive
from edge.uploads.limits import MAX_PARTS

MULTIPART_FORM = b"multipart/form-data"
_MAX_BOUNDARY = 70  # RFC 2046 §5.1.1
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class Malformed(Exception):
    """The body is not well-formed multipart/form-data (a 400)."""


class BodyTooLarge(Exception):
    """The body grew past the route's limit (a 413)."""


class ClientGone(Exception):
    """The client disconnected before the body ended."""


@dataclass(frozen=True, slots=True)
class PartStart:
    name: str
    filename: str | None  # None: a form field (no filename parameter)
    content_type: str  # as declared; "" when the part has none


@dataclass(frozen=True, slots=True)
class PartData:
    data: bytes


@dataclass(frozen=True, slots=True)
class PartEnd:
    pass


Event = PartStart | PartData | PartEnd
PART_END = PartEnd()


def boundary_of(content_type: str) -> bytes | None:
    """The boundary of a multipart/form-data Content-Type; None for any other type or
    a missing or unusable boundary."""
    media, params = parse_options_header(content_type)
    boundary = params.get(b"boundary", b"")
    if media != MULTIPART_FORM or not 0 < len(boundary) <= _MAX_BOUNDARY:
        return None
    return boundary


def _file_name(raw: bytes) -> str:
    """Clients send UTF-8 (RFC 7578 §4.2); some send a whole path: keep the last name.
    Control characters (NUL above all, which no finplat text may hold) are dropped."""
    text = raw.decode("utf-8", "replace")
    return _CONTROL.sub("", text.replace("\\", "/").rsplit("/", 1)[-1])


class PartReader:
    """Events of one multipart body; `received` counts its bytes so far."""

    def __init__(self, receive: Receive, boundary: bytes, *, max_body: int) -> None:
        self._receive = receive
        self._max_body = max_body
        self.received = 0
        self._events: list[Event] = []
        self._parts = 0
        self._header_name = bytearray()
        self._header_value = bytearray()
        self._headers: dict[bytes, bytes] = {}
        self._parser = MultipartParser(
            boundary,
            {
                "on_part_begin": self._headers.clear,
                "on_header_field": self._on_header_field,
                "on_header_value": self._on_header_value,
                "on_header_end": self._on_header_end,
                "on_headers_finished": self._on_headers_finished,
                "on_part_data": self._on_part_data,
                "on_part_end": self._on_part_end,
            },
        )

    async def events(self) -> AsyncGenerator[Event, None]:
        """Every event of the body, in order; raises Malformed, BodyTooLarge, ClientGone."""
        more = True
        while more:
            message = await self._receive()
            if message["type"] != "http.request":
                raise ClientGone()
            chunk: bytes = message.get("body", b"")
            more = bool(message.get("more_body", False))
            if chunk:
                self.received += len(chunk)
                if self.received > self._max_body:
                    raise BodyTooLarge()
                try:
                    self._parser.write(chunk)
                except FormParserError as exc:
                    raise Malformed(f"malformed multipart body: {exc}") from None
            if self._events:
                events, self._events = self._events, []
                for event in events:
                    yield event
        if self._parser.state != MultipartState.END:
            raise Malformed("the multipart body ends before its closing boundary")

    # -- parser callbacks (synchronous, inside `write`) --------------------------------

    def _on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._header_name += data[start:end]

    def _on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def _on_header_end(self) -> None:
        self._headers[bytes(self._header_name).lower()] = bytes(self._header_value)
        self._header_name.clear()
        self._header_value.clear()

    def _on_headers_finished(self) -> None:
        self._parts += 1
        if self._parts > MAX_PARTS:
            raise Malformed(f"a form has at most {MAX_PARTS} parts")
        disposition, params = parse_options_header(
            self._headers.get(b"content-disposition", b"").decode("latin-1")
        )
        name = params.get(b"name")
        if disposition != b"form-data" or name is None:
            raise Malformed("every part needs Content-Disposition: form-data with a name")
        filename = params.get(b"filename")
        self._events.append(
            PartStart(
                name.decode("utf-8", "replace"),
                None if filename is None else _file_name(filename),
                self._headers.get(b"content-type", b"").decode("latin-1").strip(),
            )
        )

    def _on_part_data(self, data: bytes, start: int, end: int) -> None:
        self._events.append(PartData(data[start:end]))

    def _on_part_end(self) -> None:
        self._events.append(PART_END)
