"""The durable import queue on each database: claiming, leases, take-over after a crash,
and concurrent workers never sharing a job (FOR UPDATE SKIP LOCKED on PostgreSQL)."""

from __future__ import annotations

import io
import threading
import uuid
from datetime import UTC, datetime, timedelta

from services.analytics.documents.domain import StoredFile
from tests.services.analytics.conftest import UowFactory

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
LEASE = timedelta(seconds=60)
CSV = b"Date,Description,Amount\n2026-01-02,Coffee,-3.20\n"


def _queued(uow: UowFactory, user: uuid.UUID | None = None, at: datetime = NOW) -> uuid.UUID:
    stored = StoredFile("s.csv", "text/csv", len(CSV), "0" * 64, "csv")
    with uow() as work:
        document = work.repos.documents.add(
            user or uuid.uuid4(), "personal_banking", stored, io.BytesIO(CSV), at
        )
        work.repos.import_jobs.enqueue(document.id, at)
    return document.id


def _claim(uow: UowFactory, worker: str, at: datetime = NOW):  # type: ignore[no-untyped-def]
    with uow() as work:
        return work.repos.import_jobs.claim(worker, at, at + LEASE)


def test_a_job_is_claimed_once_while_its_lease_holds(uow: UowFactory) -> None:
    user = uuid.uuid4()
    document_id = _queued(uow, user)
    job = _claim(uow, "w1")
    assert job is not None
    assert (job.document_id, job.user_id, job.attempts) == (document_id, user, 1)
    assert _claim(uow, "w2", NOW + timedelta(seconds=30)) is None


def test_an_expired_lease_is_taken_over_and_the_old_worker_knows(uow: UowFactory) -> None:
    _queued(uow)
    first = _claim(uow, "crashed")
    later = NOW + LEASE + timedelta(seconds=1)
    second = _claim(uow, "restarted", later)
    assert second is not None and second.id == first.id and second.attempts == 2
    with uow() as work:
        assert not work.repos.import_jobs.held_by(first.id, "crashed")
        assert work.repos.import_jobs.held_by(first.id, "restarted")
        assert not work.repos.import_jobs.renew(first.id, "crashed", later + LEASE)


def test_renewing_keeps_the_job(uow: UowFactory) -> None:
    _queued(uow)
    job = _claim(uow, "w1")
    with uow() as work:
        assert work.repos.import_jobs.renew(job.id, "w1", NOW + 2 * LEASE)
    assert _claim(uow, "w2", NOW + LEASE + timedelta(seconds=1)) is None


def test_retry_later_and_finish(uow: UowFactory) -> None:
    _queued(uow)
    job = _claim(uow, "w1")
    with uow() as work:
        work.repos.import_jobs.retry_later(job.id, NOW + timedelta(seconds=5))
    assert _claim(uow, "w1", NOW + timedelta(seconds=1)) is None
    again = _claim(uow, "w1", NOW + timedelta(seconds=6))
    assert again is not None and again.attempts == 2
    with uow() as work:
        work.repos.import_jobs.finish(again.id)
    assert _claim(uow, "w1", NOW + timedelta(days=1)) is None


def test_oldest_job_first(uow: UowFactory) -> None:
    newer = _queued(uow, at=NOW)
    older = _queued(uow, at=NOW - timedelta(minutes=5))
    assert _claim(uow, "w").document_id == older
    assert _claim(uow, "w").document_id == newer


def test_concurrent_workers_never_share_a_job(uow: UowFactory) -> None:
    queued = {_queued(uow) for _ in range(12)}
    claimed: list[uuid.UUID] = []
    lock = threading.Lock()

    def work(name: str) -> None:
        while True:
            try:
                job = _claim(uow, name)
            except Exception:  # SQLite: a writer may find the database busy; try again
                continue
            if job is None:
                return
            with lock:
                claimed.append(job.document_id)

    threads = [threading.Thread(target=work, args=(f"w{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claimed) == sorted(queued)


def test_the_stored_file_reads_back_in_order(uow: UowFactory) -> None:
    user = uuid.uuid4()
    content = bytes(range(256)) * 9000  # > 2 chunks of 1 MB
    stored = StoredFile("big.csv", "text/csv", len(content), "0" * 64, "csv")
    with uow() as work:
        document = work.repos.documents.add(
            user, "personal_banking", stored, io.BytesIO(content), NOW
        )
    with uow() as work:
        assert b"".join(work.repos.documents.chunks(user, document.id)) == content
        assert list(work.repos.documents.chunks(uuid.uuid4(), document.id)) == []
