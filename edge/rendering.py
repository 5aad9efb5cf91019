"""Response rendering: the selected body, success status, Location and Set-Cookie.

Compiled once per route. Cookie-bound response fields become `Set-Cookie` (they are left
out of the JSON by the codec); `google.api.HttpBody` responses are sent as raw bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import orjson
from google.protobuf import descriptor, message

from edge.codec import codec_for

HTTP_BODY = "google.api.HttpBody"
JSON = b"application/json"
# The refresh-token cookie is the only cookie-bound field (GAPS: HttpOnly, Secure,
# SameSite=Strict, Path=/api/auth); FieldRules carries no path, so it is fixed here.
COOKIE_ATTRIBUTES = "; HttpOnly; Secure; SameSite=Strict; Path=/api/auth"


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
    ) -> None:
        self.codec = codec_for(response_type, naming)
        self.response_body = response_body
        self.status = success_status or 200
        self.empty = self.status == 204
        self.cookies = list(self.codec.cookies.items())  # (proto name, cookie name)
        selected = (
            response_type.fields_by_name[response_body].message_type
            if response_body
            else response_type
        )
        self.http_body = selected is not None and selected.full_name == HTTP_BODY
        self.location = _location(location) if location else None

    def render(self, response: message.Message) -> Rendered:
        headers: list[tuple[bytes, bytes]] = []
        resource: Any = getattr(response, self.response_body) if self.response_body else response
        if self.location is not None:
            headers.append((b"location", self.location(resource).encode("latin-1")))
        for name, cookie in self.cookies:
            value = getattr(response, name)
            if value:
                headers.append(
                    (b"set-cookie", f"{cookie}={quote(value, safe='')}{COOKIE_ATTRIBUTES}".encode())
                )
        if self.empty:
            return Rendered(self.status, headers, b"")
        if self.http_body:
            headers.append(
                (b"content-type", (resource.content_type or "application/octet-stream").encode())
            )
            return Rendered(self.status, headers, bytes(resource.data))
        if self.response_body:
            body = self.codec.encode_field(response, self.response_body)
        else:
            body = self.codec.encode(response)
        headers.append((b"content-type", JSON))
        return Rendered(self.status, headers, orjson.dumps(body))


def _location(template: str) -> Any:
    """ "/expense/v1/expenses/{id}" → a function filling {id} from the resource's proto field."""
    parts = re.split(r"\{([^}]+)\}", template)
    literals, fields = parts[0::2], [p.split(".") for p in parts[1::2]]

    def fill(resource: Any) -> str:
        out = [literals[0]]
        for path, literal in zip(fields, literals[1:], strict=True):
            value = resource
            for name in path:
                value = getattr(value, name)
            out.append(quote(str(value), safe=""))
            out.append(literal)
        return "".join(out)

    return fill
