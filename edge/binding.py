"""Request binding: path variables, body, query string and cookies → one request message.

Compiled once per route (`RequestBinder`), so a request only does dictionary look-ups.
Precedence follows grpc-gateway: the body is decoded first, path variables then set their
fields (the URL wins), and the query string fills only what neither the path nor the body
binds (nothing when the body is "*").

A JSON body must say so: a non-empty body bound to a message needs a JSON media type
(`application/json` or any `+json` type; parameters such as charset are allowed), else
415. Without that rule a cross-origin "simple" request (text/plain, form encoding) could
post JSON to a route, e.g. log in from another site. `google.api.HttpBody` bodies take
any type (their content type is part of the message).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl

from google.protobuf import descriptor, message

from edge.codec import (
    DecodeFailed,
    FieldCodec,
    FieldError,
    MalformedJson,
    MessageCodec,
    codec_for,
    loads,
)
from edge.codec.constraints import check_constraints
from edge.codec.messages import MessageField, RepeatedField, ScalarField

HTTP_BODY = "google.api.HttpBody"
_QUERY_DEPTH = 3  # nested query names like `filter.range.start`; deeper is never needed


class BadBody(Exception):
    """The body is not usable at all (malformed JSON, not an object): a 400 without field."""


class NotJson(Exception):
    """A non-empty body of a JSON route without a JSON media type: a 415."""


def is_json_media_type(content_type: str) -> bool:
    """application/json or a structured-syntax `+json` type (RFC 6839), any parameters."""
    media_type = content_type.partition(";")[0].strip().lower()
    kind, slash, subtype = media_type.partition("/")
    if not slash or not kind or not subtype:
        return False
    return (kind == "application" and subtype == "json") or subtype.endswith("+json")


@dataclass(frozen=True, slots=True)
class TextTarget:
    """A field reachable by a dotted name: the messages to descend, then the field."""

    parents: tuple[str, ...]
    codec: FieldCodec
    json_path: str

    def set_text(self, msg: Any, texts: list[str], errors: list[FieldError]) -> None:
        for name in self.parents:
            msg = getattr(msg, name)
        self.codec.decode_text(msg, texts, self.json_path, errors)


class RequestBinder:
    def __init__(
        self,
        request_type: descriptor.Descriptor,
        naming: int,
        body: str,
        path_fields: tuple[str, ...],
    ) -> None:
        self.codec = codec_for(request_type, naming)
        self.message_class = self.codec.message_class
        self.body = body
        self.path_targets = {path: self._target(path) for path in path_fields}
        self.cookies = dict(self.codec.cookies)  # proto name → cookie name
        self._decode_body = self._body_decoder()
        self.takes_json = bool(body) and not self._http_body(body)
        self._client_paths: dict[str, str] = {}
        bound = {p.split(".")[0] for p in path_fields} | set(self.cookies)
        self.query: dict[str, TextTarget] = {}
        if body != "*":
            if body:
                bound.add(body)
            self._index_text(self.query, self.codec, (), "", "", bound, 0)

    @property
    def has_body(self) -> bool:
        return bool(self.body)

    def text_targets(self, exclude: frozenset[str]) -> dict[str, TextTarget]:
        """Fields a text value can set (multipart form fields), by JSON path and proto
        name, as the query string reaches them: the ones neither the path nor a cookie
        binds, less `exclude` (proto names of top-level fields)."""
        targets: dict[str, TextTarget] = {}
        bound = {p.split(".")[0] for p in self.path_targets} | set(self.cookies) | exclude
        self._index_text(targets, self.codec, (), "", "", bound, 0)
        return targets

    # -- compile ----------------------------------------------------------------------

    def _http_body(self, body: str) -> bool:
        """Whether the body binds a google.api.HttpBody (raw bytes of any type)."""
        if body == "*":
            return bool(self.codec.descriptor.full_name == HTTP_BODY)
        field = self.codec.by_name.get(body)
        message_type = field.field.message_type if field is not None else None
        return message_type is not None and message_type.full_name == HTTP_BODY

    def _target(self, proto_path: str) -> TextTarget:
        codec: MessageCodec = self.codec
        parents: list[str] = []
        keys: list[str] = []
        names = proto_path.split(".")
        for name in names[:-1]:
            field = codec.by_name.get(name)
            if not isinstance(field, MessageField):
                raise ValueError(f"path variable {proto_path!r} does not name a nested field")
            parents.append(name)
            keys.append(field.key)
            codec = field.codec
        field_codec = codec.by_name.get(names[-1])
        if field_codec is None:
            raise ValueError(f"path variable {proto_path!r} names no field")
        keys.append(field_codec.key)
        return TextTarget(tuple(parents), field_codec, ".".join(keys))

    def _index_text(
        self,
        out: dict[str, TextTarget],
        codec: MessageCodec,
        parents: tuple[str, ...],
        key_prefix: str,
        name_prefix: str,
        exclude: set[str],
        depth: int,
    ) -> None:
        for name, field in codec.by_name.items():
            if name in exclude:
                continue
            json_path = key_prefix + field.key
            if isinstance(field, ScalarField | RepeatedField) and not (
                isinstance(field, RepeatedField) and field.codec is None
            ):
                target = TextTarget(parents, field, json_path)
                out.setdefault(json_path, target)
                out.setdefault(name_prefix + name, target)
            elif isinstance(field, MessageField) and depth < _QUERY_DEPTH:
                self._index_text(
                    out,
                    field.codec,
                    (*parents, name),
                    json_path + ".",
                    name_prefix + name + ".",
                    set(),
                    depth + 1,
                )

    def _body_decoder(self) -> Callable[[message.Message, bytes, str, list[FieldError]], None]:
        body = self.body
        if not body:
            return lambda msg, raw, content_type, errors: None
        if body == "*":
            if self.codec.descriptor.full_name == HTTP_BODY:
                return _http_body_into(None)
            target_codec = self.codec
            exact = target_codec.exact_numbers()

            def decode_all(
                msg: Any, raw: bytes, content_type: str, errors: list[FieldError]
            ) -> None:
                target_codec.decode_into(_object(raw, exact), msg, "", errors)

            return decode_all
        field = self.codec.by_name.get(body)
        if field is None:
            raise ValueError(
                f"body field {body!r} is not a field of {self.codec.descriptor.full_name}"
            )
        if field.field.message_type is not None and field.field.message_type.full_name == HTTP_BODY:
            return _http_body_into(body)
        if isinstance(field, MessageField):
            nested = field.codec
            exact = nested.exact_numbers()

            def decode_field(
                msg: Any, raw: bytes, content_type: str, errors: list[FieldError]
            ) -> None:
                value = _object(raw, exact)
                sub = getattr(msg, body)
                sub.SetInParent()
                # The client writes the body field's members at the top: no prefix.
                nested.decode_into(value, sub, "", errors)

            return decode_field
        exact = bool(getattr(getattr(field, "codec", None), "exact", False))

        def decode_value(msg: Any, raw: bytes, content_type: str, errors: list[FieldError]) -> None:
            field.decode(msg, _parse(raw, exact), "", errors)

        return decode_value

    # -- violation paths --------------------------------------------------------------

    def client_path(self, proto_path: str) -> str:
        """A backend violation path ("expense.amount") as the client wrote it ("amount")."""
        cached = self._client_paths.get(proto_path)
        if cached is None:
            cached = self._translate(proto_path)
            if len(self._client_paths) < 1024:  # paths come from backends: bound the cache
                self._client_paths[proto_path] = cached
        return cached

    def _translate(self, proto_path: str) -> str:
        body = self.body
        if body and body != "*" and proto_path.startswith(body + "."):
            field = self.codec.by_name.get(body)
            if isinstance(field, MessageField):
                # The body field's members are the top of the client's JSON.
                return field.codec.json_path(proto_path[len(body) + 1 :])
        return self.codec.json_path(proto_path)

    # -- bind -------------------------------------------------------------------------

    def bind(
        self,
        params: dict[str, str],
        query_string: bytes,
        body: bytes,
        content_type: str = "",
        cookie_header: str = "",
        *,
        check: bool = True,
    ) -> message.Message:
        """Build the request message; `DecodeFailed` (field errors), `BadBody` or `NotJson`.
        `check=False` leaves the declared constraints to the caller (a streamed upload
        checks them once every form field has arrived)."""
        msg = self.message_class()
        errors: list[FieldError] = []
        if self.body:
            if self.takes_json and _has_content(body) and not is_json_media_type(content_type):
                raise NotJson(content_type)
            try:
                self._decode_body(msg, body, content_type, errors)
            except RecursionError:
                # Free-form values (google.protobuf.Struct) recurse as deep as the JSON.
                raise BadBody("request body is nested too deeply") from None
        for path, value in params.items():
            self.path_targets[path].set_text(msg, [value], errors)
        if query_string and self.query:
            self._bind_query(msg, query_string, errors)
        if cookie_header and self.cookies:
            jar: SimpleCookie = SimpleCookie()
            jar.load(cookie_header)
            for name, cookie in self.cookies.items():
                morsel = jar.get(cookie)
                if morsel is not None:
                    setattr(msg, name, morsel.value)
        if errors:
            raise DecodeFailed(errors)
        if check:
            check_constraints(msg, self.client_path)  # the protos' declared constraints
        return msg

    def _bind_query(self, msg: Any, query_string: bytes, errors: list[FieldError]) -> None:
        grouped: dict[str, list[str]] = {}
        for key, value in parse_qsl(query_string.decode("utf-8", "replace")):
            grouped.setdefault(key, []).append(value)
        for key, values in grouped.items():
            target = self.query.get(key)
            if target is not None:  # unknown parameters are ignored, like unknown body members
                target.set_text(msg, values, errors)


def _has_content(raw: bytes) -> bool:
    """Anything but whitespace (checked in place: a body can be megabytes)."""
    return bool(raw) and not raw.isspace()


def _parse(raw: bytes, exact: bool) -> Any:
    if not raw:
        return {}  # no body at all: no fields set (e.g. a PUT that changes nothing)
    if raw.isspace():
        # Not JSON (RFC 8259 needs a value): refused rather than read as an empty object.
        raise BadBody("request body is blank: expected a JSON object")
    try:
        return loads(raw, exact=exact)
    except MalformedJson as exc:
        raise BadBody(str(exc)) from exc


def _object(raw: bytes, exact: bool) -> dict[str, Any]:
    value = _parse(raw, exact)
    if not isinstance(value, dict):
        raise BadBody("request body must be a JSON object")
    return value


def _http_body_into(field: str | None) -> Callable[[Any, bytes, str, list[FieldError]], None]:
    """google.api.HttpBody request bodies take the raw bytes and their content type."""

    def decode(msg: Any, raw: bytes, content_type: str, errors: list[FieldError]) -> None:
        target = getattr(msg, field) if field else msg
        target.content_type = content_type
        target.data = raw

    return decode
