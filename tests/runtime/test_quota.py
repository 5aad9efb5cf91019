"""Per-caller quota: x-ratelimit-* trailers on every answer, RESOURCE_EXHAUSTED once spent."""

from __future__ import annotations

import time
import uuid

import grpc
import pytest
import redis
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.runtime.errors import parse_status
from tests.runtime.harness import Servers, TestSettings, bearer, channel
from tests.support.redis import RedisServer, free_port

REQUEST = expense_pb2.ListCategoriesRequest()


def _ok(stub: expense_pb2_grpc.ExpenseServiceStub, key: str) -> dict[str, str]:
    _, call = stub.ListCategories.with_call(REQUEST, metadata=bearer(key))
    return {k: str(v) for k, v in call.trailing_metadata() or ()}


def _exhausted(stub: expense_pb2_grpc.ExpenseServiceStub, key: str) -> grpc.Call:
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListCategories(REQUEST, metadata=bearer(key))
    assert isinstance(caught.value, grpc.Call)
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    return caught.value


def test_headers_on_success_and_exhaustion(servers: Servers) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(
        channel(servers.start(TestSettings(expense_rate_limit=2)))
    )
    first = _ok(stub, "key-alice")
    assert first["x-ratelimit-limit"] == "2"
    assert first["x-ratelimit-remaining"] == "1"
    reset = int(first["x-ratelimit-reset"])
    assert time.time() < reset <= time.time() + 3600 + 1
    assert "retry-after" not in first
    assert _ok(stub, "key-alice")["x-ratelimit-remaining"] == "0"

    call = _exhausted(stub, "key-alice")
    trailers = {k: v for k, v in call.trailing_metadata() or ()}
    assert trailers["x-ratelimit-limit"] == "2"
    assert trailers["x-ratelimit-remaining"] == "0"
    assert int(str(trailers["x-ratelimit-reset"])) == reset
    assert 0 < int(str(trailers["retry-after"])) <= 3600
    status = parse_status(call.code(), call.details() or "", call.trailing_metadata())
    assert status.reason == "RATE_LIMITED"
    assert status.retry_after_seconds == int(str(trailers["retry-after"]))

    # Per caller: another key has its own window.
    assert _ok(stub, "key-bob")["x-ratelimit-remaining"] == "1"


def test_quota_headers_survive_a_domain_error(servers: Servers) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    with pytest.raises(grpc.RpcError) as caught:
        stub.CreateExpense(expense_pb2.CreateExpenseRequest(), metadata=bearer("key-carol"))
    assert isinstance(caught.value, grpc.Call)
    trailers = dict(caught.value.trailing_metadata() or ())
    assert trailers["x-ratelimit-remaining"] == "999"
    assert "grpc-status-details-bin" in trailers


def test_unauthenticated_calls_are_not_counted(servers: Servers) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(
        channel(servers.start(TestSettings(expense_rate_limit=1)))
    )
    for _ in range(3):
        with pytest.raises(grpc.RpcError):
            stub.ListCategories(REQUEST, metadata=bearer("key-revoked"))
    assert _ok(stub, "key-dave")["x-ratelimit-remaining"] == "0"


def test_services_without_quota_send_no_headers(servers: Servers) -> None:
    stub = expense_pb2_grpc.ApiKeyAdminServiceStub(channel(servers.start()))
    _, call = stub.ListApiKeys.with_call(
        expense_pb2.ListApiKeysRequest(), metadata=bearer("key-admin")
    )
    assert not any(k.startswith("x-ratelimit") for k, _ in call.trailing_metadata() or ())


def test_redis_quota_is_shared_by_replicas(servers: Servers, redis_url: str) -> None:
    settings = TestSettings(redis_url=redis_url, expense_rate_limit=3)
    one = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start(settings)))
    two = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start(settings)))
    key = f"key-{uuid.uuid4().hex}"
    assert _ok(one, key)["x-ratelimit-remaining"] == "2"
    assert _ok(two, key)["x-ratelimit-remaining"] == "1"
    assert _ok(one, key)["x-ratelimit-remaining"] == "0"
    _exhausted(two, key)
    client = redis.Redis.from_url(redis_url)
    try:
        assert any(key.removeprefix("key-").encode() in k for k in client.keys("LIMITS*"))
    finally:
        client.close()


def test_unreachable_redis_still_serves(servers: Servers) -> None:
    settings = TestSettings(redis_url=f"redis://127.0.0.1:{free_port()}/0", expense_rate_limit=2)
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start(settings)))
    started = time.monotonic()
    assert _ok(stub, "key-erin")["x-ratelimit-remaining"] == "1"
    assert _ok(stub, "key-erin")["x-ratelimit-remaining"] == "0"
    _exhausted(stub, "key-erin")  # still enforced, in process
    assert time.monotonic() - started < 5


def test_redis_outage_falls_back_then_recovers(
    servers: Servers, redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    settings = TestSettings(
        redis_url=redis_server.url, expense_rate_limit=100, redis_retry_seconds=0.2
    )
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start(settings)))
    key = f"key-{uuid.uuid4().hex}"
    assert _ok(stub, key)["x-ratelimit-remaining"] == "99"
    with redis_server.outage():
        assert _ok(stub, key)["x-ratelimit-remaining"] == "99"  # fresh in-process window
        assert _ok(stub, key)["x-ratelimit-remaining"] == "98"
    assert any("unreachable" in r.getMessage() for r in caplog.records)
    time.sleep(0.3)
    # Redis is back (empty after the restart): counting resumes there.
    assert _ok(stub, key)["x-ratelimit-remaining"] == "99"
    client = redis.Redis.from_url(redis_server.url)
    try:
        assert client.keys("LIMITS*")
    finally:
        client.close()
