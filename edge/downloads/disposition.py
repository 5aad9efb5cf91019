"""`Content-Disposition: attachment` for a file name a backend suggests (RFC 6266).

The name is the backend's, but it may hold anything a user typed: control characters
(CR/LF would split the header), path separators (a name is never a path), quotes and
non-ASCII text. `filename` is the ASCII fallback in a quoted-string (quotes and
backslashes escaped, other characters replaced by `_`); `filename*` carries the exact
name, UTF-8 and percent-encoded (RFC 8187, ex RFC 5987), which every current browser
prefers.
"""

from __future__ import annotations

import unicodedata
from urllib.parse import quote

# RFC 8187 attr-char: what may stand unencoded in an ext-value.
_ATTR_CHARS = "!#$&+-.^_`|~"
MAX_NAME = 255


def clean_filename(name: str) -> str:
    """The name without control or format characters (Cc, Cf: CR, LF, NUL, bidi
    overrides…) and without directories; at most MAX_NAME characters."""
    kept = "".join(c for c in name if unicodedata.category(c) not in ("Cc", "Cf"))
    kept = kept.replace("\\", "/").rsplit("/", 1)[-1].strip()
    return "" if kept in (".", "..") else kept[:MAX_NAME]


def _ascii_fallback(name: str) -> str:
    out = []
    for c in name:
        if c in '"\\':
            out.append("\\" + c)
        elif " " <= c <= "~":
            out.append(c)
        else:
            out.append("_")
    return "".join(out)


def content_disposition(name: str) -> bytes | None:
    """The header's value for `name`, or None when nothing usable is left of it."""
    cleaned = clean_filename(name)
    if not cleaned:
        return None
    encoded = quote(cleaned, safe=_ATTR_CHARS, encoding="utf-8")
    value = f"attachment; filename=\"{_ascii_fallback(cleaned)}\"; filename*=UTF-8''{encoded}"
    return value.encode("ascii")
