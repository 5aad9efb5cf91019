"""The security dashboard through the edge, with locations from the test GeoIP database:
London (81.2.69.0/24) and Changchun (175.16.199.0/24) minutes apart are impossible travel."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from tests.e2e.identity_support import (
    Account,
    IdentityClient,
    Session,
    from_ip,
    gateway_error,
    unique_ip,
)

pytestmark = pytest.mark.e2e

LONDON_IP = "81.2.69.10"
CHANGCHUN_IP = "175.16.199.10"
MILTON_IP = "216.160.83.10"
LINKOPING_IP = "89.160.20.10"


def _get(
    identity: IdentityClient, session: Session, path: str, **params: str | int
) -> dict[str, Any]:
    response = identity.http.get(path, headers=session.auth, params=params)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def _travelled(identity: IdentityClient) -> tuple[Account, Session, Session]:
    """An account that logged in from London, then from Changchun, then failed once from
    a private address."""
    account = identity.verified()
    london = identity.session(account, headers=from_ip(LONDON_IP))
    changchun = identity.session(account, headers=from_ip(CHANGCHUN_IP))
    failed = identity.http.post(
        "/api/auth/login",
        json={"email": account.email, "password": "not-the-password-at-all"},
        headers=from_ip(unique_ip()),
    )
    assert failed.status_code == 401
    return account, london, changchun


def test_location_history_lists_both_cities_most_recent_first(identity: IdentityClient) -> None:
    _, london, _ = _travelled(identity)
    locations = _get(identity, london, "/api/security/location-history")["locations"]
    assert [visit["location"]["city"] for visit in locations] == ["Changchun", "London"]
    assert [visit["ip_address"] for visit in locations] == [CHANGCHUN_IP, LONDON_IP]
    assert [visit["location"]["country_code"] for visit in locations] == ["CN", "GB"]
    assert locations[1]["location"]["label"] == "London, United Kingdom"
    for visit in locations:
        assert visit["logins"] == 1
        assert visit["first_seen"] == visit["last_seen"]

    limited = _get(identity, london, "/api/security/location-history", limit=1)["locations"]
    assert [visit["location"]["city"] for visit in limited] == ["Changchun"]


def test_anomalies_report_impossible_travel_and_a_new_country(identity: IdentityClient) -> None:
    _, london, _ = _travelled(identity)
    high = _get(identity, london, "/api/security/dashboard/anomalies", sensitivity="high")
    assert high["sensitivity"] == "high"
    kinds = {a["kind"]: a for a in high["anomalies"]}
    assert {"impossible_travel", "new_country"} <= set(kinds)

    travel = kinds["impossible_travel"]
    assert travel["severity"] == "high"
    assert travel["ip_address"] == CHANGCHUN_IP
    assert travel["details"]["from"] == "London, United Kingdom"
    assert travel["details"]["to"] == "Changchun, China"
    assert float(travel["details"]["distance_km"]) > 8000
    new_country = kinds["new_country"]
    assert new_country["severity"] == "medium"
    assert new_country["details"]["country_code"] == "CN"

    default = _get(identity, london, "/api/security/dashboard/anomalies")
    assert default["sensitivity"] == "medium"
    assert {"impossible_travel", "new_country"} <= {a["kind"] for a in default["anomalies"]}
    low = _get(identity, london, "/api/security/dashboard/anomalies", sensitivity="low")
    assert {a["kind"] for a in low["anomalies"]} == {"impossible_travel"}


def test_overview_counts_the_period(identity: IdentityClient) -> None:
    _, london, _ = _travelled(identity)
    overview = _get(identity, london, "/api/security/dashboard/overview", days=30)
    assert overview["days"] == 30
    assert overview["successful_logins"] == 2
    assert overview["failed_logins"] == 1
    assert overview["distinct_ips"] == 3
    assert overview["countries"] == ["CN", "GB"]
    assert overview["active_sessions"] == 2
    assert overview.get("trusted_devices", 0) == 0
    assert overview.get("mfa_enabled", False) is False
    assert overview["anomalies"] == 2  # impossible travel (high) and new country (medium)
    assert overview["last_login_at"] and overview["last_failed_at"]
    assert _get(identity, london, "/api/security/dashboard/overview")["days"] == 30


def test_timeline_has_one_entry_per_day_and_the_events(identity: IdentityClient) -> None:
    _, london, _ = _travelled(identity)
    timeline = _get(identity, london, "/api/security/dashboard/timeline", days=7)
    assert timeline["days"] == 7
    days = [date.fromisoformat(d["date"]) for d in timeline["timeline"]]
    today = datetime.now(UTC).date()
    assert days == [today - timedelta(days=6 - i) for i in range(7)]
    assert timeline["timeline"][-1].get("successful", 0) == 2
    assert timeline["timeline"][-1].get("failed", 0) == 1
    assert all(d.get("successful", 0) == d.get("failed", 0) == 0 for d in timeline["timeline"][:-1])

    events = timeline["events"]
    kinds = [e["kind"] for e in events]
    assert kinds.count("login_succeeded") == 2 and kinds.count("login_failed") == 1
    assert "email_verified" in kinds
    newest_login = next(e for e in events if e["kind"] == "login_succeeded")
    assert newest_login["location"]["city"] == "Changchun"  # newest first
    assert newest_login["result"] == "ok"
    failed = next(e for e in events if e["kind"] == "login_failed")
    assert failed["location"] == {"label": "unknown"}  # a private address

    default = _get(identity, london, "/api/security/dashboard/timeline")
    assert default["days"] == 30 and len(default["timeline"]) == 30


def test_security_views_only_show_the_callers_own_events(identity: IdentityClient) -> None:
    alice_account = identity.verified()
    alice = identity.session(alice_account, headers=from_ip(LINKOPING_IP))
    bob_account = identity.verified()
    identity.session(bob_account, headers=from_ip(MILTON_IP))
    bob_failure = identity.http.post(
        "/api/auth/login",
        json={"email": bob_account.email, "password": "not-the-password-at-all"},
        headers=from_ip(MILTON_IP),
    )
    assert bob_failure.status_code == 401

    timeline = _get(identity, alice, "/api/security/dashboard/timeline", days=1)
    assert MILTON_IP not in {e["ip_address"] for e in timeline["events"]}
    logins = [e for e in timeline["events"] if e["kind"].startswith("login_")]
    assert [(e["kind"], e["ip_address"]) for e in logins] == [("login_succeeded", LINKOPING_IP)]
    overview = _get(identity, alice, "/api/security/dashboard/overview", days=1)
    assert overview["successful_logins"] == 1
    assert overview.get("failed_logins", 0) == 0
    assert overview["countries"] == ["SE"]
    locations = _get(identity, alice, "/api/security/location-history")["locations"]
    assert [v["ip_address"] for v in locations] == [LINKOPING_IP]
    anomalies = _get(identity, alice, "/api/security/dashboard/anomalies", sensitivity="high")
    assert anomalies.get("anomalies", []) == []


@pytest.mark.parametrize(
    ("path", "name", "value"),
    [
        ("/api/security/dashboard/overview", "days", "0"),
        ("/api/security/dashboard/overview", "days", "366"),
        ("/api/security/dashboard/overview", "days", "abc"),
        ("/api/security/dashboard/overview", "days", "-1"),
        ("/api/security/dashboard/timeline", "days", "0"),
        ("/api/security/dashboard/timeline", "days", "366"),
        ("/api/security/dashboard/timeline", "days", "abc"),
        ("/api/security/dashboard/anomalies", "sensitivity", "extreme"),
        ("/api/security/dashboard/anomalies", "sensitivity", "HIGH"),
        ("/api/security/location-history", "limit", "0"),
        ("/api/security/location-history", "limit", "101"),
        ("/api/security/location-history", "limit", "ten"),
    ],
)
def test_bad_dashboard_queries_are_400_naming_the_parameter(
    identity: IdentityClient, path: str, name: str, value: str
) -> None:
    session = identity.session()
    response = identity.http.get(path, headers=session.auth, params={name: value})
    gateway_error(response, 400, "validation_error", mentions=name)


@pytest.mark.parametrize(
    ("path", "name", "value"),
    [
        ("/api/security/dashboard/overview", "days", "1"),
        ("/api/security/dashboard/overview", "days", "365"),
        ("/api/security/dashboard/timeline", "days", "365"),
        ("/api/security/location-history", "limit", "100"),
        ("/api/security/dashboard/anomalies", "sensitivity", "low"),
    ],
)
def test_dashboard_query_bounds_are_accepted(
    identity: IdentityClient, path: str, name: str, value: str
) -> None:
    session = identity.session()
    response = identity.http.get(path, headers=session.auth, params={name: value})
    assert response.status_code == 200, response.text


def test_the_email_verified_event_records_where_the_request_came_from(
    identity: IdentityClient,
) -> None:
    account = identity.new_account()
    assert identity.register(account).status_code == 202
    token = identity.sink.latest_token(account.email)
    verified = identity.http.get(
        "/api/auth/verify-email",
        params={"token": token},
        headers={"x-forwarded-for": LONDON_IP, "user-agent": "Mail-Client/1.0"},
    )
    assert verified.status_code == 200
    session = identity.session(account)
    events = _get(identity, session, "/api/security/dashboard/timeline", days=1)["events"]
    [event] = [e for e in events if e["kind"] == "email_verified"]
    assert event["ip_address"] == LONDON_IP
    assert event["user_agent"] == "Mail-Client/1.0"
    assert event["location"]["city"] == "London"


def test_security_endpoints_need_a_token(identity: IdentityClient) -> None:
    for path in (
        "/api/security/dashboard/overview",
        "/api/security/dashboard/timeline",
        "/api/security/dashboard/anomalies",
        "/api/security/location-history",
    ):
        gateway_error(identity.http.get(path), 401, "unauthorized")
