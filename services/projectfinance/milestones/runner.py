"""The invoice saga's runner: a thread of the project-finance process that takes up
unfinished sagas at start and every `interval` seconds (a restart mid-saga resumes it).
Each pass leases a batch of due sagas (PostgreSQL: FOR UPDATE SKIP LOCKED, so replicas
share the work and never run one saga twice) and runs each as far as it can without a
user's token (milestones.saga)."""

from __future__ import annotations

import logging
import threading
import uuid

from services.projectfinance.milestones.saga import SagaRunning, drive

LOG = logging.getLogger(__name__)
BATCH = 20


class SagaRunner:
    def __init__(self, running: SagaRunning, *, interval: float) -> None:
        self._running = running
        self._interval = interval
        # One lease owner per process: its leases are its own after a pass too.
        self.owner = f"runner:{uuid.uuid4()}"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def run_once(self) -> int:
        """One pass: the sagas it leased and ran."""
        now = self._running.clock()
        uow = self._running.unit_of_work()
        with uow:
            claimed = uow.repos.milestones.claim_due(
                self.owner, now, now + self._running.lease, BATCH
            )
        for saga in claimed:
            try:
                drive(self._running, saga, self.owner, None, None)
            except Exception:
                # One saga's trouble (the database away) must not stop the others;
                # its lease expires and the next pass tries again.
                LOG.exception("invoice saga %s: the runner's pass failed", saga.id)
        return len(claimed)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.run_once()
            except Exception:
                LOG.exception("invoice saga runner: a pass failed")
            self._stop.wait(self._interval)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="invoice-saga-runner", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
