"""Suspicious-login detection over one account's login history. Pure: events in, findings out.

Each rule compares a login with what came *before* it, so a finding never changes when
later logins arrive, and an account's first logins set the baseline instead of raising
alarms.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from services.main.kernel.location import Location

Sensitivity = Literal["low", "medium", "high"]
Severity = Literal["low", "medium", "high"]

IMPOSSIBLE_TRAVEL_KMH = 900  # a long-haul airliner's cruising speed
# City-level GeoIP is often off by a few hundred kilometres (mobile carriers, ISP
# gateways), so shorter hops are not judged: only a jump no geolocation error explains.
IMPOSSIBLE_TRAVEL_MIN_KM = 500
FAILURE_BURST_WINDOW = timedelta(minutes=10)
FAILURE_BURST_THRESHOLD: Mapping[Sensitivity, int] = {"high": 3, "medium": 5, "low": 10}
UNUSUAL_HOUR_MIN_HISTORY = 5  # fewer earlier logins are no pattern to deviate from
EARTH_RADIUS_KM = 6371.0088  # IUGG mean radius

_REPORTED: Mapping[Sensitivity, frozenset[Severity]] = {
    "high": frozenset({"low", "medium", "high"}),
    "medium": frozenset({"medium", "high"}),
    "low": frozenset({"high"}),
}


@dataclass(frozen=True)
class LoginEvent:
    at: datetime
    ip: str
    success: bool
    device: str | None  # the client's device fingerprint, when it sent one
    user_agent: str | None
    location: Location


@dataclass(frozen=True)
class Anomaly:
    kind: str
    severity: Severity
    at: datetime
    ip: str
    description: str
    details: Mapping[str, str]


def haversine_km(a: Location, b: Location) -> float:
    """Great-circle distance between two located points (ValueError if one has none)."""
    if a.latitude is None or a.longitude is None or b.latitude is None or b.longitude is None:
        raise ValueError("both locations need coordinates")
    lat1, lon1, lat2, lon2 = map(math.radians, (a.latitude, a.longitude, b.latitude, b.longitude))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def detect(events: Sequence[LoginEvent], sensitivity: Sensitivity) -> list[Anomaly]:
    """Findings of the severities `sensitivity` asks for, newest first."""
    ordered = sorted(events, key=lambda e: as_utc(e.at))
    successes = [e for e in ordered if e.success]
    found = [
        *_new_device_and_country(successes),
        *_impossible_travel(successes),
        *_failure_bursts([e for e in ordered if not e.success], sensitivity),
        *_unusual_hours(successes),
    ]
    wanted = _REPORTED[sensitivity]
    reported = [a for a in found if a.severity in wanted]
    reported.sort(key=lambda a: as_utc(a.at), reverse=True)  # stable: rule order on ties
    return reported


def _new_device_and_country(successes: Sequence[LoginEvent]) -> list[Anomaly]:
    found: list[Anomaly] = []
    devices: set[str] = set()
    countries: set[str] = set()
    for event in successes:
        country = event.location.country_code
        new_country = country is not None and bool(countries) and country not in countries
        if new_country:
            found.append(
                Anomaly(
                    kind="new_country",
                    severity="medium",
                    at=event.at,
                    ip=event.ip,
                    description=f"Sign-in from a new country: {event.location.label}",
                    details=_where(event),
                )
            )
        # Only once some device is known is an unseen one news (old clients sent none).
        if event.device is not None and devices and event.device not in devices:
            found.append(
                Anomaly(
                    kind="new_device",
                    severity="medium" if new_country else "low",
                    at=event.at,
                    ip=event.ip,
                    description="Sign-in from a device not seen before",
                    details={
                        "device": event.device,
                        "user_agent": event.user_agent or "",
                        **_where(event),
                    },
                )
            )
        if event.device is not None:
            devices.add(event.device)
        if country is not None:
            countries.add(country)
    return found


def _impossible_travel(successes: Sequence[LoginEvent]) -> list[Anomaly]:
    # Compared with the previous login that had coordinates: a login from an unlocatable
    # address in between does not make the journey any shorter.
    found: list[Anomaly] = []
    previous: LoginEvent | None = None
    for event in successes:
        if not event.location.has_coordinates:
            continue
        if previous is not None:
            km = haversine_km(previous.location, event.location)
            hours = (as_utc(event.at) - as_utc(previous.at)).total_seconds() / 3600
            speed = math.inf if hours <= 0 else km / hours
            if km >= IMPOSSIBLE_TRAVEL_MIN_KM and speed > IMPOSSIBLE_TRAVEL_KMH:
                found.append(
                    Anomaly(
                        kind="impossible_travel",
                        severity="high",
                        at=event.at,
                        ip=event.ip,
                        description=(
                            f"Sign-ins from {previous.location.label} and "
                            f"{event.location.label} {km:.0f} km apart, too close in time "
                            "to travel between them"
                        ),
                        details={
                            "distance_km": f"{km:.0f}",
                            "hours": f"{max(hours, 0):.2f}",
                            "speed_kmh": "inf" if math.isinf(speed) else f"{speed:.0f}",
                            "from": previous.location.label,
                            "from_ip": previous.ip,
                            "to": event.location.label,
                        },
                    )
                )
        previous = event
    return found


def _failure_bursts(failures: Sequence[LoginEvent], sensitivity: Sensitivity) -> list[Anomaly]:
    """One finding per burst: a run of failures during which the last 10 minutes always
    held at least the threshold; it is reported at the failure that crossed it."""
    threshold = FAILURE_BURST_THRESHOLD[sensitivity]
    found: list[Anomaly] = []
    window: deque[LoginEvent] = deque()
    burst: list[LoginEvent] = []

    def close_burst() -> None:
        if burst:
            found.append(_burst_anomaly(burst, threshold))
            burst.clear()

    for event in failures:
        window.append(event)
        while as_utc(event.at) - as_utc(window[0].at) > FAILURE_BURST_WINDOW:
            window.popleft()
        if len(window) >= threshold:
            if not burst:
                burst.extend(window)  # the failures that crossed the threshold
            else:
                burst.append(event)
        else:
            close_burst()
    close_burst()
    return found


def _burst_anomaly(burst: Sequence[LoginEvent], threshold: int) -> Anomaly:
    crossing = burst[threshold - 1]
    ips = sorted({e.ip for e in burst})
    return Anomaly(
        kind="failure_burst",
        severity="high",
        at=crossing.at,
        ip=crossing.ip,
        description=f"{len(burst)} failed sign-in attempts in quick succession",
        details={
            "failures": str(len(burst)),
            "first_at": as_utc(burst[0].at).isoformat(),
            "last_at": as_utc(burst[-1].at).isoformat(),
            "ips": ",".join(ips),
        },
    )


def _unusual_hours(successes: Sequence[LoginEvent]) -> list[Anomaly]:
    found: list[Anomaly] = []
    hours: list[int] = []
    for event in successes:
        hour = as_utc(event.at).hour
        usual = {(h + d) % 24 for h in hours for d in (-1, 0, 1)}
        if len(hours) >= UNUSUAL_HOUR_MIN_HISTORY and hour not in usual:
            found.append(
                Anomaly(
                    kind="unusual_hour",
                    severity="low",
                    at=event.at,
                    ip=event.ip,
                    description=f"Sign-in at {hour:02d}:00 UTC, an hour this account never uses",
                    details={"hour_utc": str(hour), **_where(event)},
                )
            )
        hours.append(hour)
    return found


def _where(event: LoginEvent) -> dict[str, str]:
    return {"location": event.location.label, "country_code": event.location.country_code or ""}


def as_utc(moment: datetime) -> datetime:
    # Stored times are UTC; a naive one is read as UTC rather than as server-local time.
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
