from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from services.main.kernel.location import UNKNOWN, Location
from services.main.security.domain.anomalies import LoginEvent
from services.main.security.domain.dashboard import (
    LocationVisit,
    Overview,
    TimelineDay,
    location_history,
    overview,
    timeline,
)
from services.runtime.errors import InvalidArgument

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
LONDON = Location("GB", "United Kingdom", "London", 51.5142, -0.0931)
LONDON_NEWER = Location("GB", "United Kingdom", "London", 51.5, -0.12)
LINKOPING = Location("SE", "Sweden", "Linköping", 58.4167, 15.6167)


def event(
    ago: timedelta,
    success: bool = True,
    ip: str = "81.2.69.160",
    device: str | None = "laptop",
    where: Location = LONDON,
) -> LoginEvent:
    return LoginEvent(NOW - ago, ip, success, device, "Firefox", where)


EVENTS = [
    event(timedelta(days=40)),  # outside a 30-day window
    event(timedelta(days=5), ip="89.160.20.1", device="phone", where=LINKOPING),
    event(timedelta(days=2, hours=3), success=False, ip="203.0.113.7", device=None, where=UNKNOWN),
    event(timedelta(days=1)),
    event(
        timedelta(hours=2),
        success=False,
        ip="175.16.199.1",
        device="x",
        where=Location("CN", "China", "Changchun", 43.88, 125.3228),
    ),
    event(timedelta(hours=1)),
]


def test_overview_counts_the_window_only() -> None:
    assert overview(EVENTS, 30, NOW) == Overview(
        days=30,
        successful_logins=3,
        failed_logins=2,
        distinct_ips=4,
        distinct_devices=3,
        countries=["CN", "GB", "SE"],
        last_login_at=NOW - timedelta(hours=1),
        last_failed_at=NOW - timedelta(hours=2),
    )


def test_overview_of_a_short_window() -> None:
    summary = overview(EVENTS, 1, NOW)
    assert (summary.successful_logins, summary.failed_logins) == (2, 1)
    assert summary.countries == ["CN", "GB"]


def test_overview_of_nothing() -> None:
    assert overview([], 7, NOW) == Overview(7, 0, 0, 0, 0, [], None, None)


def test_overview_is_independent_of_event_order() -> None:
    assert overview(list(reversed(EVENTS)), 30, NOW) == overview(EVENTS, 30, NOW)


def test_timeline_is_zero_filled_oldest_first_ending_today() -> None:
    days = timeline(EVENTS, 7, NOW)
    assert len(days) == 7
    assert days[0].date == date(2026, 3, 4)
    assert days[-1] == TimelineDay(date(2026, 3, 10), successful=1, failed=1)
    assert days[5] == TimelineDay(date(2026, 3, 9), successful=1, failed=0)
    assert days[3] == TimelineDay(date(2026, 3, 7), successful=0, failed=0)
    assert days[1] == TimelineDay(date(2026, 3, 5), successful=1, failed=0)
    assert days[4] == TimelineDay(date(2026, 3, 8), successful=0, failed=1)
    assert sum(d.successful + d.failed for d in days) == 5


def test_timeline_uses_utc_days() -> None:
    late = datetime(2026, 3, 9, 23, 30, tzinfo=UTC)
    events = [LoginEvent(late.astimezone(_plus(2)), "81.2.69.1", True, None, None, UNKNOWN)]
    (yesterday, today) = timeline(events, 2, NOW)
    assert (yesterday.date, yesterday.successful) == (date(2026, 3, 9), 1)
    assert today.successful == 0


def test_one_day_timeline() -> None:
    assert timeline([], 1, NOW) == [TimelineDay(date(2026, 3, 10), 0, 0)]


@pytest.mark.parametrize("days", [0, -1])
def test_days_must_be_positive(days: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        overview(EVENTS, days, NOW)
    assert caught.value.violations[0].field == "days"
    with pytest.raises(InvalidArgument):
        timeline(EVENTS, days, NOW)


def test_location_history_groups_successful_logins() -> None:
    events = [
        *EVENTS,
        event(timedelta(days=3), where=LONDON_NEWER),  # same place, updated coordinates
    ]
    visits = location_history(events, 10)
    assert visits == [
        LocationVisit(
            location=LONDON,
            ip="81.2.69.160",
            first_seen=NOW - timedelta(days=40),
            last_seen=NOW - timedelta(hours=1),
            logins=4,
        ),
        LocationVisit(
            location=LINKOPING,
            ip="89.160.20.1",
            first_seen=NOW - timedelta(days=5),
            last_seen=NOW - timedelta(days=5),
            logins=1,
        ),
    ]


def test_location_history_keeps_addresses_apart_and_respects_limit() -> None:
    events = [event(timedelta(hours=h), ip=f"81.2.69.{h}") for h in range(1, 6)]
    visits = location_history(events, 3)
    assert [v.ip for v in visits] == ["81.2.69.1", "81.2.69.2", "81.2.69.3"]


def test_location_history_includes_unknown_places() -> None:
    (visit,) = location_history([event(timedelta(hours=1), ip="10.0.0.1", where=UNKNOWN)], 5)
    assert visit.location == UNKNOWN and visit.location.label == "unknown"


def test_location_history_limit_must_be_positive() -> None:
    with pytest.raises(InvalidArgument) as caught:
        location_history(EVENTS, 0)
    assert caught.value.violations[0].field == "limit"


def _plus(hours: int) -> timezone:
    return timezone(timedelta(hours=hours))
