"""Bulk-loading a benchmark's data straight into PostgreSQL with COPY (the API paths
have benchmarks of their own, and millions of rows through them would take most of a
run)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any, Final

import psycopg

# Written in ~1 MB chunks: one write per row is slow, all at once holds every row.
CHUNK_BYTES: Final = 1 << 20


def psycopg_dsn(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg's own connect() takes it."""
    return url.replace("postgresql+psycopg://", "postgresql://")


def copy_rows(cursor: psycopg.Cursor[Any], table: str, columns: str, lines: Iterable[str]) -> int:
    """COPY `lines` (text format: tab-separated, each ending in a newline) into
    `table (columns)`; the number of lines written."""
    written = 0
    with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        out = io.StringIO()
        for line in lines:
            out.write(line)
            written += 1
            if out.tell() > CHUNK_BYTES:
                copy.write(out.getvalue())
                out = io.StringIO()
        copy.write(out.getvalue())
    return written
