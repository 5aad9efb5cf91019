"""Regular expressions the protos declare (FieldRules.pattern, FieldRules.visible_text),
readable alike by the API document's readers (JSON Schema's ECMA-262 dialect) and by the
edge (Python's `re`).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterator
from functools import cache

# Escapes and groups whose meaning differs between ECMA-262 (what the document's readers
# apply) and Python's `re` (what the edge applies), or that one of them lacks.
_NOT_PORTABLE_ESCAPES = frozenset("dDwWbBAZzpPN")
# Characters text shown to people may not hold (FieldRules.visible_text), and the two
# joiners it allows between visible characters.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
JOINERS = "\\u200c\\u200d"  # ZWNJ, ZWJ: as a regex class body


def python_regex(pattern: str) -> re.Pattern[str]:
    """`pattern` (ECMA-262, as JSON Schema reads it) compiled for Python's `re`.

    The two agree on the shared subset the proto options allow, except `$`: without the
    multiline flag ECMA-262 matches it only at the very end, Python also before a final
    newline, so it becomes `\\Z`. Constructs outside the subset raise ValueError."""
    out: list[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1 : index + 2]
            if escaped in _NOT_PORTABLE_ESCAPES:
                raise ValueError(f"pattern {pattern!r}: \\{escaped} is not portable")
            out.append(pattern[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            char = r"\Z"
        elif char == "(" and pattern.startswith(("(?<", "(?P", "(?#"), index):
            raise ValueError(f"pattern {pattern!r}: lookbehind and named groups are not portable")
        out.append(char)
        index += 1
    return re.compile("".join(out))


def _hidden_ranges() -> Iterator[tuple[int, int]]:
    start = previous = -2
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) not in HIDDEN_CATEGORIES:
            continue
        if code != previous + 1:
            if start >= 0:
                yield start, previous
            start = code
        previous = code
    yield start, previous


def _class_char(code: int) -> str:
    # BMP characters as \uXXXX (read alike by both dialects); others literally, since
    # ECMA-262 without the u flag has no escape for them and Python none that ECMA reads.
    return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)


@cache
def visible_text_pattern() -> str:
    """The regex of FieldRules.visible_text, from this interpreter's Unicode database:
    runs of visible characters, joined only by a joiner between two of them, and
    whitespace that is not itself hidden."""
    hidden = "".join(
        _class_char(a) if a == b else f"{_class_char(a)}-{_class_char(b)}"
        for a, b in _hidden_ranges()
    )
    space = f"[^\\S{hidden}]"
    visible = f"[^\\s{hidden}]"
    joiner = f"[{JOINERS}]"
    return f"^{space}*(?:{visible}(?:{joiner}{visible})*{space}*)*$"


@cache
def visible_text_regex() -> re.Pattern[str]:
    return python_regex(visible_text_pattern())
