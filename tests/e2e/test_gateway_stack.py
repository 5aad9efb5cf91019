"""The gateway's controls through real processes: main + expense + two edge processes
sharing one Redis (a dedicated server this module stops and restarts), a real clamd, the
SMTP sink and the CLI. Clients pick their address with X-Forwarded-For (the edges trust
loopback), so every test has its own per-IP counters and blocks."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.e2e.cli_support import on_main
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import (
    IdentityClient,
    Session,
    SmtpSink,
    bearer,
    from_ip,
    gateway_error,
    unique_ip,
)
from tests.support.clamd import ClamdServer, eicar
from tests.support.redis import RedisServer, free_port
from tools import stack

pytestmark = pytest.mark.e2e

LIMITED_PREFIX = "/expense/v1/categories"
LIMIT = 12
HEADER_TIMEOUT = 2.0
MAX_BODY = 64 * 1024
AUTOBLOCK_FAILURES = 6
AUTOBLOCK_SECONDS = 4


@pytest.fixture(scope="module")
def own_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A Redis of this module's own: the outage test stops it."""
    server = RedisServer("/usr/bin/redis-server", free_port(), tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@dataclass
class Gateway:
    stack: RunningStack
    second_edge: str
    env: dict[str, str]

    @property
    def edges(self) -> tuple[str, str]:
        return (self.stack.edge_url, self.second_edge)


@pytest.fixture(scope="module")
def gateway(
    _stack_factory: Callable[..., RunningStack],
    own_redis: RedisServer,
    clamd_server: ClamdServer,
    smtp: SmtpSink,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Gateway]:
    env = {
        "FINPLAT_REDIS_URL": own_redis.url,
        "FINPLAT_REDIS_RETRY_SECONDS": "1",
        "FINPLAT_EDGE_TRUSTED_PROXIES": '["127.0.0.1"]',
        "FINPLAT_SMTP_HOST": "127.0.0.1",
        "FINPLAT_SMTP_PORT": str(smtp.port),
        "FINPLAT_ARGON2_MEMORY_COST": "8192",
        "FINPLAT_ARGON2_TIME_COST": "1",
        # Production limits, except a small family so the shared count is quick to see.
        "FINPLAT_EDGE_RATE_LIMIT_AUTH": "50",
        "FINPLAT_EDGE_RATE_LIMIT_DEFAULT": "5000",
        "FINPLAT_EDGE_RATE_LIMIT_FAMILIES": f'{{"{LIMITED_PREFIX}": {LIMIT}}}',
        "FINPLAT_EDGE_AUTOBLOCK_AUTH_FAILURES": str(AUTOBLOCK_FAILURES),
        "FINPLAT_EDGE_AUTOBLOCK_RATE_LIMITED": "100",
        "FINPLAT_EDGE_AUTOBLOCK_SECONDS": str(AUTOBLOCK_SECONDS),
        "FINPLAT_EDGE_HEADER_TIMEOUT_SECONDS": str(HEADER_TIMEOUT),
        "FINPLAT_EDGE_MAX_BODY_BYTES": str(MAX_BODY),
        "FINPLAT_EDGE_CLAMD_ADDRESS": clamd_server.tcp_address,
    }
    running = _stack_factory(backends=("main", "expense"), **env)
    # A second edge process over the same backends and the same Redis.
    port = free_port()
    backends = running.running.backend_addresses
    edge_backends = "{" + ",".join(f'"{n}":["{a}"]' for n, a in backends.items()) + "}"
    logs = Path(tmp_path_factory.mktemp("edge2"))
    second = stack.spawn(
        "edge2",
        "edge",
        {**env, "FINPLAT_EDGE_PORT": str(port), "FINPLAT_EDGE_BACKENDS": edge_backends},
        log_dir=logs,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        stack.wait_http_ok(f"{url}/ready", second)
        yield Gateway(running, url, env)
    finally:
        stack.stop_all([second])


@pytest.fixture(scope="module")
def api_key(gateway: Gateway) -> str:
    return gateway.stack.issue_key("gateway-e2e")[1]


@dataclass
class Users:
    user: Session
    admin: Session


@pytest.fixture(scope="module")
def users(gateway: Gateway, smtp: SmtpSink) -> Iterator[Users]:
    identity = IdentityClient(gateway.stack.edge_url, smtp)
    user = identity.session()
    account = identity.verified("operator")
    granted = on_main(gateway.stack, "users", "grant", account.email, "--role", "admin")
    assert granted.returncode == 0, granted.stderr
    yield Users(user, identity.session(account))
    identity.close()


def _rate_limit_headers(response: httpx.Response) -> None:
    for name in ("x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"):
        assert response.headers[name].isdigit(), (name, response.headers)
    assert "ratelimit-policy" in response.headers and "ratelimit" in response.headers


def _security_headers(response: httpx.Response) -> None:
    for name in (
        "strict-transport-security",
        "x-content-type-options",
        "x-frame-options",
        "content-security-policy",
        "referrer-policy",
        "permissions-policy",
    ):
        assert name in response.headers, (name, dict(response.headers))


# --- management endpoints -----------------------------------------------------------

PUBLIC = [
    "/health",
    "/health/detailed",
    "/ready",
    "/live",
    "/openapi/gateway.json",
    "/openapi/api.json",
    "/docs",
    "/docs/api",
]
ADMIN = [
    "/metrics/detailed",
    "/observability/metrics",
    "/observability/tracing",
    "/observability/performance",
    "/observability/dashboard",
]


@pytest.mark.parametrize("path", PUBLIC)
def test_public_management_endpoint(gateway: Gateway, path: str) -> None:
    response = httpx.get(gateway.stack.edge_url + path, headers=from_ip(unique_ip()))
    assert response.status_code == 200, response.text
    _rate_limit_headers(response)
    _security_headers(response)
    assert response.headers["x-request-id"]


@pytest.mark.parametrize("path", ADMIN)
def test_admin_endpoint_needs_the_admin_role(gateway: Gateway, users: Users, path: str) -> None:
    url = gateway.stack.edge_url + path
    ip = from_ip(unique_ip())
    missing = httpx.get(url, headers=ip)
    gateway_error(missing, 401, "unauthorized", mentions="Authorization header is required")
    _rate_limit_headers(missing)
    gateway_error(
        httpx.get(url, headers={**ip, **bearer(users.user.access_token)}), 403, "forbidden"
    )
    allowed = httpx.get(url, headers={**ip, **bearer(users.admin.access_token)})
    assert allowed.status_code == 200, allowed.text
    _rate_limit_headers(allowed)


def test_metrics_show_requests_limits_and_pools(gateway: Gateway, users: Users) -> None:
    headers = {**from_ip(unique_ip()), **bearer(users.admin.access_token)}
    httpx.get(gateway.stack.edge_url + "/expense/v1/categories", headers=headers)
    text = httpx.get(gateway.stack.edge_url + "/metrics/detailed", headers=headers).text
    for family in (
        "finplat_edge_requests_total",
        "finplat_edge_request_duration_seconds_bucket",
        "finplat_edge_rate_limit_decisions_total",
        "finplat_edge_pool_instances",
        "finplat_edge_circuit_breaker_state",
    ):
        assert family in text, family
    assert 'route="/expense/v1/categories"' in text


def test_health_detailed_reports_pools_and_redis(gateway: Gateway) -> None:
    body = httpx.get(gateway.stack.edge_url + "/health/detailed").json()
    assert body["components"]["redis"]["status"] == "up"
    for backend in ("main", "expense"):
        pool = body["pools"][backend]
        assert pool["status"] == "up" and pool["healthy"] == pool["total"] == 1
    owners = {route["prefix"]: route["backend"] for route in body["routes"]}
    assert owners["/api/analytics/portfolio"] == "projectfinance"


# --- rate limits shared by two edges, and a Redis outage ----------------------------


def _hit(edge: str, ip: str, key: str) -> httpx.Response:
    return httpx.get(edge + LIMITED_PREFIX, headers={**from_ip(ip), **bearer(key)}, timeout=10)


def test_two_edges_share_one_limit(gateway: Gateway, api_key: str) -> None:
    ip = unique_ip()
    statuses = [_hit(gateway.edges[i % 2], ip, api_key).status_code for i in range(LIMIT + 6)]
    assert statuses[:LIMIT] == [200] * LIMIT
    assert statuses[LIMIT:] == [429] * 6
    refused = _hit(gateway.edges[0], ip, api_key)
    gateway_error(refused, 429, "rate_limited")
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.headers["x-ratelimit-remaining"] == "0"


def test_redis_outage_keeps_limiting_in_process_then_shares_again(
    gateway: Gateway, api_key: str, own_redis: RedisServer
) -> None:
    own_redis.stop()
    try:
        ip = unique_ip()
        per_edge = {
            edge: [_hit(edge, ip, api_key).status_code for _ in range(LIMIT + 3)]
            for edge in gateway.edges
        }
        for statuses in per_edge.values():
            # Each edge counts on its own now: its own LIMIT, then refusals; never a 5xx.
            assert statuses == [200] * LIMIT + [429] * 3
        ready = httpx.get(gateway.stack.edge_url + "/ready")
        assert ready.status_code == 503
        assert ready.json()["components"]["redis"]["status"] == "down"
    finally:
        own_redis.start()
    time.sleep(1.5)  # past FINPLAT_REDIS_RETRY_SECONDS: both edges go back to Redis
    ip = unique_ip()
    statuses = [_hit(gateway.edges[i % 2], ip, api_key).status_code for i in range(LIMIT + 4)]
    assert statuses.count(200) == LIMIT and 500 not in statuses
    assert httpx.get(gateway.stack.edge_url + "/ready").status_code == 200


# --- automatic blocking -------------------------------------------------------------


def test_repeated_auth_failures_block_the_address_on_every_edge_then_unblock(
    gateway: Gateway,
) -> None:
    ip = unique_ip()
    forged = {**from_ip(ip), **bearer("not-a-token")}
    profile = "/api/auth/profile"
    for _ in range(AUTOBLOCK_FAILURES):
        assert httpx.get(gateway.edges[0] + profile, headers=forged).status_code == 401
    for edge in gateway.edges:  # the block is shared through Redis
        blocked = httpx.get(edge + "/health", headers=from_ip(ip))
        body = gateway_error(blocked, 403, "ip_blocked")
        assert "blocked" in body["message"]
        assert 1 <= int(blocked.headers["retry-after"]) <= AUTOBLOCK_SECONDS
        _rate_limit_headers(blocked)
    assert httpx.get(gateway.edges[1] + "/health", headers=from_ip(unique_ip())).is_success
    time.sleep(AUTOBLOCK_SECONDS + 1.5)
    assert httpx.get(gateway.edges[1] + "/health", headers=from_ip(ip)).status_code == 200


# --- request guards and content inspection ------------------------------------------


def test_slowloris_connection_is_cut_with_408(gateway: Gateway) -> None:
    host, port = gateway.second_edge.removeprefix("http://").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: edge\r\n")
        received = b""
        try:
            for _ in range(20):  # one header byte every 0.5 s: never finishes
                sock.sendall(b"X")
                time.sleep(0.5)
        except OSError:
            pass  # the edge closed the connection
        try:
            while chunk := sock.recv(4096):
                received += chunk
        except OSError:
            pass
    assert received.startswith(b"HTTP/1.1 408"), received[:200]
    assert b'"request_timeout"' in received
    assert time.monotonic() - started < HEADER_TIMEOUT + 5


def test_oversized_body_is_413(gateway: Gateway) -> None:
    response = httpx.post(
        gateway.stack.edge_url + "/api/auth/register",
        content=b"{" + b" " * MAX_BODY + b"}",
        headers={"content-type": "application/json", **from_ip(unique_ip())},
    )
    gateway_error(response, 413, "payload_too_large")
    _rate_limit_headers(response)


def test_eicar_upload_is_refused_by_clamd(gateway: Gateway, api_key: str) -> None:
    headers = {"content-type": "application/octet-stream", **from_ip(unique_ip())}
    refused = httpx.post(
        gateway.stack.edge_url + "/api/auth/register", content=eicar(), headers=headers
    )
    gateway_error(refused, 422, "malware_detected", mentions="Finplat.Test.EICAR")
    expense = httpx.post(
        gateway.stack.edge_url + "/expense/v1/expenses",
        content=eicar(),
        headers={**headers, **bearer(api_key)},
    )
    assert expense.status_code == 422
    assert expense.json()["error"]["code"] == "MALWARE_DETECTED"
    # Clean content of the declared type passes the scan and reaches the decoder.
    clean = httpx.post(
        gateway.stack.edge_url + "/api/auth/register",
        content=b"plain bytes, nothing to see",
        headers=headers,
    )
    assert clean.status_code in (400, 415), clean.text


def test_content_contradicting_its_declared_type_is_415(gateway: Gateway) -> None:
    response = httpx.post(
        gateway.stack.edge_url + "/api/auth/register",
        content=b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
        headers={"content-type": "application/json", **from_ip(unique_ip())},
    )
    gateway_error(response, 415, "unsupported_media_type")
