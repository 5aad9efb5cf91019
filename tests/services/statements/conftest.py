"""Helpers for the statement parser tests: files written to a temporary directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from services.statements import StatementRow, open_statement

WriteFile = Callable[..., Path]


@pytest.fixture
def write(tmp_path: Path) -> WriteFile:
    """write(text_or_bytes, name="statement.csv", encoding="utf-8") -> the file's path."""

    def write_file(
        content: str | bytes, name: str = "statement.csv", encoding: str = "utf-8"
    ) -> Path:
        path = tmp_path / name
        data = content if isinstance(content, bytes) else content.encode(encoding)
        path.write_bytes(data)
        return path

    return write_file


def read_rows(path: Path) -> list[StatementRow]:
    return list(open_statement(path).rows())
