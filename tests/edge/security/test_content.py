"""MIME sniffing of uploads and JSON bodies (real puremagic on real file headers)."""

from __future__ import annotations

import gzip
import io
import zipfile

import pytest

from edge.security.content import ContentInspector

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(17)
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01" + bytes(20)
ELF = b"\x7fELF\x02\x01\x01\x00" + bytes(56)
PE = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + bytes(100)
CSV = b"date,amount,description\n2024-01-02,12.50,coffee\n"


def zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.txt", "hello")
    return buffer.getvalue()


INSPECTOR = ContentInspector(None)  # no clamd: MIME checks only


@pytest.mark.parametrize(
    ("declared", "body"),
    [
        ("image/png", PNG),
        ("image/jpg", JPEG),  # alias of image/jpeg
        ("application/pdf", PDF),
        ("application/pdf; name=x.pdf", PDF),
        ("text/csv", CSV),
        ("text/plain; charset=utf-8", b"just text\n"),
        ("application/zip", zip_bytes()),
        ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", zip_bytes()),
        ("application/gzip", gzip.compress(b"data", mtime=0)),  # no clock: stable test ids
        ("application/octet-stream", PDF),
        ("application/json", b'  {"a": 1}'),
        ("application/json", b"not json at all"),  # the JSON decoder's 400, not ours
        ("application/x-www-form-urlencoded", b"a=1&b=2"),
    ],
)
async def test_content_matching_its_declaration_passes(declared: str, body: bytes) -> None:
    assert await INSPECTOR.inspect_body(declared, body, None) is None


@pytest.mark.parametrize(
    ("declared", "body", "says"),
    [
        ("image/png", PDF, "application/pdf"),
        ("image/png", b"plain text pretending", "signature"),
        ("text/csv", ELF, "ELF"),
        ("application/json", ELF, "ELF"),
        ("application/json", PE, "portable-executable"),
        ("application/json", PDF, "application/pdf"),
        ("application/json", PNG, "image/png"),
        ("application/problem+json", zip_bytes(), "application/zip"),
        ("application/octet-stream", PE, "executable"),
        ("image/jpeg", PNG, "image/png"),
    ],
)
async def test_content_contradicting_its_declaration_is_415(
    declared: str, body: bytes, says: str
) -> None:
    error = await INSPECTOR.inspect_body(declared, body, None)
    assert error is not None
    assert (error.status, error.reason) == (415, "UNSUPPORTED_MEDIA_TYPE")
    assert says in error.message


async def test_types_the_operation_does_not_accept_are_415() -> None:
    allowed = frozenset({"image/png", "image/jpeg"})
    assert await INSPECTOR.inspect_body("image/png", PNG, allowed) is None
    assert await INSPECTOR.inspect_body("IMAGE/JPG", JPEG, allowed) is None
    error = await INSPECTOR.inspect_body("application/pdf", PDF, allowed)
    assert error is not None and error.status == 415
    assert "image/jpeg, image/png" in error.message
