"""Document operations, one function per operation, and the import a worker runs.

Uploads are stored whole (file + pending document + queued job) in one transaction and
imported later by a worker (`import_document`): the request never waits for parsing, and
a crash between the two loses nothing — the job is a row.
"""

from __future__ import annotations

import logging
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import IO, TYPE_CHECKING

from services.analytics.documents import domain
from services.analytics.documents.domain import Document, ListQuery, StoredFile
from services.analytics.documents.importing import Enricher
from services.analytics.learning.categorizer import Categorizer
from services.analytics.learning.classifier import CategoryModel
from services.analytics.learning.merchants import MerchantNormalizer
from services.analytics.learning.rules import RuleBook
from services.analytics.transactions.domain import Transaction
from services.runtime.clock import Clock
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork
from services.statements import StatementError, detect_format, open_statement

if TYPE_CHECKING:
    from services.analytics.documents.repository import ClaimedJob
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]

log = logging.getLogger("analytics.imports")

# After an unexpected failure (not a bad file: a bug or an outage) the job is retried.
RETRY_DELAY = timedelta(seconds=5)


@dataclass(frozen=True, slots=True)
class ReceivedUpload:
    data_source: str | None
    file_name: str
    content_type: str
    size_bytes: int
    sha256: str
    head: bytes
    content: IO[bytes]


def upload_document(
    uow: Uow,
    user_id: uuid.UUID,
    upload: ReceivedUpload,
    clock: Clock,
    wake_importers: Callable[[], None],
) -> Document:
    data_source = domain.validate_upload(upload.data_source, upload.file_name, upload.size_bytes)
    found = detect_format(upload.head)
    if found is None:
        raise domain.unrecognised_file()
    stored = StoredFile(
        file_name=domain.display_file_name(upload.file_name),
        content_type=upload.content_type or "application/octet-stream",
        size_bytes=upload.size_bytes,
        sha256=upload.sha256,
        format=found.value,
    )
    now = clock()
    with uow:
        document = uow.repos.documents.add(user_id, data_source, stored, upload.content, now)
        uow.repos.import_jobs.enqueue(document.id, now)
    wake_importers()
    return document


def list_documents(uow: Uow, user_id: uuid.UUID, query: ListQuery) -> Page[Document]:
    with uow:
        return uow.repos.documents.page(user_id, query)


def get_document(uow: Uow, user_id: uuid.UUID, document_id: uuid.UUID) -> Document:
    with uow:
        return uow.repos.documents.require_mine(user_id, document_id)


def document_transactions(
    uow: Uow, user_id: uuid.UUID, document_id: uuid.UUID, limit: int | None, offset: int
) -> Page[Transaction]:
    query = domain.validate_list_query(limit, offset, None, None)
    with uow:
        uow.repos.documents.require_mine(user_id, document_id)
        items, total = uow.repos.transactions.page_of_document(
            user_id, document_id, query.limit, query.offset
        )
    return Page(items, total, query.limit, query.offset)


def process_document(
    uow: Uow,
    user_id: uuid.UUID,
    document_id: uuid.UUID,
    clock: Clock,
    wake_importers: Callable[[], None],
) -> Document:
    now = clock()
    with uow:
        document = uow.repos.documents.require_mine(user_id, document_id)
        domain.require_reprocessable(document)
        uow.repos.documents.set_state(
            user_id, document_id, now, status="pending", error_message=None, error_row=None
        )
        uow.repos.import_jobs.enqueue(document_id, now)
        document = uow.repos.documents.require_mine(user_id, document_id)
    wake_importers()
    return document


def delete_document(uow: Uow, user_id: uuid.UUID, document_id: uuid.UUID) -> None:
    with uow:
        uow.repos.documents.require_mine(user_id, document_id)
        # Its transactions and everything derived from them go with it (the foreign keys
        # cascade too; explicit so SQLite without the pragma agrees).
        uow.repos.rollups.invalidate_document(user_id, document_id)
        uow.repos.bulk.delete_document(user_id, document_id)
        uow.repos.documents.delete(user_id, document_id)


# -- the worker's side ---------------------------------------------------------------


def import_document(
    unit_of_work: Callable[[], Uow],
    job: ClaimedJob,
    worker: str,
    clock: Clock,
    max_attempts: int,
) -> str:
    """Import a claimed job's document; returns the document's resulting status.

    A bad file ends `failed` with the parser's reason (and row); an unexpected error is
    retried until `max_attempts`, then the document fails with a generic reason. The
    document's transactions change only in the transaction that completes it.
    """
    user_id, document_id = job.user_id, job.document_id
    with unit_of_work() as uow:
        now = clock()
        uow.repos.documents.set_state(
            user_id,
            document_id,
            now,
            status="processing",
            processing_started_at=now,
            error_message=None,
            error_row=None,
        )
    with tempfile.NamedTemporaryFile(prefix="finplat-import-") as spool:
        try:
            with unit_of_work() as uow:
                for chunk in uow.repos.documents.chunks(user_id, document_id):
                    spool.write(chunk)
            spool.flush()
            return _import_file(unit_of_work, job, worker, clock, Path(spool.name))
        except _LeaseLost:
            log.warning("import of document %s was taken over by another worker", document_id)
            return "processing"
        except StatementError as exc:
            _fail(unit_of_work, job, clock, str(exc), exc.row)
            return "failed"
        except Exception:
            log.exception("import of document %s failed (attempt %d)", document_id, job.attempts)
            if job.attempts >= max_attempts:
                _fail(unit_of_work, job, clock, "the file could not be imported", None)
                return "failed"
            with unit_of_work() as uow:
                uow.repos.import_jobs.retry_later(job.id, clock() + RETRY_DELAY)
            return "pending"


def _import_file(
    unit_of_work: Callable[[], Uow], job: ClaimedJob, worker: str, clock: Clock, path: Path
) -> str:
    user_id, document_id = job.user_id, job.document_id
    statement = open_statement(path)
    with unit_of_work() as uow:
        repos = uow.repos
        allowed = repos.categories.ids_of(user_id)
        categorizer = Categorizer(
            RuleBook(repos.transactions.rules_of(user_id)),
            CategoryModel.train(repos.transactions.training_examples(user_id)),
            allowed,
        )
        merchants = MerchantNormalizer(repos.transactions.merchant_names(user_id))
        enricher = Enricher(merchants, categorizer)
        now = clock()
        # The days of the rows replaced (a re-process) and of the rows written are stale.
        replaced = repos.rollups.document_days(user_id, document_id)
        tally = repos.bulk.replace_document(
            user_id, document_id, enricher.stage(statement.rows()), now
        )
        repos.rollups.invalidate_document(user_id, document_id, also=replaced)
        if not repos.import_jobs.held_by(job.id, worker):
            # Our lease ran out and another worker took the job: its result counts.
            raise _LeaseLost(f"lost the lease on import job {job.id}")
        repos.documents.set_state(
            user_id,
            document_id,
            clock(),
            status="completed",
            format=statement.format.value,
            row_count=tally.rows,
            transaction_count=tally.inserted,
            duplicate_count=tally.duplicates,
            processed_at=clock(),
        )
        repos.import_jobs.finish(job.id)
    _roll_up(unit_of_work, user_id)
    return "completed"


def _roll_up(unit_of_work: Callable[[], Uow], user_id: uuid.UUID) -> None:
    """Roll up the imported days now, in the worker, so the user's first insight after a
    large import does not pay for it (1M rows: about 10 s, beyond the edge's default
    call deadline). Best effort: a failure leaves the days stale for the next read."""
    try:
        with unit_of_work() as uow:
            uow.repos.rollups.ensure_fresh(user_id)
    except Exception:
        log.exception("rolling up the import of user %s failed; the next read will", user_id)


class _LeaseLost(RuntimeError):
    pass


def _fail(
    unit_of_work: Callable[[], Uow], job: ClaimedJob, clock: Clock, reason: str, row: int | None
) -> None:
    with unit_of_work() as uow:
        now = clock()
        uow.repos.rollups.invalidate_document(job.user_id, job.document_id)
        uow.repos.bulk.delete_document(job.user_id, job.document_id)
        uow.repos.documents.set_state(
            job.user_id,
            job.document_id,
            now,
            status="failed",
            error_message=domain.failure_reason(reason),
            error_row=row,
            row_count=0,
            transaction_count=0,
            duplicate_count=0,
            processed_at=now,
        )
        uow.repos.import_jobs.finish(job.id)


def claim_next_job(uow: Uow, worker: str, clock: Clock, lease: timedelta) -> ClaimedJob | None:
    now = clock()
    with uow:
        return uow.repos.import_jobs.claim(worker, now, now + lease)


def renew_lease(uow: Uow, job_id: uuid.UUID, worker: str, clock: Clock, lease: timedelta) -> bool:
    with uow:
        return uow.repos.import_jobs.renew(job_id, worker, clock() + lease)
