"""What an upload's first bytes say it is (puremagic), against what the client declared.

puremagic reports every format whose signature matches, many of them obscure (a ZIP
header also matches two dozen Office/OpenDocument types), so only formats with a strong,
unambiguous signature (`STRONG`) can contradict a declaration. A text type that sniffs
as nothing is fine; a PDF declared as image/png, or an executable declared as anything
but an executable, is not.
"""

from __future__ import annotations

from dataclasses import dataclass

import puremagic

HEAD_BYTES = 8192  # every signature we rely on sits in the first few bytes

EXECUTABLES = frozenset(
    {
        "application/x-executable",  # ELF (puremagic names it, without a MIME type)
        "application/vnd.microsoft.portable-executable",
        "application/x-msdownload",
        "application/x-mach-binary",
    }
)
STRONG = EXECUTABLES | frozenset(
    {
        "application/pdf",
        "application/zip",
        "application/gzip",
        "application/x-7z-compressed",
        "application/vnd.rar",
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/webp",
        "image/bmp",
        "image/tiff",
    }
)
# Spellings clients and puremagic use for the same type.
ALIASES = {
    "image/jpg": "image/jpeg",
    "image/pjpeg": "image/jpeg",
    "application/x-pdf": "application/pdf",
    "application/x-zip-compressed": "application/zip",
    "application/x-gzip": "application/gzip",
    "application/x-rar-compressed": "application/vnd.rar",
    "application/x-dosexec": "application/vnd.microsoft.portable-executable",
}
GENERIC = "application/octet-stream"


def media_type(content_type: str) -> str:
    """ "Image/JPG; q=1" → "image/jpeg": the bare, lower-case, canonical type."""
    bare = content_type.partition(";")[0].strip().lower()
    return ALIASES.get(bare, bare)


def is_json(media: str) -> bool:
    return media == "application/json" or media.endswith("+json")


@dataclass(frozen=True, slots=True)
class Sniffed:
    types: frozenset[str]  # canonical MIME types whose signature matched
    label: str  # a human name for the strongest match ("" when nothing matched)
    primary: str = ""  # the strongest match's type ("" when no strong signature matched)

    @property
    def strong(self) -> frozenset[str]:
        return self.types & STRONG


def sniff(data: bytes) -> Sniffed:
    head = data[:HEAD_BYTES]
    if not head:
        return Sniffed(frozenset(), "")
    try:
        matches = puremagic.magic_string(head)
    except (puremagic.PureError, ValueError):
        return Sniffed(frozenset(), "")
    types: set[str] = set()
    label = primary = ""
    for match in matches:
        mime = ALIASES.get(match.mime_type, match.mime_type)
        if not mime and "ELF" in match.name:
            mime = "application/x-executable"
        if mime:
            types.add(mime)
            if mime in STRONG and not label:
                label, primary = f"{match.name} ({mime})", mime
    return Sniffed(frozenset(types), label, primary)


def contradiction(declared: str, sniffed: Sniffed) -> str | None:
    """Why the content is not what `declared` (canonical) says, or None when it may be."""
    strong = sniffed.strong
    if declared == GENERIC:
        # "Some bytes" is honest for anything but a program.
        return f"content is an executable: {sniffed.label}" if strong & EXECUTABLES else None
    if declared in sniffed.types:
        return None
    if strong:
        return f"content declared {declared} is {sniffed.label}"
    if declared in STRONG:
        return f"content declared {declared} does not carry that format's signature"
    return None


def binary_as_json(body: bytes) -> str | None:
    """A body declared JSON that is a known binary format (None: leave it to the parser)."""
    # Only the head is looked at: stripping the whole body would copy it.
    start = body[:256].lstrip(b" \t\r\n\xef\xbb\xbf")[:1]
    if not start or start in b'{["-0123456789tfn':
        return None  # JSON, or nothing to judge: the JSON decoder has the last word
    sniffed = sniff(body)
    return f"body declared application/json is {sniffed.label}" if sniffed.strong else None
