"""Which request fields are multipart upload parts, read from `FieldRules.multipart`.

A client-streaming RPC whose request message declares one is a streamed upload route
(edge/descriptors.py routes it; edge/uploads/streamer.py serves it); the API document
describes the part from the same declaration.
"""

from __future__ import annotations

from dataclasses import dataclass

from finplat.api.v1 import annotations_pb2
from google.protobuf import descriptor

from edge.codec import field_rules, json_key
from edge.security import mime


def multipart_fields(message_type: descriptor.Descriptor) -> list[descriptor.FieldDescriptor]:
    """The fields of `message_type` declared as multipart parts, in declaration order."""
    return [
        f
        for f in message_type.fields
        if (rules := field_rules(f)) is not None and rules.HasField("multipart")
    ]


def is_streamed_upload(method: descriptor.MethodDescriptor) -> bool:
    """A client-streaming (not server-streaming) RPC whose request has a multipart part."""
    return (
        method.client_streaming
        and not method.server_streaming
        and bool(multipart_fields(method.input_type))
    )


@dataclass(frozen=True, slots=True)
class FilePart:
    """The one multipart part of a streamed upload and the fields the edge fills for it."""

    field: str  # proto name of the bytes field carrying each chunk
    key: str  # the part's name: the field's JSON name
    rules: annotations_pb2.MultipartField
    allowed: frozenset[str]  # canonical media types; empty: any
    filename_field: str  # proto names; "" when not declared
    content_type_field: str
    end_field: str  # the bool set in the last message, once the part is whole and clean

    @property
    def filled(self) -> frozenset[str]:
        """Fields the edge sets itself: a form part of that name is ignored."""
        named = (self.filename_field, self.content_type_field, self.end_field)
        return frozenset(f for f in named if f)


def file_part(message_type: descriptor.Descriptor, naming: int) -> FilePart:
    """The upload part of a streamed request; the declaration must be usable (a
    start-up error otherwise): exactly one bytes part, and string name/type fields."""
    fields = multipart_fields(message_type)
    name = message_type.full_name
    if len(fields) != 1:
        raise TypeError(f"{name}: a streamed upload carries exactly one multipart part")
    field = fields[0]
    if field.type != descriptor.FieldDescriptor.TYPE_BYTES or field.is_repeated:
        raise TypeError(f"{field.full_name}: a multipart part must be a singular bytes field")
    rules = field_rules(field)
    assert rules is not None
    multipart = rules.multipart
    for filled in (multipart.filename_field, multipart.content_type_field):
        target = message_type.fields_by_name.get(filled) if filled else None
        if filled and (target is None or target.type != descriptor.FieldDescriptor.TYPE_STRING):
            raise TypeError(f"{field.full_name}: {filled!r} is not a string field of {name}")
    end = message_type.fields_by_name.get(multipart.end_field) if multipart.end_field else None
    if multipart.end_field and (end is None or end.type != descriptor.FieldDescriptor.TYPE_BOOL):
        raise TypeError(f"{field.full_name}: {multipart.end_field!r} is not a bool field of {name}")
    return FilePart(
        field=field.name,
        key=json_key(field, naming),
        rules=multipart,
        allowed=frozenset(mime.media_type(t) for t in multipart.allowed_types),
        filename_field=multipart.filename_field,
        content_type_field=multipart.content_type_field,
        end_field=multipart.end_field,
    )
