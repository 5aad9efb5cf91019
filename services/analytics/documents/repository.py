"""Persistence of documents, their stored bytes and their import jobs.

Documents and chunks are owned by a user (db.scoping); another user's document is
answered 403 and a missing one 404 through `records.mine_or_raise`. Import jobs are the
workers' queue across users: claiming one says why it crosses owners.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import IO, Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session

from db.scoping import across_owners, delete_owned, select_owned, update_owned
from services.analytics.documents.domain import (
    CHUNK_BYTES,
    Document,
    ListQuery,
    StoredFile,
)
from services.analytics.documents.tables import DocumentChunkRow, DocumentRow, ImportJobRow
from services.analytics.page_queries import owned_page
from services.analytics.records import find_mine
from services.runtime.paging import Page


def _document(row: DocumentRow) -> Document:
    return Document(
        id=row.id,
        user_id=row.user_id,
        file_name=row.file_name,
        content_type=row.content_type,
        size_bytes=row.size_bytes,
        sha256=row.sha256,
        data_source=row.data_source,
        status=row.status,  # type: ignore[arg-type]
        format=row.format,
        error_message=row.error_message,
        error_row=row.error_row,
        row_count=row.row_count,
        transaction_count=row.transaction_count,
        duplicate_count=row.duplicate_count,
        uploaded_at=row.uploaded_at,
        processing_started_at=row.processing_started_at,
        processed_at=row.processed_at,
        updated_at=row.updated_at,
    )


class DocumentRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def _row(self, user_id: uuid.UUID, document_id: uuid.UUID) -> DocumentRow:
        return find_mine(self._session, DocumentRow, user_id, document_id, "document")

    def require_mine(self, user_id: uuid.UUID, document_id: uuid.UUID) -> Document:
        return _document(self._row(user_id, document_id))

    def add(
        self,
        user_id: uuid.UUID,
        data_source: str,
        stored: StoredFile,
        content: IO[bytes],
        now: datetime,
    ) -> Document:
        """A pending document and its bytes, read from `content` a chunk at a time."""
        row = DocumentRow(
            id=uuid.uuid4(),
            user_id=user_id,
            file_name=stored.file_name,
            content_type=stored.content_type,
            size_bytes=stored.size_bytes,
            sha256=stored.sha256,
            data_source=data_source,
            status="pending",
            format=stored.format,
            row_count=0,
            transaction_count=0,
            duplicate_count=0,
            uploaded_at=now,
            updated_at=now,
        )
        self._session.add(row)
        self._session.flush()
        seq = 0
        while piece := content.read(CHUNK_BYTES):
            self._session.add(
                DocumentChunkRow(document_id=row.id, seq=seq, user_id=user_id, data=piece)
            )
            seq += 1
            # Flushed one by one: the session never holds more than a chunk of the file.
            self._session.flush()
            self._session.expunge_all()
        return self.require_mine(user_id, row.id)

    def chunks(self, user_id: uuid.UUID, document_id: uuid.UUID) -> Iterator[bytes]:
        """The stored file, in order, one chunk in memory at a time."""
        # Chunk by chunk: the id of each, then its bytes, so no result set holds the file.
        seqs = list(
            self._session.scalars(
                select_owned(DocumentChunkRow, user_id, DocumentChunkRow.document_id == document_id)
                .with_only_columns(DocumentChunkRow.seq)
                .order_by(DocumentChunkRow.seq)
            )
        )
        for seq in seqs:
            data = self._session.scalar(
                select_owned(
                    DocumentChunkRow,
                    user_id,
                    DocumentChunkRow.document_id == document_id,
                    DocumentChunkRow.seq == seq,
                ).with_only_columns(DocumentChunkRow.data)
            )
            if data is not None:
                yield bytes(data)

    def page(self, user_id: uuid.UUID, query: ListQuery) -> Page[Document]:
        conditions: list[Any] = []
        if query.status is not None:
            conditions.append(DocumentRow.status == query.status)
        if query.data_source is not None:
            conditions.append(DocumentRow.data_source == query.data_source)
        page = owned_page(
            self._session,
            DocumentRow,
            user_id,
            conditions,
            order=(DocumentRow.uploaded_at.desc(), DocumentRow.id),
            limit=query.limit,
            offset=query.offset,
        )
        return page.with_items([_document(r) for r in page.items])

    def set_state(
        self, user_id: uuid.UUID, document_id: uuid.UUID, now: datetime, **values: Any
    ) -> None:
        self._session.execute(
            update_owned(DocumentRow, user_id, DocumentRow.id == document_id).values(
                updated_at=now, **values
            )
        )

    def delete(self, user_id: uuid.UUID, document_id: uuid.UUID) -> None:
        self._row(user_id, document_id)
        # Children first: SQLite enforces the foreign keys' cascades only with the pragma
        # on, and being explicit keeps the order obvious on every engine.
        self._session.execute(
            delete_owned(DocumentChunkRow, user_id, DocumentChunkRow.document_id == document_id)
        )
        self._session.execute(delete_owned(DocumentRow, user_id, DocumentRow.id == document_id))


@dataclass(frozen=True, slots=True)
class ClaimedJob:
    id: uuid.UUID
    document_id: uuid.UUID
    user_id: uuid.UUID
    attempts: int


# Another worker may take the job read first; after this many misses, wait for the poll.
_CLAIM_TRIES = 5


class ImportJobRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def enqueue(self, document_id: uuid.UUID, now: datetime) -> None:
        job = self._session.scalar(
            across_owners(
                select(ImportJobRow).where(ImportJobRow.document_id == document_id),
                "jobs are looked up by their document, already checked to be the caller's",
            )
        )
        if job is None:
            self._session.add(
                ImportJobRow(
                    id=uuid.uuid4(),
                    document_id=document_id,
                    state="queued",
                    attempts=0,
                    run_after=now,
                    created_at=now,
                )
            )
        else:
            job.state, job.attempts, job.run_after = "queued", 0, now
            job.lease_expires_at = job.worker = None

    def claim(self, worker: str, now: datetime, lease_until: datetime) -> ClaimedJob | None:
        """Take the oldest runnable job: queued and due, or running under a lease that ran
        out (its worker died). PostgreSQL: FOR UPDATE SKIP LOCKED, so concurrent workers
        never wait on each other. The UPDATE repeats the condition, so a worker that read
        a job another one took meanwhile (SQLite reads outside the write lock) gets
        nothing and looks again."""
        runnable = or_(
            and_(ImportJobRow.state == "queued", ImportJobRow.run_after <= now),
            and_(ImportJobRow.state == "running", ImportJobRow.lease_expires_at < now),
        )
        pick = across_owners(
            select(
                ImportJobRow.id,
                ImportJobRow.document_id,
                ImportJobRow.attempts,
                DocumentRow.user_id,
            )
            .join(DocumentRow, DocumentRow.id == ImportJobRow.document_id)
            .where(runnable)
            .order_by(ImportJobRow.run_after)
            .limit(1)
            .with_for_update(skip_locked=True, of=ImportJobRow),
            "the import workers serve every user's queue",
        )
        for _ in range(_CLAIM_TRIES):
            found = self._session.execute(pick).first()
            if found is None:
                return None
            taken = self._session.execute(
                update(ImportJobRow)
                .where(ImportJobRow.id == found.id, runnable)
                .values(
                    state="running",
                    worker=worker,
                    lease_expires_at=lease_until,
                    attempts=ImportJobRow.attempts + 1,
                )
                .execution_options(synchronize_session=False)
            )
            if taken.rowcount == 1:  # type: ignore[attr-defined]
                return ClaimedJob(found.id, found.document_id, found.user_id, found.attempts + 1)
        return None

    def renew(self, job_id: uuid.UUID, worker: str, lease_until: datetime) -> bool:
        """Extend a held lease; False when the job was taken over (or is gone)."""
        job = self._job(job_id)
        if job is None or job.worker != worker or job.state != "running":
            return False
        job.lease_expires_at = lease_until
        return True

    def retry_later(self, job_id: uuid.UUID, run_after: datetime) -> None:
        job = self._job(job_id)
        if job is not None:
            job.state, job.run_after = "queued", run_after
            job.lease_expires_at = job.worker = None

    def finish(self, job_id: uuid.UUID) -> None:
        job = self._job(job_id)
        if job is not None:
            self._session.delete(job)

    def held_by(self, job_id: uuid.UUID, worker: str) -> bool:
        job = self._job(job_id)
        return job is not None and job.worker == worker and job.state == "running"

    def _job(self, job_id: uuid.UUID) -> ImportJobRow | None:
        return self._session.get(ImportJobRow, job_id)
