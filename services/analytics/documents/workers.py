"""The import workers: threads that take queued documents from the database and import
them, one at a time each.

The queue is the `import_jobs` table, so it survives restarts; a worker holds a job
under a lease it renews while importing. A job whose lease ran out — its worker crashed,
was killed or hung — is claimed again by any worker of any replica, so a document left
`processing` by a crash is taken up again on restart (after at most one lease).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from services.analytics.documents import usecases
from services.runtime.clock import Clock

if TYPE_CHECKING:
    from services.analytics.documents.usecases import Uow

log = logging.getLogger("analytics.imports")


class ImportWorkers:
    def __init__(
        self,
        unit_of_work: Callable[[], Uow],
        clock: Clock,
        *,
        threads: int,
        lease_seconds: float,
        poll_seconds: float,
        max_attempts: int,
    ) -> None:
        self._unit_of_work = unit_of_work
        self._clock = clock
        self._threads_wanted = threads
        self._lease = timedelta(seconds=lease_seconds)
        self._poll = poll_seconds
        self._max_attempts = max_attempts
        self._stopping = threading.Event()
        self._work = threading.Event()
        self._threads: list[threading.Thread] = []
        self._identity = f"{socket.gethostname()}:{os.getpid()}"

    def start(self) -> None:
        for n in range(self._threads_wanted):
            thread = threading.Thread(
                target=self._run, args=(f"{self._identity}:{n}",), name=f"import-{n}", daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def wake(self) -> None:
        """A job was queued: idle workers look now rather than at their next poll."""
        self._work.set()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop taking jobs; an import under way finishes or, past the timeout, is left to
        the lease (another worker or the next start takes it up)."""
        self._stopping.set()
        self._work.set()
        for thread in self._threads:
            thread.join(timeout)

    def _run(self, worker: str) -> None:
        while not self._stopping.is_set():
            try:
                job = usecases.claim_next_job(
                    self._unit_of_work(), worker, self._clock, self._lease
                )
            except Exception:
                log.exception("claiming an import job failed")
                job = None
            if job is None:
                self._work.wait(self._poll)
                self._work.clear()
                continue
            heartbeat = _Heartbeat(self, job.id, worker)
            heartbeat.start()
            try:
                status = usecases.import_document(
                    self._unit_of_work, job, worker, self._clock, self._max_attempts
                )
                log.info("document %s import ended %s", job.document_id, status)
            except Exception:
                log.exception("import job %s crashed", job.id)
            finally:
                heartbeat.stop()

    def renew(self, job_id: uuid.UUID, worker: str) -> bool:
        return usecases.renew_lease(self._unit_of_work(), job_id, worker, self._clock, self._lease)

    @property
    def lease_seconds(self) -> float:
        return self._lease.total_seconds()


class _Heartbeat:
    """Renews a job's lease at a third of its length while the import runs."""

    def __init__(self, workers: ImportWorkers, job_id: uuid.UUID, worker: str) -> None:
        self._workers = workers
        self._job_id = job_id
        self._worker = worker
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="import-lease", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._done.set()
        self._thread.join()

    def _run(self) -> None:
        interval = self._workers.lease_seconds / 3
        while not self._done.wait(interval):
            try:
                if not self._workers.renew(self._job_id, self._worker):
                    return  # taken over: the import will notice before it commits
            except Exception:
                log.exception("renewing the lease of import job %s failed", self._job_id)
