"""An export as stored: its metadata beside its file, and the rules of its download.
An export may be downloaded for EXPIRES_AFTER (24 hours, GAPS) from its generation;
later its URL answers 410 Gone, even when validly signed."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from services.runtime.errors import Code, DomainError, NotFound, PermissionDenied

EXPIRES_AFTER: Final = timedelta(hours=24)


@dataclass(frozen=True)
class Export:
    id: uuid.UUID
    tenant_id: uuid.UUID
    format: str
    content_type: str
    record_count: int
    file_size: int
    generated_at: datetime
    expires_at: datetime
    created_by: uuid.UUID

    @property
    def expires(self) -> int:
        """expires_at in Unix seconds (what the download URL carries)."""
        return int(self.expires_at.timestamp())

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at


@dataclass(frozen=True)
class NewExport:
    format: str
    content_type: str
    record_count: int
    content: bytes
    generated_at: datetime
    created_by: uuid.UUID

    @property
    def expires_at(self) -> datetime:
        return self.generated_at + EXPIRES_AFTER


class Gone(DomainError):
    """A resource that existed and is no longer served (REST 410: edge.errors maps the
    reason GONE). FAILED_PRECONDITION to gRPC callers: the URL's time has passed."""

    code = Code.FAILED_PRECONDITION
    reason = "GONE"


def url_expired(export_id: uuid.UUID) -> Gone:
    return Gone(f"the download URL of export {export_id} has expired; create a new export")


def bad_signature() -> PermissionDenied:
    return PermissionDenied("the download URL's signature does not match its export and expiry")


def export_not_found(export_id: uuid.UUID) -> NotFound:
    return NotFound(f"export {export_id} not found")
