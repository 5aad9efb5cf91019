"""Documents and their import, as rules and values (pure).

A document moves pending → processing → completed | failed; `process` re-runs the
import from completed or failed (GAPS). Duplicates are recognised by a fingerprint per
transaction: the bank's own id when the format carries one, else the booking day, the
amount, the normalized description and the transaction's occurrence among identical ones
of that day in the same document — so two identical real transactions of one statement
are both kept, while the same two rows in an overlapping statement are skipped.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal

from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    Unprocessable,
    raise_if_any,
)
from services.runtime.paging import check_limit, check_offset

Status = Literal["pending", "processing", "completed", "failed"]
DataSource = Literal["personal_banking", "business_banking", "credit_card", "investment"]
DATA_SOURCES: frozenset[str] = frozenset(
    {"personal_banking", "business_banking", "credit_card", "investment"}
)
STATUSES: frozenset[str] = frozenset({"pending", "processing", "completed", "failed"})

DEFAULT_LIMIT = 20
# The stored file is cut into rows of this size (bounded memory on both sides).
CHUNK_BYTES = 1024 * 1024
# What GET shows of a failure reason (the column's width).
MAX_REASON = 1000
DEFAULT_CURRENCY = "EUR"


@dataclass(frozen=True, slots=True)
class Document:
    id: uuid.UUID
    user_id: uuid.UUID
    file_name: str
    content_type: str
    size_bytes: int
    sha256: str
    data_source: str
    status: Status
    format: str | None
    error_message: str | None
    error_row: int | None
    row_count: int
    transaction_count: int
    duplicate_count: int
    uploaded_at: datetime
    processing_started_at: datetime | None
    processed_at: datetime | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ListQuery:
    limit: int
    offset: int
    status: str | None
    data_source: str | None


def validate_list_query(
    limit: int | None, offset: int, status: str | None, data_source: str | None
) -> ListQuery:
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    check_offset(offset, problems)
    if status is not None and status not in STATUSES:
        problems.append(FieldViolation("status", "is not a document status"))
    if data_source is not None and data_source not in DATA_SOURCES:
        problems.append(FieldViolation("data_source", "is not a data source"))
    raise_if_any(problems)
    return ListQuery(limit or DEFAULT_LIMIT, offset, status, data_source)


@dataclass(frozen=True, slots=True)
class StoredFile:
    """An upload received whole (on disk, never in memory): what the document records."""

    file_name: str
    content_type: str
    size_bytes: int
    sha256: str
    format: str


def validate_upload(data_source: str | None, file_name: str, size_bytes: int) -> str:
    """The data source of a complete upload, or every problem with it."""
    problems: list[FieldViolation] = []
    if data_source is None:
        problems.append(FieldViolation("data_source", "is required"))
    elif data_source not in DATA_SOURCES:
        problems.append(FieldViolation("data_source", "is not a data source"))
    if size_bytes == 0:
        problems.append(FieldViolation("file", "is required and must not be empty"))
    raise_if_any(problems)
    assert data_source is not None
    return data_source


def unrecognised_file() -> Unprocessable:
    # Well-formed upload, bytes of no statement format: 422 (docs/imports.md).
    return Unprocessable.for_field(
        "file", "is not a statement in a supported format (CSV, OFX, QFX, QIF, CAMT.053, MT940)"
    )


def display_file_name(raw: str) -> str:
    """The client's file name without any directory part, bounded (never a path)."""
    name = raw.replace("\\", "/").rsplit("/", 1)[-1].strip()
    name = "".join(ch for ch in name if ch.isprintable())
    return (name or "statement")[:255]


def require_reprocessable(document: Document) -> None:
    if document.status not in ("completed", "failed"):
        raise FailedPrecondition(
            f"the document is {document.status}: only a completed or failed document can be "
            "processed again"
        )


def failure_reason(reason: str) -> str:
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"


# -- fingerprints -----------------------------------------------------------------------


def reference_key(bank_reference: str) -> str:
    """The fingerprint of a transaction the bank identified itself (FITID, AcctSvcrRef)."""
    return "r" + hashlib.blake2b(bank_reference.encode(), digest_size=20).hexdigest()


def content_key(booked_on: str, amount: Decimal, description: str) -> str:
    """The fingerprint, before its occurrence number, of a transaction without a bank id:
    same day, same amount (however many decimals were written), same description up to
    case and spacing. The occurrence among identical ones of the day is appended when
    the document's rows are stored (`occurrence_key`)."""
    normal = " ".join(description.casefold().split())
    text = f"{booked_on}|{amount.normalize():f}|{normal}"
    return "c" + hashlib.blake2b(text.encode(), digest_size=20).hexdigest()


def occurrence_key(base: str, occurrence: int) -> str:
    """`content_key` of the n-th (0-based) identical transaction of a day: the stores
    compute the same string in SQL (`base || ':' || n`)."""
    return f"{base}:{occurrence}"


@dataclass(frozen=True, slots=True)
class StagedTransaction:
    """A parsed, enriched row on its way to the bulk writer (which gives it its id)."""

    row_number: int
    booked_at: datetime
    amount: Decimal
    currency: str
    description: str
    merchant_name: str | None
    category_id: uuid.UUID | None
    method: str
    confidence: float
    bank_reference: str | None
    # reference_key(...) when the bank gave an id (used as is), else content_key(...)
    # (the occurrence number is appended by the store).
    base_key: str
    by_reference: bool


@dataclass(frozen=True, slots=True)
class ImportTally:
    rows: int
    inserted: int

    @property
    def duplicates(self) -> int:
        return self.rows - self.inserted
