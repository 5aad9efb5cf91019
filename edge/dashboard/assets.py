"""The dashboard's files, read once at start-up and served from memory.

Each file gets its content type, a strong ETag (a hash of its bytes, so a conditional GET
is answered 304 without a body) and its caching rule: the page and its own scripts and
styles are revalidated on every load (`no-cache`: a new deployment is seen at once, an
unchanged file costs a 304), Chart.js may be kept a day.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

STATIC = Path(__file__).parent / "static"
INDEX = "index.html"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
REVALIDATE = "no-cache"
VENDOR_CACHE = "public, max-age=86400"


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    content_type: str
    cache_control: str
    etag: str

    @classmethod
    def of(cls, body: bytes, content_type: str, cache_control: str = REVALIDATE) -> Asset:
        digest = hashlib.sha256(body).hexdigest()[:32]
        return cls(body, content_type, cache_control, f'"{digest}"')

    def headers(self) -> dict[str, str]:
        return {"cache-control": self.cache_control, "etag": self.etag}

    def matches(self, if_none_match: str | None) -> bool:
        """Whether a conditional GET's If-None-Match names this version (RFC 9110 §13.1.2:
        a list of tags, weak ones compared weakly, or "*")."""
        if not if_none_match:
            return False
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or self.etag in tags


def load_static(directory: Path = STATIC) -> tuple[Asset, dict[str, Asset]]:
    """The page and its own assets by file name (index.html is the page, not an asset)."""
    files = {
        path.name: Asset.of(path.read_bytes(), TYPES[path.suffix])
        for path in sorted(directory.iterdir())
        if path.is_file() and path.suffix in TYPES
    }
    return files.pop(INDEX), files


def load_chartjs(path: Path) -> Asset | None:
    """Chart.js's UMD build, or None when it is not installed there."""
    try:
        body = path.read_bytes()
    except OSError:
        return None
    return Asset.of(body, TYPES[".js"], VENDOR_CACHE)
