"""The ledger under concurrent calls on PostgreSQL (what a thread-pool server does): posting
numbers stay gapless and unique, an idempotent repeat records one entry however many
arrive at once, and an entry is reversed once.

Each test starts its threads together on a barrier, each with its own unit of work (its
own connection and transaction), so the database, not the test, settles every race."""

from __future__ import annotations

import uuid

import pytest

from services.main.kernel.dependencies import UowFactory
from services.main.ledger import usecases
from services.main.ledger.domain import entries as rules
from services.runtime.errors import FailedPrecondition
from tests.services.main.ledger.support import by_code, entries, sale
from tests.services.main.support import NOW
from tests.services.main.support import fixed_clock as clock
from tests.support import races
from tests.support.races import THREADS, together

# PostgreSQL only, with a pooled connection per thread.
database_url = races.postgres_only
engine = races.pooled_engine


def posted_numbers(uow: UowFactory, tenant: uuid.UUID) -> list[str]:
    page = entries(uow, tenant, limit=100)
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
