"""JSON Schema keywords of the constraints the edge enforces on request fields.

Read from the very objects edge/codec/constraints.py compiles and checks with, so the
document states exactly what a request is refused for: required (and, for strings, not
empty), ranges (`minimum`, `exclusiveMinimum`, ...), decimal places (`multipleOf`),
lengths, patterns, formats and allowed values (`enum`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from google.protobuf import descriptor

from edge.codec.constraints import FieldConstraints, field_constraints
from edge.codec.patterns import visible_text_pattern
from edge.codec.scalars import NUL_FREE_PATTERN

Schema = dict[str, Any]
# What the email format refuses beyond RFC 5322 syntax (the validator the edge and the
# main backend share rejects special-use domains).
EMAIL_NOTE = (
    "An email address; special-use domains (.test, .local, .localhost, .invalid, "
    ".onion, .arpa) are refused."
)
VISIBLE_TEXT_NOTE = (
    "No control or invisible formatting characters (a zero-width joiner or non-joiner "
    "only between two visible characters)."
)


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def _range_text(c: FieldConstraints) -> str:
    """The numeric rules of a decimal shown as a JSON string, which JSON Schema's numeric
    keywords cannot state."""
    parts = []
    if c.minimum is not None:
        parts.append(f">= {c.minimum:f}")
    if c.exclusive_minimum is not None:
        parts.append(f"> {c.exclusive_minimum:f}")
    if c.maximum is not None:
        parts.append(f"<= {c.maximum:f}")
    if c.exclusive_maximum is not None:
        parts.append(f"< {c.exclusive_maximum:f}")
    if c.decimal_places:
        parts.append(f"at most {c.decimal_places} decimal places")
    return f"Value {', '.join(parts)}." if parts else ""


def value_keywords(c: FieldConstraints, schema: Schema) -> Schema:
    """The keywords one value (an element, for a repeated field) must satisfy, given the
    type schema the codec gives it."""
    out: Schema = {}
    if c.value_kind in ("number", "decimal") and schema.get("type") in ("number", "integer"):
        for key, bound in (
            ("minimum", c.minimum),
            ("exclusiveMinimum", c.exclusive_minimum),
            ("maximum", c.maximum),
            ("exclusiveMaximum", c.exclusive_maximum),
        ):
            if bound is not None:
                out[key] = _number(bound)
        if c.decimal_places:
            out["multipleOf"] = float(Decimal(1).scaleb(-c.decimal_places))
        return out
    if c.value_kind == "decimal":
        text = _range_text(c)
        return {"description": text} if text else {}
    if c.value_kind != "string":
        return out
    if c.allowed:
        out["enum"] = list(c.allowed)
    min_length = c.min_length
    if c.required and not (c.field.is_repeated or c.allowed or c.email or "format" in schema):
        min_length = max(min_length, 1)  # REQUIRED: a string must not be empty
    if min_length:
        out["minLength"] = min_length
    if c.max_length:
        out["maxLength"] = c.max_length
    patterns = [c.pattern] if c.pattern else []
    if c.visible_text:
        patterns.append(visible_text_pattern())
        out["description"] = VISIBLE_TEXT_NOTE
    if len(patterns) == 1:
        out["pattern"] = patterns[0]
        if "pattern" in schema and not c.visible_text:
            # The type's own pattern (a string holds no NUL: the edge refuses one) keeps
            # holding beside the declared one, which would otherwise replace it.
            out["allOf"] = [{"pattern": schema["pattern"]}]
    elif patterns:
        out["allOf"] = [{"pattern": pattern} for pattern in patterns]
    if c.email:
        out["format"] = "email"
        out["description"] = EMAIL_NOTE
    return out


def _allowing_default(c: FieldConstraints, keywords: Schema) -> Schema:
    """A plain proto3 scalar at its default counts as not sent and is never checked: the
    document must accept that value too."""
    default: Any = "" if c.value_kind == "string" else 0
    if not c.skips_default or c.required or c.value_kind == "decimal":
        return keywords
    if c.problem(default) is None:
        return keywords
    if set(keywords) <= {"enum", "description"} and "enum" in keywords:
        return {**keywords, "enum": [default, *keywords["enum"]]}
    checked = {k: v for k, v in keywords.items() if k != "description"}
    out: Schema = {"anyOf": [{"const": default}, checked]}
    if "description" in keywords:
        out["description"] = keywords["description"]
    return out


def constrain(field: descriptor.FieldDescriptor, schema: Schema) -> None:
    """Add the field's declared constraints to its value schema, in place (`schema` may be
    a `$ref` dict the document patches later: it must stay the same object)."""
    c = field_constraints(field)
    if c is None:
        return
    if field.is_repeated:
        if c.required:
            schema["minItems"] = 1
        items = schema.get("items")
        if isinstance(items, dict) and c.has_value_rules:
            _merge(items, value_keywords(c, items))
        return
    if c.email and schema.get("pattern") == NUL_FREE_PATTERN:
        # An email address holds no NUL by its format already; the pattern beside the
        # format only made generators (schemathesis' coverage phase) search long for
        # strings satisfying both.
        del schema["pattern"]
    if c.has_value_rules:
        _merge(schema, _allowing_default(c, value_keywords(c, schema)))
    elif c.required and c.value_kind == "string":
        _merge(schema, value_keywords(c, schema))


def _merge(schema: Schema, keywords: Schema) -> None:
    description = keywords.pop("description", None)
    schema.update(keywords)
    if description:
        existing = schema.get("description")
        schema["description"] = f"{existing} {description}" if existing else description
