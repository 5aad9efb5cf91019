"""Compliance reports through the edge (main + projectfinance): the audit trail of a
tenant's real changes with its chain verified, the GDPR Article 30 record, the SOX 404
report whose attestations verify with the published signing key; each POST answers 201
with a Location that reads the stored report back; another tenant's report is 404 and
its entries never show; a viewer generates reports; a token without the compliance
scope 403; no token 401; bad input 400 in spec 3's ErrorBody, never 5xx; and the
reports over real gRPC with the caller's token."""

from __future__ import annotations

import base64
import hashlib
import json
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, bearer
from tests.e2e.projectfinance_support import (
    create_record,
    pf_error,
    token_without_scope,
)
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

REPORTS = "/api/compliance/reports"
KINDS = ("audit-trail", "gdpr-article-30", "sox-404")
SIGNING_KEY = "/api/compliance/signing-key"


def period(**extra: Any) -> dict[str, Any]:
    now = datetime.now(UTC)
    return {
        "start_date": (now - timedelta(days=1)).isoformat().replace("+00:00", "Z"),
        "end_date": (now + timedelta(days=1)).isoformat().replace("+00:00", "Z"),
        **extra,
    }


def verify_attestation(public_key: str, attestation: dict[str, Any], tenant_id: str) -> bool:
    """An auditor's check, written from docs/project-finance-compliance.md alone: the
    Ed25519 signature over SHA-256 of the attestation's canonical JSON (as shown, without
    signed_digest, with the report's tenant_id; sorted keys, no spaces)."""
    fields = {k: v for k, v in attestation.items() if k != "signed_digest"}
    fields["tenant_id"] = tenant_id
    canonical = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).digest()
    key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key))
    try:
        key.verify(base64.b64decode(attestation["signed_digest"]), digest)
    except InvalidSignature:
        return False
    return True


def generate(
    identity: IdentityClient, user: Session, kind: str, body: dict[str, Any] | None = None
) -> dict[str, Any]:
    """POST the report → 201; its Location reads back the same report."""
    created = identity.http.post(f"{REPORTS}/{kind}", json=body or period(), headers=user.auth)
    assert created.status_code == 201, created.text
    report: dict[str, Any] = created.json()
    location = created.headers["location"]
    assert location == f"{REPORTS}/{kind}/{report['report_id']}"
    read = identity.http.get(location, headers=user.auth)
    assert read.status_code == 200, read.text
    assert read.json() == report
    return report


def test_the_audit_trail_of_real_changes(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = create_record(pf_identity, owner)
    other = create_record(pf_identity, owner)
    report = generate(pf_identity, owner, "audit-trail")
    assert report["tenant_id"] == record["tenant_id"]
    assert report["total_entries"] == 2 and report["unique_users"] == 1
    assert report["event_types"] == {"project_finance.create": 2}
    entry = report["audit_entries"][0]
    assert entry["resource_id"] == record["id"] and entry["aggregate_type"] == "project"
    assert entry["aggregate_id"] == record["project_id"] and entry["action"] == "create"
    assert entry["user_id"] and entry["correlation_id"] and entry["timestamp"].endswith("Z")
    assert report["metadata"]["integrity"]["verified"] is True
    assert report["report_period"]["label"] and report["project_id"] is None
    narrowed = generate(
        pf_identity,
        owner,
        "audit-trail",
        period(event_types=["project_finance.create"], project_id=other["project_id"]),
    )
    assert narrowed["total_entries"] == 1 and narrowed["project_id"] == other["project_id"]
    assert narrowed["audit_entries"][0]["resource_id"] == other["id"]
    assert narrowed["metadata"]["integrity"]["checked_entries"] == 2
    nobody = generate(pf_identity, owner, "audit-trail", period(user_id=str(uuid.uuid4())))
    assert nobody["total_entries"] == 0 and nobody["event_types"] == {}


def test_the_gdpr_record_lists_every_article_30_item(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    report = generate(pf_identity, owner, "gdpr-article-30")
    assert report["framework"] == "GDPR Article 30"
    for item in (
        "legal_basis",
        "retention_period",
        "retention_justification",
        "data_subjects",
        "personal_data_categories",
        "technical_measures",
        "organizational_measures",
    ):
        assert report[item], item
    assert report["metadata"]["controller"]["tenant_id"] == report["tenant_id"]
    assert report["metadata"]["processor"]["role"] == "processor"
    for activity in report["data_processing_activities"]:
        for item in (
            "activity_id",
            "activity_name",
            "purpose",
            "retention_period",
            "data_categories",
            "recipients",
            "security_measures",
            "transfers",
        ):
            assert activity[item], (activity["activity_id"], item)


def test_sox_attestations_verify_with_the_published_key(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    create_record(pf_identity, owner)
    report = generate(pf_identity, owner, "sox-404")
    assert report["framework"] == "SOX 404" and report["total_controls"] == 4
    assert report["effective_controls"] + report["deficient_controls"] == 4
    assert report["control_effectiveness"] == 100
    budget = report["budget_controls"][0]
    assert budget["control_id"] == "BUD-01" and budget["evidence_count"] == 1
    assert budget["is_effective"] is True and isinstance(budget["last_executed"], str)
    published = pf_identity.http.get(SIGNING_KEY, headers=owner.auth)
    assert published.status_code == 200, published.text
    key = published.json()
    assert key["algorithm"] == "Ed25519" and key["digest"] == "SHA-256"
    assert report["metadata"]["signing"]["key_id"] == key["key_id"]
    attestations = report["compliance_attestations"]
    assert len(attestations) == 4
    for attestation in attestations:
        assert attestation["evaluation_id"] == report["report_id"]
        assert verify_attestation(key["public_key"], attestation, report["tenant_id"])
        tampered = {**attestation, "passed_rules": attestation["passed_rules"] + 1}
        assert not verify_attestation(key["public_key"], tampered, report["tenant_id"])
    # The key is generated once: a second report is signed with the same.
    again = generate(pf_identity, owner, "sox-404")
    assert again["metadata"]["signing"]["key_id"] == key["key_id"]


def test_reports_belong_to_their_tenant(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner, stranger = pf_identity.session(), pf_identity.session()
    create_record(pf_identity, owner)
    for kind in KINDS:
        report = generate(pf_identity, owner, kind)
        path = f"{REPORTS}/{kind}/{report['report_id']}"
        pf_error(http.get(path, headers=stranger.auth), 404, "not_found")
        pf_error(http.get(f"{REPORTS}/{kind}/{uuid.uuid4()}", headers=owner.auth), 404)
    # A report id under another kind's path is not that kind's report.
    audit = generate(pf_identity, owner, "audit-trail")
    pf_error(http.get(f"{REPORTS}/sox-404/{audit['report_id']}", headers=owner.auth), 404)
    theirs = generate(pf_identity, stranger, "audit-trail")
    assert theirs["total_entries"] == 0 and theirs["tenant_id"] != audit["tenant_id"]


def test_who_may_generate_reports(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    viewer = member_of(pf_identity, owner, "viewer")
    member = member_of(pf_identity, owner, "member")
    token = token_without_scope(projectfinance_stack, owner, "project-finance:compliance:view")
    lacking = bearer(token)
    for kind in KINDS:
        report = generate(pf_identity, viewer, kind)
        assert report["generated_by"] != ""
        generate(pf_identity, member, kind)
        assert http.post(f"{REPORTS}/{kind}", json=period()).status_code == 401
        assert http.get(f"{REPORTS}/{kind}/{uuid.uuid4()}").status_code == 401
        pf_error(http.post(f"{REPORTS}/{kind}", json=period(), headers=lacking), 403)
        read = http.get(f"{REPORTS}/{kind}/{report['report_id']}", headers=lacking)
        pf_error(read, 403)
    assert http.get(SIGNING_KEY).status_code == 401
    pf_error(http.get(SIGNING_KEY, headers=lacking), 403)
    assert http.get(SIGNING_KEY, headers=viewer.auth).status_code == 200


def test_bad_input_is_400_naming_the_field(pf_identity: IdentityClient) -> None:
    http = pf_identity.http
    owner = pf_identity.session()
    auth = owner.auth

    def post(kind: str, **kwargs: Any) -> httpx.Response:
        headers = {**auth, "content-type": "application/json"}
        return http.post(f"{REPORTS}/{kind}", headers=headers, **kwargs)

    for kind in KINDS:
        pf_error(post(kind, content=b'{"start_date": '), 400)
        pf_error(post(kind, json={"end_date": period()["end_date"]}), 400, field="start_date")
        pf_error(post(kind, json={"start_date": period()["start_date"]}), 400, field="end_date")
        swapped = {"start_date": period()["end_date"], "end_date": period()["start_date"]}
        pf_error(post(kind, json=swapped), 400, "validation_error", "end_date")
        pf_error(post(kind, json=period(start_date=123)), 400, field="start_date")
        pf_error(post(kind, json=period(start_date="yesterday")), 400, field="start_date")
        pf_error(post(kind, json=period(project_id="not-a-uuid")), 400, field="project_id")
        pf_error(post(kind, json=[]), 400)
        pf_error(http.get(f"{REPORTS}/{kind}/not-a-uuid", headers=auth), 400, field="report_id")
    pf_error(post("audit-trail", json=period(user_id="nope")), 400, field="user_id")
    pf_error(post("audit-trail", json=period(event_types="phase.update")), 400)
    pf_error(post("audit-trail", json=period(event_types=[" "])), 400, field="event_types[0]")
    pf_error(post("audit-trail", json=period(event_types=["x"] * 51)), 400, field="event_types")


def test_grpcurl_generates_a_report_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    create_record(pf_identity, owner)
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    service = "finplat.projectfinance.v1.ComplianceService"
    auth = f"authorization: Bearer {owner.access_token}"
    created = grpcurl(
        "-H", auth, "-d", json.dumps(period()), address, f"{service}/CreateAuditTrailReport"
    )
    assert created.returncode == 0, created.stderr
    report = json.loads(created.stdout)["report"]
    assert report["total_entries"] == 1 and report["metadata"]["integrity"]["verified"] is True
    request = json.dumps({"report_id": report["report_id"]})
    read = grpcurl("-H", auth, "-d", request, address, f"{service}/GetAuditTrailReport")
    assert read.returncode == 0, read.stderr
    assert json.loads(read.stdout)["report"]["report_id"] == report["report_id"]
    other = f"authorization: Bearer {pf_identity.session().access_token}"
    hidden = grpcurl("-H", other, "-d", request, address, f"{service}/GetAuditTrailReport")
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr
    anonymous = grpcurl("-d", request, address, f"{service}/GetAuditTrailReport")
    assert anonymous.returncode != 0 and "Unauthenticated" in anonymous.stderr
