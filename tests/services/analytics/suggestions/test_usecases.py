"""Generating, listing and moving suggestions on a real database (SQLite and PostgreSQL):
the generated 3-year history's planted findings, a hand-made year's exact savings, and
what generating again keeps, refreshes and removes."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from services.analytics.suggestions import usecases
from services.analytics.suggestions.domain import GenerateResult, ListQuery, Suggestion
from services.runtime.errors import FailedPrecondition, NotFound, PermissionDenied
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import history, load
from tests.services.analytics.suggestions.support import (
    ACCOUNT_FEE,
    GYM,
    GYM_FEE,
    GYM_LAST_VISIT,
    OVERDRAFT,
    SPOTIFY_FEE,
    TODAY,
    Row,
    a_year,
    clock,
    store,
)

ALL = ListQuery(limit=100, offset=0)


def _generate(uow: UowFactory, user: uuid.UUID, today: date = TODAY) -> GenerateResult:
    return usecases.generate_suggestions(uow(), user, today, clock)


def _listed(
    uow: UowFactory, user: uuid.UUID, query: ListQuery = ALL, today: date = TODAY
) -> list[Suggestion]:
    return usecases.list_suggestions(uow(), user, query, today, clock).items


def _by_type(found: list[Suggestion]) -> dict[str, list[Suggestion]]:
    grouped: dict[str, list[Suggestion]] = {}
    for suggestion in found:
        grouped.setdefault(suggestion.finding.suggestion_type, []).append(suggestion)
    return grouped


# -- the generated history ---------------------------------------------------------------


def test_the_planted_findings_of_three_years_of_history(uow: UowFactory) -> None:
    planted = history()
    user = uuid.uuid4()
    load(uow, user, planted.transactions)
    today = planted.end + timedelta(days=1)
    result = _generate(uow, user, today)
    found = _by_type(_listed(uow, user, today=today))
    assert result.created == result.open == sum(len(v) for v in found.values())

    (unused,) = found["unused_subscription"]
    assert unused.finding.merchant_name == planted.unused.merchant
    assert unused.finding.evidence["lastUsage"] == planted.unused.usage_stopped_on.isoformat()
    gym = next(s for s in planted.series if s.merchant == planted.unused.merchant)
    assert unused.finding.potential_saving == -gym.amount * 12

    (duplicate,) = found["duplicate_subscription"]
    assert duplicate.finding.merchant_name == planted.duplicate.merchant
    plans = sorted(-s.amount for s in planted.series if s.merchant == planted.duplicate.merchant)
    assert duplicate.finding.potential_saving == plans[0] * 12  # the cheaper plan's year

    (fees,) = found["fees_and_interest"]
    window = [
        t
        for t in planted.transactions
        if t.merchant in planted.fee_merchants and today - timedelta(days=365) < t.booked_on
    ]
    assert fees.finding.potential_saving == -sum(t.amount for t in window)
    assert fees.finding.evidence["count"] == str(len(window))

    cheaper = found["cheaper_cadence"]
    netflix = next(s for s in planted.series if s.merchant == "Netflix")
    assert netflix.price_change is not None
    assert [(s.finding.merchant_name, s.finding.potential_saving) for s in cheaper] == [
        ("Netflix", -netflix.price_change[1] * 2)
    ]
    for suggestion in _listed(uow, user, today=today):
        assert suggestion.finding.potential_saving > 0
        assert 0 < suggestion.finding.confidence <= 1
        assert 0 < len(suggestion.finding.transaction_ids) <= 20


# -- a hand-made year --------------------------------------------------------------------


def test_every_rule_s_saving_to_the_cent(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    result = _generate(uow, user)
    assert (result.created, result.open, result.removed) == (4, 4, 0)
    found = _listed(uow, user)
    # Largest saving first.
    assert [(s.finding.suggestion_type, s.finding.potential_saving) for s in found] == [
        ("unused_subscription", GYM_FEE * 12),
        ("category_overspend", Decimal("300.00")),
        ("cheaper_cadence", SPOTIFY_FEE * 2),
        ("fees_and_interest", OVERDRAFT + ACCOUNT_FEE),
    ]
    unused, overspend, _, fees = found
    assert unused.finding.merchant_name == GYM
    assert unused.finding.evidence["lastUsage"] == GYM_LAST_VISIT.isoformat()
    assert all(s.status == "new" for s in found)
    with uow() as unit:
        categories = {c.default_key: c for c in unit.repos.categories.all_of(user)}
    assert overspend.finding.category_id == categories["food"].id
    assert overspend.finding.evidence["month"] == "2026-10"
    # The month's largest debits of the category: October's one shop.
    assert len(overspend.finding.transaction_ids) == 1
    assert fees.finding.category_id == categories["fees"].id
    assert fees.finding.evidence["count"] == "2"


def test_generating_again_changes_nothing(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    _generate(uow, user)
    before = _listed(uow, user)
    later = lambda: datetime(2026, 11, 1, 18, tzinfo=UTC)  # noqa: E731
    again = usecases.generate_suggestions(uow(), user, TODAY, later)
    assert (again.created, again.open, again.removed) == (0, 4, 0)
    # Same ids, same figures, not even touched.
    assert _listed(uow, user) == before


def test_the_user_s_decision_survives_generation(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    _generate(uow, user)
    unused, overspend, cheaper, fees = _listed(uow, user)
    usecases.update_status(uow(), user, unused.id, "dismissed", clock)
    usecases.update_status(uow(), user, fees.id, "implemented", clock)
    usecases.update_status(uow(), user, cheaper.id, "viewed", clock)
    again = _generate(uow, user)
    assert (again.created, again.open, again.removed) == (0, 2, 0)
    statuses = {s.id: s.status for s in _listed(uow, user)}
    assert statuses == {
        unused.id: "dismissed",
        overspend.id: "new",
        cheaper.id: "viewed",
        fees.id: "implemented",
    }


def test_suggestions_the_data_no_longer_supports_are_removed(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    _generate(uow, user)
    unused, overspend, cheaper, fees = _listed(uow, user)
    usecases.update_status(uow(), user, unused.id, "viewed", clock)
    # Back at the gym's bar: the gym is used again.
    store(uow, user, [Row(TODAY - timedelta(days=1), "-6.00", "CARD POWERGYM BAR", GYM)])
    result = _generate(uow, user)
    assert (result.created, result.open, result.removed) == (0, 3, 1)
    assert {s.id for s in _listed(uow, user)} == {overspend.id, cheaper.id, fees.id}


def test_a_dismissed_finding_gone_from_the_data_is_kept(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    _generate(uow, user)
    unused = _listed(uow, user)[0]
    usecases.update_status(uow(), user, unused.id, "dismissed", clock)
    store(uow, user, [Row(TODAY - timedelta(days=1), "-6.00", "CARD POWERGYM BAR", GYM)])
    assert _generate(uow, user).removed == 0
    kept = _listed(uow, user, ListQuery(limit=10, offset=0, status="dismissed"))
    assert [s.id for s in kept] == [unused.id]


def test_next_month_s_overspend_is_a_new_suggestion(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    _generate(uow, user)
    overspend = _listed(uow, user, ListQuery(10, 0, suggestion_type="category_overspend"))
    usecases.update_status(uow(), user, overspend[0].id, "dismissed", clock)
    # November at twice the usual again: a new month, a new suggestion.
    store(
        uow, user, [Row(date(2026, 11, 15), "-650.00", "ALBERT HEIJN", "Albert Heijn", "groceries")]
    )
    december = date(2026, 12, 1)
    found = _listed(uow, user, ListQuery(10, 0, suggestion_type="category_overspend"), december)
    assert [(s.status, s.finding.evidence["month"]) for s in found] == [
        ("new", "2026-11"),
        ("dismissed", "2026-10"),
    ]


def test_lists_generate_when_the_data_or_the_day_moved_on(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    # Never generated: the first list does.
    assert len(_listed(uow, user)) == 4
    top = usecases.top_suggestions(uow(), user, 2, TODAY, clock)
    assert [s.finding.suggestion_type for s in top] == ["unused_subscription", "category_overspend"]
    # New data: the list generates again before answering.
    store(uow, user, [Row(TODAY - timedelta(days=1), "-6.00", "CARD POWERGYM BAR", GYM)])
    assert "unused_subscription" not in {s.finding.suggestion_type for s in _listed(uow, user)}
    # A day later nothing changed in the data, but October is still the last complete
    # month and the fees' window moved by a day: the same findings.
    assert len(_listed(uow, user, today=TODAY + timedelta(days=1))) == 3
    # A year on, with no new data: the gym stopped charging, October 2026 is history and
    # the fees are out of the window.
    assert _listed(uow, user, today=date(2027, 12, 1)) == []


def test_a_user_without_data_has_no_suggestions(uow: UowFactory) -> None:
    user = uuid.uuid4()
    assert _listed(uow, user) == []
    result = _generate(uow, user)
    assert (result.created, result.open, result.removed) == (0, 0, 0)
    assert usecases.top_suggestions(uow(), user, 5, TODAY, clock) == []


# -- status --------------------------------------------------------------------------


def test_moves_follow_the_status_machine(uow: UowFactory) -> None:
    user = uuid.uuid4()
    store(uow, user, a_year())
    _generate(uow, user)
    first = _listed(uow, user)[0]
    viewed = usecases.update_status(uow(), user, first.id, "viewed", clock)
    assert viewed.status == "viewed" and viewed.updated_at == clock()
    # The same status again is answered, unchanged.
    assert usecases.update_status(uow(), user, first.id, "viewed", clock) == viewed
    with pytest.raises(FailedPrecondition) as caught:
        usecases.update_status(uow(), user, first.id, "new", clock)
    assert caught.value.reason == "INVALID_TRANSITION"
    done = usecases.update_status(uow(), user, first.id, "implemented", clock)
    assert done.status == "implemented"
    with pytest.raises(FailedPrecondition):
        usecases.update_status(uow(), user, first.id, "dismissed", clock)
    # Top lists only the open ones.
    top = usecases.top_suggestions(uow(), user, 100, TODAY, clock)
    assert first.id not in {s.id for s in top} and len(top) == 3


def test_another_user_s_suggestion_is_forbidden_and_a_missing_one_not_found(
    uow: UowFactory,
) -> None:
    alice, bob = uuid.uuid4(), uuid.uuid4()
    store(uow, alice, a_year())
    _generate(uow, alice)
    hers = _listed(uow, alice)[0]
    with pytest.raises(PermissionDenied):
        usecases.update_status(uow(), bob, hers.id, "viewed", clock)
    with pytest.raises(NotFound):
        usecases.update_status(uow(), bob, uuid.uuid4(), "viewed", clock)
    assert _listed(uow, bob) == []
    assert _listed(uow, alice)[0].status == "new"
