"""The quota headers of requests the edge answers before the backend (quotas.py), and
the rate-limit middleware choosing between them, the backend's and the edge's own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI, Response

from edge.descriptors import discover_routes
from edge.families import FamilyTable
from edge.owners import Owners
from edge.ratelimit import Counter, RateLimiter, RateLimitMiddleware, RateLimitPolicy
from edge.ratelimit import quotas as quotas_module
from edge.ratelimit.quotas import QuotaHeaders, limit_settings
from edge.request_id import RequestIdMiddleware

HOUR = 3600
NOW = 1_800_000_123.0  # 123 s into a calendar hour
RESET = str(int(NOW // HOUR + 1) * HOUR).encode()
KEY = [(b"authorization", b"Bearer fpk_secret")]


def owners() -> Owners:
    return Owners(FamilyTable(), discover_routes())


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


def scope(path: str = "/expense/v1/expenses", headers: Any = KEY) -> dict[str, Any]:
    return {"type": "http", "path": path, "headers": headers}


def as_dict(headers: list[tuple[bytes, bytes]]) -> dict[bytes, bytes]:
    return dict(headers)


def test_nothing_known_is_the_whole_declared_limit_until_the_calendar_reset() -> None:
    view = QuotaHeaders(owners(), clock=Clock())
    caller = view.caller(scope())
    assert caller is not None
    assert as_dict(caller.headers()) == {
        b"x-ratelimit-limit": b"1000",
        b"x-ratelimit-remaining": b"1000",
        b"x-ratelimit-reset": RESET,
    }


def test_the_limit_setting_a_quota_names_overrides_the_declared_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FINPLAT_EXPENSE_RATE_LIMIT", "3")
    assert limit_settings(["expense_rate_limit", "nothing_like_this"]) == {"expense_rate_limit": 3}
    caller = QuotaHeaders.from_environment(owners()).caller(scope())
    assert caller is not None
    assert as_dict(caller.headers())[b"x-ratelimit-limit"] == b"3"


def test_the_backend_s_last_headers_hold_while_their_window_lasts() -> None:
    clock = Clock()
    view = QuotaHeaders(owners(), clock=clock)
    caller = view.caller(scope())
    assert caller is not None
    caller.observe(
        [
            (b"X-RateLimit-Limit", b"3"),
            (b"x-ratelimit-remaining", b"1"),
            (b"x-ratelimit-reset", RESET),
        ]
    )
    again = view.caller(scope())  # another request of the same caller
    assert again is not None
    assert as_dict(again.headers())[b"x-ratelimit-remaining"] == b"1"
    # Next hour: nothing counted yet, the limit the backend said.
    clock.now += HOUR
    assert as_dict(again.headers()) == {
        b"x-ratelimit-limit": b"3",
        b"x-ratelimit-remaining": b"3",
        b"x-ratelimit-reset": str(int(RESET) + HOUR).encode(),
    }


def test_callers_are_told_apart_by_a_digest_of_their_credential() -> None:
    view = QuotaHeaders(owners(), clock=Clock())
    one, other = view.caller(scope()), view.caller(scope(headers=[(b"authorization", b"x")]))
    assert one is not None and other is not None
    one.observe(
        [
            (b"x-ratelimit-limit", b"9"),
            (b"x-ratelimit-remaining", b"0"),
            (b"x-ratelimit-reset", RESET),
        ]
    )
    assert as_dict(other.headers())[b"x-ratelimit-remaining"] == b"1000"
    assert b"fpk_secret" not in one.digest and len(one.digest) == 32


def test_only_a_quota_owning_family_with_a_credential_has_a_caller() -> None:
    view = QuotaHeaders(owners())
    assert view.caller(scope(headers=[])) is None  # anonymous: the edge's limits only
    assert view.caller(scope(path="/api/auth/login")) is None  # no quota declared
    assert view.caller(scope(path="/nowhere")) is None


def test_remembered_callers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quotas_module, "MAX_CALLERS", 2)
    view = QuotaHeaders(owners(), clock=Clock())
    seen = [
        (b"x-ratelimit-limit", b"5"),
        (b"x-ratelimit-remaining", b"4"),
        (b"x-ratelimit-reset", RESET),
    ]
    callers = [view.caller(scope(headers=[(b"authorization", b"k%d" % i)])) for i in range(3)]
    for caller in callers:
        assert caller is not None
        caller.observe(seen)
    first, last = callers[0], callers[2]
    assert first is not None and last is not None
    assert as_dict(first.headers())[b"x-ratelimit-limit"] == b"1000"  # forgotten
    assert as_dict(last.headers())[b"x-ratelimit-remaining"] == b"4"


# --- through the middleware ----------------------------------------------------------


def gateway() -> RequestIdMiddleware:
    app = FastAPI()

    @app.get("/expense/v1/expenses")
    async def relayed() -> Response:  # the backend answered: its quota, relayed
        headers = {
            "x-ratelimit-limit": "3",
            "x-ratelimit-remaining": "2",
            "x-ratelimit-reset": RESET.decode(),
        }
        return Response(b"[]", headers=headers)

    @app.get("/expense/v1/categories")
    async def refused() -> Response:  # the backend refused the credential
        return Response(b"{}", status_code=401)

    limiter = RateLimiter(RateLimitPolicy(), Counter("sliding_window", None))
    quotas = QuotaHeaders(owners(), clock=Clock())
    return RequestIdMiddleware(RateLimitMiddleware(app, limiter, quotas=quotas))


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=gateway(), client=("10.9.0.1", 1))
    async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
        yield c


async def test_the_middleware_picks_whose_headers_a_response_carries(
    client: httpx.AsyncClient,
) -> None:
    key = {"authorization": "Bearer fpk_secret"}
    # Answered before the backend, nothing known yet: the declared quota, in full.
    missing = await client.get("/expense/v1/nope", headers=key)
    assert missing.status_code == 404
    assert missing.headers.get_list("x-ratelimit-limit") == ["1000"]
    assert "ratelimit-policy" not in missing.headers
    # The backend's quota headers are kept, and remembered...
    relayed = await client.get("/expense/v1/expenses", headers=key)
    assert relayed.headers.get_list("x-ratelimit-remaining") == ["2"]
    # ...so the next refusal by the edge tells the same.
    again = await client.post("/expense/v1/expenses", headers=key)
    assert again.status_code == 405
    assert (again.headers["x-ratelimit-limit"], again.headers["x-ratelimit-remaining"]) == (
        "3",
        "2",
    )
    # A refused credential has no quota; an anonymous caller neither: the edge's limits.
    for response in (
        await client.get("/expense/v1/categories", headers=key),
        await client.get("/expense/v1/nope"),
    ):
        assert response.headers["x-ratelimit-limit"] == "5000"
        assert response.headers["ratelimit-policy"] == '"default";q=5000;w=60'
