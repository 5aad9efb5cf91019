"""Signed download URLs: the signature binds the export id and the expiry; any change
to either, or another key, breaks it."""

from __future__ import annotations

import uuid
from urllib.parse import parse_qs, urlsplit

from services.projectfinance.exports.domain.signing import (
    download_url,
    signature,
    signature_matches,
)

KEY = b"k" * 32
EXPORT = uuid.UUID("7c9e6679-7425-40de-944b-e07fc1f90ae7")


def test_the_url_carries_the_expiry_and_its_signature() -> None:
    url = urlsplit(download_url(KEY, EXPORT, 1_800_000_000))
    assert url.path == f"/api/project-finance/exports/{EXPORT}/download"
    query = parse_qs(url.query)
    assert query["expires"] == ["1800000000"]
    (given,) = query["signature"]
    assert given == signature(KEY, EXPORT, 1_800_000_000)
    assert len(given) == 64
    assert signature_matches(KEY, EXPORT, 1_800_000_000, given)


def test_an_altered_url_does_not_match() -> None:
    given = signature(KEY, EXPORT, 1_800_000_000)
    assert not signature_matches(KEY, EXPORT, 1_800_000_001, given)
    assert not signature_matches(KEY, uuid.uuid4(), 1_800_000_000, given)
    assert not signature_matches(b"other key", EXPORT, 1_800_000_000, given)
    assert not signature_matches(
        KEY, EXPORT, 1_800_000_000, given[:-1] + ("1" if given[-1] == "0" else "0")
    )
    assert not signature_matches(KEY, EXPORT, 1_800_000_000, "")
    assert not signature_matches(KEY, EXPORT, 1_800_000_000, "é" * 64)
