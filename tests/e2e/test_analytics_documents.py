"""Documents through the edge on PostgreSQL: upload (streamed, scanned), the import job,
list/get/transactions/process/delete, duplicates across documents, isolation between
users, and a correction that teaches the next import."""

from __future__ import annotations

import uuid

import httpx

from tests.e2e.analytics_support import AnalyticsUser, analytics_error, user_fixture
from tests.e2e.conftest import RunningStack

STATEMENT = b"""Account;DE89 3704 0044 0532 0130 00
Period;01.03.2026 - 31.03.2026

Buchungstag;Verwendungszweck;Betrag;Waehrung
02.03.2026;REWE Markt GmbH Berlin;-54,20;EUR
03.03.2026;Gehalt ACME GmbH;3.250,00;EUR
05.03.2026;SPOTIFY AB STOCKHOLM;-9,99;EUR
05.03.2026;SPOTIFY AB STOCKHOLM;-9,99;EUR
14.03.2026;Miete Maerz;-1.100,00;EUR
"""


alice = user_fixture()
bob = user_fixture()
fresh = user_fixture(scope="function")


def test_health_and_version_need_no_token(analytics_stack: RunningStack) -> None:
    health = httpx.get(f"{analytics_stack.edge_url}/api/health")
    assert health.status_code == 200
    assert health.json()["status"] == "healthy"
    assert health.json()["timestamp"].endswith("Z")
    version = httpx.get(f"{analytics_stack.edge_url}/version")
    assert version.status_code == 200
    assert set(version.json()) == {"version", "build"}


def test_documents_need_a_token(analytics_stack: RunningStack) -> None:
    response = httpx.get(f"{analytics_stack.edge_url}/api/documents")
    analytics_error(response, 401)


def test_upload_answers_201_pending_then_the_import_completes(fresh: AnalyticsUser) -> None:
    response = fresh.upload(STATEMENT, name="maerz.csv")
    assert response.status_code == 201, response.text
    document = response.json()
    assert response.headers["location"] == f"/api/documents/{document['id']}"
    assert document["status"] in ("pending", "processing", "completed")
    assert document["dataSource"] == "personal_banking"
    assert document["fileName"] == "maerz.csv"
    assert document["format"] == "csv"
    assert document["sizeBytes"] == len(STATEMENT)
    done = fresh.wait_done(document["id"])
    assert done["status"] == "completed", done
    assert done["errorMessage"] is None
    assert done["transactionCount"] == 5
    assert done["rowCount"] == 5
    assert done["duplicateCount"] == 0
    assert done["processedAt"].endswith("Z")

    rows = fresh.transactions(document["id"])
    assert [t["amount"] for t in rows] == ["-54.20", "3250.00", "-9.99", "-9.99", "-1100.00"]
    assert rows[0]["transactionDate"] == "2026-03-02T00:00:00Z"
    assert rows[0]["transactionType"] == "debit"
    assert rows[1]["transactionType"] == "credit"
    assert all(t["documentId"] == document["id"] for t in rows)
    assert all(t["currency"] == "EUR" for t in rows)
    # The identical pair of the 5th is two real payments: both kept.
    assert sum(1 for t in rows if t["description"] == "SPOTIFY AB STOCKHOLM") == 2


def test_list_filters_and_pages(fresh: AnalyticsUser) -> None:
    first = fresh.imported(STATEMENT)
    second = fresh.imported(b"Date,Description,Amount\n2026-01-02,Coffee,abc\n")
    assert second["status"] == "failed"
    listed = fresh.http.get("/api/documents").json()
    assert listed["pagination"] == {"limit": 20, "offset": 0, "total": 2, "hasMore": False}
    assert [d["id"] for d in listed["data"]] == [second["id"], first["id"]]
    failed = fresh.http.get("/api/documents", params={"status": "failed"}).json()
    assert [d["id"] for d in failed["data"]] == [second["id"]]
    paged = fresh.http.get("/api/documents", params={"limit": 1, "offset": 1}).json()
    assert [d["id"] for d in paged["data"]] == [first["id"]]
    assert paged["pagination"]["hasMore"] is False
    cards = fresh.http.get("/api/documents", params={"dataSource": "credit_card"}).json()
    assert cards["data"] == [] and cards["pagination"]["total"] == 0


def test_same_file_twice_adds_nothing(fresh: AnalyticsUser) -> None:
    fresh.imported(STATEMENT)
    again = fresh.imported(STATEMENT)
    assert again["status"] == "completed"
    assert again["transactionCount"] == 0
    assert again["duplicateCount"] == 5


def test_overlapping_statement_adds_only_new_rows(fresh: AnalyticsUser) -> None:
    fresh.imported(STATEMENT)
    later = STATEMENT + b"20.03.2026;REWE Markt GmbH Berlin;-31,05;EUR\n"
    overlap = fresh.imported(later)
    assert overlap["transactionCount"] == 1
    assert overlap["duplicateCount"] == 5
    assert [t["amount"] for t in fresh.transactions(overlap["id"])] == ["-31.05"]


def test_process_replaces_the_documents_transactions(fresh: AnalyticsUser) -> None:
    document = fresh.imported(STATEMENT)
    before = {t["id"] for t in fresh.transactions(document["id"])}
    response = fresh.http.post(f"/api/documents/{document['id']}/process")
    assert response.status_code == 200, response.text
    assert response.json()["status"] in ("pending", "processing", "completed")
    done = fresh.wait_done(document["id"])
    assert done["status"] == "completed" and done["transactionCount"] == 5
    after = {t["id"] for t in fresh.transactions(document["id"])}
    assert len(after) == 5 and not before & after


def test_delete_removes_the_document_and_its_transactions(fresh: AnalyticsUser) -> None:
    document = fresh.imported(STATEMENT)
    transaction = fresh.transactions(document["id"])[0]
    response = fresh.http.delete(f"/api/documents/{document['id']}")
    assert response.status_code == 204 and response.content == b""
    analytics_error(fresh.http.get(f"/api/documents/{document['id']}"), 404)
    analytics_error(fresh.http.get(f"/api/transactions/{transaction['id']}"), 404)
    # Its rows are no longer duplicates of anything: importing again adds them all.
    assert fresh.imported(STATEMENT)["transactionCount"] == 5


def test_another_users_document_is_403_and_never_listed(
    alice: AnalyticsUser, bob: AnalyticsUser
) -> None:
    document = alice.imported(STATEMENT)
    transaction = alice.transactions(document["id"])[0]
    doc = f"/api/documents/{document['id']}"
    analytics_error(bob.http.get(doc), 403)
    analytics_error(bob.http.get(f"{doc}/transactions"), 403)
    analytics_error(bob.http.post(f"{doc}/process"), 403)
    analytics_error(bob.http.delete(doc), 403)
    analytics_error(bob.http.get(f"/api/transactions/{transaction['id']}"), 403)
    analytics_error(bob.http.patch(f"/api/transactions/{transaction['id']}/category", json={}), 403)
    assert document["id"] not in {d["id"] for d in bob.http.get("/api/documents").json()["data"]}
    category = alice.http.post("/api/categories", json={"name": "Alice only"}).json()
    analytics_error(bob.http.get(f"/api/categories/{category['id']}"), 403)
    analytics_error(bob.http.put(f"/api/categories/{category['id']}", json={"name": "x"}), 403)
    analytics_error(bob.http.delete(f"/api/categories/{category['id']}"), 403)
    assert category["id"] not in {c["id"] for c in bob.http.get("/api/categories").json()["data"]}
    # Nor can Bob file his transaction under Alice's category.
    mine = bob.http.post(
        "/api/transactions",
        json={"transactionDate": "2026-03-01T00:00:00Z", "description": "Tea", "amount": "-2.00"},
    ).json()
    analytics_error(
        bob.http.patch(
            f"/api/transactions/{mine['id']}/category", json={"categoryId": category["id"]}
        ),
        403,
    )
    # Bob importing the same statement gets his own copy: duplicates are per user.
    assert bob.imported(STATEMENT)["transactionCount"] == 5
    assert alice.document(document["id"])["status"] == "completed"


def test_unknown_document_is_404(fresh: AnalyticsUser) -> None:
    missing = f"/api/documents/{uuid.uuid4()}"
    analytics_error(fresh.http.get(missing), 404)
    analytics_error(fresh.http.get(f"{missing}/transactions"), 404)
    analytics_error(fresh.http.post(f"{missing}/process"), 404)
    analytics_error(fresh.http.delete(missing), 404)


def test_a_correction_teaches_the_next_import(fresh: AnalyticsUser, bob: AnalyticsUser) -> None:
    category = fresh.http.post("/api/categories", json={"name": "Streaming", "color": "#1DB954"})
    assert category.status_code == 201, category.text
    category_id = category.json()["id"]
    document = fresh.imported(STATEMENT)
    spotify = next(t for t in fresh.transactions(document["id"]) if "SPOTIFY" in t["description"])
    corrected = fresh.http.patch(
        f"/api/transactions/{spotify['id']}/category",
        json={"categoryId": category_id, "learnFromCorrection": True},
    )
    assert corrected.status_code == 200, corrected.text
    assert corrected.json()["categorizationMethod"] == "manual"

    april = (
        b"Date,Description,Amount\n2026-04-05,SPOTIFY AB STOCKHOLM,-9.99\n2026-04-06,Bakery,-3.10\n"
    )
    learned = fresh.imported(april, name="april.csv")
    rows = {t["description"]: t for t in fresh.transactions(learned["id"])}
    assert rows["SPOTIFY AB STOCKHOLM"]["categoryId"] == category_id
    assert rows["SPOTIFY AB STOCKHOLM"]["categorizationMethod"] == "rule"
    assert rows["SPOTIFY AB STOCKHOLM"]["categorizationConfidence"] == 1.0
    # Another user's identical import learns nothing from this user's rule.
    theirs = bob.imported(april, name="april.csv")
    for row in bob.transactions(theirs["id"]):
        assert row["categoryId"] != category_id
