from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone

import pytest

from services.main.kernel.location import UNKNOWN, Location
from services.main.security.domain.anomalies import (
    FAILURE_BURST_THRESHOLD,
    IMPOSSIBLE_TRAVEL_KMH,
    Anomaly,
    LoginEvent,
    Sensitivity,
    detect,
    haversine_km,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LONDON = Location("GB", "United Kingdom", "London", 51.5142, -0.0931)
MILTON = Location("US", "United States", "Milton", 47.2513, -122.3149)
LINKOPING = Location("SE", "Sweden", "Linköping", 58.4167, 15.6167)
CHANGCHUN = Location("CN", "China", "Changchun", 43.88, 125.3228)
CAMBRIDGE = Location("GB", "United Kingdom", "Cambridge", 52.2053, 0.1218)


def ok(
    at: datetime,
    where: Location = LONDON,
    device: str | None = "laptop",
    ip: str = "81.2.69.160",
) -> LoginEvent:
    return LoginEvent(
        at=at, ip=ip, success=True, device=device, user_agent="Firefox", location=where
    )


def fail(at: datetime, ip: str = "203.0.113.9", where: Location = UNKNOWN) -> LoginEvent:
    return LoginEvent(at=at, ip=ip, success=False, device=None, user_agent=None, location=where)


def kinds(anomalies: Sequence[Anomaly]) -> list[str]:
    return [a.kind for a in anomalies]


def daily(days: int, hour: int = 9) -> list[LoginEvent]:
    """A settled routine: one London laptop login a day at the same hour."""
    return [ok(T0.replace(hour=hour) + timedelta(days=d)) for d in range(days)]


def test_haversine() -> None:
    assert haversine_km(LONDON, LONDON) == 0
    assert haversine_km(LONDON, CHANGCHUN) == pytest.approx(8_190, rel=0.01)
    assert haversine_km(LONDON, MILTON) == pytest.approx(7_730, rel=0.01)
    assert haversine_km(LONDON, CHANGCHUN) == pytest.approx(haversine_km(CHANGCHUN, LONDON))
    with pytest.raises(ValueError):
        haversine_km(LONDON, UNKNOWN)


def test_no_events_no_anomalies() -> None:
    assert detect([], "high") == []


def test_a_settled_routine_is_quiet() -> None:
    assert detect(daily(10), "high") == []


def test_the_very_first_login_is_not_an_anomaly() -> None:
    assert detect([ok(T0, CHANGCHUN, device="phone")], "high") == []


def test_new_device() -> None:
    events = [*daily(3), ok(T0 + timedelta(days=3), device="tablet")]
    (found,) = detect(events, "high")
    assert (found.kind, found.severity) == ("new_device", "low")
    assert found.at == T0 + timedelta(days=3)
    assert found.ip == "81.2.69.160"
    assert found.details["device"] == "tablet"
    assert found.details["user_agent"] == "Firefox"


def test_a_device_seen_only_in_failed_logins_is_still_new() -> None:
    events = [
        *daily(2),
        LoginEvent(T0 + timedelta(hours=30), "81.2.69.1", False, "tablet", None, LONDON),
        ok(T0 + timedelta(days=2), device="tablet"),
    ]
    assert kinds(detect(events, "high")) == ["new_device"]


def test_logins_without_a_fingerprint_are_not_new_devices() -> None:
    assert detect([*daily(3), ok(T0 + timedelta(days=3), device=None)], "high") == []


def test_new_country_and_new_device_together_raise_the_device_severity() -> None:
    events = [*daily(3), ok(T0 + timedelta(days=3), LINKOPING, device="phone", ip="89.160.20.1")]
    found = detect(events, "high")
    assert sorted((a.kind, a.severity) for a in found) == [
        ("new_country", "medium"),
        ("new_device", "medium"),
    ]
    country = next(a for a in found if a.kind == "new_country")
    assert country.ip == "89.160.20.1"
    assert country.details["country_code"] == "SE"
    assert "Linköping, Sweden" in country.description


def test_unknown_locations_do_not_count_as_new_countries() -> None:
    events = [*daily(3), ok(T0 + timedelta(days=3), UNKNOWN), ok(T0 + timedelta(days=4))]
    assert detect(events, "high") == []


def test_a_country_seen_before_is_not_new() -> None:
    events = [
        ok(T0),
        ok(T0 + timedelta(days=1), LINKOPING),
        ok(T0 + timedelta(days=2)),
        ok(T0 + timedelta(days=3), LINKOPING),
    ]
    assert kinds(detect(events, "high")) == ["new_country"]


def test_impossible_travel_london_to_changchun_in_one_hour() -> None:
    events = [*daily(3), ok(T0 + timedelta(days=2, hours=1), CHANGCHUN, ip="175.16.199.1")]
    found = detect(events, "low")  # high severity: reported even at low sensitivity
    assert kinds(found) == ["impossible_travel"]
    travel = found[0]
    assert travel.severity == "high"
    assert travel.ip == "175.16.199.1"
    assert travel.details["from"] == "London, United Kingdom"
    assert travel.details["to"] == "Changchun, China"
    assert float(travel.details["speed_kmh"]) > IMPOSSIBLE_TRAVEL_KMH
    assert int(travel.details["distance_km"]) == pytest.approx(8_190, rel=0.01)


def test_the_same_trip_over_a_day_is_plausible() -> None:
    events = [*daily(3), ok(T0 + timedelta(days=3, hours=1), CHANGCHUN)]
    assert "impossible_travel" not in kinds(detect(events, "high"))


def test_simultaneous_logins_far_apart_are_impossible() -> None:
    events = [ok(T0), ok(T0, MILTON, ip="216.160.83.1")]
    assert kinds(detect(events, "low")) == ["impossible_travel"]
    assert detect(events, "low")[0].details["speed_kmh"] == "inf"


def test_short_hops_are_within_geolocation_error() -> None:
    # London → Cambridge (~80 km) in 2 minutes: a GeoIP artefact, not a journey.
    events = [ok(T0), ok(T0 + timedelta(minutes=2), CAMBRIDGE)]
    assert detect(events, "high") == []


def test_travel_is_measured_from_the_last_located_login() -> None:
    events = [
        ok(T0),
        ok(T0 + timedelta(minutes=20), UNKNOWN, ip="10.0.0.1"),
        ok(T0 + timedelta(minutes=40), CHANGCHUN),
    ]
    assert "impossible_travel" in kinds(detect(events, "low"))


def test_failed_logins_do_not_count_for_travel() -> None:
    events = [ok(T0), fail(T0 + timedelta(minutes=5), where=CHANGCHUN), ok(T0 + timedelta(hours=1))]
    assert detect(events, "high") == []


@pytest.mark.parametrize(("sensitivity", "threshold"), [("high", 3), ("medium", 5), ("low", 10)])
def test_failure_burst_threshold_follows_sensitivity(
    sensitivity: Sensitivity, threshold: int
) -> None:
    assert FAILURE_BURST_THRESHOLD[sensitivity] == threshold
    below = [fail(T0 + timedelta(seconds=30 * i)) for i in range(threshold - 1)]
    assert detect(below, sensitivity) == []
    at = [*below, fail(T0 + timedelta(seconds=30 * (threshold - 1)))]
    (found,) = detect(at, sensitivity)
    assert (found.kind, found.severity) == ("failure_burst", "high")
    assert found.at == T0 + timedelta(seconds=30 * (threshold - 1))
    assert found.details["failures"] == str(threshold)


def test_failures_spread_beyond_ten_minutes_are_no_burst() -> None:
    events = [fail(T0 + timedelta(minutes=6 * i)) for i in range(6)]
    assert detect(events, "high") == []


def test_ten_minutes_inclusive() -> None:
    events = [fail(T0), fail(T0 + timedelta(minutes=5)), fail(T0 + timedelta(minutes=10))]
    assert kinds(detect(events, "high")) == ["failure_burst"]


def test_one_continuing_attack_is_one_finding_with_its_size() -> None:
    events = [fail(T0 + timedelta(minutes=i), ip=f"198.51.100.{i % 3}") for i in range(20)]
    (found,) = detect(events, "high")
    assert found.details["failures"] == "20"
    assert found.details["ips"] == "198.51.100.0,198.51.100.1,198.51.100.2"
    assert found.at == T0 + timedelta(minutes=2)
    assert found.details["first_at"] == T0.isoformat()
    assert found.details["last_at"] == (T0 + timedelta(minutes=19)).isoformat()


def test_two_separate_attacks_are_two_findings() -> None:
    first = [fail(T0 + timedelta(minutes=i)) for i in range(3)]
    second = [fail(T0 + timedelta(hours=5, minutes=i)) for i in range(4)]
    found = detect([*first, *second], "high")
    assert [a.details["failures"] for a in found] == ["4", "3"]  # newest first


def test_unusual_hour_after_an_established_routine() -> None:
    events = [*daily(5, hour=9), ok(T0.replace(hour=3) + timedelta(days=5))]
    (found,) = detect(events, "high")
    assert (found.kind, found.severity) == ("unusual_hour", "low")
    assert found.details["hour_utc"] == "3"


def test_an_hour_next_to_a_usual_one_is_fine() -> None:
    events = [*daily(5, hour=9), ok(T0.replace(hour=10, minute=59) + timedelta(days=5))]
    assert detect(events, "high") == []


def test_usual_hours_wrap_around_midnight() -> None:
    events = [*daily(5, hour=23), ok(T0.replace(hour=0) + timedelta(days=6))]
    assert detect(events, "high") == []


def test_no_unusual_hour_before_five_earlier_logins() -> None:
    events = [*daily(4, hour=9), ok(T0.replace(hour=3) + timedelta(days=4))]
    assert detect(events, "high") == []


def test_non_utc_times_are_judged_in_utc() -> None:
    plus_two = timezone_offset_hours(2)
    # 11:00 at UTC+2 is 09:00 UTC: the routine hour.
    events = [*daily(5, hour=9), ok(datetime(2026, 3, 10, 11, 0, tzinfo=plus_two))]
    assert detect(events, "high") == []


def timezone_offset_hours(hours: int) -> timezone:
    return timezone(timedelta(hours=hours))


def test_sensitivity_filters_severities() -> None:
    events = [
        *daily(5, hour=9),
        ok(T0.replace(hour=3) + timedelta(days=5), device="tablet"),  # unusual hour + device
        ok(T0.replace(hour=9) + timedelta(days=6), LINKOPING),  # new country (medium)
        *[fail(T0 + timedelta(days=7, minutes=i)) for i in range(5)],  # burst (high)
    ]
    high = detect(events, "high")
    assert sorted(kinds(high)) == ["failure_burst", "new_country", "new_device", "unusual_hour"]
    assert sorted(kinds(detect(events, "medium"))) == ["failure_burst", "new_country"]
    assert kinds(detect(events, "low")) == []  # 5 failures is below the low threshold (10)


def test_events_in_any_order_give_the_same_findings_newest_first() -> None:
    events = [
        *daily(3),
        ok(T0 + timedelta(days=3), device="tablet"),
        ok(T0 + timedelta(days=4), LINKOPING),
        ok(T0 + timedelta(days=4, hours=1), CHANGCHUN),
    ]
    forwards = detect(events, "high")
    assert detect(list(reversed(events)), "high") == forwards
    times = [a.at for a in forwards]
    assert times == sorted(times, reverse=True)
    assert forwards[0].at == T0 + timedelta(days=4, hours=1)


def test_naive_datetimes_are_read_as_utc() -> None:
    naive = [ok(datetime(2026, 3, 2, 9, 0)), ok(datetime(2026, 3, 2, 9, 30), CHANGCHUN)]
    assert kinds(detect(naive, "low")) == ["impossible_travel"]
