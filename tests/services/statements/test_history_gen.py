"""The history generator (tools/bench/history_gen.py): deterministic, realistic, and true to
the truths it declares — the analytics tests score themselves against those."""

from __future__ import annotations

import statistics
import tracemalloc
from collections import Counter, defaultdict
from datetime import date, timedelta
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest

from services.analytics.categories.domain import DEFAULTS
from services.statements import StatementFormat, open_statement
from tools.bench.history_gen import (
    GeneratedTransaction,
    History,
    PlantedSeries,
    generate_history,
    iter_scaled,
    main,
    write_csv,
)

SEEDS = (1, 2, 3, 4, 5)
_CADENCE_DAYS = {"weekly": 7, "biweekly": 14, "monthly": 30.44, "quarterly": 91.31,
                 "yearly": 365.25}  # fmt: skip


@pytest.fixture(scope="module")
def histories() -> dict[int, History]:
    return {seed: generate_history(seed=seed) for seed in SEEDS}


def _months(history: History, category: str) -> dict[date, Decimal]:
    """Money out of `category` by month (positive), every month of the history."""
    totals: dict[date, Decimal] = defaultdict(Decimal)
    month = history.start.replace(day=1)
    while month <= history.end:
        totals[month] = Decimal(0)
        month = (month + timedelta(days=32)).replace(day=1)
    for txn in history.transactions:
        if txn.category == category and txn.amount < 0:
            totals[txn.booked_on.replace(day=1)] -= txn.amount
    return totals


def _series_transactions(history: History, series: PlantedSeries) -> list[GeneratedTransaction]:
    """The transactions of one planted series: its merchant's, in its direction; by amount
    where the merchant has other transactions (a second plan, purchases)."""
    shared = sum(s.merchant == series.merchant for s in history.series) > 1 or (
        series.merchant == history.unused.merchant
    )
    prices = {series.amount} | ({series.price_change[1]} if series.price_change else set())
    return [
        t
        for t in history.transactions
        if t.merchant == series.merchant
        and (t.amount < 0) == (series.amount < 0)
        and (not shared or t.amount in prices)
    ]


def test_the_same_seed_generates_the_same_history(histories: dict[int, History]) -> None:
    again = generate_history(seed=1)
    assert again == histories[1]
    assert again.transactions != histories[2].transactions
    assert again.series != histories[2].series


def test_three_years_of_a_current_account(histories: dict[int, History]) -> None:
    keys = {d.key for d in DEFAULTS}
    for history in histories.values():
        txns = history.transactions
        assert (history.start, history.end) == (date(2023, 11, 1), date(2026, 10, 31))
        assert 1500 <= len(txns) <= 3000
        assert [t.booked_on for t in txns] == sorted(t.booked_on for t in txns)
        assert all(history.start <= t.booked_on <= history.end for t in txns)
        assert all(t.amount.as_tuple().exponent == -2 and t.amount != 0 for t in txns)
        assert {t.category for t in txns} <= keys
        assert {t.currency for t in txns} == {"EUR"}
        merchants = Counter(t.merchant for t in txns)
        assert len(merchants) > 60
        # Groceries 2-4 times a week, at a few supermarkets.
        weeks = (history.end - history.start).days / 7
        groceries = [t for t in txns if t.category == "groceries"]
        assert 2 <= len(groceries) / weeks <= 4.5
        assert len({t.merchant for t in groceries}) >= 4
        assert any(t.category == "refunds" and t.amount > 0 for t in txns)
        assert any(t.description.startswith("CARD ") for t in txns)
        assert any(t.description.startswith("SEPA DIRECT DEBIT ") for t in txns)
        assert set(history.fee_merchants) <= {t.merchant for t in txns if t.category == "fees"}


def test_the_planted_series_occur_as_declared(histories: dict[int, History]) -> None:
    for history in histories.values():
        cadences = Counter(s.cadence for s in history.series)
        assert set(cadences) == set(_CADENCE_DAYS)
        assert all(s.category in {d.key for d in DEFAULTS} for s in history.series)
        for series in history.series:
            txns = _series_transactions(history, series)
            days = [t.booked_on for t in txns]
            assert (days[0], days[-1]) == (series.first, series.last), series
            period = _CADENCE_DAYS[series.cadence]
            slots = round((series.last - series.first).days / period) + 1
            assert 0.9 * slots <= len(txns) <= slots, series
            gaps = [(b - a).days for a, b in pairwise(days)]
            assert abs(statistics.median(gaps) - period) <= 3 + period * 0.03, series
            if series.active:
                assert series.next_on is not None and series.next_on > history.end
                assert (history.end - series.last).days <= period + 4
            else:
                assert series.next_on is None
            if series.price_change is not None:
                changed_on, new = series.price_change
                assert all(t.amount == series.amount for t in txns if t.booked_on < changed_on)
                assert all(t.amount == new for t in txns if t.booked_on >= changed_on)
        yearly = [s for s in history.series if s.cadence == "yearly"]
        assert len(yearly) >= 2
        assert all(len(_series_transactions(history, s)) >= 3 for s in yearly)
        stopped = [s for s in history.series if not s.active]
        assert stopped and all((history.end - s.last).days > 300 for s in stopped)
        assert sum(s.price_change is not None for s in history.series) >= 2


def test_the_duplicate_is_two_running_plans(histories: dict[int, History]) -> None:
    for history in histories.values():
        plans = [s for s in history.series if s.merchant == history.duplicate.merchant]
        assert len(plans) == 2
        assert plans[0].amount != plans[1].amount
        assert all(p.active and p.cadence == "monthly" for p in plans)


def test_the_unused_subscription_runs_on_after_its_purchases_stop(
    histories: dict[int, History],
) -> None:
    for history in histories.values():
        unused = history.unused
        (membership,) = [s for s in history.series if s.merchant == unused.merchant]
        purchases = [
            t
            for t in history.transactions
            if t.merchant == unused.merchant and t.amount != membership.amount
        ]
        assert len(purchases) > 50
        assert max(t.booked_on for t in purchases) == unused.usage_stopped_on
        assert 200 <= (history.end - unused.usage_stopped_on).days <= 280
        assert membership.active and membership.last > history.end - timedelta(days=35)


def test_the_spike_is_several_times_a_usual_month(histories: dict[int, History]) -> None:
    for history in histories.values():
        spike = history.spike
        months = _months(history, spike.category)
        usual = statistics.median(v for m, v in months.items() if m != spike.month)
        assert usual > 0
        assert months[spike.month] >= spike.extra > 0
        assert months[spike.month] >= 4 * usual, (months[spike.month], usual)


def test_the_trend_category_grows(histories: dict[int, History]) -> None:
    for history in histories.values():
        trend = history.trend
        assert trend.monthly_growth == Decimal("0.03")
        months = sorted(_months(history, trend.category).items())
        before = [v for m, v in months if m < trend.start][-6:]
        last = [v for m, v in months][-6:]
        growth = statistics.mean(last) / statistics.mean(before)
        assert growth >= Decimal("1.3"), growth


def test_spending_has_seasons(histories: dict[int, History]) -> None:
    for history in histories.values():
        utilities = _months(history, "utilities")
        winter = [v for m, v in utilities.items() if m.month in (12, 1, 2)]
        summer = [v for m, v in utilities.items() if m.month in (6, 7, 8)]
        assert statistics.mean(winter) > statistics.mean(summer) * Decimal("1.15")
        # Shopping (purchases, not their amounts: fewer draws, more noise) in December.
        recurring = {s.merchant for s in history.series}
        shopping = Counter(
            t.booked_on.month
            for t in history.transactions
            if t.category in ("clothing", "household", "electronics")
            and t.amount < 0
            and t.merchant not in recurring
        )
        assert shopping[12] > 1.6 * shopping.total() / 12
        # Card payments abroad (holidays): mostly in summer.
        abroad = Counter(
            t.booked_on.month
            for t in history.transactions
            if any(city in t.description for city in ("ROMA", "PARIS", "LISBOA", "WIEN"))
        )
        assert sum(abroad[m] for m in (6, 7, 8)) > abroad.total() / 2


def test_the_csv_imports_with_the_statement_parser(tmp_path: Path) -> None:
    history = generate_history(seed=3)
    path = tmp_path / "history.csv"
    assert write_csv(history, path) == len(history.transactions)
    statement = open_statement(path)
    assert statement.format is StatementFormat.CSV
    rows = list(statement.rows())
    assert len(rows) == len(history.transactions)
    assert sum(r.amount for r in rows) == sum(t.amount for t in history.transactions)
    assert [(r.booked_on, r.amount, r.description) for r in rows] == [
        (t.booked_on, t.amount, t.description) for t in history.transactions
    ]
    assert {r.currency for r in rows} == {"EUR"}


def test_the_command_line_writes_a_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "out.csv"
    assert main([str(path), "--seed", "4", "--transactions", "3000"]) == 0
    rows = list(open_statement(path).rows())
    assert 2700 <= len(rows) <= 3300
    assert f"{len(rows):,} rows" in capsys.readouterr().out


def test_scaled_histories_stream_with_the_same_planted_series() -> None:
    history = generate_history(seed=5)
    wanted = 60_000
    tracemalloc.start()
    try:
        count = 0
        merchants: Counter[str] = Counter()
        netflix = []
        last = date.min
        for txn in iter_scaled(seed=5, end=history.end, years=3, transactions=wanted):
            count += 1
            assert txn.booked_on >= last
            last = txn.booked_on
            if count % 7 == 0:  # a sample: keeping every name would be memory of our own
                merchants[txn.merchant] += 1
            if txn.merchant == "Netflix":
                netflix.append(txn)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert abs(count - wanted) <= wanted * 0.05
    # 60k rows held in memory would take ~25 MB; streamed, the peak stays small.
    assert peak < 8_000_000, peak
    assert len(merchants) > 500
    # Zipf: the most popular merchants take a large share, a long tail the rest.
    top = sum(n for _, n in merchants.most_common(10))
    assert 0.15 < top / merchants.total() < 0.6
    assert netflix == [t for t in history.transactions if t.merchant == "Netflix"]
