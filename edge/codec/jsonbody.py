"""Request body parsing: fast by default, exact for messages that carry decimals.

Money must never pass through a binary float. When the target message (transitively)
has a decimal field, the body is parsed with `json.JSONDecoder(parse_float=NumberLiteral)`,
which keeps every non-integer number as its source text; other bodies use orjson.

Whatever the parser, a refusal names the problem in plain words, never Python's:
- orjson refuses numbers a double cannot hold (`1e400`, a 5,000-digit integer); such a
  body is parsed again exactly, so the field's codec can name the field and say what is
  wrong with its value;
- integers longer than any protobuf integer type stay text too (`NumberLiteral`), so a
  huge one never meets Python's limit on int(str) conversions;
- nesting deeper than the interpreter's recursion limit is "nested too deeply";
- NaN and Infinity are not JSON, and neither is text that is not UTF-8.
Duplicate members are not an error: the last one wins, as in both parsers.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# No protobuf integer type has more digits (2**64 - 1 has 20); longer stays text.
_LONGEST_INTEGER = 24


class NumberLiteral(str):
    """A JSON number kept as written ("12.50", "1e400", a very long integer)."""

    __slots__ = ()


class MalformedJson(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise MalformedJson(f"{name} is not valid JSON")


def _integer(text: str) -> int | NumberLiteral:
    return int(text) if len(text) <= _LONGEST_INTEGER else NumberLiteral(text)


_exact = json.JSONDecoder(
    parse_float=NumberLiteral, parse_int=_integer, parse_constant=_reject_constant
)


def loads(raw: bytes, *, exact: bool) -> Any:
    """Parse a request body; `MalformedJson` names the problem without echoing the body."""
    if not exact:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass  # the exact parser says why, or takes the numbers orjson cannot hold
    return _exact_loads(raw)


def _exact_loads(raw: bytes) -> Any:
    try:
        return _exact.decode(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise MalformedJson("request body is not valid JSON (invalid UTF-8)") from exc
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise MalformedJson(f"request body is not valid JSON ({exc.msg} at {where})") from exc
    except RecursionError as exc:
        raise MalformedJson("request body is nested too deeply") from exc
