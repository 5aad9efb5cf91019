"""The whole import in process, on each database: every format the generator writes is
uploaded through the use case, imported by the worker's use case and stored once; bad
files fail with a readable reason and store nothing; re-uploads and overlaps dedupe."""

from __future__ import annotations

import hashlib
import io
import uuid
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from services.analytics.documents import usecases
from services.analytics.documents.domain import Document
from services.runtime.errors import InvalidArgument, Unprocessable
from tests.services.analytics.conftest import UowFactory
from tools.bench.statement_gen import generate

NOW = datetime(2026, 3, 1, tzinfo=UTC)
WORKER = "test-worker"


def _clock() -> datetime:
    return NOW


def _upload(
    uow: UowFactory, user: uuid.UUID, content: bytes, data_source: str | None = "personal_banking"
) -> Document:
    upload = usecases.ReceivedUpload(
        data_source=data_source,
        file_name="statement",
        content_type="text/plain",
        size_bytes=len(content),
        sha256=hashlib.sha256(content).hexdigest(),
        head=content[:8192],
        content=io.BytesIO(content),
    )
    return usecases.upload_document(uow(), user, upload, _clock, lambda: None)


def _run_jobs(uow: UowFactory) -> None:
    while (
        job := usecases.claim_next_job(
            uow(), WORKER, _clock, __import__("datetime").timedelta(minutes=1)
        )
    ) is not None:
        usecases.import_document(uow, job, WORKER, _clock, max_attempts=3)


def _imported(uow: UowFactory, user: uuid.UUID, content: bytes) -> Document:
    document = _upload(uow, user, content)
    _run_jobs(uow)
    return usecases.get_document(uow(), user, document.id)


@pytest.mark.parametrize("fmt", ["csv", "ofx", "qfx", "qif", "camt053", "mt940"])
def test_every_format_imports_once(uow: UowFactory, tmp_path: Path, fmt: str) -> None:
    summary = generate(tmp_path / f"s.{fmt}", fmt, rows=120, seed=3)
    content = summary.path.read_bytes()
    user = uuid.uuid4()
    document = _imported(uow, user, content)
    assert document.status == "completed", document.error_message
    assert document.format == fmt
    assert document.row_count == 120
    assert document.transaction_count + document.duplicate_count == 120
    page = usecases.document_transactions(uow(), user, document.id, 100, 0)
    assert page.total == document.transaction_count
    assert all(t.document_id == document.id for t in page.items)
    again = _imported(uow, user, content)
    assert (again.transaction_count, again.duplicate_count) == (0, 120)


def test_an_import_leaves_the_roll_ups_fresh(uow: UowFactory, tmp_path: Path) -> None:
    # The worker rolls the imported days up: the first insight read finds nothing stale.
    summary = generate(tmp_path / "s.csv", "csv", rows=200, seed=5)
    user = uuid.uuid4()
    document = _imported(uow, user, summary.path.read_bytes())
    assert document.status == "completed"
    with uow() as unit:
        assert unit.repos.rollups.ensure_fresh(user) is False
        expenses = sum(t.expenses for t in unit.repos.rollups.monthly_totals(user, "EUR"))
    assert expenses > 0


def test_an_overlapping_statement_adds_only_its_new_rows(uow: UowFactory, tmp_path: Path) -> None:
    user = uuid.uuid4()
    first = generate(tmp_path / "a.ofx", "ofx", rows=200, seed=5)  # 1 Jan - 13 Feb 2025
    second = generate(
        tmp_path / "b.ofx", "ofx", rows=100, seed=5, per_day=first.per_day, since=date(2025, 2, 1)
    )
    a = _imported(uow, user, first.path.read_bytes())
    b = _imported(uow, user, second.path.read_bytes())
    assert a.status == b.status == "completed"
    assert b.duplicate_count > 0 and b.transaction_count > 0
    assert b.transaction_count + b.duplicate_count == b.row_count


def test_a_bad_row_fails_the_document_naming_it(uow: UowFactory) -> None:
    user = uuid.uuid4()
    content = b"Date,Description,Amount\n2026-01-02,Coffee,-3.20\n2026-01-03,Lunch,abc\n"
    document = _imported(uow, user, content)
    assert document.status == "failed"
    assert document.error_row == 3
    assert document.error_message and "3" in document.error_message
    assert document.transaction_count == 0
    assert usecases.document_transactions(uow(), user, document.id, 10, 0).total == 0


def test_reprocess_of_a_pending_document_is_refused(uow: UowFactory) -> None:
    user = uuid.uuid4()
    document = _upload(uow, user, b"Date,Description,Amount\n2026-01-02,Coffee,-3.20\n")
    with pytest.raises(Exception) as refused:
        usecases.process_document(uow(), user, document.id, _clock, lambda: None)
    assert type(refused.value).__name__ == "FailedPrecondition"


def test_upload_validation(uow: UowFactory) -> None:
    user = uuid.uuid4()
    with pytest.raises(InvalidArgument) as empty:
        _upload(uow, user, b"")
    assert [v.field for v in empty.value.violations] == ["file"]
    with pytest.raises(InvalidArgument) as missing:
        _upload(uow, user, b"Date,Amount\n2026-01-01,1\n", data_source=None)
    assert [v.field for v in missing.value.violations] == ["data_source"]
    with pytest.raises(Unprocessable) as garbage:  # well formed, but no statement: 422
        _upload(uow, user, bytes(range(256)) * 40)
    assert [v.field for v in garbage.value.violations] == ["file"]
