"""An export's file in each format, from the same sections of rows
(exports.domain.contents): `render(format, ...)` → the bytes and their content type."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.projectfinance.exports.domain.contents import ExportedRecord, sections
from services.projectfinance.exports.domain.requests import CSV, JSON, XLSX, Include
from services.projectfinance.exports.files.csv_file import csv_file
from services.projectfinance.exports.files.json_file import json_file
from services.projectfinance.exports.files.xlsx_file import xlsx_file

CONTENT_TYPES: Final = {
    CSV: "text/csv; charset=utf-8; header=present",
    JSON: "application/json",
    XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def filename(export_id: uuid.UUID, file_format: str) -> str:
    """The name a download suggests (sent as Content-Disposition by the edge)."""
    return f"project-finance-export-{export_id}.{file_format}"


@dataclass(frozen=True)
class File:
    content: bytes
    content_type: str


def render(
    file_format: str,
    records: Sequence[ExportedRecord],
    include: Include,
    generated_at: datetime,
) -> File:
    if file_format == JSON:
        content = json_file(records, include, generated_at)
    elif file_format == CSV:
        content = csv_file(sections(records, include))
    elif file_format == XLSX:
        content = xlsx_file(sections(records, include), generated_at)
    else:
        raise ValueError(f"unknown export format {file_format!r}")
    return File(content, CONTENT_TYPES[file_format])
