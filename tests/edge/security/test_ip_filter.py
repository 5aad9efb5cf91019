"""IP allow/deny lists and automatic blocking: real uvicorn servers, real Redis."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
import pytest

from edge.observability.metrics import GatewayMetrics
from edge.security.blocklist import AutoBlocker
from edge.security.networks import IpRules
from edge.security.settings import SecuritySettings
from tests.edge.security.harness import demo_app, serve
from tests.support.redis import RedisServer

THRESHOLD = 3


def settings(**values: object) -> SecuritySettings:
    defaults: dict[str, object] = {
        "edge_autoblock_auth_failures": THRESHOLD,
        "edge_autoblock_rate_limited": THRESHOLD,
        "edge_autoblock_seconds": 2,
        "edge_block_check_cache_seconds": 0,
    }
    return SecuritySettings(**{**defaults, **values})  # type: ignore[arg-type]


@contextmanager
def edges(
    count: int,
    redis_url: str | None,
    config: SecuritySettings,
    metrics: GatewayMetrics | None = None,
) -> Iterator[list[httpx.Client]]:
    """`count` edge servers, each with its own AutoBlocker sharing `redis_url`."""
    with ExitStack() as stack:
        clients = []
        for _ in range(count):
            blocker = AutoBlocker.from_settings(config, redis_url, redis_retry_seconds=30)
            stack.callback(blocker.close)
            url = stack.enter_context(
                serve(demo_app(config, blocker=blocker, metrics=metrics), config)
            )
            clients.append(stack.enter_context(httpx.Client(base_url=url)))
        yield clients


def test_rules_deny_wins_and_allow_admits_only_itself() -> None:
    rules = IpRules(allow=["10.0.0.0/8", "2001:db8::/32"], deny=["10.6.6.0/24"])
    assert not rules.denied("10.1.2.3")
    assert rules.denied("10.6.6.7")  # in both lists: deny wins
    assert rules.denied("192.168.1.1")  # not in a non-empty allow list
    assert not rules.denied("::ffff:10.1.2.3")  # IPv4-mapped IPv6 is the IPv4 client
    assert not rules.denied("2001:db8::1")
    assert rules.denied("unix-socket-peer")
    assert rules.allow_listed("10.1.2.3") and not rules.allow_listed("192.168.1.1")
    assert not IpRules(allow=[], deny=["10.0.0.0/8"]).denied("127.0.0.1")
    with pytest.raises(ValueError):
        IpRules(allow=[], deny=["10.0.0.300/8"])


@pytest.mark.parametrize(
    ("allow", "deny", "status"),
    [
        ([], ["127.0.0.0/8"], 403),
        (["10.0.0.0/8"], [], 403),
        (["127.0.0.1/32"], ["127.0.0.1"], 403),
        (["127.0.0.0/8"], [], 200),
    ],
)
def test_lists_apply_to_the_client_address(allow: list[str], deny: list[str], status: int) -> None:
    metrics = GatewayMetrics()
    with edges(1, None, settings(edge_ip_allow=allow, edge_ip_deny=deny), metrics) as [edge]:
        response = edge.get("/ok")
    assert response.status_code == status
    if status == 403:
        assert response.json()["error"] == "ip_blocked"
        assert response.json()["request_id"] == response.headers["x-request-id"]
        assert response.headers["x-frame-options"] == "DENY"
        assert metrics.registry.get_sample_value(
            "finplat_edge_security_refusals_total", {"reason": "ip_blocked"}
        )


def assert_blocked(response: httpx.Response) -> None:
    assert response.status_code == 403, response.text
    assert response.json()["error"] == "ip_blocked"
    assert 1 <= int(response.headers["retry-after"]) <= 2


def test_repeated_401s_block_the_ip_on_every_edge_until_the_block_expires(
    redis_server: RedisServer,
) -> None:
    redis_server.flush()
    with edges(2, redis_server.url, settings()) as [first, second]:
        for _ in range(THRESHOLD - 1):
            assert first.get("/admin").status_code == 401
        assert second.get("/ok").status_code == 200  # not yet
        assert second.get("/admin").status_code == 401  # the third, counted in Redis
        assert_blocked(first.get("/ok"))
        assert_blocked(second.get("/ok"))
        time.sleep(2.2)  # the block's TTL
        assert first.get("/ok").status_code == 200
        assert second.get("/ok").status_code == 200


def test_repeated_429s_block_the_ip(redis_server: RedisServer) -> None:
    redis_server.flush()
    with edges(1, redis_server.url, settings()) as [edge]:
        for _ in range(THRESHOLD):
            assert edge.get("/limited").status_code == 429
        assert_blocked(edge.get("/ok"))


def test_an_operator_unblocks_for_every_edge(redis_server: RedisServer) -> None:
    redis_server.flush()
    config = settings(edge_autoblock_seconds=600)
    blocker = AutoBlocker.from_settings(config, redis_server.url, redis_retry_seconds=30)
    with edges(2, redis_server.url, config) as [first, second]:
        for _ in range(THRESHOLD):
            first.get("/admin")
        assert second.get("/ok").status_code == 403
        asyncio.run(blocker.unblock("127.0.0.1"))
        assert first.get("/ok").status_code == 200
        assert second.get("/ok").status_code == 200
    blocker.close()


def test_allow_listed_clients_are_never_blocked(redis_server: RedisServer) -> None:
    redis_server.flush()
    with edges(1, redis_server.url, settings(edge_ip_allow=["127.0.0.1"])) as [edge]:
        for _ in range(THRESHOLD * 2):
            assert edge.get("/admin").status_code == 401
        assert edge.get("/ok").status_code == 200


def test_without_redis_blocking_continues_in_process(redis_server: RedisServer) -> None:
    with edges(1, redis_server.url, settings()) as [edge], redis_server.outage():
        statuses = [edge.get("/admin").status_code for _ in range(THRESHOLD)]
        assert statuses == [401] * THRESHOLD  # no 5xx while Redis is gone
        assert_blocked(edge.get("/ok"))
        time.sleep(2.2)
        assert edge.get("/ok").status_code == 200
