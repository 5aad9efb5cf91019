"""Use cases against real databases (PostgreSQL and the embedded SQLite default)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from services.expense.expenses import usecases
from services.expense.expenses.domain import ExpenseDraft, ListFilters
from services.expense.expenses.repository import ExpenseReads
from services.runtime.errors import InvalidArgument, NotFound
from tests.services.expense.conftest import UowFactory


class Clock:
    """A controllable clock, one microsecond apart per reading by default."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(microseconds=1)
        return self.now


def draft(
    amount: str = "10.00", day: tuple[int, int, int] = (2026, 3, 1), **kw: str
) -> ExpenseDraft:
    return ExpenseDraft(
        amount=amount,
        description=kw.get("description", "coffee"),
        category=kw.get("category", "food"),
        date=day,
    )


@pytest.fixture
def owners(key_ids: tuple[str, str]) -> Iterator[tuple[uuid.UUID, uuid.UUID]]:
    yield uuid.UUID(key_ids[0]), uuid.UUID(key_ids[1])


def test_create_get_update_delete(
    uow: UowFactory, reads: ExpenseReads, owners: tuple[uuid.UUID, uuid.UUID]
) -> None:
    me, _ = owners
    clock = Clock()
    created = usecases.create_expense(uow(), me, draft("12.5", description=" Lunch "), clock)
    assert created.amount == Decimal("12.50")
    assert created.description == "Lunch"
    assert created.created_at == created.updated_at
    assert created.created_at.tzinfo is UTC

    fetched = usecases.get_expense(reads, me, created.id)
    assert fetched == created
    assert str(fetched.amount) == "12.50"

    updated = usecases.update_expense(
        uow(), me, created.id, draft("999999999999.99", (2026, 2, 28), category="travel"), clock
    )
    assert updated.amount == Decimal("999999999999.99")
    assert (updated.category, updated.date) == ("travel", date(2026, 2, 28))
    assert updated.created_at == created.created_at
    assert updated.updated_at > created.updated_at
    assert usecases.get_expense(reads, me, created.id) == updated

    usecases.delete_expense(uow(), me, created.id)
    with pytest.raises(NotFound):
        usecases.get_expense(reads, me, created.id)
    with pytest.raises(NotFound):
        usecases.delete_expense(uow(), me, created.id)


def test_invalid_input_writes_nothing(
    uow: UowFactory, reads: ExpenseReads, owners: tuple[uuid.UUID, uuid.UUID]
) -> None:
    me, _ = owners
    with pytest.raises(InvalidArgument):
        usecases.create_expense(uow(), me, draft("0"))
    assert usecases.list_expenses(reads, me, ListFilters()).total == 0
    created = usecases.create_expense(uow(), me, draft())
    with pytest.raises(InvalidArgument):
        usecases.update_expense(uow(), me, created.id, draft(day=(2026, 2, 30)))
    assert usecases.get_expense(reads, me, created.id) == created


def test_keys_see_only_their_own_expenses(
    uow: UowFactory, reads: ExpenseReads, owners: tuple[uuid.UUID, uuid.UUID]
) -> None:
    me, other = owners
    mine = usecases.create_expense(uow(), me, draft(description="mine"))
    theirs = usecases.create_expense(uow(), other, draft(description="theirs"))

    page = usecases.list_expenses(reads, me, ListFilters())
    assert [e.id for e in page.items] == [mine.id] and page.total == 1

    # Another key's id answers exactly like an id that does not exist.
    for action in (
        lambda: usecases.get_expense(reads, me, theirs.id),
        lambda: usecases.update_expense(uow(), me, theirs.id, draft()),
        lambda: usecases.delete_expense(uow(), me, theirs.id),
    ):
        with pytest.raises(NotFound) as caught:
            action()
        assert caught.value.reason == "NOT_FOUND"
    assert usecases.get_expense(reads, other, theirs.id).description == "theirs"


def test_list_order_pagination_and_filters(
    uow: UowFactory, reads: ExpenseReads, owners: tuple[uuid.UUID, uuid.UUID]
) -> None:
    me, _ = owners
    clock = Clock()
    days = [(2026, 1, 15), (2026, 3, 1), (2026, 2, 10), (2026, 3, 1), (2026, 2, 28)]
    categories = ["food", "travel", "food", "health", "food"]
    made = [
        usecases.create_expense(uow(), me, draft(f"{i + 1}.00", d, category=c), clock)
        for i, (d, c) in enumerate(zip(days, categories, strict=True))
    ]

    everything = usecases.list_expenses(reads, me, ListFilters())
    # Newest day first; the same day: the latest recorded first.
    assert [e.id for e in everything.items] == [
        made[3].id, made[1].id, made[4].id, made[2].id, made[0].id
    ]  # fmt: skip
    assert (everything.total, everything.has_more, everything.limit) == (5, False, 50)

    first = usecases.list_expenses(reads, me, ListFilters(limit=2))
    second = usecases.list_expenses(reads, me, ListFilters(limit=2, offset=2))
    last = usecases.list_expenses(reads, me, ListFilters(limit=2, offset=4))
    beyond = usecases.list_expenses(reads, me, ListFilters(limit=2, offset=10))
    assert [len(p.items) for p in (first, second, last, beyond)] == [2, 2, 1, 0]
    assert [p.has_more for p in (first, second, last, beyond)] == [True, True, False, False]
    assert all(p.total == 5 for p in (first, second, last, beyond))
    paged = [e.id for p in (first, second, last) for e in p.items]
    assert paged == [e.id for e in everything.items]

    food = usecases.list_expenses(reads, me, ListFilters(category="food"))
    assert {e.id for e in food.items} == {made[0].id, made[2].id, made[4].id}
    assert food.total == 3

    february = usecases.list_expenses(
        reads, me, ListFilters(start_date=(2026, 2, 1), end_date=(2026, 2, 28))
    )
    assert [e.id for e in february.items] == [made[4].id, made[2].id]

    since = usecases.list_expenses(reads, me, ListFilters(start_date=(2026, 2, 28), limit=1))
    assert (since.total, since.has_more, len(since.items)) == (3, True, 1)

    food_until = usecases.list_expenses(
        reads, me, ListFilters(category="food", end_date=(2026, 2, 10))
    )
    assert [e.id for e in food_until.items] == [made[2].id, made[0].id]


def test_list_rejects_bad_filters(
    uow: UowFactory, reads: ExpenseReads, owners: tuple[uuid.UUID, uuid.UUID]
) -> None:
    with pytest.raises(InvalidArgument):
        usecases.list_expenses(reads, owners[0], ListFilters(limit=101))


def test_categories() -> None:
    assert [c.slug for c in usecases.list_categories()][:2] == ["food", "transport"]
    assert len(usecases.list_categories()) == 10
