"""Request body parsing: fast by default, exact for messages that carry decimals.

Money must never pass through a binary float. When the target message (transitively)
has a decimal field, the body is parsed with `json.loads(parse_float=NumberLiteral)`, which
keeps every non-integer number as its source text; other bodies use orjson.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


class NumberLiteral(str):
    """A JSON number with a fraction or exponent, kept as written ("12.50")."""

    __slots__ = ()


class MalformedJson(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise MalformedJson(f"{name} is not valid JSON")


_exact = json.JSONDecoder(parse_float=NumberLiteral, parse_constant=_reject_constant)


def loads(raw: bytes, *, exact: bool) -> Any:
    """Parse a request body; `MalformedJson` names the problem without echoing the body."""
    if exact:
        try:
            return _exact.decode(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise MalformedJson("request body is not valid UTF-8") from exc
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno} column {exc.colno}"
            raise MalformedJson(f"request body is not valid JSON ({exc.msg} at {where})") from exc
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise MalformedJson(f"request body is not valid JSON ({exc.msg})") from exc
