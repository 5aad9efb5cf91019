"""serve(): health, reflection, metrics, graceful stop, access log, tracing."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import grpc
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

from services.runtime.logging import JsonFormatter
from services.runtime.tracing import memory_exporter
from tests.runtime.harness import ADMIN, EXPENSE, Servers, TestSettings, bearer, channel
from tests.support.redis import free_port

GRPCURL = Path(sys.executable).with_name("grpcurl")


def test_health_serving_for_server_and_each_service(servers: Servers) -> None:
    stub = health_pb2_grpc.HealthStub(channel(servers.start()))
    for service in ("", EXPENSE, ADMIN):
        reply = stub.Check(health_pb2.HealthCheckRequest(service=service))
        assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_services(servers: Servers) -> None:
    running = servers.start()
    database = ProtoReflectionDescriptorDatabase(channel(running))
    assert set(database.get_services()) >= {
        EXPENSE,
        ADMIN,
        "grpc.health.v1.Health",
        "grpc.reflection.v1alpha.ServerReflection",
    }


@pytest.mark.skipif(not GRPCURL.exists(), reason="grpcurl not installed")
def test_grpcurl_works_without_proto_files(servers: Servers) -> None:
    running = servers.start()
    target = f"127.0.0.1:{running.port}"
    listed = subprocess.run(
        [str(GRPCURL), "-plaintext", target, "list"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert EXPENSE in listed.stdout.split()
    called = subprocess.run(
        [
            str(GRPCURL),
            "-plaintext",
            "-H",
            "authorization: Bearer key-alice",
            target,
            f"{EXPENSE}/ListCategories",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(called.stdout)["data"][0]["slug"] == "food"


def test_prometheus_metrics_port(servers: Servers) -> None:
    port = free_port()
    running = servers.start(metrics_port=port)
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(running))
    stub.ListCategories(expense_pb2.ListCategoriesRequest(), metadata=bearer("key-alice"))
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    assert "grpc_server_handled_total{" in text
    assert 'grpc_method="ListCategories"' in text
    assert "grpc_server_handling_seconds_bucket" in text


def test_stop_lets_in_flight_rpc_finish(servers: Servers) -> None:
    running = servers.start()
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(running))
    slow = stub.DeleteExpense.future(
        expense_pb2.DeleteExpenseRequest(id="1.0"), metadata=bearer("key-alice")
    )
    assert servers.expenses.slow_started.wait(5)
    started = time.monotonic()
    stopper = threading.Thread(target=running.stop, kwargs={"grace": 10})
    stopper.start()
    assert slow.result(timeout=10) == expense_pb2.DeleteExpenseResponse()
    stopper.join(10)
    assert not stopper.is_alive()
    assert time.monotonic() - started < 5  # returned when the RPC finished, not at grace end
    assert running.wait(timeout=1)
    with pytest.raises(grpc.RpcError) as caught:
        stub.ListCategories(
            expense_pb2.ListCategoriesRequest(), metadata=bearer("key-alice"), timeout=2
        )
    assert isinstance(caught.value, grpc.Call)
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


def test_access_log_line_per_rpc(servers: Servers, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="finplat.access")
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    stub.GetExpense(
        expense_pb2.GetExpenseRequest(id="e1"),
        metadata=bearer("key-alice", **{"x-request-id": "req-1"}),
    )
    with pytest.raises(grpc.RpcError):
        stub.GetExpense(expense_pb2.GetExpenseRequest(id="e1"))  # rejected by auth
    with pytest.raises(grpc.RpcError):
        stub.UpdateExpense(expense_pb2.UpdateExpenseRequest(), metadata=bearer("key-alice"))

    lines = [
        json.loads(JsonFormatter().format(r)) for r in caplog.records if r.name == "finplat.access"
    ]
    assert [(x["code"], x["principal"]) for x in lines] == [
        ("OK", "alice"),
        ("UNAUTHENTICATED", None),
        ("INTERNAL", "alice"),
    ]
    first = lines[0]
    assert first["method"] == f"/{EXPENSE}/GetExpense"
    assert first["request_id"] == "req-1"
    assert first["level"] == "INFO" and first["logger"] == "finplat.access"
    assert first["ts"].endswith("+00:00")
    assert isinstance(first["duration_ms"], float)
    assert first["peer"].startswith("ipv")
    assert lines[1]["request_id"] is None


def test_trace_context_from_metadata_reaches_span_and_log(
    servers: Servers, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="finplat.access")
    stub = expense_pb2_grpc.ExpenseServiceStub(
        channel(servers.start(TestSettings(otel_traces_exporter="memory")))
    )
    exporter = memory_exporter()
    assert exporter is not None
    exporter.clear()
    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    parent = f"00-{trace_id}-00f067aa0ba902b7-01"
    with pytest.raises(grpc.RpcError):
        stub.UpdateExpense(
            expense_pb2.UpdateExpenseRequest(),
            metadata=bearer("key-alice", traceparent=parent),
        )
    access = [r for r in caplog.records if r.name == "finplat.access"][-1]
    assert access.trace_id == trace_id
    span = next(s for s in exporter.get_finished_spans() if s.name.endswith("/UpdateExpense"))
    assert format(span.context.trace_id, "032x") == trace_id
    assert span.attributes is not None
    assert span.attributes["rpc.grpc.status_code"] == grpc.StatusCode.INTERNAL.value[0]
    assert span.status.status_code.name == "ERROR"


SIGNAL_SCRIPT = """
import sys
from services.runtime.server import install_signal_handlers, serve
from tests.runtime.harness import FakeExpenses, TestSettings, register_fakes

running = serve(name="expense", settings=TestSettings(), port=0, metrics_port=None,
                register=register_fakes(FakeExpenses()), authenticators=[])
install_signal_handlers(running)
print(running.port, flush=True)
running.wait()
print("drained", flush=True)
"""


def test_sigterm_drains_and_exits() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", SIGNAL_SCRIPT],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())
        stub = health_pb2_grpc.HealthStub(grpc.insecure_channel(f"127.0.0.1:{port}"))
        assert stub.Check(health_pb2.HealthCheckRequest(), timeout=5).status == 1
        process.terminate()
        assert process.wait(timeout=20) == 0
        assert process.stdout.read().strip() == "drained"
    finally:
        if process.poll() is None:
            process.kill()
