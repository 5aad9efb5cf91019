"""RateLimitMiddleware through a real ASGI app (FastAPI, the edge's request-id
middleware and error handlers), driven over httpx's ASGI transport."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import orjson
import pytest
from fastapi import FastAPI, Response

from edge.guards import install_error_handlers
from edge.observability.metrics import GatewayMetrics
from edge.ratelimit import Counter, RateLimiter, RateLimitMiddleware, RateLimitPolicy
from edge.request_id import RequestIdMiddleware
from tests.runtime.tokens_support import claims, compact, sign
from tests.support.redis import RedisServer

Client = Callable[[str], httpx.AsyncClient]


def gateway(limiter: RateLimiter) -> RequestIdMiddleware:
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/api/v1/things")
    async def things() -> dict[str, str]:
        return {"ok": "yes"}

    @app.post("/api/auth/login")
    async def login() -> dict[str, str]:
        return {"ok": "yes"}

    @app.get("/health")  # a management endpoint
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/api/expenses")  # what the transcoder relays from the expense quota
    async def expenses() -> Response:
        return Response(b"[]", headers={"X-RateLimit-Limit": "7", "X-RateLimit-Remaining": "6"})

    return RequestIdMiddleware(RateLimitMiddleware(app, limiter))


@pytest.fixture
async def limits() -> AsyncIterator[Callable[..., Client]]:
    """Builds a gateway with the given policy; its clients come from a given IP."""
    limiters: list[RateLimiter] = []

    def build(
        redis_url: str | None = None, metrics: GatewayMetrics | None = None, **policy: Any
    ) -> Client:
        limiter = RateLimiter(
            RateLimitPolicy(**policy), Counter("sliding_window", redis_url), metrics
        )
        limiters.append(limiter)
        app = gateway(limiter)

        def client(ip: str) -> httpx.AsyncClient:
            transport = httpx.ASGITransport(app=app, client=(ip, 40000))
            return httpx.AsyncClient(transport=transport, base_url="http://edge")

        return client

    yield build
    for limiter in limiters:
        await limiter.aclose()


def bearer(sub: str) -> dict[str, str]:
    return {"authorization": f"Bearer {sign(claims(sub=sub))}"}


async def statuses(call: Callable[[], Awaitable[httpx.Response]], n: int) -> list[int]:
    return [(await call()).status_code for _ in range(n)]


async def test_headers_on_success_not_found_and_management(limits: Callable[..., Client]) -> None:
    async with limits()("10.0.0.1") as client:
        for i, path in enumerate(["/api/v1/things", "/nowhere", "/health"]):
            response = await client.get(path)
            assert response.status_code == (404 if path == "/nowhere" else 200)
            h = response.headers
            assert h["x-ratelimit-limit"] == "5000"
            assert h["x-ratelimit-remaining"] == str(4999 - i)
            reset = int(h["x-ratelimit-reset"])
            assert time.time() - 1 <= reset <= time.time() + 61
            assert h["ratelimit-policy"] == '"default";q=5000;w=60'
            remaining, seconds = h["ratelimit"].removeprefix('"default";r=').split(";t=")
            assert remaining == str(4999 - i) and 0 <= int(seconds) <= 60
            assert "retry-after" not in h


async def test_refusal_is_a_gateway_429(limits: Callable[..., Client]) -> None:
    async with limits(default=3)("10.0.0.2") as client:
        assert await statuses(lambda: client.get("/api/v1/things"), 3) == [200] * 3
        refused = await client.get("/api/v1/things", headers={"x-request-id": "req-429"})
    assert refused.status_code == 429
    assert refused.headers["content-type"] == "application/json"
    body = orjson.loads(refused.content)
    assert body["error"] == "rate_limited"
    assert "3 requests per 60s" in body["message"]
    assert body["request_id"] == "req-429" == refused.headers["x-request-id"]
    retry_after = int(refused.headers["retry-after"])
    assert 1 <= retry_after <= 60
    assert refused.headers["x-ratelimit-remaining"] == "0"
    assert refused.headers["ratelimit"].startswith('"default";r=0;')


async def test_auth_family_is_50_per_ip_whoever_the_token_names(
    limits: Callable[..., Client],
) -> None:
    client_of = limits()
    async with client_of("10.0.1.1") as one, client_of("10.0.1.2") as other:
        # Each attempt with a different token: the auth family counts the address.
        codes = [
            (await one.post("/api/auth/login", headers=bearer(f"user-{i}"))).status_code
            for i in range(51)
        ]
        assert codes == [200] * 50 + [429]
        last = await one.post("/api/auth/login")
        assert last.headers["ratelimit-policy"] == '"auth";q=50;w=60'
        assert (await other.post("/api/auth/login")).status_code == 200
        # Other families are counted apart.
        assert (await one.get("/api/v1/things")).status_code == 200


async def test_users_are_counted_by_token_subject(limits: Callable[..., Client]) -> None:
    client_of = limits(default=2)
    async with client_of("10.0.2.1") as office, client_of("10.0.2.2") as home:
        alice, bob = bearer("alice"), bearer("bob")
        ok = await statuses(lambda: office.get("/api/v1/things", headers=alice), 2)
        assert ok == [200, 200]
        # Alice is limited wherever she comes from; Bob, behind the same NAT, is not.
        assert (await home.get("/api/v1/things", headers=alice)).status_code == 429
        assert (await office.get("/api/v1/things", headers=bob)).status_code == 200
        # Anonymous calls from the office have their own (per IP) count.
        assert (await office.get("/api/v1/things")).status_code == 200


async def test_anonymous_callers_are_counted_by_ip(limits: Callable[..., Client]) -> None:
    client_of = limits(default=2)
    async with client_of("10.0.3.1") as one, client_of("10.0.3.2") as two:
        assert await statuses(lambda: one.get("/api/v1/things"), 3) == [200, 200, 429]
        assert (await two.get("/api/v1/things")).status_code == 200


async def test_global_ceiling_over_every_caller(limits: Callable[..., Client]) -> None:
    client_of = limits(default=100, global_=4)
    codes = []
    for i in range(5):
        async with client_of(f"10.0.4.{i}") as client:
            response = await client.get("/api/v1/things")
            codes.append(response.status_code)
    assert codes == [200] * 4 + [429]
    assert response.headers["ratelimit-policy"] == '"global";q=4;w=60'
    assert orjson.loads(response.content)["error"] == "rate_limited"


async def test_per_ip_ceiling_bounds_rotating_subjects(limits: Callable[..., Client]) -> None:
    async with limits(default=100, ip=3)("10.0.5.1") as client:
        codes = [
            (await client.get("/api/v1/things", headers=bearer(f"forged-{i}"))).status_code
            for i in range(4)
        ]
    assert codes == [200] * 3 + [429]


GARBAGE = [
    b"Bearer",
    b"Bearer ",
    b"Bearer a.b.c",
    b"Bearer ..",
    b"Bearer a.b",
    b"Basic dXNlcjpwYXNz",
    b"bearer " + compact({"alg": "none"}, {"sub": 42}).encode(),
    b"Bearer " + compact({"alg": "none"}, {"sub": "x" * 500}).encode(),
    b"Bearer " + compact({"alg": "none"}, {"sub": "tab\there"}).encode(),
    b"Bearer x.WzEsMiwzXQ.y",  # a JSON array
    b"Bearer x.bm90IGpzb24.y",  # "not json"
    b"Bearer x.\xff\xfe\x00.y",
    b"Bearer x." + b"A" * 20000 + b".y",
]


async def test_garbage_authorization_is_anonymous_never_500(
    limits: Callable[..., Client],
) -> None:
    async with limits(default=len(GARBAGE))("10.0.6.1") as client:
        for value in GARBAGE:
            response = await client.get("/api/v1/things", headers=[(b"authorization", value)])
            assert response.status_code == 200, value
        # All of them were one anonymous caller: the IP's count is used up.
        assert (await client.get("/api/v1/things")).status_code == 429


async def test_backend_quota_headers_are_kept_not_duplicated(
    limits: Callable[..., Client],
) -> None:
    async with limits()("10.0.7.1") as client:
        response = await client.get("/api/expenses")
    assert response.headers.get_list("x-ratelimit-limit") == ["7"]
    assert response.headers["x-ratelimit-remaining"] == "6"
    assert "ratelimit-policy" not in response.headers


async def test_decisions_are_counted_in_metrics(limits: Callable[..., Client]) -> None:
    metrics = GatewayMetrics()
    async with limits(metrics=metrics, default=1)("10.0.8.1") as client:
        await statuses(lambda: client.get("/api/v1/things"), 2)
    sample = metrics.registry.get_sample_value
    labels = {"family": "default", "level": "ip"}
    assert sample("finplat_edge_rate_limit_decisions_total", {**labels, "outcome": "allowed"}) == 1
    assert sample("finplat_edge_rate_limit_decisions_total", {**labels, "outcome": "limited"}) == 1


async def test_shared_limits_through_the_middleware(
    limits: Callable[..., Client], redis_url: str
) -> None:
    # Two gateways on one Redis: one client's requests spread over both share one limit.
    edges = [limits(redis_url, default=3)("10.0.9.1"), limits(redis_url, default=3)("10.0.9.1")]
    codes = [(await edges[i % 2].get("/api/v1/things")).status_code for i in range(4)]
    assert codes == [200] * 3 + [429]
    for edge in edges:
        await edge.aclose()


async def test_redis_outage_never_fails_a_request(
    limits: Callable[..., Client], redis_server: RedisServer
) -> None:
    async with limits(redis_server.url, default=2)("10.0.10.1") as client:
        assert (await client.get("/api/v1/things")).status_code == 200
        with redis_server.outage():
            # Counted in process now (a fresh count), limited all the same.
            assert await statuses(lambda: client.get("/api/v1/things"), 3) == [200, 200, 429]
            assert (await client.get("/nowhere")).headers["x-ratelimit-limit"] == "2"
