"""Category operations on real databases (SQLite and PostgreSQL): the default set,
CRUD and its validation, deletion's effect on transactions and rules, and isolation
between users."""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from services.analytics.categories import usecases
from services.analytics.categories.domain import (
    DEFAULTS,
    Category,
    CategoryChanges,
    NewCategory,
)
from services.analytics.transactions import usecases as transactions
from services.analytics.transactions.domain import ManualDraft
from services.runtime.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
)
from tests.services.analytics.categories.support import ALICE, BOB, clock
from tests.services.analytics.conftest import UowFactory


def new(
    uow: UowFactory, name: str, parent: uuid.UUID | None = None, user: uuid.UUID = ALICE
) -> Category:
    return usecases.create_category(uow(), user, NewCategory(name=name, parent_id=parent), clock)


def test_defaults_are_created_once_parents_first(uow: UowFactory) -> None:
    first = usecases.ensure_default_categories(uow(), ALICE, clock)
    assert (first.created, first.total) == (len(DEFAULTS), len(DEFAULTS))
    again = usecases.ensure_default_categories(uow(), ALICE, clock)
    assert (again.created, again.total) == (0, len(DEFAULTS))

    listed = usecases.list_categories(uow(), ALICE)
    assert len(listed) == len(DEFAULTS)
    assert all(c.is_default for c in listed)
    by_key = {c.default_key: c for c in listed}
    assert by_key["groceries"].parent_id == by_key["food"].id
    assert by_key["salary"].parent_id == by_key["income"].id
    assert by_key["food"].parent_id is None
    assert by_key["food"].color == "#FF9800" and by_key["groceries"].icon_name == "shopping_cart"
    seen: set[uuid.UUID] = set()
    for category in listed:  # every parent is listed before its children
        assert category.parent_id is None or category.parent_id in seen
        seen.add(category.id)
    # Bob has none of Alice's.
    assert usecases.list_categories(uow(), BOB) == []


def test_a_renamed_default_is_still_that_default(uow: UowFactory) -> None:
    usecases.ensure_default_categories(uow(), ALICE, clock)
    food = next(c for c in usecases.list_categories(uow(), ALICE) if c.default_key == "food")
    usecases.update_category(uow(), ALICE, food.id, CategoryChanges(name="Eating"), clock)
    assert usecases.ensure_default_categories(uow(), ALICE, clock).created == 0


def test_a_custom_category_named_like_a_default_becomes_that_default(uow: UowFactory) -> None:
    mine = new(uow, "FOOD")
    ensured = usecases.ensure_default_categories(uow(), ALICE, clock)
    assert (ensured.created, ensured.total) == (len(DEFAULTS) - 1, len(DEFAULTS))
    food = usecases.get_category(uow(), ALICE, mine.id)
    assert (food.name, food.is_default, food.default_key) == ("FOOD", True, "food")
    names = [c.name.casefold() for c in usecases.list_categories(uow(), ALICE)]
    assert names.count("food") == 1


def _ensure_concurrently(uow: UowFactory, user: uuid.UUID, callers: int) -> list[int]:
    """What each of `callers` simultaneous EnsureDefaultCategories calls created."""
    start = threading.Barrier(callers)

    def ensure() -> int:
        start.wait()
        return usecases.ensure_default_categories(uow(), user, clock).created

    with ThreadPoolExecutor(callers) as pool:
        calls = [pool.submit(ensure) for _ in range(callers)]
        return [call.result() for call in calls]


def test_concurrent_ensures_create_each_default_once(uow: UowFactory) -> None:
    for _ in range(3):
        user = uuid.uuid4()
        assert sum(_ensure_concurrently(uow, user, 2)) == len(DEFAULTS)
        listed = usecases.list_categories(uow(), user)
        assert sorted(c.default_key or "" for c in listed) == sorted(d.key for d in DEFAULTS)


def test_create_get_update_and_list(uow: UowFactory) -> None:
    pets = usecases.create_category(
        uow(), ALICE, NewCategory(name=" Pets ", color="#3a3", icon_name="pets"), clock
    )
    assert (pets.name, pets.color, pets.icon_name, pets.is_default) == (
        "Pets", "#33AA33", "pets", False
    )  # fmt: skip
    vet = new(uow, "Vet", pets.id)
    assert vet.parent_id == pets.id and vet.color == "#9E9E9E"
    assert usecases.get_category(uow(), ALICE, vet.id) == vet

    later = datetime(2026, 3, 2, tzinfo=UTC)
    recoloured = usecases.update_category(
        uow(), ALICE, pets.id, CategoryChanges(color="#000"), lambda: later
    )
    assert (recoloured.name, recoloured.color, recoloured.icon_name) == ("Pets", "#000000", "pets")
    assert recoloured.updated_at == later and recoloured.created_at == pets.created_at
    no_icon = usecases.update_category(uow(), ALICE, pets.id, CategoryChanges(icon_name=""), clock)
    assert no_icon.icon_name is None
    assert [c.name for c in usecases.list_categories(uow(), ALICE)] == ["Pets", "Vet"]


def test_names_depth_and_parents_are_checked(uow: UowFactory) -> None:
    pets = new(uow, "Pets")
    with pytest.raises(AlreadyExists) as conflict:
        new(uow, "pets")
    assert conflict.value.reason == "ALREADY_EXISTS"
    vet = new(uow, "Vet", pets.id)
    renamed = usecases.update_category(uow(), ALICE, vet.id, CategoryChanges(name="VET"), clock)
    assert renamed.name == "VET"  # its own name in another case
    with pytest.raises(AlreadyExists):
        new(uow, "vet", pets.id)
    deep = new(uow, "Emergencies", vet.id)
    with pytest.raises(InvalidArgument) as too_deep:
        new(uow, "Night", deep.id)
    assert too_deep.value.violations[0].field == "parent_id"
    with pytest.raises(InvalidArgument) as missing:
        new(uow, "Orphan", uuid.uuid4())
    assert missing.value.violations[0].field == "parent_id"
    bobs = new(uow, "Bob's", user=BOB)
    with pytest.raises(PermissionDenied):
        new(uow, "Nested in Bob's", bobs.id)


def test_defaults_cannot_be_deleted(uow: UowFactory) -> None:
    usecases.ensure_default_categories(uow(), ALICE, clock)
    food = next(c for c in usecases.list_categories(uow(), ALICE) if c.default_key == "food")
    with pytest.raises(FailedPrecondition) as refused:
        usecases.delete_category(uow(), ALICE, food.id, clock)
    assert refused.value.reason == "DEFAULT_CATEGORY"
    assert usecases.get_category(uow(), ALICE, food.id) == food


def test_deleting_a_custom_category_uncategorizes_forgets_rules_and_lifts_children(
    uow: UowFactory,
) -> None:
    pets = new(uow, "Pets")
    vet = new(uow, "Vet", pets.id)
    other = new(uow, "Other things")
    draft = ManualDraft(
        booked_at=datetime(2026, 2, 1, tzinfo=UTC),
        description="PETSHOP HAMBURG 0042",
        amount="-20.00",
    )
    kept = transactions.create_transaction(
        uow(), ALICE, replace(draft, category_id=other.id), clock
    )
    bought = transactions.create_transaction(
        uow(), ALICE, replace(draft, category_id=pets.id), clock
    )
    learned = transactions.learn_from_transaction(uow(), ALICE, bought.id, clock)
    assert learned.category_id == pets.id

    usecases.delete_category(uow(), ALICE, pets.id, clock)

    with pytest.raises(NotFound):
        usecases.get_category(uow(), ALICE, pets.id)
    after = transactions.get_transaction(uow(), ALICE, bought.id)
    assert (after.category_id, after.categorization_method, after.categorization_confidence) == (
        None, "none", 0.0
    )  # fmt: skip
    assert transactions.get_transaction(uow(), ALICE, kept.id).category_id == other.id
    assert usecases.get_category(uow(), ALICE, vet.id).parent_id is None
    # The rule went with the category: a new transaction of that shop is not sent to it.
    again = transactions.create_transaction(uow(), ALICE, draft, clock)
    assert again.categorization_method != "rule"
    with uow() as unit:
        assert unit.repos.transactions.rules_of(ALICE) == []


def test_another_users_category_is_403_and_a_missing_one_404(uow: UowFactory) -> None:
    mine = new(uow, "Mine")
    for attempt in (
        lambda: usecases.get_category(uow(), BOB, mine.id),
        lambda: usecases.update_category(uow(), BOB, mine.id, CategoryChanges(name="x"), clock),
        lambda: usecases.delete_category(uow(), BOB, mine.id, clock),
    ):
        with pytest.raises(PermissionDenied):
            attempt()
    with pytest.raises(NotFound):
        usecases.get_category(uow(), ALICE, uuid.uuid4())
    with pytest.raises(NotFound):
        usecases.delete_category(uow(), ALICE, uuid.uuid4(), clock)
    assert usecases.get_category(uow(), ALICE, mine.id).name == "Mine"
    # Bob may use the same name: names are unique per user and level, not globally.
    assert new(uow, "Mine", user=BOB).name == "Mine"
