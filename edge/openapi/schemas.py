"""JSON Schemas of proto messages exactly as the codec (edge/codec) reads and writes them.

Each schema is derived from the compiled codec of the message under the service's JSON
naming, so the document cannot drift from what the transcoder does: the same keys
(naming and json_name), the same value converters (enum short names, decimals as number
or string, int64 as number, RFC 3339 timestamps, civil dates, wrappers, Struct), the
same cookie-bound fields left out of the JSON.

Messages and enums become components named by their proto full name. A message seen
under two namings (two services spelling it differently) gets one component per naming,
suffixed with the naming; refs are patched when the document is finished, so names do
not depend on the order in which routes are visited.

Requests and responses read differently: the codec takes JSON null for "not set" on any
field, so a request schema (built under `requests()`) admits null for every member that
is not required, while a response schema says null only where a field is nullable. A
message used both ways gets a second component, suffixed ".request".
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from finplat.api.v1 import annotations_pb2
from google.api import field_behavior_pb2
from google.protobuf import descriptor

from edge.codec import codec_for, field_rules
from edge.codec.constraints import is_required
from edge.codec.messages import FieldCodec, MapField, MessageCodec, MessageField, RepeatedField
from edge.codec.scalars import (
    NUL_FREE_PATTERN,
    BoolCodec,
    BytesCodec,
    DecimalNumberCodec,
    DecimalStringCodec,
    EnumCodec,
    FloatCodec,
    IntCodec,
    StringCodec,
    UuidCodec,
    ValueCodec,
)
from edge.codec.wellknown import (
    AnyValueCodec,
    DateCodec,
    DurationCodec,
    FieldMaskCodec,
    ListValueCodec,
    StructCodec,
    TimestampCodec,
    WrapperCodec,
)
from edge.openapi.comments import Comments
from edge.openapi.constraints import constrain

FD = descriptor.FieldDescriptor
Schema = dict[str, Any]
HTTP_BODY = "google.api.HttpBody"
DECIMAL_PATTERN = r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$"
_NAMING_SUFFIX: dict[int, str] = {
    annotations_pb2.JSON_NAMING_UNSPECIFIED: "lowerCamelCase",
    annotations_pb2.JSON_NAMING_LOWER_CAMEL_CASE: "lowerCamelCase",
    annotations_pb2.JSON_NAMING_SNAKE_CASE: "snake_case",
}
# Unspecified naming spells keys like lowerCamelCase (json_name): one component for both.
_SAME_NAMING: dict[int, int] = {
    annotations_pb2.JSON_NAMING_UNSPECIFIED: annotations_pb2.JSON_NAMING_LOWER_CAMEL_CASE
}


def behaviors(field: FD) -> frozenset[int]:
    """google.api.field_behavior values of a field (REQUIRED, OUTPUT_ONLY, ...)."""
    options: Any = field.GetOptions()
    extension: Any = field_behavior_pb2.field_behavior
    return frozenset(options.Extensions[extension])


def nullable(schema: Schema) -> Schema:
    """`schema` or JSON null. A formatted string stays its own branch: in a type list
    (`["string", "null"]`) test generators read `format` loosely and take "" for a date."""
    kind = schema.get("type")
    formatted_string = kind == "string" and "format" in schema
    if isinstance(kind, str) and "$ref" not in schema and not formatted_string:
        return {**schema, "type": [kind, "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def binary(media_types: list[str] | None = None) -> Schema:
    """Raw bytes (google.api.HttpBody, multipart files)."""
    schema: Schema = {"type": "string", "format": "binary"}
    if media_types and len(media_types) == 1:
        schema["contentMediaType"] = media_types[0]
    return schema


class Schemas:
    """Builds component schemas on demand; `components()` returns them, sorted."""

    def __init__(self, comments: Comments) -> None:
        self.comments = comments
        # (full name, naming, in a request) → schema
        self._messages: dict[tuple[str, int, bool], Schema] = {}
        self._enums: dict[str, Schema] = {}
        self._refs: dict[tuple[str, int, bool], list[Schema]] = {}
        self._request = False

    @contextmanager
    def requests(self) -> Iterator[None]:
        """Schemas built inside describe what clients send."""
        self._request = True
        try:
            yield
        finally:
            self._request = False

    # -- references -------------------------------------------------------------------

    def message_ref(self, message_type: descriptor.Descriptor, naming: int) -> Schema:
        naming = _SAME_NAMING.get(naming, naming)
        key = (message_type.full_name, naming, self._request)
        if key not in self._messages:
            self._messages[key] = {}  # registered first: recursive types terminate
            self._messages[key].update(self._message(codec_for(message_type, naming)))
        ref: Schema = {"$ref": ""}  # filled in by components(), once all namings are known
        self._refs.setdefault(key, []).append(ref)
        return ref

    def _enum_ref(self, enum: descriptor.EnumDescriptor, codec: EnumCodec) -> Schema:
        if enum.full_name not in self._enums:
            values = list(codec.names.values())
            lines = [self.comments(enum.full_name)]
            for value in enum.values:
                text = self.comments(f"{enum.full_name}.{value.name}")
                if value.number in codec.names and text:
                    lines.append(f"- `{codec.names[value.number]}`: {text}")
            schema: Schema = {"type": "string", "enum": values}
            text = "\n".join(line for line in lines if line)
            if text:
                schema["description"] = text
            self._enums[enum.full_name] = schema
        return {"$ref": f"#/components/schemas/{enum.full_name}"}

    # -- message bodies ---------------------------------------------------------------

    def _message(self, codec: MessageCodec) -> Schema:
        message_type = codec.descriptor
        properties: Schema = {}
        required: list[str] = []
        for field in message_type.fields:
            field_codec = codec.by_name.get(field.name)
            if field_codec is None:
                continue  # cookie-bound: never in the JSON
            properties[field_codec.key] = self.property(field_codec, codec.naming)
            if is_required(field):
                required.append(field_codec.key)
        schema: Schema = {"type": "object"}
        text = self.comments(message_type.full_name)
        if text:
            schema["description"] = text
        schema["properties"] = properties
        if required:
            schema["required"] = required
        return schema

    def body(
        self, message_type: descriptor.Descriptor, naming: int, without: frozenset[str]
    ) -> Schema:
        """A request message as a JSON body, minus the members the URL binds."""
        codec = codec_for(message_type, naming)
        dropped = {codec.by_name[name].key for name in without if name in codec.by_name}
        if not dropped:
            return self.message_ref(message_type, naming)
        schema = self._message(codec)
        schema["properties"] = {k: v for k, v in schema["properties"].items() if k not in dropped}
        kept = [k for k in schema.get("required", []) if k not in dropped]
        schema.pop("required", None)
        if kept:
            schema["required"] = kept
        return schema

    # -- fields -----------------------------------------------------------------------

    def property(self, codec: FieldCodec, naming: int) -> Schema:
        """A field as an object member: value schema, description, readOnly, null."""
        field = codec.field
        # value() hands out fresh dicts, and its $ref dicts must stay the very objects
        # components() patches: add members in place, never copy.
        schema = self.value(codec, naming)
        rules = field_rules(field)
        if (rules is not None and rules.nullable) or (self._request and not is_required(field)):
            schema = nullable(schema)
        text = self.comments(field.full_name)
        if text:
            # After the proto comment: what the constraints add (e.g. the email rules).
            note = schema.get("description")
            schema["description"] = f"{text}\n\n{note}" if note else text
        if field_behavior_pb2.OUTPUT_ONLY in behaviors(field):
            schema["readOnly"] = True
        return schema

    def value(self, codec: FieldCodec, naming: int) -> Schema:
        """The JSON value a field holds (arrays and maps included), with the constraints
        its options declare."""
        schema = self._shape(codec, naming)
        constrain(codec.field, schema)
        return schema

    def _shape(self, codec: FieldCodec, naming: int) -> Schema:
        field = codec.field
        if isinstance(codec, MapField):
            assert field.message_type is not None
            value_field = field.message_type.fields_by_name["value"]
            inner = (
                self.message_ref(codec.message_codec.descriptor, naming)
                if codec.message_codec is not None
                else self.scalar(codec.codec, value_field)
            )
            return {"type": "object", "additionalProperties": inner}
        if isinstance(codec, RepeatedField):
            item = (
                self.message_ref(codec.message_codec.descriptor, naming)
                if codec.message_codec is not None
                else self.scalar(codec.codec, field)
            )
            return {"type": "array", "items": item}
        if isinstance(codec, MessageField):
            return self.message_ref(codec.codec.descriptor, naming)
        return self.scalar(getattr(codec, "codec", None), field)

    def scalar(self, codec: ValueCodec | None, field: FD) -> Schema:
        """The schema of one value converter (scalars and single-value well-known types)."""
        if isinstance(codec, EnumCodec):
            assert field.enum_type is not None
            return self._enum_ref(field.enum_type, codec)
        if isinstance(codec, WrapperCodec):
            inner_field: Any = codec.message_class.DESCRIPTOR.fields_by_name["value"]
            return self.scalar(codec.inner, inner_field)
        if isinstance(codec, IntCodec):
            schema: Schema = {"type": "integer"}
            if codec.low == -(2**31) and codec.high == 2**31 - 1:
                schema["format"] = "int32"
            elif codec.low == -(2**63) and codec.high == 2**63 - 1:
                schema["format"] = "int64"
            else:
                schema["minimum"], schema["maximum"] = codec.low, codec.high
            return schema
        for kind, schema in _FIXED:
            if isinstance(codec, kind):
                return dict(schema)
        raise TypeError(f"no schema for {field.full_name} ({type(codec).__name__})")

    # -- output -----------------------------------------------------------------------

    def components(self) -> Schema:
        """Every schema built so far, by name, sorted; fills in the refs handed out."""
        namings: dict[str, set[int]] = {}
        for full_name, naming, _request in self._messages:
            namings.setdefault(full_name, set()).add(naming)
        named: dict[str, Schema] = dict(self._enums)
        for key, schema in self._messages.items():
            full_name, naming, request = key
            name = full_name
            if len(namings[full_name]) > 1:
                name = f"{full_name}.{_NAMING_SUFFIX[naming]}"
            if request and (full_name, naming, False) in self._messages:
                name = f"{name}.request"
            named[name] = schema
            for ref in self._refs.get(key, []):
                ref["$ref"] = f"#/components/schemas/{name}"
        return {name: named[name] for name in sorted(named)}


UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

# Order matters: subclasses before their bases (UuidCodec and the decimals are strings).
_FIXED: list[tuple[type[ValueCodec], Schema]] = [
    # The pattern as well: `format` alone is an annotation to most JSON Schema validators
    # and generators, and "" is no UUID.
    (UuidCodec, {"type": "string", "format": "uuid", "pattern": UUID_PATTERN}),
    (DecimalNumberCodec, {"type": "number", "description": "A decimal, exact as written."}),
    (DecimalStringCodec, {"type": "string", "format": "decimal", "pattern": DECIMAL_PATTERN}),
    (StringCodec, {"type": "string", "pattern": NUL_FREE_PATTERN}),
    (BoolCodec, {"type": "boolean"}),
    (FloatCodec, {"type": "number"}),
    (BytesCodec, {"type": "string", "contentEncoding": "base64"}),
    (TimestampCodec, {"type": "string", "format": "date-time"}),
    (DateCodec, {"type": "string", "format": "date"}),
    (DurationCodec, {"type": "string", "pattern": r"^-?\d+(\.\d{1,9})?s$"}),
    (FieldMaskCodec, {"type": "string", "description": "Comma-separated field paths."}),
    (StructCodec, {"type": "object"}),
    (ListValueCodec, {"type": "array"}),
    (AnyValueCodec, {"description": "Any JSON value."}),
]
