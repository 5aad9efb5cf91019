"""The ledger under concurrent calls on PostgreSQL (what a thread-pool server does): posting
numbers stay gapless and unique, an idempotent repeat records one entry however many
arrive at once, and an entry is reversed once.

Each test starts its threads together on a barrier, each with its own unit of work (its
own connection and transaction), so the database, not the test, settles every race."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TypeVar

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from db.engine import make_engine
from services.main.auth.tables import TenantRow
from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases
from services.main.ledger.domain import entries as rules
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import EntryDraft, LineDraft
from services.runtime.errors import FailedPrecondition
from tests.services.main.support import migrated_sessions, units

NOW = datetime(2026, 3, 15, 12, tzinfo=UTC)
THREADS = 8
T = TypeVar("T")


def clock() -> datetime:
    return NOW


@pytest.fixture
def engine(postgres_url: str) -> Iterator[Engine]:
    engine = make_engine(postgres_url, pool_size=THREADS)
    yield engine
    engine.dispose()


@pytest.fixture
def uow(postgres_url: str, engine: Engine) -> UowFactory:
    return units(migrated_sessions(postgres_url, engine))


@pytest.fixture
def tenant(engine: Engine) -> uuid.UUID:
    tenant_id = uuid.uuid4()
    with Session(engine) as session, session.begin():
        session.add(TenantRow(id=tenant_id, name="Acme", created_at=NOW))
    return tenant_id


def together(call: Callable[[int], T], count: int = THREADS) -> list[T | Exception]:
    """`call(i)` from `count` threads released at once; each result or exception."""
    start = threading.Barrier(count)

    def run(index: int) -> T | Exception:
        start.wait()
        try:
            return call(index)
        except Exception as error:  # the outcome under test
            return error

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def by_code(uow: UowFactory, tenant: uuid.UUID) -> dict[str, Account]:
    page = usecases.list_accounts(
        uow(), tenant, type_=None, active=None, limit=100, offset=0, clock=clock
    )
    return {a.code: a for a in page.items}


def sale(accounts: dict[str, Account], **fields: str) -> EntryDraft:
    return EntryDraft(
        entry_date=(2026, 3, 1),
        lines=[
            LineDraft(str(accounts["1100"].id), debit="10.00", currency="EUR"),
            LineDraft(str(accounts["4000"].id), credit="10.00", currency="EUR"),
        ],
        **fields,
    )


def posted_numbers(uow: UowFactory, tenant: uuid.UUID) -> list[str]:
    page = usecases.list_entries(
        uow(),
        tenant,
        status=None,
        account_id=None,
        from_date=None,
        to_date=None,
        source_module=None,
        limit=100,
        offset=0,
    )
    return sorted(e.number for e in page.items if e.number is not None)


class Abandoned(Exception):
    """The caller's own change failed after the entry was posted in its transaction."""


def test_parallel_postings_get_gapless_unique_numbers(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    per_thread = 5

    def post_some(index: int) -> int:
        for round_ in range(per_thread):
            if (index + round_) % 3 == 0:
                # Posted in the caller's transaction, which then rolls back: the number
                # it took goes back, and a later posting takes it.
                with pytest.raises(Abandoned), uow() as work:
                    usecases.post_entry(work, tenant, sale(accounts), NOW)
                    raise Abandoned
            else:
                usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock)
        return index

    outcomes = together(post_some)
    assert outcomes == list(range(THREADS))
    kept = sum(1 for i in range(THREADS) for r in range(per_thread) if (i + r) % 3)
    assert posted_numbers(uow, tenant) == [f"JE-2026-{n:06d}" for n in range(1, kept + 1)]


def test_concurrent_repeats_of_a_source_record_one_entry(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    accounts = by_code(uow, tenant)
    keyed = sale(accounts, source_module="invoices", source_event_id="inv-1:issue")
    outcomes = together(
        lambda _: usecases.record_entry(uow(), tenant, keyed, post=True, clock=clock)
    )
    recorded = [o for o in outcomes if isinstance(o, rules.Recorded)]
    assert len(recorded) == THREADS, outcomes
    assert sum(r.created for r in recorded) == 1
    assert len({r.entry.id for r in recorded}) == 1
    assert posted_numbers(uow, tenant) == ["JE-2026-000001"]


def test_concurrent_reversals_of_an_entry_reverse_it_once(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    accounts = by_code(uow, tenant)
    entry = usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock).entry
    outcomes = together(lambda _: usecases.reverse_entry(uow(), tenant, entry.id, clock=clock))
    reversals = [o for o in outcomes if isinstance(o, rules.Entry)]
    assert len(reversals) == 1, outcomes
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if o is not reversals[0])
    original = usecases.get_entry(uow(), tenant, entry.id)
    assert (original.status, original.reversed_by_id) == (rules.REVERSED, reversals[0].id)
    assert posted_numbers(uow, tenant) == ["JE-2026-000001", "JE-2026-000002"]
    balance = usecases.get_trial_balance(uow(), tenant, None, clock=clock)
    assert balance.balanced and all(r.debit == r.credit for r in balance.accounts)


def test_concurrent_postings_of_a_draft_post_it_once(uow: UowFactory, tenant: uuid.UUID) -> None:
    accounts = by_code(uow, tenant)
    draft = usecases.record_entry(uow(), tenant, sale(accounts), post=False, clock=clock).entry
    outcomes = together(lambda _: usecases.post_draft(uow(), tenant, draft.id, clock=clock))
    posted = [o for o in outcomes if isinstance(o, rules.Entry)]
    assert len(posted) == 1, outcomes
    assert all(isinstance(o, FailedPrecondition) for o in outcomes if o is not posted[0])
    # The refused ones took no number: the next posting is the second.
    later = usecases.record_entry(uow(), tenant, sale(accounts), post=True, clock=clock)
    assert (posted[0].number, later.entry.number) == ("JE-2026-000001", "JE-2026-000002")


def test_a_first_use_from_many_threads_opens_the_books_once(
    uow: UowFactory, tenant: uuid.UUID
) -> None:
    outcomes = together(lambda _: by_code(uow, tenant))
    charts = [o for o in outcomes if isinstance(o, dict)]
    assert len(charts) == THREADS, outcomes
    assert len({frozenset(a.id for a in chart.values()) for chart in charts}) == 1
