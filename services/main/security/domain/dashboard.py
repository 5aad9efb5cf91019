"""Summaries of one account's login history for the security dashboard. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from services.main.kernel.location import Location
from services.main.security.domain.anomalies import LoginEvent, as_utc
from services.runtime.errors import InvalidArgument


@dataclass(frozen=True)
class Overview:
    days: int
    successful_logins: int
    failed_logins: int
    distinct_ips: int  # of every attempt: a failed one from a new address matters too
    distinct_devices: int  # of every attempt that sent a fingerprint
    countries: list[str]  # ISO codes of every located attempt, sorted
    last_login_at: datetime | None
    last_failed_at: datetime | None


@dataclass(frozen=True)
class TimelineDay:
    date: date
    successful: int
    failed: int


@dataclass(frozen=True)
class LocationVisit:
    location: Location
    ip: str
    first_seen: datetime
    last_seen: datetime
    logins: int


def overview(events: Sequence[LoginEvent], days: int, now: datetime) -> Overview:
    """Counts over the `days` x 24 hours before `now`."""
    _require_positive("days", days)
    since = as_utc(now) - timedelta(days=days)
    recent = [e for e in events if as_utc(e.at) >= since]
    successes = [as_utc(e.at) for e in recent if e.success]
    failures = [as_utc(e.at) for e in recent if not e.success]
    return Overview(
        days=days,
        successful_logins=len(successes),
        failed_logins=len(failures),
        distinct_ips=len({e.ip for e in recent}),
        distinct_devices=len({e.device for e in recent if e.device is not None}),
        countries=sorted({c for e in recent if (c := e.location.country_code) is not None}),
        last_login_at=max(successes, default=None),
        last_failed_at=max(failures, default=None),
    )


def timeline(events: Sequence[LoginEvent], days: int, now: datetime) -> list[TimelineDay]:
    """Attempts per UTC calendar day, oldest first: `days` entries ending with today,
    days without attempts included as zeros so a chart needs no gap filling."""
    _require_positive("days", days)
    today = as_utc(now).date()
    first = today - timedelta(days=days - 1)
    counts = {first + timedelta(days=i): [0, 0] for i in range(days)}
    for event in events:
        day = counts.get(as_utc(event.at).date())
        if day is not None:
            day[0 if event.success else 1] += 1
    return [TimelineDay(date=d, successful=s, failed=f) for d, (s, f) in counts.items()]


def location_history(events: Sequence[LoginEvent], limit: int) -> list[LocationVisit]:
    """Where the account signed in from: successful logins grouped by country, city and
    address, most recently used first, at most `limit` of them."""
    _require_positive("limit", limit)
    groups: dict[tuple[str | None, str | None, str], list[LoginEvent]] = {}
    for event in sorted((e for e in events if e.success), key=lambda e: as_utc(e.at)):
        key = (event.location.country_code, event.location.city, event.ip)
        groups.setdefault(key, []).append(event)
    visits = [
        LocationVisit(
            location=group[-1].location,  # the latest lookup: databases improve
            ip=group[-1].ip,
            first_seen=as_utc(group[0].at),
            last_seen=as_utc(group[-1].at),
            logins=len(group),
        )
        for group in groups.values()
    ]
    visits.sort(key=lambda v: v.last_seen, reverse=True)
    return visits[:limit]


def _require_positive(field: str, value: int) -> None:
    if value < 1:
        raise InvalidArgument.for_field(field, "must be at least 1")
