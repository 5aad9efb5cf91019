"""Scenario operations on real databases (SQLite and PostgreSQL): CRUD of scenarios and
items with what an update keeps, exact amounts through storage, lists, isolation (403 for
another user's scenario, 404 for an item of another scenario), the item cap under
concurrent adds, and calculate / compare on stored scenarios."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import Engine

from services.analytics.scenarios import usecases
from services.analytics.scenarios.domain import (
    ItemDraft,
    Scenario,
    ScenarioDraft,
    ScenarioItem,
)
from services.analytics.scenarios.projection import money_text
from services.runtime.clock import Clock
from services.runtime.errors import (
    DomainError,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    Unprocessable,
)
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.scenarios.support import item

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def clock() -> datetime:
    return NOW


def _later() -> datetime:
    return datetime(2026, 3, 2, 9, tzinfo=UTC)


def _on(day: int) -> Clock:
    return lambda: datetime(2026, 3, day, tzinfo=UTC)


def new(uow: UowFactory, user: uuid.UUID = ALICE, name: str = "Plan", months: int = 12) -> Scenario:
    draft = ScenarioDraft(name=name, base_month=datetime(2026, 1, 20, tzinfo=UTC), duration=months)
    return usecases.create_scenario(uow(), user, draft, clock)


def add(
    uow: UowFactory, scenario: Scenario, user: uuid.UUID = ALICE, **fields: object
) -> ScenarioItem:
    draft = ItemDraft(**{"name": "Salary", "amount": "1000", "item_type": "income",
                         "frequency": "monthly", **fields})  # type: ignore[arg-type]  # fmt: skip
    return usecases.add_item(uow(), user, scenario.id, draft, clock)


def test_scenario_crud(uow: UowFactory) -> None:
    created = new(uow)
    assert (created.name, created.base_month, created.duration, created.items) == (
        "Plan", date(2026, 1, 1), 12, ()
    )  # fmt: skip
    assert created.created_at == created.updated_at == NOW
    assert usecases.get_scenario(uow(), ALICE, created.id) == created

    updated = usecases.update_scenario(
        uow(), ALICE, created.id, ScenarioDraft(description="  what if  ", duration=24), _later
    )
    assert (updated.name, updated.description, updated.duration) == ("Plan", "what if", 24)
    assert (updated.created_at, updated.updated_at) == (NOW, _later())
    assert usecases.get_scenario(uow(), ALICE, created.id) == updated

    usecases.delete_scenario(uow(), ALICE, created.id)
    with pytest.raises(NotFound):
        usecases.get_scenario(uow(), ALICE, created.id)


def test_items_crud_keep_exact_amounts_and_order(uow: UowFactory) -> None:
    scenario = new(uow)
    salary = add(uow, scenario, amount="3250.5", growth_rate="0.035", description="after tax")
    rent = add(
        uow, scenario, name="Rent", amount="0.10", item_type="expense",
        start_date=(2026, 1, 31), end_date=(2026, 6, 30),
    )  # fmt: skip
    once = add(uow, scenario, name="Bonus", amount="99999999999.99", frequency="once")
    stored = usecases.get_scenario(uow(), ALICE, scenario.id)
    assert [i.id for i in stored.items] == [salary.id, rent.id, once.id]
    assert stored.item_count == 3
    # Exact through both engines' storage (SQLite keeps NUMERIC as doubles).
    assert [(str(i.amount), str(i.growth_rate)) for i in stored.items] == [
        ("3250.50", "0.0350"), ("0.10", "0.0000"), ("99999999999.99", "0.0000"),
    ]  # fmt: skip
    assert (stored.items[0].start_date, stored.items[1].end_date) == (
        date(2026, 1, 1), date(2026, 6, 30)
    )  # fmt: skip
    assert stored.items[0] == salary

    changed = usecases.update_item(
        uow(), ALICE, scenario.id, rent.id, ItemDraft(amount="1200", frequency="quarterly"), _later
    )
    assert (changed.name, str(changed.amount), changed.frequency, changed.end_date) == (
        "Rent", "1200.00", "quarterly", date(2026, 6, 30)
    )  # fmt: skip
    assert changed.created_at == NOW and changed.updated_at == _later()
    # An item's change is its scenario's.
    assert usecases.get_scenario(uow(), ALICE, scenario.id).updated_at == _later()

    usecases.delete_item(uow(), ALICE, scenario.id, once.id, clock)
    assert [i.id for i in usecases.get_scenario(uow(), ALICE, scenario.id).items] == [
        salary.id, rent.id,
    ]  # fmt: skip
    # New items come after the others even once one was deleted.
    last = add(uow, scenario, name="Car")
    assert usecases.get_scenario(uow(), ALICE, scenario.id).items[-1].id == last.id


def test_deleting_a_scenario_deletes_its_items(uow: UowFactory) -> None:
    scenario = new(uow)
    item = add(uow, scenario)
    other = new(uow, name="Other")
    kept = add(uow, other)
    usecases.delete_scenario(uow(), ALICE, scenario.id)
    with pytest.raises(NotFound):
        usecases.delete_item(uow(), ALICE, scenario.id, item.id, clock)
    assert usecases.get_scenario(uow(), ALICE, other.id).items == (kept,)


def test_lists_are_pages_newest_first_with_items(uow: UowFactory) -> None:
    made = [
        usecases.create_scenario(
            uow(), ALICE, ScenarioDraft(name=f"S{n}", base_month=NOW, duration=1), _on(1 + n)
        )
        for n in range(3)
    ]
    add(uow, made[0])
    new(uow, BOB)
    page = usecases.list_scenarios(uow(), ALICE, 2, 0)
    assert [s.name for s in page.items] == ["S2", "S1"]
    assert (page.total, page.limit, page.offset, page.has_more) == (3, 2, 0, True)
    rest = usecases.list_scenarios(uow(), ALICE, None, 2)
    assert [(s.name, s.item_count) for s in rest.items] == [("S0", 1)]
    assert (rest.limit, rest.has_more) == (20, False)
    with pytest.raises(InvalidArgument):
        usecases.list_scenarios(uow(), ALICE, 101, 0)


def test_isolation(uow: UowFactory) -> None:
    alices = new(uow)
    item = add(uow, alices)
    bobs = new(uow, BOB)
    bobs_item = add(uow, bobs, BOB)
    draft = ItemDraft(name="x", amount="1", item_type="income", frequency="once")
    for call in (
        lambda: usecases.get_scenario(uow(), BOB, alices.id),
        lambda: usecases.update_scenario(uow(), BOB, alices.id, ScenarioDraft(name="x"), clock),
        lambda: usecases.delete_scenario(uow(), BOB, alices.id),
        lambda: usecases.add_item(uow(), BOB, alices.id, draft, clock),
        lambda: usecases.update_item(uow(), BOB, alices.id, item.id, ItemDraft(), clock),
        lambda: usecases.delete_item(uow(), BOB, alices.id, item.id, clock),
        lambda: usecases.calculate(uow(), BOB, alices.id, clock),
        lambda: usecases.compare_scenarios(uow(), BOB, bobs.id, alices.id, clock),
    ):
        with pytest.raises(PermissionDenied):
            call()
    # Bob's item through his own scenario is no item of Alice's scenario, and the reverse.
    with pytest.raises(NotFound):
        usecases.update_item(uow(), ALICE, alices.id, bobs_item.id, ItemDraft(), clock)
    with pytest.raises(NotFound):
        usecases.delete_item(uow(), BOB, bobs.id, item.id, clock)
    # Nothing of Alice's changed.
    assert usecases.get_scenario(uow(), ALICE, alices.id).items == (item,)


def test_an_item_of_another_scenario_is_404(uow: UowFactory) -> None:
    first, second = new(uow), new(uow, name="Second")
    item = add(uow, first)
    with pytest.raises(NotFound):
        usecases.update_item(uow(), ALICE, second.id, item.id, ItemDraft(name="x"), clock)
    with pytest.raises(NotFound):
        usecases.delete_item(uow(), ALICE, second.id, item.id, clock)
    with pytest.raises(NotFound):
        usecases.add_item(
            uow(), ALICE, uuid.uuid4(), ItemDraft(name="x", amount="1", item_type="income",
                                                  frequency="once"), clock,
        )  # fmt: skip


def test_rules_against_the_stored_scenario(uow: UowFactory) -> None:
    scenario = new(uow)
    item = add(uow, scenario, start_date=(1926, 1, 1))
    with pytest.raises(Unprocessable) as caught:
        usecases.update_scenario(
            uow(), ALICE, scenario.id, ScenarioDraft(base_month=datetime(2026, 2, 1, tzinfo=UTC)),
            clock,
        )  # fmt: skip
    assert [v.field for v in caught.value.violations] == ["base_month"]
    with pytest.raises(Unprocessable) as caught:
        usecases.update_item(
            uow(), ALICE, scenario.id, item.id, ItemDraft(end_date=(1925, 12, 31)), clock
        )
    assert [v.field for v in caught.value.violations] == ["end_date"]
    assert usecases.get_scenario(uow(), ALICE, scenario.id).items == (item,)


def test_calculate_a_stored_scenario(uow: UowFactory) -> None:
    scenario = new(uow, months=3)
    add(uow, scenario, amount="2500.00", growth_rate="0.1", start_date=(2025, 2, 1))
    add(uow, scenario, name="Rent", amount="1000.10", item_type="expense", frequency="once",
        start_date=(2026, 2, 14))  # fmt: skip
    calculated = usecases.calculate(uow(), ALICE, scenario.id, clock)
    assert calculated.scenario_id == scenario.id and calculated.calculated_at == NOW
    rows = [(m.month, money_text(m.income), money_text(m.expenses), money_text(m.balance))
            for m in calculated.projection.months]  # fmt: skip
    # 2500 until the first anniversary (2026-02-01), 2750 from it.
    assert rows == [
        (date(2026, 1, 1), "2500.00", "0.00", "2500.00"),
        (date(2026, 2, 1), "2750.00", "1000.10", "4249.90"),
        (date(2026, 3, 1), "2750.00", "0.00", "6999.90"),
    ]
    assert money_text(calculated.projection.summary.average_monthly_net) == "2333.30"


def test_compare_stored_scenarios(uow: UowFactory) -> None:
    first, second = new(uow, months=2), new(uow, name="Second", months=3)
    add(uow, first, amount="100")
    add(uow, second, amount="90")
    compared = usecases.compare_scenarios(uow(), ALICE, first.id, second.id, clock)
    assert (compared.scenario1_id, compared.scenario2_id) == (first.id, second.id)
    assert len(compared.comparison.months) == 3
    assert compared.comparison.better == "scenario2"  # 270.00 against 200.00
    with pytest.raises(Unprocessable) as caught:
        usecases.compare_scenarios(uow(), ALICE, first.id, first.id, clock)
    assert [v.field for v in caught.value.violations] == ["scenario2_id"]
    for ids, field in (
        ((uuid.uuid4(), second.id), "scenario1_id"),
        ((first.id, uuid.uuid4()), "scenario2_id"),
    ):
        with pytest.raises(NotFound) as missing:
            usecases.compare_scenarios(uow(), ALICE, *ids, clock)
        assert [v.field for v in missing.value.violations] == [field]


def test_concurrent_adds_keep_the_item_cap(uow: UowFactory, engine: Engine) -> None:
    """Two adds racing for the 200th place: the second waits for the first's lock on the
    scenario, then finds it full (PostgreSQL; SQLite serializes writers but its
    transactions start at their first write, after the reads)."""
    if engine.dialect.name != "postgresql":
        pytest.skip("row locks: PostgreSQL")
    scenario = new(uow)
    with uow() as unit:
        for _ in range(199):
            unit.repos.scenarios.add_item(ALICE, scenario.id, item("1.00", "once"), NOW)
    first = uow()
    first.__enter__()
    first.repos.scenarios.locked(ALICE, scenario.id)
    first.repos.scenarios.add_item(ALICE, scenario.id, item("1.00", "once"), NOW)
    outcome: list[BaseException | ScenarioItem] = []

    def second() -> None:
        try:
            outcome.append(add(uow, scenario))
        except DomainError as error:
            outcome.append(error)

    racer = threading.Thread(target=second)
    racer.start()
    time.sleep(0.3)
    assert outcome == []  # waiting for the first one's lock
    first.__exit__(None, None, None)
    racer.join(30)
    assert len(outcome) == 1 and isinstance(outcome[0], Unprocessable)
    assert usecases.get_scenario(uow(), ALICE, scenario.id).item_count == 200
