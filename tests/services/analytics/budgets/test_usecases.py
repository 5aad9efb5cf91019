"""Budget operations on a real database (SQLite and PostgreSQL): CRUD and allocations
against the user's stored categories, isolation, progress against stored transactions
(exact figures, recurring transactions left out), recalculation, and renewal —
including two requests renewing at once."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal

import pytest

from services.analytics.budgets import usecases
from services.analytics.budgets.domain import (
    AllocationInput,
    Budget,
    BudgetChanges,
    ListQuery,
)
from services.analytics.categories.domain import NewCategory
from services.analytics.categories.usecases import create_category, delete_category
from services.analytics.repositories import AnalyticsRepositories
from services.runtime.errors import NotFound, PermissionDenied, Unprocessable
from tests.services.analytics.budgets.support import NOW, budget_input, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.races import both_writes_succeed
from tests.services.analytics.recurring.support import default_categories
from tests.services.analytics.suggestions.support import Row, monthly, store

D = Decimal


def _create(uow: UowFactory, user: uuid.UUID, **fields: object) -> Budget:
    return usecases.create_budget(uow(), user, budget_input(**fields), clock)


def _alloc(category: uuid.UUID, amount: str, name: str | None = None) -> AllocationInput:
    return AllocationInput(str(category), name, amount)


def _listed(uow: UowFactory, user: uuid.UUID, **query: object) -> list[Budget]:
    return usecases.list_budgets(uow(), user, ListQuery(**query), clock).items  # type: ignore[arg-type]


# -- CRUD and allocations ------------------------------------------------------------------


def test_create_read_update_and_delete(uow: UowFactory) -> None:
    user = uuid.uuid4()
    keys = default_categories(uow, user)
    made = _create(
        uow,
        user,
        categories=(_alloc(keys["groceries"], "400"), _alloc(keys["fuel"], "150.50", "Car")),
    )
    assert made.terms.end_date == date(2026, 3, 31)
    assert [(a.category_name, a.amount) for a in made.allocations] == [
        ("Groceries", D("400.00")),
        ("Car", D("150.50")),
    ]
    assert made.allocated == D("550.50")
    assert usecases.get_budget(uow(), user, made.id, clock) == made

    changed = usecases.update_budget(
        uow(), user, made.id, BudgetChanges(name="Home", total_amount="600.00"), clock
    )
    assert (changed.terms.name, changed.terms.total_amount) == ("Home", D("600.00"))
    assert changed.allocations == made.allocations
    with pytest.raises(Unprocessable) as caught:
        usecases.update_budget(uow(), user, made.id, BudgetChanges(total_amount="550.49"), clock)
    assert caught.value.violations[0].field == "total_amount"

    added = usecases.add_allocation(uow(), user, made.id, _alloc(keys["coffee"], "49.50"), clock)
    assert (added.category_name, added.amount, added.budget_id) == ("Coffee", D("49.50"), made.id)
    assert [a.id for a in usecases.list_allocations(uow(), user, made.id, clock)] == [
        *(a.id for a in made.allocations),
        added.id,
    ]
    with pytest.raises(Unprocessable) as caught:
        usecases.add_allocation(uow(), user, made.id, _alloc(keys["books"], "0.01"), clock)
    assert caught.value.violations[0].field == "amount"

    usecases.delete_budget(uow(), user, made.id, clock)
    with pytest.raises(NotFound):
        usecases.get_budget(uow(), user, made.id, clock)
    with uow() as unit:
        assert unit.repos.budgets.allocations(user, [made.id]) == {made.id: []}


def test_allocation_rules_against_stored_categories(uow: UowFactory) -> None:
    user, other = uuid.uuid4(), uuid.uuid4()
    keys = default_categories(uow, user)
    theirs = default_categories(uow, other)
    with pytest.raises(Unprocessable) as caught:
        _create(
            uow,
            user,
            categories=(
                _alloc(keys["food"], "100"),
                _alloc(keys["groceries"], "100"),
                _alloc(theirs["fuel"], "100"),
                _alloc(keys["food"], "100"),
                _alloc(keys["rent"], "900"),
            ),
        )
    assert {v.field for v in caught.value.violations} == {
        "categories[1].category_id",
        "categories[2].category_id",
        "categories[3].category_id",
        "categories",
    }
    made = _create(uow, user, categories=(_alloc(keys["food"], "100"),))
    with pytest.raises(Unprocessable) as caught:
        usecases.add_allocation(uow(), user, made.id, _alloc(keys["coffee"], "1"), clock)
    assert caught.value.violations[0].field == "category_id"


def test_another_user_s_budget_is_forbidden_and_a_missing_one_not_found(uow: UowFactory) -> None:
    owner, intruder = uuid.uuid4(), uuid.uuid4()
    made = _create(uow, owner)
    calls: list[Callable[[], object]] = [
        lambda: usecases.get_budget(uow(), intruder, made.id, clock),
        lambda: usecases.update_budget(uow(), intruder, made.id, BudgetChanges(name="x"), clock),
        lambda: usecases.delete_budget(uow(), intruder, made.id, clock),
        lambda: usecases.budget_progress(uow(), intruder, made.id, clock),
        lambda: usecases.recalculate(uow(), intruder, made.id, clock),
        lambda: usecases.list_allocations(uow(), intruder, made.id, clock),
        lambda: usecases.add_allocation(uow(), intruder, made.id, _alloc(uuid.uuid4(), "1"), clock),
    ]
    for call in calls:
        with pytest.raises(PermissionDenied):
            call()
    with pytest.raises(NotFound):
        usecases.get_budget(uow(), owner, uuid.uuid4(), clock)
    assert _listed(uow, intruder) == []
    assert usecases.get_budget(uow(), owner, made.id, clock).terms.name == "Household"


def test_lists_filter_page_and_sort(uow: UowFactory) -> None:
    user = uuid.uuid4()
    march = _create(uow, user, name="Groceries March")
    april = _create(uow, user, name="groceries April", start_date=(2026, 4, 1))
    week = _create(uow, user, name="Fuel", period="weekly", start_date=(2026, 3, 16))
    idle = _create(uow, user, name="Old", is_active=False, start_date=(2026, 1, 1))
    assert [b.id for b in _listed(uow, user)] == [april.id, week.id, march.id]
    assert [b.id for b in _listed(uow, user, is_active=None)] == [
        april.id, week.id, march.id, idle.id
    ]  # fmt: skip
    assert [b.id for b in _listed(uow, user, is_active=False)] == [idle.id]
    assert [b.id for b in _listed(uow, user, name="grocer")] == [april.id, march.id]
    assert [b.id for b in _listed(uow, user, name="%")] == []
    assert [b.id for b in _listed(uow, user, period="weekly")] == [week.id]
    assert [b.id for b in _listed(uow, user, start_from=date(2026, 3, 2))] == [april.id, week.id]
    assert [b.id for b in _listed(uow, user, start_to=date(2026, 3, 16))] == [week.id, march.id]
    page = usecases.list_budgets(uow(), user, ListQuery(limit=2, offset=1), clock)
    assert ([b.id for b in page.items], page.total, page.has_more) == (
        [week.id, march.id],
        3,
        False,
    )
    # Running today (16 March): the March budget and this week's, not April's or the idle one.
    running = usecases.active_budgets(uow(), user, clock)
    assert [b.id for b in running] == [week.id, march.id]


def test_a_deleted_category_s_allocation_keeps_its_name(uow: UowFactory) -> None:
    user = uuid.uuid4()
    default_categories(uow, user)
    pets = create_category(uow(), user, NewCategory(name="Pets"), clock)
    made = _create(uow, user, categories=(_alloc(pets.id, "50"),))
    delete_category(uow(), user, pets.id, clock)
    shown = usecases.get_budget(uow(), user, made.id, clock)
    assert [(a.category_id, a.category_name) for a in shown.allocations] == [(pets.id, "Pets")]


# -- progress ----------------------------------------------------------------------------


def _march(uow: UowFactory, user: uuid.UUID) -> None:
    """March 2026 up to the 16th, a February shop and an April-dated one that must not
    count, a salary, a refund and a dollar purchase (not the main currency)."""
    store(
        uow,
        user,
        [
            Row(date(2026, 2, 28), "-99.00", "ALBERT HEIJN", "Albert Heijn", "groceries"),
            Row(date(2026, 3, 1), "-120.40", "ALBERT HEIJN", "Albert Heijn", "groceries"),
            Row(date(2026, 3, 9), "-80.25", "JUMBO", "Jumbo", "groceries"),
            Row(date(2026, 3, 10), "-45.00", "BISTRO", "Bistro", "restaurants"),
            Row(date(2026, 3, 12), "15.00", "BISTRO REFUND", "Bistro", "restaurants"),
            Row(date(2026, 3, 14), "-60.00", "SHELL", "Shell", "fuel"),
            Row(date(2026, 3, 15), "-12.35", "UNKNOWN SHOP"),
            Row(date(2026, 3, 15), "-500.00", "BEST BUY", "Best Buy", "electronics", "USD"),
            Row(date(2026, 3, 16), "-3.10", "STARBUCKS", "Starbucks", "coffee"),
            Row(date(2026, 3, 5), "2500.00", "SALARY", "Employer", "salary"),
        ],
    )


def test_progress_against_stored_transactions(uow: UowFactory) -> None:
    user = uuid.uuid4()
    keys = default_categories(uow, user)
    _march(uow, user)
    made = _create(
        uow,
        user,
        total_amount="500.00",
        categories=(_alloc(keys["food"], "300.00"), _alloc(keys["fuel"], "100.00")),
    )
    progress = usecases.budget_progress(uow(), user, made.id, clock)
    food, fuel = progress.categories
    # Food: 120.40 + 80.25 + 45.00 - 15.00 + 3.10 = 233.75 (77.92 %), 16 of 31 days.
    assert (food.spent, food.percent_used, food.is_over_threshold) == (
        D("233.75"),
        D("77.92"),
        False,
    )
    assert food.projected_spend == (D("233.75") * 31 / 16).quantize(D("0.01"))
    assert (fuel.spent, fuel.remaining) == (D("60.00"), D("40.00"))
    assert (progress.spent, progress.remaining) == (D("293.75"), D("206.25"))
    assert progress.unallocated_spent == D("12.35")
    assert (progress.days_elapsed, progress.days_total, progress.currency) == (16, 31, "EUR")

    # A new transaction is counted at the next read (the roll-ups follow).
    store(uow, user, [Row(date(2026, 3, 16), "-10.00", "SHELL", "Shell", "fuel")])
    again = usecases.budget_progress(uow(), user, made.id, clock)
    assert again.categories[1].spent == D("70.00")

    figures = usecases.recalculate(uow(), user, made.id, clock)
    assert (figures.spent, figures.percent_used, figures.calculated_at) == (
        D("303.75"),
        D("60.75"),
        NOW,
    )
    stored = usecases.get_budget(uow(), user, made.id, clock).recalculation
    assert stored == figures


def test_recurring_transactions_can_be_left_out(uow: UowFactory) -> None:
    user = uuid.uuid4()
    keys = default_categories(uow, user)
    store(
        uow,
        user,
        [
            *monthly(
                date(2025, 3, 7), 13, Row(date.min, "-10.99", "SPOTIFY", "Spotify", "subscriptions")
            ),
            Row(date(2026, 3, 8), "-25.00", "PATHE", "Pathe", "events"),
        ],
    )
    counted = _create(uow, user, categories=(_alloc(keys["entertainment"], "100"),))
    left_out = _create(
        uow,
        user,
        include_recurring=False,
        categories=(_alloc(keys["entertainment"], "100"),),
    )
    assert usecases.budget_progress(uow(), user, counted.id, clock).spent == D("35.99")
    assert usecases.budget_progress(uow(), user, left_out.id, clock).spent == D("25.00")
    # New data: the patterns are detected again and the recurring sums rebuilt.
    store(uow, user, [Row(date(2026, 3, 15), "-10.00", "ESCAPE ROOM", "Escape", "hobbies")])
    assert usecases.budget_progress(uow(), user, counted.id, clock).spent == D("45.99")
    assert usecases.budget_progress(uow(), user, left_out.id, clock).spent == D("35.00")


def test_a_user_without_transactions_gets_zeros(uow: UowFactory) -> None:
    user = uuid.uuid4()
    made = _create(uow, user, start_date=(2026, 4, 1))
    progress = usecases.budget_progress(uow(), user, made.id, clock)
    assert (progress.spent, progress.days_elapsed, progress.percent_used) == (D(0), 0, D("0.00"))


# -- renewal -----------------------------------------------------------------------------


def test_an_ended_auto_renewing_budget_is_renewed_up_to_today(uow: UowFactory) -> None:
    user = uuid.uuid4()
    keys = default_categories(uow, user)
    first = _create(
        uow,
        user,
        period="weekly",
        start_date=(2026, 2, 23),
        auto_renew=True,
        categories=(_alloc(keys["groceries"], "80", "Shop"),),
    )
    # Made on 16 March for 23 Feb - 1 Mar: the create itself is followed by renewals
    # at the next operation.
    chain = _listed(uow, user, limit=100)
    starts = sorted(b.terms.start_date for b in chain)
    assert starts == [date(2026, 2, 23), date(2026, 3, 2), date(2026, 3, 9), date(2026, 3, 16)]
    by_start = {b.terms.start_date: b for b in chain}
    for earlier, later in itertools.pairwise(starts):
        assert by_start[earlier].renewed_to_id == by_start[later].id
        assert by_start[later].renewed_from_id == by_start[earlier].id
    current = by_start[date(2026, 3, 16)]
    assert current.terms.end_date == date(2026, 3, 22)
    assert current.terms.auto_renew is True
    assert [(a.category_name, a.amount) for a in current.allocations] == [("Shop", D("80.00"))]
    assert by_start[date(2026, 2, 23)].id == first.id
    # Idempotent: nothing more at the next operation.
    assert len(_listed(uow, user, limit=100)) == 4
    assert [b.id for b in usecases.active_budgets(uow(), user, clock)] == [current.id]


def test_a_deleted_renewal_is_not_created_again(uow: UowFactory) -> None:
    user = uuid.uuid4()
    _create(uow, user, period="monthly", start_date=(2026, 2, 1), auto_renew=True)
    chain = _listed(uow, user)
    current = next(b for b in chain if b.terms.start_date == date(2026, 3, 1))
    usecases.delete_budget(uow(), user, current.id, clock)
    (left,) = _listed(uow, user)
    assert left.terms.start_date == date(2026, 2, 1)
    assert left.renewed_to_id is None


def test_inactive_or_not_renewing_budgets_stay_ended(uow: UowFactory) -> None:
    user = uuid.uuid4()
    _create(uow, user, period="weekly", start_date=(2026, 2, 2), auto_renew=True, is_active=False)
    _create(uow, user, period="weekly", start_date=(2026, 2, 2))
    assert len(_listed(uow, user, is_active=None)) == 2


def test_two_requests_renewing_at_once_create_each_successor_once(uow: UowFactory) -> None:
    user = uuid.uuid4()
    _create(uow, user, period="weekly", start_date=(2026, 3, 2), auto_renew=True)
    # Two weeks later, two requests renew the ended week at once: the second waits for
    # the first's successors and finds them instead of creating its own.
    later = NOW + timedelta(days=14)

    def renew(repos: AnalyticsRepositories) -> None:
        usecases.renew_ended(repos, user, later)

    both_writes_succeed(uow, renew)
    with uow() as unit:
        chain = unit.repos.budgets.page(user, ListQuery(limit=100)).items
    assert sorted(b.terms.start_date for b in chain) == [
        date(2026, 3, 2) + timedelta(weeks=n) for n in range(5)
    ]
    linked = {b.renewed_to_id for b in chain} - {None}
    assert linked == {b.id for b in chain if b.renewed_from_id is not None}
