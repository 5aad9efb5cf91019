"""Signed download URLs: HMAC-SHA256, keyed by the backend's signing secret, over the
export's id and the URL's expiry (Unix seconds). Whoever holds the URL may download
the file until it expires, without a token (as a pre-signed object-store URL); changing
the id or the expiry breaks the signature. The tenant is not in the message: export
ids are random and unique across tenants, and the export's row names its tenant."""

from __future__ import annotations

import hashlib
import hmac
import uuid
from urllib.parse import urlencode

DOWNLOAD_PATH = "/api/project-finance/exports/{export_id}/download"


def signature(secret: bytes, export_id: uuid.UUID, expires: int) -> str:
    """The URL's signature, lower-case hex."""
    message = f"{export_id}\n{expires}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def signature_matches(secret: bytes, export_id: uuid.UUID, expires: int, given: str) -> bool:
    """Whether `given` is the signature of (export_id, expires), compared in constant
    time."""
    expected = signature(secret, export_id, expires).encode()
    return hmac.compare_digest(expected, given.encode("utf-8", "replace"))


def download_url(secret: bytes, export_id: uuid.UUID, expires: int) -> str:
    """The signed download URL, a path under the API's base address."""
    query = urlencode({"expires": expires, "signature": signature(secret, export_id, expires)})
    return DOWNLOAD_PATH.format(export_id=export_id) + "?" + query
