"""The one owner of the JSON mapping (ARCHITECTURE §3): proto messages ⇄ REST JSON."""

from edge.codec.jsonbody import MalformedJson, NumberLiteral, loads
from edge.codec.messages import FieldCodec, MessageCodec, codec_for, field_rules
from edge.codec.names import enum_names, json_key
from edge.codec.problems import DecodeFailed, FieldError, Invalid
from edge.codec.scalars import OMIT, ValueCodec

__all__ = [
    "OMIT",
    "DecodeFailed",
    "FieldCodec",
    "FieldError",
    "Invalid",
    "MalformedJson",
    "MessageCodec",
    "NumberLiteral",
    "ValueCodec",
    "codec_for",
    "enum_names",
    "field_rules",
    "json_key",
    "loads",
]
