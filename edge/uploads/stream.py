"""One streamed upload: multipart parts in, a client-streaming gRPC call out.

As the parts arrive:
- form fields are decoded as query values are (same codecs, same errors) and kept for
  the next message: the first one if the file has not started, else one of their own;
- the file part's first HEAD_BYTES are held back and checked (declared and sniffed media
  type against the part's `allowed_types`) before the call is opened, so a refused file
  never reaches the backend;
- then the call opens, the first message carries the form fields seen so far, the file
  name, the detected type and the first bytes, and every later CHUNK_BYTES of the file
  go in a message of their own, each also fed to the malware scan.
When the body ends the merged fields are checked against the declared constraints and
the scan's verdict is awaited; only then is the stream half-closed. Any refusal, a
client gone, or an error from the backend leaves the call cancelled (Upstream.stream),
so the backend never keeps a partial upload.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any

import grpc
from google.protobuf import message

from edge import errors
from edge.balancing.upstream import StreamingCall, Upstream
from edge.binding import TextTarget
from edge.codec import DecodeFailed, FieldError
from edge.codec.constraints import check_constraints
from edge.security.content import ContentInspector
from edge.security.mime import HEAD_BYTES
from edge.uploads.limits import TEXT_PART_BYTES
from edge.uploads.parts import (
    BodyTooLarge,
    ClientGone,
    Malformed,
    PartData,
    PartReader,
    PartStart,
)

if TYPE_CHECKING:
    from edge.uploads.route import UploadRequest, UploadRoute

# Bytes of the file per gRPC message: large enough that per-message costs vanish, far
# below gRPC's 4 MiB default message limit.
CHUNK_BYTES = 256 * 1024
CLIENT_GONE = errors.EdgeError(499, "CANCELLED", "the client closed the request")


class UploadStream:
    def __init__(
        self,
        route: UploadRoute,
        upstream: Upstream,
        inspector: ContentInspector,
        request: UploadRequest,
        form: message.Message,
    ) -> None:
        self.route = route
        self.part = route.part
        self.upstream = upstream
        self.inspector = inspector
        self.request = request
        self.new_message = route.binder.message_class
        self.form: Any = form  # every field received: what the constraints are checked on
        self.pending: Any = self.new_message()  # fields not sent yet: first, path and cookies
        self.pending.CopyFrom(form)
        self.scan = inspector.upload_scan()
        self.call: StreamingCall | None = None
        self.in_file = False
        self.field: TextTarget | None = None  # the form field being read, None: skipped
        self.text = bytearray()
        self.file_seen = False
        self.size = 0
        self.filename = ""
        self.declared = ""
        self.head = bytearray()
        self.buffer = bytearray()
        self._stack = AsyncExitStack()  # the call and the scan: closed however the upload ends

    async def run(self, reader: PartReader) -> tuple[Any, grpc.aio.StreamUnaryCall[Any, Any]]:
        async with self._stack as stack:
            stack.callback(self.scan.close)
            events = reader.events()
            stack.push_async_callback(events.aclose)
            try:
                async for event in events:
                    if isinstance(event, PartData):
                        await self._data(event.data)
                    elif isinstance(event, PartStart):
                        self._begin(event)
                    else:
                        await self._end_part()
            except BodyTooLarge:
                raise errors.Refusal(errors.too_large(self.route.file_limit, "the file")) from None
            except Malformed as exc:
                raise errors.Refusal(errors.EdgeError(400, "BAD_REQUEST", str(exc))) from None
            except ClientGone:
                raise errors.Refusal(CLIENT_GONE) from None
            return await self._complete()
        raise AssertionError("unreachable")  # for mypy: the block returns or raises

    # -- parts ------------------------------------------------------------------------

    def _begin(self, start: PartStart) -> None:
        if start.name == self.part.key:
            if self.file_seen:
                raise DecodeFailed([FieldError(self.part.key, "must be sent once")])
            self.file_seen = self.in_file = True
            self.filename = start.filename or ""
            self.declared = start.content_type
            return
        self.field = self.route.fields.get(start.name)  # unknown parts are ignored
        self.text.clear()

    async def _data(self, data: bytes) -> None:
        if self.in_file:
            await self._file_data(data)
        elif self.field is not None:
            self.text += data
            if len(self.text) > TEXT_PART_BYTES:
                problem = f"must be at most {TEXT_PART_BYTES} bytes"
                raise DecodeFailed([FieldError(self.field.json_path, problem)])

    async def _end_part(self) -> None:
        if self.in_file:
            self.in_file = False
            if self.call is None and self.size:
                await self._open()  # a file shorter than the head
            if self.buffer:
                await self._send_chunk(bytes(self.buffer))
                self.buffer.clear()
            return
        target, self.field = self.field, None
        if target is None:
            return
        try:
            text = self.text.decode("utf-8")
        except UnicodeDecodeError:
            raise DecodeFailed([FieldError(target.json_path, "must be UTF-8 text")]) from None
        if not text:
            return  # blank: not sent, like a blank query value
        problems: list[FieldError] = []
        target.set_text(self.form, [text], problems)
        target.set_text(self.pending, [text], problems)
        if problems:
            raise DecodeFailed(problems)
        if self.call is not None:  # the file went first: this field travels on its own
            await self.call.write(self._take_pending())

    # -- the file ---------------------------------------------------------------------

    async def _file_data(self, data: bytes) -> None:
        self.size += len(data)
        if self.size > self.route.file_limit:
            raise errors.Refusal(errors.too_large(self.route.file_limit, "the file"))
        view = memoryview(data)
        if self.call is None:
            take = HEAD_BYTES - len(self.head)
            self.head += view[:take]
            view = view[take:]
            if len(self.head) < HEAD_BYTES:
                return
            await self._open()
        buffer = self.buffer
        if buffer:
            take = CHUNK_BYTES - len(buffer)
            buffer += view[:take]
            view = view[take:]
            if len(buffer) < CHUNK_BYTES:
                return
            await self._send_chunk(bytes(buffer))
            buffer.clear()
        while len(view) >= CHUNK_BYTES:
            await self._send_chunk(bytes(view[:CHUNK_BYTES]))
            view = view[CHUNK_BYTES:]
        buffer += view

    async def _open(self) -> None:
        """Check the head, start the scan, open the call and send the first message."""
        head = bytes(self.head)
        self.head = bytearray()
        first = self._take_pending()
        if head:
            detected, refused = self.inspector.check_upload_head(
                self.declared, head, self.part.allowed
            )
            if refused is not None:
                raise errors.Refusal(refused)
            refused = await self.scan.start()
            if refused is not None:
                raise errors.Refusal(refused)
            for name, value in (
                (self.part.filename_field, self.filename),
                (self.part.content_type_field, detected),
            ):
                if name:
                    setattr(first, name, value)
                    setattr(self.form, name, value)
            setattr(first, self.part.field, head)
        request = self.request
        self.call = await self._stack.enter_async_context(
            self.upstream.stream(
                self.route.method,
                metadata=request.metadata,
                timeout=self.route.timeout,
                affinity=request.affinity,
                scope=request.scope,
            )
        )
        if head:
            await self.scan.feed(head)
        await self.call.write(first)

    async def _send_chunk(self, chunk: bytes) -> None:
        assert self.call is not None
        await self.scan.feed(chunk)
        chunk_message: Any = self.new_message()
        setattr(chunk_message, self.part.field, chunk)
        await self.call.write(chunk_message)

    def _take_pending(self) -> Any:
        pending, self.pending = self.pending, self.new_message()
        return pending

    # -- the end ----------------------------------------------------------------------

    async def _complete(self) -> tuple[Any, grpc.aio.StreamUnaryCall[Any, Any]]:
        if self.size:
            # Present for the REQUIRED check; the bytes themselves went to the backend.
            setattr(self.form, self.part.field, b"\0")
        check_constraints(self.form, self.route.binder.client_path)
        if self.call is None:
            await self._open()  # no file (an optional part): the fields alone
        assert self.call is not None
        refused = await self.scan.verdict()
        if refused is not None:
            raise errors.Refusal(refused)
        if self.part.end_field:
            # Whole and clean: say so in a message of its own. A backend cannot always
            # tell a cancelled stream from a finished one by its end alone.
            last: Any = self.new_message()
            setattr(last, self.part.end_field, True)
            await self.call.write(last)
        response = await self.call.finish()
        return response, self.call.call
