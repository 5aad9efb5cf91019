"""Message ⇄ JSON object, compiled once per (message type, JSON naming).

`codec_for` builds a `MessageCodec` holding one field codec per field, chosen from the
field's type and options (see scalars.py / wellknown.py), so decoding and encoding a
request do no descriptor or option look-ups. Codecs are cached and registered before
their fields compile, so recursive message types terminate.
"""

from __future__ import annotations

import re
from typing import Any

from finplat.api.v1 import annotations_pb2
from google.protobuf import descriptor, message, message_factory

from edge.codec.names import json_key
from edge.codec.problems import DecodeFailed, FieldError, Invalid, join_path
from edge.codec.scalars import OMIT, ValueCodec, scalar_codec
from edge.codec.wellknown import well_known_codec
from edge.options import option

FD = descriptor.FieldDescriptor
Errors = list[FieldError]
_INDEXED = re.compile(r"([^\[\]]+)((?:\[[^\]]*\])*)\Z")


def field_rules(field: FD) -> annotations_pb2.FieldRules | None:
    rules: annotations_pb2.FieldRules | None = option(field.GetOptions(), annotations_pb2.field)
    return rules


class FieldCodec:
    """Decodes one JSON member into a message; subclasses per field shape."""

    __slots__ = ("field", "key", "name")

    def __init__(self, field: FD, key: str) -> None:
        self.key, self.name, self.field = key, field.name, field

    def decode(self, msg: Any, value: Any, prefix: str, errors: Errors) -> None:
        raise NotImplementedError

    def decode_text(self, msg: Any, texts: list[str], path: str, errors: Errors) -> None:
        """Path/query values; only scalar-like fields can be bound from text."""
        errors.append(FieldError(path, "cannot be set from the URL"))


class ScalarField(FieldCodec):
    __slots__ = ("codec",)

    def __init__(self, field: FD, key: str, codec: ValueCodec) -> None:
        super().__init__(field, key)
        self.codec = codec

    def decode(self, msg: Any, value: Any, prefix: str, errors: Errors) -> None:
        if value is None:
            return  # proto3 JSON: null means "not set"
        try:
            converted = self.codec.from_json(value)
            if self.codec.is_message:
                getattr(msg, self.name).CopyFrom(converted)
            else:
                setattr(msg, self.name, converted)
        except Invalid as exc:
            errors.append(FieldError(join_path(prefix, self.key), exc.reason))
        except (ValueError, TypeError):
            errors.append(FieldError(join_path(prefix, self.key), "has an invalid value"))

    def decode_text(self, msg: Any, texts: list[str], path: str, errors: Errors) -> None:
        try:
            converted = self.codec.from_text(texts[-1])
            if self.codec.is_message:
                getattr(msg, self.name).CopyFrom(converted)
            else:
                setattr(msg, self.name, converted)
        except Invalid as exc:
            errors.append(FieldError(path, exc.reason))
        except (ValueError, TypeError):
            errors.append(FieldError(path, "has an invalid value"))


class MessageField(FieldCodec):
    __slots__ = ("codec",)

    def __init__(self, field: FD, key: str, codec: MessageCodec) -> None:
        super().__init__(field, key)
        self.codec = codec

    def decode(self, msg: Any, value: Any, prefix: str, errors: Errors) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            errors.append(FieldError(join_path(prefix, self.key), "must be an object"))
            return
        sub = getattr(msg, self.name)
        sub.SetInParent()
        self.codec.decode_into(value, sub, join_path(prefix, self.key), errors)


class RepeatedField(FieldCodec):
    __slots__ = ("codec", "message_codec")

    def __init__(
        self, field: FD, key: str, codec: ValueCodec | None, message_codec: MessageCodec | None
    ) -> None:
        super().__init__(field, key)
        self.codec, self.message_codec = codec, message_codec

    def decode(self, msg: Any, value: Any, prefix: str, errors: Errors) -> None:
        if value is None:
            return
        path = join_path(prefix, self.key)
        if not isinstance(value, list):
            errors.append(FieldError(path, "must be an array"))
            return
        self._extend(getattr(msg, self.name), value, path, errors, text=False)

    def decode_text(self, msg: Any, texts: list[str], path: str, errors: Errors) -> None:
        if self.codec is None:
            super().decode_text(msg, texts, path, errors)
            return
        self._extend(getattr(msg, self.name), texts, path, errors, text=True)

    def _extend(
        self, container: Any, items: list[Any], path: str, errors: Errors, *, text: bool
    ) -> None:
        codec, message_codec = self.codec, self.message_codec
        for index, item in enumerate(items):
            item_path = f"{path}[{index}]"
            if item is None:
                errors.append(FieldError(item_path, "must not be null"))
                continue
            if message_codec is not None:
                if not isinstance(item, dict):
                    errors.append(FieldError(item_path, "must be an object"))
                    continue
                message_codec.decode_into(item, container.add(), item_path, errors)
                continue
            assert codec is not None
            try:
                converted = codec.from_text(item) if text else codec.from_json(item)
                if codec.is_message:
                    container.add().CopyFrom(converted)
                else:
                    container.append(converted)
            except Invalid as exc:
                errors.append(FieldError(item_path, exc.reason))
            except (ValueError, TypeError):
                errors.append(FieldError(item_path, "has an invalid value"))


class MapField(FieldCodec):
    __slots__ = ("codec", "key_codec", "message_codec")

    def __init__(
        self, field: FD, key: str, codec: ValueCodec | None, message_codec: MessageCodec | None
    ) -> None:
        super().__init__(field, key)
        entry = field.message_type
        assert entry is not None
        self.key_codec = scalar_codec(entry.fields_by_name["key"], None)
        self.codec, self.message_codec = codec, message_codec

    def decode(self, msg: Any, value: Any, prefix: str, errors: Errors) -> None:
        if value is None:
            return
        path = join_path(prefix, self.key)
        if not isinstance(value, dict):
            errors.append(FieldError(path, "must be an object"))
            return
        container = getattr(msg, self.name)
        for raw_key, item in value.items():
            item_path = f"{path}.{raw_key}"
            try:
                map_key = self.key_codec.from_text(raw_key)
                if self.message_codec is not None:
                    if not isinstance(item, dict):
                        raise Invalid("must be an object")
                    self.message_codec.decode_into(item, container[map_key], item_path, errors)
                    continue
                assert self.codec is not None
                if item is None:
                    raise Invalid("must not be null")
                converted = self.codec.from_json(item)
                if self.codec.is_message:
                    container[map_key].CopyFrom(converted)
                else:
                    container[map_key] = converted
            except Invalid as exc:
                errors.append(FieldError(item_path, exc.reason))
            except (ValueError, TypeError):
                errors.append(FieldError(item_path, "has an invalid value"))


# (JSON key, attribute name, converter or None, has presence, print null when unset)
_EncodeStep = tuple[str, str, Any, bool, bool]


class MessageCodec:
    """JSON object ⇄ one message type under one naming style."""

    def __init__(self, message_type: descriptor.Descriptor, naming: int) -> None:
        self.descriptor = message_type
        self.message_class = message_factory.GetMessageClass(message_type)
        self.naming = naming
        self.fields: dict[str, FieldCodec] = {}  # JSON key (and proto name) → codec
        self.by_name: dict[str, FieldCodec] = {}  # proto name → codec
        self.cookies: dict[str, str] = {}  # proto name → cookie name
        self._plan: list[_EncodeStep] = []
        self._steps: dict[str, _EncodeStep] = {}

    def _compile(self) -> None:
        for field in self.descriptor.fields:
            rules = field_rules(field)
            if rules is not None and rules.cookie:
                # Bound to a cookie, never to JSON (the binding/rendering layer handles it).
                self.cookies[field.name] = rules.cookie
                continue
            key = json_key(field, self.naming)
            codec, encode = self._field_codec(field, key, rules)
            self.fields[key] = codec
            self.fields.setdefault(field.name, codec)  # protojson accepts proto names too
            self.by_name[field.name] = codec
            nullable = bool(rules is not None and rules.nullable)
            step = (key, field.name, encode, field.has_presence, nullable)
            self._plan.append(step)
            self._steps[field.name] = step

    def _field_codec(self, field: FD, key: str, rules: Any) -> tuple[FieldCodec, Any]:
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            value_codec, value_message = self._element(value_field, rules)
            to_json = _element_encoder(value_codec, value_message)
            if to_json is None:
                encode: Any = _map_plain
            else:

                def encode(m: Any, f: Any = to_json) -> Any:
                    return {str(k): _none_if_omit(f(v)) for k, v in m.items()}

            return MapField(field, key, value_codec, value_message), encode
        element_codec, element_message = self._element(field, rules)
        if field.is_repeated:
            to_json = _element_encoder(element_codec, element_message)
            if to_json is None:
                return RepeatedField(field, key, element_codec, None), list

            def encode_list(seq: Any, f: Any = to_json) -> Any:
                return [_none_if_omit(f(v)) for v in seq]

            return RepeatedField(field, key, element_codec, element_message), encode_list
        if element_message is not None:
            return MessageField(field, key, element_message), element_message.encode
        assert element_codec is not None
        return ScalarField(field, key, element_codec), element_codec.to_json

    def _element(self, field: FD, rules: Any) -> tuple[ValueCodec | None, MessageCodec | None]:
        if field.message_type is None:
            return scalar_codec(field, rules), None
        known = well_known_codec(field.message_type)
        if known is not None:
            return known, None
        return None, codec_for(field.message_type, self.naming)

    # -- decoding ---------------------------------------------------------------------

    def decode_into(self, obj: dict[str, Any], msg: Any, prefix: str, errors: Errors) -> None:
        fields = self.fields
        for key, value in obj.items():
            codec = fields.get(key)
            if codec is not None:  # unknown members are ignored
                codec.decode(msg, value, prefix, errors)

    def decode(self, obj: dict[str, Any]) -> message.Message:
        """A new message from a JSON object; `DecodeFailed` lists every bad field."""
        msg = self.message_class()
        errors: Errors = []
        self.decode_into(obj, msg, "", errors)
        if errors:
            raise DecodeFailed(errors)
        return msg

    # -- encoding ---------------------------------------------------------------------

    def encode(self, msg: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, name, convert, presence, nullable in self._plan:
            if presence and not msg.HasField(name):
                if nullable:
                    out[key] = None
                continue
            value = getattr(msg, name)
            if convert is not None:
                value = convert(value)
                if value is OMIT:
                    if nullable:
                        out[key] = None
                    continue
            out[key] = value
        return out

    def encode_field(self, msg: Any, name: str) -> Any:
        """The JSON form of one field (a response_body selection); None when unset."""
        _key, _name, convert, presence, _nullable = self._steps[name]
        if presence and not msg.HasField(name):
            return None
        value = getattr(msg, name)
        if convert is not None:
            value = convert(value)
        return None if value is OMIT else value

    # -- names ------------------------------------------------------------------------

    def json_path(self, proto_path: str) -> str:
        """A proto field path ("items[2].unit_price") in this naming ("items[2].unitPrice")."""
        codec: MessageCodec | None = self
        parts: list[str] = []
        for part in proto_path.split("."):
            match = _INDEXED.match(part)
            name, index = (match.group(1), match.group(2)) if match else (part, "")
            field = codec.by_name.get(name) if codec is not None else None
            if field is None:
                parts.append(part)
                codec = None
                continue
            parts.append(field.key + index)
            codec = getattr(field, "message_codec", None) or (
                field.codec if isinstance(field, MessageField) else None
            )
        return ".".join(parts)

    def exact_numbers(self) -> bool:
        """Whether decoding needs numbers kept as written (a decimal anywhere inside)."""
        return _needs_exact(self, set())


def _needs_exact(codec: MessageCodec, seen: set[str]) -> bool:
    if codec.descriptor.full_name in seen:
        return False
    seen.add(codec.descriptor.full_name)
    for field in codec.by_name.values():
        value_codec = getattr(field, "codec", None)
        if isinstance(value_codec, ValueCodec) and value_codec.exact:
            return True
        nested = (
            value_codec
            if isinstance(value_codec, MessageCodec)
            else getattr(field, "message_codec", None)
        )
        if isinstance(nested, MessageCodec) and _needs_exact(nested, seen):
            return True
    return False


def _element_encoder(codec: ValueCodec | None, message_codec: MessageCodec | None) -> Any:
    if message_codec is not None:
        return message_codec.encode
    assert codec is not None
    return codec.to_json


def _map_plain(m: Any) -> dict[str, Any]:
    return {str(k): v for k, v in m.items()}


def _none_if_omit(value: Any) -> Any:
    return None if value is OMIT else value


_CACHE: dict[tuple[str, int], MessageCodec] = {}


def codec_for(message_type: descriptor.Descriptor, naming: int) -> MessageCodec:
    """The (cached) codec of a message type under a JsonNaming value."""
    cache_key = (message_type.full_name, naming)
    codec = _CACHE.get(cache_key)
    if codec is None:
        codec = MessageCodec(message_type, naming)
        _CACHE[cache_key] = codec  # before compiling: recursive types find it here
        codec._compile()
    return codec
