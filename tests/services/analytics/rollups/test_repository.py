"""The roll-ups on real databases (SQLite and PostgreSQL): what they sum, how they go
stale and come back, and that they only ever hold the owner's transactions."""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

from services.analytics.rollups.domain import Totals, totals_of
from tests.services.analytics.categories.support import ALICE, BOB
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.rollups.support import Tx, category, store

D = date(2026, 1, 15)


def test_a_write_marks_days_stale_and_the_next_read_recomputes_them(uow: UowFactory) -> None:
    with uow() as unit:
        assert unit.repos.rollups.version(ALICE) == 0
        assert unit.repos.rollups.recurring_version(ALICE) == -1
        # The first read gives the user a state row (and rolls up whatever they had).
        assert unit.repos.rollups.ensure_fresh(ALICE) is True
        assert unit.repos.rollups.ensure_fresh(ALICE) is False
        assert unit.repos.rollups.version(ALICE) == 0
    store(uow, ALICE, Tx(D, "-10.00"))
    store(uow, ALICE, Tx(date(2026, 1, 3), "5.00"))
    with uow() as unit:
        rollups = unit.repos.rollups
        assert rollups.version(ALICE) == 2
        assert rollups.ensure_fresh(ALICE) is True
        assert rollups.ensure_fresh(ALICE) is False
        totals = rollups.category_totals(ALICE, "EUR", date(2026, 1, 1), date(2026, 1, 31))
    assert [
        (t.category_id, t.income, t.expenses, t.income_count, t.expense_count) for t in totals
    ] == [(None, Decimal("5.0000"), Decimal("10.0000"), 1, 1)]


def test_sums_are_exact_to_the_fourth_decimal(uow: UowFactory) -> None:
    food = category(uow, ALICE, "Food")
    amounts = ["-0.0050", "-0.0050", "-1234.5678", "-0.0001", "99999999.9999", "0.0001"]
    store(uow, ALICE, *(Tx(D, a, category=food) for a in amounts))
    with uow() as unit:
        unit.repos.rollups.ensure_fresh(ALICE)
        [total] = unit.repos.rollups.category_totals(ALICE, "EUR", D, D)
    assert total.expenses == Decimal("1234.5779")
    assert total.income == Decimal("100000000.0000")
    assert (total.income_count, total.expense_count, total.category_id) == (2, 4, food)


def test_a_day_is_the_utc_date_of_booked_at(uow: UowFactory) -> None:
    store(
        uow,
        ALICE,
        Tx(date(2026, 1, 31), "-1.00", at=time(23, 59, 59, 999999)),
        Tx(date(2026, 2, 1), "-2.00", at=time(0, 0)),
    )
    with uow() as unit:
        unit.repos.rollups.ensure_fresh(ALICE)
        days = unit.repos.rollups.daily_totals(ALICE, "EUR", date(2026, 1, 1), date(2026, 2, 28))
        months = unit.repos.rollups.monthly_totals(ALICE, "EUR")
    assert [(d, t.expenses) for d, t in days] == [
        (date(2026, 1, 31), Decimal("1.0000")),
        (date(2026, 2, 1), Decimal("2.0000")),
    ]
    assert [(m.month, m.expenses) for m in months] == [
        (date(2026, 1, 1), Decimal("1.0000")),
        (date(2026, 2, 1), Decimal("2.0000")),
    ]


def test_weeks_start_on_monday(uow: UowFactory) -> None:
    # 2026-01-04 is a Sunday, 2026-01-05 a Monday.
    store(uow, ALICE, Tx(date(2026, 1, 4), "-1.00"), Tx(date(2026, 1, 5), "-2.00"),
          Tx(date(2026, 1, 11), "-4.00"))  # fmt: skip
    with uow() as unit:
        unit.repos.rollups.ensure_fresh(ALICE)
        weeks = unit.repos.rollups.bucket_totals(
            ALICE, "EUR", "week", date(2026, 1, 1), date(2026, 1, 31)
        )
    assert [(w, t.expenses) for w, t in weeks] == [
        (date(2025, 12, 29), Decimal("1.0000")),
        (date(2026, 1, 5), Decimal("6.0000")),
    ]


def test_merchants_are_matched_ignoring_case(uow: UowFactory) -> None:
    store(
        uow,
        ALICE,
        Tx(date(2026, 1, 2), "-1.00", merchant="Tesco"),
        Tx(date(2026, 2, 2), "-2.00", merchant="TESCO"),
        Tx(date(2026, 3, 5), "-4.00", merchant="tesco"),
        Tx(date(2026, 3, 5), "-8.00"),  # no merchant: in the category roll-up only
    )
    with uow() as unit:
        rollups = unit.repos.rollups
        rollups.ensure_fresh(ALICE)
        # Whole months (January, February) from the monthly roll-up, March 1-5 from days.
        [tesco] = rollups.merchant_totals(ALICE, "EUR", date(2026, 1, 1), date(2026, 3, 5))
        assert rollups.merchant_name(ALICE, "EUR", "tesco") == "tesco"
        assert rollups.merchant_name(ALICE, "EUR", "aldi") is None
        assert rollups.merchant_key_for("TeSCO") == "tesco"
        by_month = rollups.monthly_totals(ALICE, "EUR", merchant_key="tesco")
        [total] = rollups.category_totals(ALICE, "EUR", date(2026, 1, 1), date(2026, 3, 31))
    assert (tesco.merchant_key, tesco.expenses, tesco.expense_count) == (
        "tesco",
        Decimal("7.0000"),
        3,
    )
    assert tesco.merchant_name == "tesco"  # the alphabetically last spelling
    assert [m.expenses for m in by_month] == [
        Decimal("1.0000"),
        Decimal("2.0000"),
        Decimal("4.0000"),
    ]
    assert total.expenses == Decimal("15.0000")


def test_merchant_totals_over_any_range_agree_with_the_days(uow: UowFactory) -> None:
    rows = [
        Tx(date(2025, 11, 1) + timedelta(days=i), f"-{i}.25", merchant=f"M{i % 3}")
        for i in range(0, 120, 7)
    ]
    store(uow, ALICE, *rows)
    with uow() as unit:
        rollups = unit.repos.rollups
        rollups.ensure_fresh(ALICE)
        for first, last in [
            (date(2025, 11, 1), date(2026, 2, 28)),
            (date(2025, 11, 15), date(2026, 2, 10)),
            (date(2025, 12, 1), date(2025, 12, 31)),
            (date(2025, 12, 2), date(2025, 12, 30)),
            (date(2025, 11, 30), date(2026, 1, 1)),
        ]:
            expected: dict[str, Decimal] = {}
            for r in rows:
                if first <= r.day <= last:
                    key = (r.merchant or "").lower()
                    expected[key] = expected.get(key, Decimal(0)) - Decimal(r.amount)
            got = {
                t.merchant_key: t.expenses
                for t in rollups.merchant_totals(ALICE, "EUR", first, last)
            }
            assert got == expected, (first, last)


def test_filters_by_category_currency_and_owner(uow: UowFactory) -> None:
    food = category(uow, ALICE, "Food")
    rent = category(uow, ALICE, "Rent")
    store(
        uow,
        ALICE,
        Tx(D, "-1.00", category=food),
        Tx(D, "-2.00", category=rent),
        Tx(D, "-4.00"),
        Tx(D, "-8.00", currency="USD"),
        Tx(D, "-16.00", currency="USD"),
    )
    store(
        uow,
        BOB,
        Tx(D, "-1000.00"),
        Tx(D, "-1000.00"),
        Tx(D, "-1000.00"),
        Tx(D, "-1.00", currency="GBP"),
    )
    with uow() as unit:
        rollups = unit.repos.rollups
        rollups.ensure_fresh(ALICE)
        assert rollups.main_currency(ALICE) == "EUR"
        assert rollups.main_currency(BOB) is None  # Bob's roll-ups are still stale
        rollups.ensure_fresh(BOB)
        assert rollups.main_currency(BOB) == "EUR"

        def expenses(ids: list[object] | None) -> Decimal:
            months = rollups.monthly_totals(ALICE, "EUR", category_ids=ids)  # type: ignore[arg-type]
            return sum((m.expenses for m in months), Decimal(0))

        assert expenses(None) == Decimal("7")
        assert expenses([food]) == Decimal("1")
        assert expenses([food, None]) == Decimal("5")
        assert expenses([None]) == Decimal("4")
        assert expenses([]) == Decimal("0")
        [usd] = rollups.category_totals(ALICE, "USD", D, D)
        assert usd.expenses == Decimal("24")
        assert rollups.category_totals(ALICE, "GBP", D, D) == []


def test_transactions_from_before_the_roll_ups_are_rolled_up_by_the_first_read(
    uow: UowFactory,
) -> None:
    # Imported before this release: no state row, no roll-ups, nothing marked stale.
    store(uow, ALICE, Tx(date(2024, 5, 1), "-1.00"), Tx(D, "-2.00"), invalidate=False)
    store(uow, BOB, Tx(D, "-4.00"), invalidate=False)
    # A later write marks only its own day: the earlier history must still be counted.
    store(uow, ALICE, Tx(D, "-8.00"))
    with uow() as unit:
        assert unit.repos.rollups.ensure_fresh(ALICE) is True
        assert unit.repos.rollups.main_currency(ALICE) == "EUR"
        [total] = unit.repos.rollups.category_totals(ALICE, "EUR", date(2024, 1, 1), D)
        assert unit.repos.rollups.main_currency(BOB) is None  # Bob has not been read yet
        unit.repos.rollups.ensure_fresh(BOB)
        assert unit.repos.rollups.main_currency(BOB) == "EUR"
    assert total.expenses == Decimal("11.0000")


def test_rebuild_counts_and_bumps_the_version(uow: UowFactory) -> None:
    store(
        uow, ALICE, Tx(D, "-1.00"), Tx(D, "0.00"), Tx(date(2024, 2, 29), "3.00"), invalidate=False
    )
    with uow() as unit:
        assert unit.repos.rollups.category_totals(ALICE, "EUR", date(2000, 1, 1), D) == []
        assert unit.repos.rollups.rebuild(ALICE) == 3
        assert unit.repos.rollups.version(ALICE) == 1
        [total] = unit.repos.rollups.category_totals(ALICE, "EUR", date(2000, 1, 1), D)
    # A zero amount is a credit that adds nothing.
    assert totals_of(total) == Totals(Decimal("3"), Decimal("1"), 2, 1)


def test_recurring_version_is_remembered(uow: UowFactory) -> None:
    with uow() as unit:
        unit.repos.rollups.set_recurring_version(ALICE, 0)
    store(uow, ALICE, Tx(D, "-1.00"))
    with uow() as unit:
        assert unit.repos.rollups.recurring_version(ALICE) == 0
        assert unit.repos.rollups.version(ALICE) == 1
        unit.repos.rollups.set_recurring_version(ALICE, 1)
        assert unit.repos.rollups.recurring_version(ALICE) == 1
