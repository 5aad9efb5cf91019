"""The upload spool the backends share (analytics' documents, main's bank statements):
what it records of the chunks, its size limit (400 naming `file`), and the received file
that readers needing a path get, gone when its block ends."""

from __future__ import annotations

import hashlib

import pytest

from services.runtime.errors import InvalidArgument
from services.runtime.spool import HEAD_BYTES, Spool, received_file


def test_the_spool_records_size_digest_and_head_and_reads_back_from_the_start() -> None:
    data = bytes(range(256)) * 100  # beyond HEAD_BYTES
    with Spool(max_bytes=len(data)) as spool:
        for start in range(0, len(data), 1000):
            spool.write(data[start : start + 1000])
        spool.write(b"")
        assert spool.size == len(data)
        assert spool.sha256 == hashlib.sha256(data).hexdigest()
        assert spool.head == data[:HEAD_BYTES]
        assert spool.reader().read() == data


def test_past_the_limit_the_upload_is_refused_naming_the_file() -> None:
    with Spool(max_bytes=5) as spool:
        spool.write(b"12345")
        with pytest.raises(InvalidArgument, match="larger than 5 bytes") as refused:
            spool.write(b"6")
    assert [v.field for v in refused.value.violations] == ["file"]


def test_the_received_file_holds_the_chunks_and_goes_when_the_block_ends() -> None:
    with received_file(iter([b"date,amount\n", b"", b"2026-01-01,1.00\n"]), 100, "t-") as path:
        assert path.read_bytes() == b"date,amount\n2026-01-01,1.00\n"
        assert path.parent.name.startswith("t-")
    assert not path.exists() and not path.parent.exists()
    with pytest.raises(InvalidArgument), received_file(iter([b"x" * 101]), 100, "t-"):
        pass
