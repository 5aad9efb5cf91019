"""Per-caller quota: x-ratelimit-* trailers on every answer, RESOURCE_EXHAUSTED once spent.

Through a gRPC server first, then `QuotaEnforcer` on its own (controlled clock, threads,
a real Redis shared by two enforcers, Redis gone)."""

from __future__ import annotations

import sys
import threading
import time
import uuid

import grpc
import pytest
import redis
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.runtime.errors import RateLimited
from services.runtime.policy import MethodPolicy, QuotaRule
from services.runtime.quota import QuotaDecision, QuotaEnforcer
from services.runtime.status import parse_status
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
        assert any(key.removeprefix("key-").encode() in k for k in client.keys("finplat-quota:*"))
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
        assert client.keys("finplat-quota:*")
    finally:
        client.close()


# QuotaEnforcer on its own.

SERVICE = "finplat.test.v1.QuotaService"


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _policy(limit: int, window_seconds: int = 60) -> MethodPolicy:
    return MethodPolicy(
        full_method=f"/{SERVICE}/Call",
        service_name=SERVICE,
        method_name="Call",
        public=False,
        api_key=True,
        roles=frozenset(),
        scopes=frozenset(),
        quota=QuotaRule(limit=limit, window_seconds=window_seconds),
        backend="test",
    )


def _hit(enforcer: QuotaEnforcer, policy: MethodPolicy, subject: str) -> QuotaDecision:
    decision = enforcer.hit(policy, subject)
    assert decision is not None
    return decision


def test_in_process_counts_exactly_the_limit_then_refuses() -> None:
    clock = Clock(1000.0)  # 60 s calendar window [960, 1020)
    enforcer = QuotaEnforcer(TestSettings(redis_url=None), clock=clock)
    policy = _policy(3)
    allowed = [_hit(enforcer, policy, "alice") for _ in range(3)]
    assert all(d.allowed for d in allowed)
    assert [d.remaining for d in allowed] == [2, 1, 0]
    assert allowed[0].metadata() == [
        ("x-ratelimit-limit", "3"),
        ("x-ratelimit-remaining", "2"),
        ("x-ratelimit-reset", "1020"),
    ]
    clock.now = 1005.5
    refused = _hit(enforcer, policy, "alice")
    assert not refused.allowed
    assert refused.retry_after_seconds == 15 >= 1
    assert refused.metadata() == [
        ("x-ratelimit-limit", "3"),
        ("x-ratelimit-remaining", "0"),
        ("x-ratelimit-reset", "1020"),
        ("retry-after", "15"),
    ]
    error = refused.error()
    assert isinstance(error, RateLimited) and error.retry_after_seconds == 15
    # Per caller, and per service: another subject has its own window.
    assert _hit(enforcer, policy, "bob").remaining == 2


def test_a_refusal_just_before_the_reset_still_waits_a_second() -> None:
    clock = Clock(1019.9)
    enforcer = QuotaEnforcer(TestSettings(redis_url=None), clock=clock)
    policy = _policy(1)
    assert _hit(enforcer, policy, "alice").allowed
    assert _hit(enforcer, policy, "alice").retry_after_seconds == 1


def test_in_process_window_restarts_on_the_injected_clock() -> None:
    clock = Clock(1000.0)
    enforcer = QuotaEnforcer(TestSettings(redis_url=None), clock=clock)
    policy = _policy(2)
    assert [_hit(enforcer, policy, "alice").allowed for _ in range(3)] == [True, True, False]
    clock.now = 1019.0  # same window: still refused
    assert not _hit(enforcer, policy, "alice").allowed
    clock.now = 1020.0  # the next window
    restarted = _hit(enforcer, policy, "alice")
    assert restarted.allowed and restarted.remaining == 1 and restarted.reset_at == 1080


def test_limit_setting_overrides_the_proto_limit() -> None:
    policy = _policy(5)
    assert policy.quota is not None
    overridden = MethodPolicy(
        **{**policy.__dict__, "quota": QuotaRule(5, 60, limit_setting="expense_rate_limit")}
    )
    enforcer = QuotaEnforcer(TestSettings(redis_url=None, expense_rate_limit=7))
    assert enforcer.limit_for(policy) == 5
    assert enforcer.limit_for(overridden) == 7
    assert _hit(enforcer, overridden, "alice").limit == 7
    no_quota = MethodPolicy(**{**policy.__dict__, "quota": None})
    assert enforcer.limit_for(no_quota) is None and enforcer.hit(no_quota, "alice") is None


def _hammer(enforcer: QuotaEnforcer, policy: MethodPolicy, threads: int, hits: int) -> int:
    """`threads` threads, `hits` calls each, of one subject at once; how many were allowed."""
    allowed = [0] * threads
    start = threading.Barrier(threads)

    def run(n: int) -> None:
        start.wait()
        allowed[n] = sum(_hit(enforcer, policy, "shared").allowed for _ in range(hits))

    workers = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(allowed)


def test_concurrent_threads_never_exceed_the_limit_in_process() -> None:
    enforcer = QuotaEnforcer(TestSettings(redis_url=None), clock=Clock(time.time()))
    # Switch threads as often as possible: without the quota's lock, LocalWindow's
    # read-decide-count interleaves and this over- or under-counts most runs.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        assert _hammer(enforcer, _policy(1000, 3600), threads=8, hits=200) == 1000
    finally:
        sys.setswitchinterval(interval)
    assert not _hit(enforcer, _policy(1000, 3600), "shared").allowed


def test_concurrent_threads_never_exceed_the_limit_in_redis(redis_url: str) -> None:
    enforcer = QuotaEnforcer(TestSettings(redis_url=redis_url), clock=Clock(time.time()))
    policy = _policy(300, 3600)
    client = redis.Redis.from_url(redis_url)
    try:
        for key in client.scan_iter(f"finplat-quota:{{3600:{SERVICE}:shared}}:*"):
            client.delete(key)
        assert _hammer(enforcer, policy, threads=8, hits=50) == 300
    finally:
        client.close()


def _commands(client: redis.Redis) -> dict[str, int]:
    """Calls per command so far (the commands a script runs count too)."""
    stats = client.info("commandstats")
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()}


def test_two_enforcers_share_one_count_in_redis(redis_url: str) -> None:
    settings, clock = TestSettings(redis_url=redis_url), Clock(time.time())
    one, two = QuotaEnforcer(settings, clock=clock), QuotaEnforcer(settings, clock=clock)
    policy = _policy(3, 60)
    subject = uuid.uuid4().hex
    first = _hit(one, policy, subject)
    assert first.allowed and first.remaining == 2
    assert clock.now < first.reset_at <= clock.now + 60 and first.reset_at % 60 == 0
    client = redis.Redis.from_url(redis_url)
    try:
        assert _hit(two, policy, subject).remaining == 1
        before = _commands(client)
        assert _hit(two, policy, subject).remaining == 0
        refused = _hit(one, policy, subject)
        after = _commands(client)
        spent = {k: n - before.get(k, 0) for k, n in after.items() if n != before.get(k, 0)}
        # One round trip per decision: one EVALSHA each; GET/INCRBY run inside the script.
        assert spent == {"info": 1, "evalsha": 2, "get": 2, "incrby": 1}
        assert not refused.allowed and refused.remaining == 0
        assert refused.reset_at == first.reset_at and refused.retry_after_seconds >= 1
        keys = client.keys(f"finplat-quota:{{60:{SERVICE}:{subject}}}:*")
        assert [k.decode().rsplit(":", 1)[1] for k in keys] == [str(first.reset_at // 60 - 1)]
        assert client.get(keys[0]) == b"3"
        assert 0 < client.ttl(keys[0]) <= 120
    finally:
        client.close()


def test_unreachable_redis_counts_in_process(caplog: pytest.LogCaptureFixture) -> None:
    enforcer = QuotaEnforcer(
        TestSettings(redis_url=f"redis://127.0.0.1:{free_port()}/0"), clock=Clock(time.time())
    )
    policy = _policy(2)
    started = time.monotonic()
    decisions = [_hit(enforcer, policy, "alice") for _ in range(3)]
    assert [d.allowed for d in decisions] == [True, True, False]
    assert decisions[-1].retry_after_seconds >= 1
    assert time.monotonic() - started < 2
    assert sum("unreachable" in r.getMessage() for r in caplog.records) == 1


def test_stopped_redis_falls_back_then_recovers(redis_server: RedisServer) -> None:
    enforcer = QuotaEnforcer(
        TestSettings(redis_url=redis_server.url),
        redis_retry_seconds=0.2,
        clock=Clock(time.time()),  # no window boundary mid-test
    )
    policy = _policy(10)
    subject = uuid.uuid4().hex
    assert _hit(enforcer, policy, subject).remaining == 9  # in Redis
    with redis_server.outage():
        assert _hit(enforcer, policy, subject).remaining == 9  # fresh in-process window
        assert _hit(enforcer, policy, subject).remaining == 8
    time.sleep(0.3)
    assert _hit(enforcer, policy, subject).remaining == 9  # Redis again (empty: restarted)
    client = redis.Redis.from_url(redis_server.url)
    try:
        assert client.keys(f"finplat-quota:{{60:{SERVICE}:{subject}}}:*")
    finally:
        client.close()
