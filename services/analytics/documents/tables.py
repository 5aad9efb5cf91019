"""Documents, their stored bytes and their import jobs."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, UTCDateTime
from services.analytics.base import Base


class DocumentRow(Base, OwnedBy):
    __tablename__ = "documents"
    __owner__ = "user_id"
    __table_args__ = (
        # The list: one user's documents, newest first, optionally by status / source.
        Index("ix_documents_user_id_uploaded_at", "user_id", "uploaded_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    file_name: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(100))
    size_bytes: Mapped[int] = mapped_column(BigInteger)
    sha256: Mapped[str] = mapped_column(String(64))
    data_source: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    format: Mapped[str | None] = mapped_column(String(16))
    error_message: Mapped[str | None] = mapped_column(String(1000))
    error_row: Mapped[int | None] = mapped_column(BigInteger)
    row_count: Mapped[int] = mapped_column(BigInteger, default=0)
    transaction_count: Mapped[int] = mapped_column(BigInteger, default=0)
    duplicate_count: Mapped[int] = mapped_column(BigInteger, default=0)
    uploaded_at: Mapped[datetime] = mapped_column(UTCDateTime)
    processing_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    processed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DocumentChunkRow(Base, OwnedBy):
    """The uploaded file, in order, in pieces of at most a megabyte: kept in the
    database so a replica or a restarted worker can import it again, and so deleting
    the document deletes the file in the same transaction."""

    __tablename__ = "document_chunks"
    __owner__ = "user_id"

    document_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("documents.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[uuid.UUID] = mapped_column(GUID)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class ImportJobRow(Base):
    """A document waiting for (or under) import. Not owned by a user: the workers
    serve every user's queue; the document it points to is."""

    __tablename__ = "import_jobs"
    __table_args__ = (Index("ix_import_jobs_state_run_after", "state", "run_after"),)

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    document_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("documents.id", ondelete="CASCADE"), unique=True
    )
    # queued | running
    state: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    run_after: Mapped[datetime] = mapped_column(UTCDateTime)
    lease_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    worker: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
