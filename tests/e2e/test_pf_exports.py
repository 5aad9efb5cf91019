"""Project finance exports through the edge (main + projectfinance): CSV, JSON and XLSX
files of a record with its phase, scope (cost center) and team (its project's members in
main) generated, stored and downloaded from their signed URL without a token, each file
opened by its reader; text typed in as a formula neutralised; record_count and
file_size real; an altered URL 403; another tenant's export 404 and its records never
exported; scopes (no token 401, member and viewer 403); bad input 400 in spec 3's
ErrorBody; CreateExport over real gRPC with the caller's token. (An expired URL's 410 is
tested with the clock in tests/services/projectfinance/exports, and the edge's 410 in
tests/edge/test_errors.py.)"""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import openpyxl
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, claims_of
from tests.e2e.projectfinance_support import RECORDS, create_record, pf_error
from tests.e2e.team_support import member_of

pytestmark = pytest.mark.e2e

EXPORT = "/api/project-finance/export"
EXPORTS = "/api/project-finance/exports"
FORMULA = '=HYPERLINK("http://evil.example","x")'
EVERYTHING = {"include_phases": True, "include_scopes": True, "include_team": True}


def record_with_parts(identity: IdentityClient, owner: Session) -> dict[str, Any]:
    """A record with a cost center and a phase named like formulas, and the owner on its
    project's team as "@lead"."""
    http, auth = identity.http, owner.auth
    record = create_record(identity, owner, amount=1000)
    center = http.post(
        f"{RECORDS}/{record['id']}/cost-centers",
        json={"code": "DES", "name": "+Design", "description": "UX, visual design"},
        headers=auth,
    )
    assert center.status_code == 201, center.text
    phase = http.post(
        f"{RECORDS}/{record['id']}/phases",
        json={
            "name": FORMULA,
            "sequence": 1,
            "phase_budget": {"amount": 400, "currency": "EUR"},
            "planned_start": "2026-01-01T00:00:00Z",
            "planned_end": "2026-01-11T00:00:00Z",
        },
        headers=auth,
    )
    assert phase.status_code == 201, phase.text
    member = http.post(
        f"/api/projects/{record['project_id']}/members",
        json={
            "user_id": claims_of(owner.access_token)["sub"],
            "role": "@lead",
            "allocation_percent": 40,
        },
        headers=auth,
    )
    assert member.status_code == 201, member.text
    return record


def create_export(
    identity: IdentityClient, user: Session, fmt: str, **fields: Any
) -> dict[str, Any]:
    response = identity.http.post(
        EXPORT, json={"format": fmt, **EVERYTHING, **fields}, headers=user.auth
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{EXPORTS}/{body['export_id']}"
    return body


def download(identity: IdentityClient, export: dict[str, Any]) -> httpx.Response:
    """The file, fetched with no token: the signed URL is the credential."""
    response = identity.http.get(export["download_url"])
    assert response.status_code == 200, response.text
    assert export["file_size"] == len(response.content)
    return response


def test_a_csv_export_with_every_part(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = record_with_parts(pf_identity, owner)
    export = create_export(pf_identity, owner, "csv")
    assert export["format"] == "csv"
    assert export["record_count"] == 1
    assert set(export) == {
        "export_id",
        "expires_at",
        "generated_at",
        "file_size",
        "format",
        "record_count",
        "download_url",
    }
    url = urlsplit(export["download_url"])
    assert url.path == f"{EXPORTS}/{export['export_id']}/download"
    assert set(parse_qs(url.query)) == {"expires", "signature"}

    shown = pf_identity.http.get(f"{EXPORTS}/{export['export_id']}", headers=owner.auth)
    assert shown.status_code == 200, shown.text
    assert shown.json() == export

    response = download(pf_identity, export)
    assert response.headers["content-type"].startswith("text/csv")
    name = f"project-finance-export-{export['export_id']}.csv"
    assert response.headers["content-disposition"] == (
        f"attachment; filename=\"{name}\"; filename*=UTF-8''{name}"
    )
    rows = list(csv.DictReader(io.StringIO(response.text, newline="")))
    assert [r["section"] for r in rows] == ["records", "phases", "scopes", "team"]
    assert {r["record_id"] for r in rows} == {record["id"]}
    record_row, phase, scope, member = rows
    assert (record_row["total_budget"], record_row["currency"]) == ("1000.00", "EUR")
    assert (phase["name"], phase["phase_budget"]) == ("'" + FORMULA, "400.00")
    assert (scope["code"], scope["name"], scope["description"]) == (
        "DES",
        "'+Design",
        "UX, visual design",
    )
    assert (member["role"], member["allocation_percent"]) == ("'@lead", "40.00")


def test_json_and_xlsx_exports_honour_the_switches(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    record = record_with_parts(pf_identity, owner)
    export = create_export(pf_identity, owner, "json", include_scopes=False, include_team=False)
    response = download(pf_identity, export)
    assert response.headers["content-type"] == "application/json"
    body = json.loads(response.content)
    assert body["record_count"] == export["record_count"] == 1
    (only,) = body["records"]
    assert only["record_id"] == record["id"]
    assert [p["name"] for p in only["phases"]] == [FORMULA]
    assert "scopes" not in only and "team" not in only

    export = create_export(pf_identity, owner, "xlsx", include_phases=False)
    response = download(pf_identity, export)
    assert response.headers["content-type"].endswith("spreadsheetml.sheet")
    assert response.headers["content-disposition"].endswith(f"{export['export_id']}.xlsx")
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["records", "scopes", "team"]
    scopes = list(book["scopes"].iter_rows(values_only=True))
    assert scopes[1][scopes[0].index("name")] == "'+Design"
    team = list(book["team"].iter_rows(values_only=True))
    assert team[1][team[0].index("role")] == "'@lead"


def test_filters_by_project_and_dates(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    first = create_record(pf_identity, owner)
    create_record(pf_identity, owner)
    assert create_export(pf_identity, owner, "csv")["record_count"] == 2
    one = create_export(pf_identity, owner, "json", project_id=first["project_id"])
    (only,) = json.loads(download(pf_identity, one).content)["records"]
    assert only["record_id"] == first["id"]
    later = create_export(pf_identity, owner, "csv", start_date="2999-01-01T00:00:00Z")
    assert later["record_count"] == 0
    nulls = create_export(pf_identity, owner, "csv", start_date=None, project_id=None)
    assert nulls["record_count"] == 2


def test_an_altered_url_is_refused(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    create_record(pf_identity, owner)
    export = create_export(pf_identity, owner, "csv")
    url = urlsplit(export["download_url"])
    query = {k: v[0] for k, v in parse_qs(url.query).items()}
    flipped = query["signature"][:-1] + ("1" if query["signature"][-1] == "0" else "0")
    later = str(int(query["expires"]) + 3600)
    other = f"{EXPORTS}/{create_export(pf_identity, owner, 'csv')['export_id']}/download"
    for path, changes in (
        (url.path, {"signature": flipped}),
        (url.path, {"expires": later}),
        (other, {}),
    ):
        altered = f"{path}?{urlencode({**query, **changes})}"
        pf_error(pf_identity.http.get(altered), 403, "forbidden")
    bad = pf_identity.http.get(url.path, params={**query, "expires": "soon"})
    pf_error(bad, 400, field="expires")
    missing = pf_identity.http.get(url.path, params={"expires": query["expires"]})
    pf_error(missing, 400, field="signature")


def test_tenants_are_isolated(pf_identity: IdentityClient) -> None:
    owner, stranger = pf_identity.session(), pf_identity.session()
    create_record(pf_identity, owner)
    export = create_export(pf_identity, owner, "csv")
    pf_error(
        pf_identity.http.get(f"{EXPORTS}/{export['export_id']}", headers=stranger.auth),
        404,
        "not_found",
    )
    theirs = create_export(pf_identity, stranger, "json")
    assert theirs["record_count"] == 0
    assert json.loads(download(pf_identity, theirs).content)["records"] == []


def test_scopes(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    export = create_export(pf_identity, owner, "csv")
    body = {"format": "csv", **EVERYTHING}
    assert pf_identity.http.post(EXPORT, json=body).status_code == 401
    assert pf_identity.http.get(f"{EXPORTS}/{export['export_id']}").status_code == 401
    for role in ("viewer", "member"):
        user = member_of(pf_identity, owner, role)
        assert pf_identity.http.post(EXPORT, json=body, headers=user.auth).status_code == 403
        shown = pf_identity.http.get(f"{EXPORTS}/{export['export_id']}", headers=user.auth)
        assert shown.status_code == 403
    manager = member_of(pf_identity, owner, "manager")
    assert create_export(pf_identity, manager, "csv")["record_count"] == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"format": "pdf", **EVERYTHING}, "format"),
        ({**EVERYTHING}, "format"),
        ({"format": "csv", "include_scopes": True, "include_team": True}, "include_phases"),
        ({"format": "csv", "include_phases": True, "include_team": True}, "include_scopes"),
        ({"format": "csv", "include_phases": True, "include_scopes": True}, "include_team"),
        ({"format": "csv", **EVERYTHING, "include_team": "yes"}, "include_team"),
        ({"format": 7, **EVERYTHING}, "format"),
        ({"format": "csv", **EVERYTHING, "project_id": "not-a-uuid"}, "project_id"),
        ({"format": "csv", **EVERYTHING, "start_date": "yesterday"}, "start_date"),
        (
            {
                "format": "csv",
                **EVERYTHING,
                "start_date": "2026-02-01T00:00:00Z",
                "end_date": "2026-01-01T00:00:00Z",
            },
            "end_date",
        ),
    ],
)
def test_bad_input_is_400(pf_identity: IdentityClient, body: dict[str, Any], field: str) -> None:
    owner = pf_identity.session()
    pf_error(pf_identity.http.post(EXPORT, json=body, headers=owner.auth), 400, field=field)


def test_malformed_requests_are_400(pf_identity: IdentityClient) -> None:
    owner = pf_identity.session()
    http = pf_identity.http
    malformed = http.post(
        EXPORT,
        content=b'{"format": "csv",',
        headers={**owner.auth, "content-type": "application/json"},
    )
    pf_error(malformed, 400)
    pf_error(http.post(EXPORT, json=["csv"], headers=owner.auth), 400)
    pf_error(http.get(f"{EXPORTS}/not-a-uuid", headers=owner.auth), 400, field="export_id")


def test_grpcurl_creates_an_export_with_the_callers_token(
    pf_identity: IdentityClient, projectfinance_stack: RunningStack
) -> None:
    owner = pf_identity.session()
    create_record(pf_identity, owner)
    address = projectfinance_stack.running.backend_addresses["projectfinance"]
    method = "finplat.projectfinance.v1.ExportService/CreateExport"
    request = json.dumps({"format": "json", **EVERYTHING})
    got = grpcurl(
        "-H", f"authorization: Bearer {owner.access_token}", "-d", request, address, method
    )
    assert got.returncode == 0, got.stderr
    export = json.loads(got.stdout)["export"]
    assert export["record_count"] == 1
    # grpcurl prints proto3 JSON: an int64 as text.
    export["file_size"] = int(export["file_size"])
    assert download(pf_identity, export).json()["record_count"] == 1
    refused = grpcurl("-d", request, address, method)
    assert refused.returncode != 0 and "Unauthenticated" in refused.stderr
