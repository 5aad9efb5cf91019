"""What-if scenarios through the edge on PostgreSQL: every operation of spec 2's table
with its status and Location, the JSON shapes (decimal strings in and out, enums by
name), exact projections and comparisons, isolation (403), 404s and the bad-input list in
the analytics error shape naming the field, never a 5xx."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.e2e.analytics_support import AnalyticsUser, analytics_error, signed_in, user_fixture
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient

BASE = "/api/planning/scenarios"


alice = user_fixture()
bob = user_fixture()


def _create(user: AnalyticsUser, **fields: Any) -> dict[str, Any]:
    body = {"name": "Plan", "baseMonth": "2026-01-15T10:00:00Z", "duration": 3, **fields}
    response = user.http.post(BASE, json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{BASE}/{created['id']}"
    return created


def _add(user: AnalyticsUser, scenario_id: str, **fields: Any) -> dict[str, Any]:
    body = {"name": "Salary", "amount": "1000.00", "type": "income", "frequency": "monthly"}
    response = user.http.post(f"{BASE}/{scenario_id}/items", json={**body, **fields})
    assert response.status_code == 201, response.text
    item: dict[str, Any] = response.json()
    assert response.headers["location"] == f"{BASE}/{scenario_id}/items/{item['id']}"
    return item


@pytest.fixture(scope="module")
def plan(alice: AnalyticsUser) -> dict[str, Any]:
    """Alice's scenario of 3 months with a salary and a one-off expense."""
    scenario = _create(alice, description="a quarter")
    _add(alice, scenario["id"], growthRate="0.03")
    _add(
        alice, scenario["id"], name="Car repair", amount="1500.5", type="expense",
        frequency="once", startDate="2026-02-03",
    )  # fmt: skip
    response = alice.http.get(f"{BASE}/{scenario['id']}")
    assert response.status_code == 200
    found: dict[str, Any] = response.json()
    return found


def test_the_scenario_resource(alice: AnalyticsUser) -> None:
    scenario = _create(alice, baseMonth="2026-04-01T00:30:00+02:00", duration=12)
    # 00:30 at +02:00 on April 1st is March 31st in UTC: the scenario starts in March.
    assert scenario["baseMonth"] == "2026-03-01T00:00:00Z"
    assert (scenario["name"], scenario["description"], scenario["duration"]) == ("Plan", None, 12)
    assert (scenario["items"], scenario["itemCount"]) == ([], 0)
    assert scenario["createdAt"] == scenario["updatedAt"]

    item = _add(alice, scenario["id"])
    assert item == {
        "id": item["id"],
        "scenarioId": scenario["id"],
        "name": "Salary",
        "description": None,
        "amount": "1000.00",
        "type": "income",
        "frequency": "monthly",
        "startDate": "2026-03-01",
        "endDate": None,
        "growthRate": "0.00",
        "createdAt": item["createdAt"],
        "updatedAt": item["updatedAt"],
    }
    got = alice.http.get(f"{BASE}/{scenario['id']}").json()
    assert (got["items"], got["itemCount"]) == ([item], 1)


def test_update_a_scenario(alice: AnalyticsUser) -> None:
    scenario = _create(alice, description="first")
    response = alice.http.put(f"{BASE}/{scenario['id']}", json={"name": "Second", "duration": 6})
    assert response.status_code == 200, response.text
    updated = response.json()
    assert (updated["name"], updated["description"], updated["duration"]) == ("Second", "first", 6)
    assert updated["baseMonth"] == scenario["baseMonth"]
    cleared = alice.http.put(f"{BASE}/{scenario['id']}", json={"description": ""}).json()
    assert cleared["description"] is None


def test_update_and_delete_items(alice: AnalyticsUser, plan: dict[str, Any]) -> None:
    scenario = _create(alice)
    item = _add(alice, scenario["id"], endDate="2026-12-31")
    path = f"{BASE}/{scenario['id']}/items/{item['id']}"
    response = alice.http.put(path, json={"amount": "12.3", "frequency": "weekly"})
    assert response.status_code == 200, response.text
    updated = response.json()
    assert (updated["amount"], updated["frequency"], updated["name"], updated["endDate"]) == (
        "12.30", "weekly", "Salary", "2026-12-31"
    )  # fmt: skip
    response = alice.http.delete(path)
    assert (response.status_code, response.content) == (204, b"")
    analytics_error(alice.http.delete(path), 404)
    # An item of another of Alice's scenarios is not this scenario's.
    other = plan["items"][0]["id"]
    analytics_error(alice.http.put(f"{BASE}/{scenario['id']}/items/{other}", json={}), 404)
    analytics_error(alice.http.delete(f"{BASE}/{scenario['id']}/items/{other}"), 404)


def test_calculate(alice: AnalyticsUser, plan: dict[str, Any]) -> None:
    response = alice.http.post(f"{BASE}/{plan['id']}/calculate")
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["scenarioId"] == plan["id"]
    assert result["projections"] == [
        {"month": "2026-01-01", "income": "1000.00", "expenses": "0.00", "net": "1000.00",
         "cumulativeBalance": "1000.00"},
        {"month": "2026-02-01", "income": "1000.00", "expenses": "1500.50", "net": "-500.50",
         "cumulativeBalance": "499.50"},
        {"month": "2026-03-01", "income": "1000.00", "expenses": "0.00", "net": "1000.00",
         "cumulativeBalance": "1499.50"},
    ]  # fmt: skip
    assert result["summary"] == {
        "totalIncome": "3000.00",
        "totalExpenses": "1500.50",
        "totalNet": "1499.50",
        "endingBalance": "1499.50",
        "averageMonthlyNet": "499.83",
        "lowestBalance": "499.50",
        "lowestBalanceMonth": "2026-02-01",
        "monthsNegative": 1,
        "monthsBelowZero": 0,
    }
    assert result["calculatedAt"].endswith("Z")


def test_compare(alice: AnalyticsUser, plan: dict[str, Any]) -> None:
    # February to May: 900.00 a month, 3.3 % growth (no anniversary within the horizon).
    other = _create(alice, name="Cheaper", baseMonth="2026-02-01T00:00:00Z", duration=4)
    _add(alice, other["id"], amount="900", startDate="2026-02-01", growthRate="0.033")
    body = {"scenario1Id": plan["id"], "scenario2Id": other["id"]}
    response = alice.http.post(f"{BASE}/compare", json=body)
    assert response.status_code == 200, response.text
    result = response.json()
    assert (result["scenario1Id"], result["scenario2Id"]) == (plan["id"], other["id"])
    months = result["differences"]
    assert [m["month"] for m in months] == ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01",
                                            "2026-05-01"]  # fmt: skip
    assert (months[0]["scenario2"], months[0]["netDifference"]) == (None, None)
    assert months[1] == {
        "month": "2026-02-01",
        "scenario1": {"income": "1000.00", "expenses": "1500.50", "net": "-500.50",
                      "cumulativeBalance": "499.50"},
        "scenario2": {"income": "900.00", "expenses": "0.00", "net": "900.00",
                      "cumulativeBalance": "900.00"},
        "netDifference": "1400.50",
        "balanceDifference": "400.50",
    }  # fmt: skip
    assert (months[4]["scenario1"], months[4]["balanceDifference"]) == (None, None)
    metrics = result["metrics"]
    assert metrics["scenario2"]["endingBalance"] == "3600.00"
    assert metrics["difference"]["endingBalance"] == "2100.50"
    assert metrics["difference"]["monthsNegative"] == -1
    assert (metrics["betterScenario"], metrics["betterScenarioId"]) == ("scenario2", other["id"])


def test_list_pages_newest_first(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> None:
    with signed_in(analytics_identity, analytics_stack) as user:
        made = [_create(user, name=f"S{n}")["id"] for n in range(3)]
        _add(user, made[0])
        page = user.http.get(BASE, params={"limit": 2}).json()
        assert [s["id"] for s in page["data"]] == [made[2], made[1]]
        assert page["pagination"] == {"limit": 2, "offset": 0, "total": 3, "hasMore": True}
        rest = user.http.get(BASE, params={"offset": 2}).json()
        assert [(s["id"], s["itemCount"]) for s in rest["data"]] == [(made[0], 1)]
        assert rest["pagination"]["hasMore"] is False


def test_delete_a_scenario(alice: AnalyticsUser) -> None:
    scenario = _create(alice)
    item = _add(alice, scenario["id"])
    response = alice.http.delete(f"{BASE}/{scenario['id']}")
    assert (response.status_code, response.content) == (204, b"")
    for response in (
        alice.http.get(f"{BASE}/{scenario['id']}"),
        alice.http.delete(f"{BASE}/{scenario['id']}"),
        alice.http.delete(f"{BASE}/{scenario['id']}/items/{item['id']}"),
        alice.http.post(f"{BASE}/{scenario['id']}/calculate"),
    ):
        assert analytics_error(response, 404)["code"] == "not_found"


def test_isolation(alice: AnalyticsUser, bob: AnalyticsUser, plan: dict[str, Any]) -> None:
    path = f"{BASE}/{plan['id']}"
    item = f"{path}/items/{plan['items'][0]['id']}"
    for response in (
        bob.http.get(path),
        bob.http.put(path, json={"name": "mine"}),
        bob.http.delete(path),
        bob.http.post(f"{path}/items", json={"name": "x", "amount": "1", "type": "income",
                                             "frequency": "once"}),
        bob.http.put(item, json={"amount": "1"}),
        bob.http.delete(item),
        bob.http.post(f"{path}/calculate"),
    ):  # fmt: skip
        assert analytics_error(response, 403)["code"] == "forbidden"
    bobs = _create(bob)
    response = bob.http.post(
        f"{BASE}/compare", json={"scenario1Id": bobs["id"], "scenario2Id": plan["id"]}
    )
    analytics_error(response, 403, "scenario2Id")
    assert plan["id"] not in {s["id"] for s in bob.http.get(BASE).json()["data"]}
    # Alice's scenario is untouched.
    assert alice.http.get(path).json() == plan


def test_not_found(alice: AnalyticsUser, plan: dict[str, Any]) -> None:
    nobody = str(uuid.uuid4())
    analytics_error(alice.http.get(f"{BASE}/{nobody}"), 404)
    analytics_error(alice.http.put(f"{BASE}/{nobody}/items/{nobody}", json={}), 404)
    analytics_error(alice.http.put(f"{BASE}/{plan['id']}/items/{nobody}", json={}), 404)
    response = alice.http.post(
        f"{BASE}/compare", json={"scenario1Id": nobody, "scenario2Id": plan["id"]}
    )
    analytics_error(response, 404, "scenario1Id")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"baseMonth": "2026-01-01T00:00:00Z", "duration": 3}, "name"),
        ({"name": "   ", "baseMonth": "2026-01-01T00:00:00Z", "duration": 3}, "name"),
        ({"name": "x", "duration": 3}, "baseMonth"),
        ({"name": "x", "baseMonth": "2026-13-01T00:00:00Z", "duration": 3}, "baseMonth"),
        ({"name": "x", "baseMonth": "1899-12-01T00:00:00Z", "duration": 3}, "baseMonth"),
        ({"name": "x", "baseMonth": "2026-01-01T00:00:00Z"}, "duration"),
        ({"name": "x", "baseMonth": "2026-01-01T00:00:00Z", "duration": 0}, "duration"),
        ({"name": "x", "baseMonth": "2026-01-01T00:00:00Z", "duration": 121}, "duration"),
        ({"name": "x", "baseMonth": "2026-01-01T00:00:00Z", "duration": 2.5}, "duration"),
        ({"name": "x", "baseMonth": "2026-01-01T00:00:00Z", "duration": "three"}, "duration"),
        (
            {
                "name": "x",
                "baseMonth": "2026-01-01T00:00:00Z",
                "duration": 3,
                "description": "d" * 1001,
            },
            "description",
        ),
    ],
)
def test_bad_scenarios(alice: AnalyticsUser, body: dict[str, Any], field: str) -> None:
    analytics_error(alice.http.post(BASE, json=body), 400, field)


GOOD_ITEM = {"name": "x", "amount": "10.00", "type": "income", "frequency": "monthly"}


@pytest.mark.parametrize(
    ("changes", "status", "field"),
    [
        ({"amount": "-5.00"}, 400, "amount"),
        ({"amount": "0"}, 400, "amount"),
        ({"amount": "1.005"}, 400, "amount"),
        ({"amount": "100000000000.00"}, 400, "amount"),
        ({"amount": "ten"}, 400, "amount"),
        ({"type": "transfer"}, 400, "type"),
        ({"frequency": "daily"}, 400, "frequency"),
        ({"frequency": None}, 400, "frequency"),
        ({"startDate": "2026-02-30"}, 400, "startDate"),
        ({"growthRate": "-1"}, 400, "growthRate"),
        ({"growthRate": "0.00001"}, 400, "growthRate"),
        ({"startDate": "2026-03-02", "endDate": "2026-03-01"}, 422, "endDate"),
        ({"startDate": "1900-01-01"}, 422, "startDate"),
    ],
)
def test_bad_items(
    alice: AnalyticsUser, plan: dict[str, Any], changes: dict[str, Any], status: int, field: str
) -> None:
    body = analytics_error(
        alice.http.post(f"{BASE}/{plan['id']}/items", json={**GOOD_ITEM, **changes}), status, field
    )
    assert body["code"] == ("unprocessable" if status == 422 else "validation_error")
    # Item updates keep the same rules.
    item = f"{BASE}/{plan['id']}/items/{plan['items'][0]['id']}"
    if "frequency" not in changes or changes["frequency"] is not None:
        analytics_error(alice.http.put(item, json=changes), status, field)
    assert alice.http.get(f"{BASE}/{plan['id']}").json() == plan


def test_bad_compares(alice: AnalyticsUser, plan: dict[str, Any]) -> None:
    compare = f"{BASE}/compare"
    analytics_error(alice.http.post(compare, json={"scenario2Id": plan["id"]}), 400, "scenario1Id")
    analytics_error(
        alice.http.post(compare, json={"scenario1Id": "x", "scenario2Id": plan["id"]}),
        400,
        "scenario1Id",
    )
    body = analytics_error(
        alice.http.post(compare, json={"scenario1Id": plan["id"], "scenario2Id": plan["id"]}),
        422,
        "scenario2Id",
    )
    assert body["code"] == "unprocessable"


def test_malformed_json_and_ids(alice: AnalyticsUser, plan: dict[str, Any]) -> None:
    for path in (BASE, f"{BASE}/{plan['id']}/items", f"{BASE}/compare"):
        response = alice.http.post(
            path, content=b'{"name": ', headers={"content-type": "application/json"}
        )
        analytics_error(response, 400)
    response = alice.http.put(
        f"{BASE}/{plan['id']}", content=b"[1,", headers={"content-type": "application/json"}
    )
    analytics_error(response, 400)
    analytics_error(alice.http.get(f"{BASE}/not-a-uuid"), 400, "id")
    analytics_error(alice.http.delete(f"{BASE}/{plan['id']}/items/42"), 400, "itemId")
    # "compare" is no scenario id: the literal claims its path, so GET on it is 405 (POST
    # only), not GetScenario with a malformed id.
    refused = alice.http.get(f"{BASE}/compare")
    assert analytics_error(refused, 405)["code"] == "method_not_allowed"
    assert refused.headers["allow"] == "POST"
    for limit in ("0", "101", "x"):
        analytics_error(alice.http.get(BASE, params={"limit": limit}), 400, "limit")
    analytics_error(alice.http.get(BASE, params={"offset": "-1"}), 400, "offset")
