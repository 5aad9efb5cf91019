"""Trusted devices through the edge: register (201), list, renew, revoke, revoke-all,
isolation between users, and skipping the MFA step from a trusted device."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from tests.e2e.identity_support import (
    IdentityClient,
    Session,
    claims_of,
    gateway_error,
)

pytestmark = pytest.mark.e2e


def _fingerprint() -> str:
    return f"fp-{uuid.uuid4().hex}"


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _register(
    identity: IdentityClient, session: Session, fingerprint: str, **extra: object
) -> dict[str, object]:
    response = identity.http.post(
        "/api/auth/trusted-devices",
        headers=session.auth,
        json={"fingerprint_hash": fingerprint, **extra},
    )
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def _listed(identity: IdentityClient, session: Session) -> list[dict[str, object]]:
    response = identity.http.get("/api/auth/trusted-devices", headers=session.auth)
    assert response.status_code == 200, response.text
    return response.json().get("devices", [])  # type: ignore[no-any-return]


def test_register_list_renew_and_revoke_a_trusted_device(identity: IdentityClient) -> None:
    session = identity.session()
    assert _listed(identity, session) == []
    fingerprint = _fingerprint()

    device = _register(identity, session, fingerprint, nickname="Work laptop", trusted_days=7)
    assert device["fingerprint_hash"] == fingerprint
    assert device["nickname"] == "Work laptop"
    assert device["last_used_at"] is None
    lifetime = _when(str(device["expires_at"])) - _when(str(device["created_at"]))
    assert lifetime == timedelta(days=7)
    assert _listed(identity, session) == [device]

    default = _register(identity, session, _fingerprint())
    default_lifetime = _when(str(default["expires_at"])) - _when(str(default["created_at"]))
    assert default_lifetime == timedelta(days=30)
    assert (
        _listed(identity, session)[0]["fingerprint_hash"] == (default["fingerprint_hash"])
    )  # newest first

    renewed = _register(identity, session, fingerprint, nickname="Renamed", trusted_days=90)
    assert renewed["nickname"] == "Renamed"
    assert _when(str(renewed["expires_at"])) > datetime.now(UTC) + timedelta(days=89)
    assert len(_listed(identity, session)) == 2

    revoked = identity.http.post(
        "/api/auth/trusted-devices/revoke",
        headers=session.auth,
        json={"fingerprint_hash": fingerprint},
    )
    assert revoked.status_code == 200, revoked.text
    assert revoked.json() == {"revoked": True}
    assert [d["fingerprint_hash"] for d in _listed(identity, session)] == [
        default["fingerprint_hash"]
    ]
    again = identity.http.post(
        "/api/auth/trusted-devices/revoke",
        headers=session.auth,
        json={"fingerprint_hash": fingerprint},
    )
    gateway_error(again, 404, "not_found")


def test_revoke_all_trusted_devices(identity: IdentityClient) -> None:
    session = identity.session()
    for _ in range(3):
        _register(identity, session, _fingerprint())
    response = identity.http.post(
        "/api/auth/trusted-devices/revoke-all", headers=session.auth, json={}
    )
    assert response.status_code == 200, response.text
    assert response.json() == {"revoked": 3}
    assert _listed(identity, session) == []
    nothing = identity.http.post(
        "/api/auth/trusted-devices/revoke-all", headers=session.auth, json={}
    )
    assert nothing.json().get("revoked", 0) == 0


def test_a_trusted_device_skips_the_mfa_step_until_revoked(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    identity.enable_mfa(session)
    trusted, stranger = _fingerprint(), _fingerprint()
    _register(identity, session, trusted, nickname="Phone")

    direct = identity.login(account, device_fingerprint=trusted)
    assert direct.status_code == 200, direct.text
    assert direct.json().get("mfa_required", False) is False
    token = direct.json()["access_token"]
    assert claims_of(token)["amr"] == ["pwd"]  # no second factor was presented
    [device] = _listed(identity, session)
    assert device["last_used_at"] is not None

    other = identity.login(account, device_fingerprint=stranger)
    assert other.json()["mfa_required"] is True and not other.json().get("access_token")
    assert identity.login(account).json()["mfa_required"] is True

    identity.http.post(
        "/api/auth/trusted-devices/revoke", headers=session.auth, json={"fingerprint_hash": trusted}
    )
    after = identity.login(account, device_fingerprint=trusted)
    assert after.json()["mfa_required"] is True and not after.json().get("access_token")


def test_revoke_all_ends_mfa_skipping(identity: IdentityClient) -> None:
    account = identity.verified()
    session = identity.session(account)
    identity.enable_mfa(session)
    trusted = _fingerprint()
    _register(identity, session, trusted)
    assert identity.login(account, device_fingerprint=trusted).json().get("access_token")
    identity.http.post("/api/auth/trusted-devices/revoke-all", headers=session.auth, json={})
    assert identity.login(account, device_fingerprint=trusted).json()["mfa_required"] is True


def test_devices_are_isolated_between_users(identity: IdentityClient) -> None:
    alice = identity.session()
    bob_account = identity.verified()
    bob = identity.session(bob_account)
    identity.enable_mfa(bob)
    fingerprint = _fingerprint()
    _register(identity, alice, fingerprint)

    assert _listed(identity, bob) == []
    refused = identity.http.post(
        "/api/auth/trusted-devices/revoke", headers=bob.auth, json={"fingerprint_hash": fingerprint}
    )
    gateway_error(refused, 404, "not_found")
    identity.http.post("/api/auth/trusted-devices/revoke-all", headers=bob.auth, json={})
    assert [d["fingerprint_hash"] for d in _listed(identity, alice)] == [fingerprint]
    # Alice trusting a fingerprint does not make it trusted for Bob.
    login = identity.login(bob_account, device_fingerprint=fingerprint)
    assert login.json()["mfa_required"] is True


def test_device_events_record_where_the_request_came_from(identity: IdentityClient) -> None:
    session = identity.session()
    fingerprint = _fingerprint()
    headers = {**session.auth, "x-forwarded-for": "81.2.69.30", "user-agent": "Device-Test/1.0"}
    response = identity.http.post(
        "/api/auth/trusted-devices", headers=headers, json={"fingerprint_hash": fingerprint}
    )
    assert response.status_code == 201, response.text
    identity.http.post(
        "/api/auth/trusted-devices/revoke", headers=headers, json={"fingerprint_hash": fingerprint}
    )
    timeline = identity.http.get(
        "/api/security/dashboard/timeline", headers=session.auth, params={"days": 1}
    ).json()
    device_events = [e for e in timeline["events"] if e["kind"].startswith("device_")]
    assert {e["kind"] for e in device_events} == {"device_trusted", "device_revoked"}
    for event in device_events:
        assert event["device"] == fingerprint
        assert event["ip_address"] == "81.2.69.30"
        assert event["user_agent"] == "Device-Test/1.0"
        assert event["location"]["city"] == "London"
