"""Response rendering: the selected body, success status, Location, Set-Cookie and caching.

Compiled once per route. Cookie-bound response fields become `Set-Cookie` (they are left
out of the JSON by the codec); `google.api.HttpBody` responses are sent as raw bytes,
with `Content-Disposition: attachment` when HttpRules.filename_field names the file (a
server-streamed HttpBody is rendered message by message: `head` for the first one,
`chunk` for each; edge/downloads/). A declared `HttpRules.cache_control` is sent on
success; every other proxied response gets "no-store" from the security headers
(edge/security/headers.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import orjson
from google.protobuf import descriptor, message

from edge.codec import codec_for
from edge.codec.messages import field_rules
from edge.downloads.declaration import HTTP_BODY, selected_type
from edge.downloads.disposition import content_disposition

OCTET_STREAM = b"application/octet-stream"
JSON = b"application/json"
# Cookies carry credentials (the refresh token): never readable by scripts, never sent
# over plain HTTP, never sent cross-site.
COOKIE_FLAGS = "; HttpOnly; Secure; SameSite=Strict"


def cookie_attributes(path: str, max_age: int | None) -> str:
    age = "" if max_age is None else f"; Max-Age={max_age}"
    return f"{COOKIE_FLAGS}; Path={path or '/'}{age}"


def cookie_paths(messages: list[descriptor.Descriptor]) -> dict[str, str]:
    """Cookie name → Path, from every cookie-bound field of `messages`: what clearing a
    cookie (HttpRules.clear_cookies) needs, since the Path must match to remove it."""
    paths: dict[str, str] = {}
    for message_type in messages:
        for field in message_type.fields:
            rules = field_rules(field)
            if rules is not None and rules.cookie:
                paths.setdefault(rules.cookie, rules.cookie_path or "/")
    return paths


@dataclass(frozen=True, slots=True)
class Rendered:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


class ResponseRenderer:
    def __init__(
        self,
        response_type: descriptor.Descriptor,
        naming: int,
        response_body: str,
        success_status: int,
        location: str,
        clear_cookies: tuple[str, ...] = (),
        cookie_paths: dict[str, str] | None = None,
        cache_control: str = "",
        created_field: str = "",
        path_variables: tuple[str, ...] = (),
        filename_field: str = "",
    ) -> None:
        self.codec = codec_for(response_type, naming)
        self.response_body = response_body
        self.status = success_status or 200
        self.empty = self.status == 204
        self.created_field = _created_field(response_type, created_field)
        # (proto name, cookie name, attributes) of the cookie-bound response fields
        self.cookies: list[tuple[str, str, str]] = []
        for field in response_type.fields:
            rules = field_rules(field)
            if rules is not None and rules.cookie:
                max_age = int(rules.cookie_max_age_seconds) or None
                attributes = cookie_attributes(rules.cookie_path, max_age)
                self.cookies.append((field.name, rules.cookie, attributes))
        paths = cookie_paths or {}
        self.cleared = [
            (b"set-cookie", f"{name}={cookie_attributes(paths.get(name, '/'), 0)}".encode())
            for name in clear_cookies
        ]
        selected = selected_type(response_type, response_body)
        self.http_body = selected is not None and selected.full_name == HTTP_BODY
        self.filename_field = _filename_field(response_type, filename_field, self.http_body)
        self.location = _location(location, selected, path_variables) if location else None
        self.caching = (
            [(b"cache-control", cache_control.encode("latin-1"))] if cache_control else []
        )

    def render(
        self, response: message.Message, params: Mapping[str, str] | None = None
    ) -> Rendered:
        """`params`: the request's path variables, for a Location naming one."""
        status, headers = self.head(response, params)
        if self.empty:
            return Rendered(status, headers, b"")
        if self.http_body:
            return Rendered(status, headers, self.chunk(response))
        if self.response_body:
            body = self.codec.encode_field(response, self.response_body)
        else:
            body = self.codec.encode(response)
        headers.append((b"content-type", JSON))
        return Rendered(status, headers, orjson.dumps(body))

    def head(
        self, response: message.Message, params: Mapping[str, str] | None = None
    ) -> tuple[int, list[tuple[bytes, bytes]]]:
        """The status and headers of `response` (a stream's first message): everything
        but a JSON body's content type."""
        status = self.status
        if self.created_field and not getattr(response, self.created_field):
            status = 200  # an idempotent repeat: the resource was already there
        headers: list[tuple[bytes, bytes]] = []
        resource: Any = getattr(response, self.response_body) if self.response_body else response
        if self.location is not None:
            headers.append((b"location", self.location(resource, params or {}).encode("latin-1")))
        for name, cookie, attributes in self.cookies:
            value = getattr(response, name)
            if value:
                headers.append(
                    (b"set-cookie", f"{cookie}={quote(value, safe='')}{attributes}".encode())
                )
        headers.extend(self.cleared)
        headers.extend(self.caching)
        if self.http_body and not self.empty:
            media = resource.content_type.encode("latin-1", "replace") or OCTET_STREAM
            headers.append((b"content-type", media))
            if self.filename_field:
                disposition = content_disposition(getattr(response, self.filename_field))
                if disposition is not None:
                    headers.append((b"content-disposition", disposition))
        return status, headers

    def chunk(self, response: message.Message) -> bytes:
        """The file bytes an HttpBody response (or one streamed message) carries."""
        resource: Any = getattr(response, self.response_body) if self.response_body else response
        return bytes(resource.data)


def _filename_field(response_type: descriptor.Descriptor, name: str, http_body: bool) -> str:
    """HttpRules.filename_field checked once, when the route is compiled."""
    if not name:
        return ""
    field = response_type.fields_by_name.get(name)
    if (
        not http_body
        or field is None
        or field.type != descriptor.FieldDescriptor.TYPE_STRING
        or field.is_repeated
    ):
        raise ValueError(
            f"HttpRules.filename_field {name!r} is not a string field of "
            f"{response_type.full_name} answering a google.api.HttpBody"
        )
    return name


def _created_field(response_type: descriptor.Descriptor, name: str) -> str:
    """HttpRules.created_field checked once, when the route is compiled: a misspelt name
    would otherwise answer every call 200 (or fail on the first one)."""
    if not name:
        return ""
    field = response_type.fields_by_name.get(name)
    if field is None or field.type != descriptor.FieldDescriptor.TYPE_BOOL or field.is_repeated:
        raise ValueError(
            f"HttpRules.created_field {name!r} is not a bool field of {response_type.full_name}"
        )
    return name


def _location(
    template: str, resource_type: descriptor.Descriptor | None, path_variables: tuple[str, ...]
) -> Any:
    """ "/expense/v1/expenses/{id}" → a function filling {id} from the resource's proto
    field or, when the resource has no such field (an action answering an empty object,
    e.g. POST /api/approvals/{id}/approve), from the request's path variable of that name.
    Checked once, when the route is compiled."""
    parts = re.split(r"\{([^}]+)\}", template)
    literals, fields = parts[0::2], [p.split(".") for p in parts[1::2]]
    from_path: list[bool] = []
    for path in fields:
        in_resource = resource_type is not None and path[0] in resource_type.fields_by_name
        if not in_resource and ".".join(path) not in path_variables:
            raise ValueError(
                f"Location {template!r}: {'.'.join(path)!r} is neither a field of the "
                "response nor a path variable"
            )
        from_path.append(not in_resource)

    def fill(resource: Any, params: Mapping[str, str]) -> str:
        out = [literals[0]]
        for path, by_path, literal in zip(fields, from_path, literals[1:], strict=True):
            if by_path:
                value: Any = params[".".join(path)]
            else:
                value = resource
                for name in path:
                    value = getattr(value, name)
            out.append(quote(str(value), safe=""))
            out.append(literal)
        return "".join(out)

    return fill
