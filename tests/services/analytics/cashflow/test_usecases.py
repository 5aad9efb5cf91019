"""Cash-flow use cases on real databases (SQLite and PostgreSQL) with a fixed clock: a
user without transactions, the generated history's planted series, the planted
low-balance month (one alert, never a second, cleared when the planned expense is paid
or deleted), stored predictions served until an input changes, snapshots, the alert
moves with their 403/404/409, unusual spending, and the recurring operations."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from services.analytics.cashflow import domain, usecases
from services.analytics.cashflow.alerts import Finding
from services.analytics.cashflow.domain import AlertQuery, PredictionQuery
from services.analytics.planned_expenses import usecases as planned
from services.analytics.planned_expenses.domain import ExpenseDraft, PaymentDraft
from services.runtime.errors import FailedPrecondition, NotFound, PermissionDenied, Unprocessable
from tests.services.analytics.cashflow.support import ALICE, BOB, NOW, TODAY, at, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import default_categories, history, load
from tests.services.analytics.rollups.support import Tx, store

MONTHLY = PredictionQuery("monthly", limit=3)
ALL = AlertQuery(status=None, severity=None, alert_type=None, limit=100, offset=0)


def _plan(
    uow: UowFactory, user: uuid.UUID, amount: str, due: date, title: str = "Car"
) -> uuid.UUID:
    draft = ExpenseDraft(title=title, amount=amount, due_date=(due.year, due.month, due.day))
    return planned.create_expense(uow(), user, draft, clock).id


def _low_balance(uow: UowFactory, user: uuid.UUID, status: str | None = None) -> list[str]:
    query = AlertQuery(status=status, severity=None, alert_type="low_balance", limit=100, offset=0)  # type: ignore[arg-type]
    return [a.title for a in usecases.list_alerts(uow(), user, query, clock).items]


# -- a user without transactions --------------------------------------------------------------


def test_a_user_without_transactions_sees_only_planned_expenses(uow: UowFactory) -> None:
    _plan(uow, ALICE, "40.00", date(2026, 12, 5))
    found = usecases.list_predictions(uow(), ALICE, MONTHLY, clock)
    assert (found.currency, found.current_balance, found.generated_at) == (
        "EUR",
        Decimal("0.00"),
        NOW,
    )
    november, december, january = found.predictions
    assert (november.predicted_from, november.expected_expenses, november.confidence) == (
        date(2026, 11, 2), Decimal("0.00"), 0.0,
    )  # fmt: skip
    assert (december.planned_expenses, december.expected_balance, december.confidence) == (
        Decimal("40.00"), Decimal("-40.00"), 1.0,
    )  # fmt: skip
    assert january.opening_balance == Decimal("-40.00")
    assert usecases.current_balance(uow(), ALICE) == usecases.current_balance(uow(), BOB)
    assert usecases.current_balance(uow(), BOB).amount == Decimal("0.00")
    # The planned expense takes the projected balance under the threshold, and spends
    # more than the (absent) income: both rules fire.
    assert {a.alert_type for a in usecases.active_alerts(uow(), ALICE, clock)} == {
        "low_balance", "negative_flow",
    }  # fmt: skip
    snapshot = usecases.latest_snapshot(uow(), ALICE, clock)
    assert (snapshot.current_balance, snapshot.outlook.lowest_balance) == (
        Decimal("0.00"),
        Decimal("-40.00"),
    )
    assert [p.balance for p in snapshot.outlook.projections] == [
        Decimal(0),
        Decimal(-40),
        Decimal(-40),
    ]


# -- the generated history ---------------------------------------------------------------------


@pytest.fixture
def alice(uow: UowFactory) -> uuid.UUID:
    load(uow, ALICE, history().transactions)
    return ALICE


def test_predictions_come_from_the_planted_series(uow: UowFactory, alice: uuid.UUID) -> None:
    found = usecases.list_predictions(uow(), alice, PredictionQuery("monthly", limit=13), clock)
    total = sum(t.amount for t in history().transactions)
    assert found.current_balance == total == Decimal("3488.25")
    assert found.predictions[0].opening_balance == total
    for month in found.predictions:
        # The salary (3710.00 since its raise) is the only confident income series.
        assert month.recurring_income == month.expected_income == Decimal("3710.00")
        assert month.expected_expenses == (
            month.recurring_expenses + month.planned_expenses + month.discretionary_expenses
        )
        # Rent, the cleaner, the box and the subscriptions at least.
        assert month.recurring_expenses > Decimal("1600.00")
        assert month.discretionary_expenses > 0
        assert 0.5 < month.confidence <= 1
        assert month.balance_low < month.expected_balance < month.balance_high
    # October 2027 carries the yearly car insurance (632.25) and domain renewal (14.99).
    october = next(p for p in found.predictions if p.period_start == date(2027, 10, 1))
    september = next(p for p in found.predictions if p.period_start == date(2027, 9, 1))
    assert october.recurring_expenses - september.recurring_expenses > Decimal("500")
    weeks = usecases.list_predictions(uow(), alice, PredictionQuery("weekly", limit=2), clock)
    assert [w.period_start for w in weeks.predictions] == [date(2026, 10, 26), date(2026, 11, 2)]
    # Today is a Sunday: this week has nothing left to predict; the rent, due today, is
    # predicted tomorrow, in next week.
    this_week, next_week = weeks.predictions
    assert (this_week.predicted_from, this_week.expected_expenses) == (
        date(2026, 11, 2),
        Decimal(0),
    )
    assert this_week.expected_balance == found.current_balance
    assert next_week.recurring_expenses >= Decimal("1270.00")


def test_a_planted_low_balance_month_raises_one_alert_ever(
    uow: UowFactory, alice: uuid.UUID
) -> None:
    assert _low_balance(uow, alice) == []
    car = _plan(uow, alice, "10000.00", date(2026, 12, 16))
    generated = usecases.generate_predictions(uow(), alice, clock)
    assert generated.alerts_raised >= 1 and generated.predictions > 200
    [alert] = [
        a for a in usecases.active_alerts(uow(), alice, clock) if a.alert_type == "low_balance"
    ]
    assert (alert.severity, alert.status, alert.period_start) == (
        "high",
        "pending",
        date(2026, 12, 1),
    )
    assert alert.title == "Balance projected below 100.00 EUR"
    assert alert.reference == Decimal("100.00") and alert.amount < 0
    assert "to drop below 100.00 EUR on 2026-12-16 and to fall to " in alert.message
    assert f" to fall to {alert.amount} EUR on 2026-12-" in alert.message
    again = usecases.generate_predictions(uow(), alice, clock)
    assert (again.alerts_raised, again.alerts_cleared) == (0, 0)
    assert len(_low_balance(uow, alice)) == 1
    # Paid (a minute later): the cause is gone, the alert resolved by the system.
    payment = PaymentDraft(paid_date=(2026, 11, 1), actual_amount="10000.00")
    planned.mark_paid(uow(), alice, car, payment, at(NOW + timedelta(minutes=1)))
    assert _low_balance(uow, alice) == []
    [resolved] = usecases.list_alerts(
        uow(), alice, AlertQuery("resolved", None, "low_balance", 10, 0), clock
    ).items
    assert (resolved.id, resolved.resolved_by, resolved.resolved_at) == (alert.id, "system", NOW)
    # The same cause again raises nothing: one alert per cause, ever.
    _plan(uow, alice, "9000.00", date(2026, 12, 20), title="Boat")
    again = usecases.generate_predictions(uow(), alice, clock)
    assert again.alerts_raised == 0
    assert _low_balance(uow, alice) == []


def test_deleting_the_planned_expense_clears_its_alerts(uow: UowFactory, alice: uuid.UUID) -> None:
    car = _plan(uow, alice, "10000.00", date(2027, 1, 10))
    kinds = {(a.alert_type, a.period_start) for a in usecases.active_alerts(uow(), alice, clock)}
    assert {("low_balance", date(2027, 1, 1)), ("negative_flow", date(2027, 1, 1))} <= kinds
    planned.delete_expense(uow(), alice, car)
    generated = usecases.generate_predictions(uow(), alice, clock)
    assert generated.alerts_cleared == 2
    assert [
        a for a in usecases.active_alerts(uow(), alice, clock) if a.period_start == date(2027, 1, 1)
    ] == []


def test_predictions_are_stored_until_an_input_changes(uow: UowFactory) -> None:
    store(uow, ALICE, Tx(date(2026, 10, 1), "500.00"))
    first = usecases.list_predictions(uow(), ALICE, MONTHLY, clock)
    later = at(NOW + timedelta(hours=5))
    assert usecases.list_predictions(uow(), ALICE, MONTHLY, later).generated_at == NOW
    store(uow, ALICE, Tx(date(2026, 10, 2), "-20.00"))
    changed = usecases.list_predictions(uow(), ALICE, MONTHLY, later)
    assert (changed.generated_at, changed.current_balance) == (
        NOW + timedelta(hours=5),
        Decimal("480.00"),
    )
    _plan(uow, ALICE, "10.00", date(2026, 12, 1))
    even_later = at(NOW + timedelta(hours=6))
    assert usecases.list_predictions(
        uow(), ALICE, MONTHLY, even_later
    ).generated_at == NOW + timedelta(hours=6)
    tomorrow = at(NOW + timedelta(days=1))
    moved = usecases.list_predictions(uow(), ALICE, MONTHLY, tomorrow)
    assert moved.predictions[0].predicted_from == date(2026, 11, 3)
    assert first.predictions[0].predicted_from == date(2026, 11, 2)
    # A threshold of its own is an input too.
    assert usecases.current_balance(uow(), ALICE).amount == Decimal("480.00")
    assert (
        usecases.list_predictions(uow(), ALICE, MONTHLY, tomorrow, Decimal("5")).generated_at
        == tomorrow()
    )


def test_a_request_breaking_a_date_rule_is_422(uow: UowFactory) -> None:
    with pytest.raises(Unprocessable) as caught:
        usecases.list_predictions(uow(), ALICE, PredictionQuery(start=date(2026, 10, 31)), clock)
    assert [v.field for v in caught.value.violations] == ["start_date"]


# -- alerts ---------------------------------------------------------------------------------------


def test_acknowledge_then_resolve_and_every_refusal(uow: UowFactory) -> None:
    _plan(uow, ALICE, "500.00", date(2026, 11, 20))
    [alert] = [
        a for a in usecases.active_alerts(uow(), ALICE, clock) if a.alert_type == "low_balance"
    ]
    with pytest.raises(PermissionDenied):
        usecases.acknowledge_alert(uow(), BOB, alert.id, clock)
    with pytest.raises(NotFound):
        usecases.resolve_alert(uow(), ALICE, uuid.uuid4(), clock)
    later = at(NOW + timedelta(minutes=3))
    seen = usecases.acknowledge_alert(uow(), ALICE, alert.id, later)
    assert (seen.status, seen.acknowledged_at, seen.updated_at) == (
        "acknowledged",
        later(),
        later(),
    )
    assert usecases.acknowledge_alert(uow(), ALICE, alert.id, clock) == seen  # unchanged
    done = usecases.resolve_alert(uow(), ALICE, alert.id, later)
    assert (done.status, done.resolved_by, done.resolved_at) == ("resolved", "user", later())
    assert usecases.resolve_alert(uow(), ALICE, alert.id, clock) == done
    with pytest.raises(FailedPrecondition) as caught:
        usecases.acknowledge_alert(uow(), ALICE, alert.id, clock)
    assert caught.value.reason == "INVALID_TRANSITION"
    # Resolved by the user, its cause still there: it stays resolved, nothing new is raised.
    assert usecases.generate_predictions(uow(), ALICE, clock).alerts_raised == 0
    assert _low_balance(uow, ALICE) == []


def test_listing_filters_orders_and_pages(uow: UowFactory) -> None:
    _plan(uow, ALICE, "500.00", date(2026, 11, 20))
    _plan(uow, ALICE, "10.00", date(2027, 1, 5))
    page = usecases.list_alerts(uow(), ALICE, ALL, clock)
    assert sorted((a.alert_type, a.period_start.month) for a in page.items) == [
        ("low_balance", 11), ("negative_flow", 1), ("negative_flow", 11),
    ]  # fmt: skip
    # Most severe, then newest, then by id: the database orders as the domain does.
    assert page.items == domain.by_severity(page.items) and page.items[0].severity == "high"
    second = usecases.list_alerts(uow(), ALICE, AlertQuery(None, "high", None, 1, 1), clock)
    assert (second.total, [a.id for a in second.items]) == (3, [page.items[1].id])
    assert (
        usecases.list_alerts(uow(), ALICE, AlertQuery(None, "low", None, 10, 0), clock).items == []
    )
    assert (
        usecases.list_alerts(uow(), ALICE, AlertQuery("dismissed", None, None, 10, 0), clock).total
        == 0
    )
    assert usecases.list_alerts(uow(), BOB, ALL, clock).total == 0


def test_concurrent_evaluations_never_duplicate_a_cause(uow: UowFactory) -> None:
    finding = Finding(
        cause_key="low_balance:2026-12", alert_type="low_balance", severity="high", title="t",
        message="m", period_start=date(2026, 12, 1), period_end=date(2026, 12, 31),
        amount=Decimal("-1.00"), reference=Decimal("100.00"),
    )  # fmt: skip
    with uow() as unit:
        assert unit.repos.cashflow.alerts.raise_new(ALICE, [finding], "EUR", NOW) == 1
    with uow() as unit:
        assert unit.repos.cashflow.alerts.raise_new(ALICE, [finding], "EUR", NOW) == 0
        assert unit.repos.cashflow.alerts.raise_new(BOB, [finding], "EUR", NOW) == 1


def test_unusual_spending_in_a_category_this_month(uow: UowFactory, alice: uuid.UUID) -> None:
    groceries = default_categories(uow, alice)["groceries"]
    quiet = usecases.active_alerts(uow(), alice, at(datetime(2026, 11, 20, 9, tzinfo=UTC)))
    assert [a for a in quiet if a.alert_type == "unusual_spending"] == []
    store(uow, alice, Tx(date(2026, 11, 19), "-1500.00", "Albert Heijn", groceries))
    found = usecases.active_alerts(uow(), alice, at(datetime(2026, 11, 20, 9, tzinfo=UTC)))
    [unusual] = [a for a in found if a.alert_type == "unusual_spending"]
    assert unusual.category_id is not None and unusual.score is not None and unusual.score >= 3.5
    assert (unusual.period_start, unusual.period_end) == (date(2026, 11, 1), date(2026, 11, 20))
    assert unusual.amount == Decimal("1500.00") > unusual.reference
    assert "Unusual spending on" in unusual.title


# -- snapshots -------------------------------------------------------------------------------------


def test_the_latest_snapshot_is_taken_when_missing_stale_or_from_another_day(
    uow: UowFactory,
) -> None:
    store(uow, ALICE, Tx(date(2026, 10, 1), "700.00"))
    first = usecases.latest_snapshot(uow(), ALICE, clock)
    assert (first.snapshot_date, first.current_balance, first.active_alerts) == (
        TODAY,
        Decimal("700.00"),
        0,
    )
    assert [(p.days, p.day) for p in first.outlook.projections] == [
        (30, date(2026, 12, 1)), (60, date(2026, 12, 31)), (90, date(2027, 1, 30)),
    ]  # fmt: skip
    assert usecases.latest_snapshot(uow(), ALICE, at(NOW + timedelta(hours=1))).id == first.id
    _plan(uow, ALICE, "1000.00", date(2026, 11, 10))
    changed = usecases.latest_snapshot(uow(), ALICE, clock)
    assert changed.id != first.id and changed.active_alerts == 2
    assert (changed.outlook.lowest_balance, changed.outlook.lowest_on) == (
        Decimal("-300.00"),
        date(2026, 11, 10),
    )
    next_day = usecases.latest_snapshot(uow(), ALICE, at(NOW + timedelta(days=1)))
    assert next_day.snapshot_date == TODAY + timedelta(days=1)
    taken = usecases.generate_snapshot(uow(), ALICE, at(NOW + timedelta(days=1, hours=1)))
    assert taken.id != next_day.id
    assert (
        usecases.latest_snapshot(uow(), ALICE, at(NOW + timedelta(days=1, hours=2))).id == taken.id
    )


# -- the recurring transactions ----------------------------------------------------------------


def test_upcoming_and_detect_reuse_the_detector(uow: UowFactory, alice: uuid.UUID) -> None:
    page = usecases.upcoming_recurring(uow(), alice, 30, 5, clock)
    assert len(page.items) == 5 and page.total > 5
    assert (page.window.start, page.window.end) == (date(2026, 11, 2), date(2026, 12, 1))
    assert page.items == sorted(page.items, key=lambda u: u.expected)
    stored = usecases.list_predictions(uow(), alice, MONTHLY, clock).generated_at
    detected = usecases.detect_recurring(uow, alice, at(NOW + timedelta(minutes=1)))
    assert detected.patterns > detected.active_patterns >= 15
    # The predictions were computed from the series as detected before: computed again.
    again = usecases.list_predictions(uow(), alice, MONTHLY, at(NOW + timedelta(minutes=2)))
    assert again.generated_at != stored
