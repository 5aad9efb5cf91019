"""Which RPCs are streamed downloads: server-streaming (and not client-streaming), their
response, or the field `response_body` selects, a google.api.HttpBody."""

from __future__ import annotations

from google.protobuf import descriptor

HTTP_BODY = "google.api.HttpBody"


def selected_type(
    response_type: descriptor.Descriptor, response_body: str
) -> descriptor.Descriptor | None:
    """The message a response renders: the response, or its `response_body` field's
    message type (None for a scalar field)."""
    if not response_body:
        return response_type
    return response_type.fields_by_name[response_body].message_type


def is_http_body(response_type: descriptor.Descriptor, response_body: str) -> bool:
    selected = selected_type(response_type, response_body)
    return selected is not None and selected.full_name == HTTP_BODY


def is_streamed_download(method: descriptor.MethodDescriptor, response_body: str) -> bool:
    return (
        method.server_streaming
        and not method.client_streaming
        and is_http_body(method.output_type, response_body)
    )
