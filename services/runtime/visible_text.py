"""What a name shown to people may not contain (full names, device nicknames).

Control characters and line/paragraph separators could forge lines where a name is
printed (email bodies, logs). Format characters (Unicode category Cf: bidi embeddings,
overrides and isolates such as U+202E, zero-width spaces, the byte order mark, the soft
hyphen) are invisible yet change how a name reads, so one could pass for another in a
security screen or an email.

The two joiners are the exception where writing needs them: ZWNJ (U+200C) and ZWJ
(U+200D) between two visible characters shape Persian and Indic words and join emoji
sequences (👩‍💻); they reorder and hide nothing there. Anywhere else they are refused.
"""

from __future__ import annotations

import unicodedata
from typing import Final

FORBIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Zl", "Zp"})
JOINERS: Final = frozenset("\u200c\u200d")
PROBLEM: Final = "must not contain control or invisible formatting characters"


def has_hidden_characters(value: str) -> bool:
    """Whether `value` holds a control, format or line/paragraph-separator character
    (a joiner only outside a joining position)."""
    for index, char in enumerate(value):
        if unicodedata.category(char) not in FORBIDDEN_CATEGORIES:
            continue
        if char in JOINERS and _visible(value, index - 1) and _visible(value, index + 1):
            continue
        return True
    return False


def _visible(value: str, index: int) -> bool:
    if not 0 <= index < len(value):
        return False
    char = value[index]
    return not char.isspace() and unicodedata.category(char) not in FORBIDDEN_CATEGORIES
