"""The call path against a real grpc.aio ExpenseService: metadata in both directions,
201 + Location, 204, response_body selection and rich backend errors in the expense shape."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc
import httpx
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from google.protobuf import timestamp_pb2
from google.type import date_pb2

from edge.app import create_app
from edge.settings import EdgeSettings
from services.runtime.errors import InvalidArgument, NotFound, RateLimited
from services.runtime.status import to_status

ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
RATE = (
    ("x-ratelimit-limit", "1000"),
    ("x-ratelimit-remaining", "999"),
    ("x-ratelimit-reset", "1767225600"),
)


class FakeExpenses(expense_pb2_grpc.ExpenseServiceServicer):
    def __init__(self) -> None:
        self.metadata: list[tuple[str, str]] = []
        self.requests: list[Any] = []

    async def _enter(self, request: Any, context: Any) -> None:
        self.requests.append(request)
        self.metadata = [(k, v) for k, v in context.invocation_metadata()]
        await context.send_initial_metadata(RATE)

    async def CreateExpense(self, request: Any, context: Any) -> Any:
        await self._enter(request, context)
        # Values the edge's own checks accept, refused here so the backend's answer shows.
        if request.expense.amount == "13.13":
            error = InvalidArgument.for_field("expense.amount", "is not accepted")
            status = to_status(error, domain="expense")
            await context.abort(status.code, status.details, status.trailing_metadata)
        expense = expense_pb2.Expense(
            id=ID,
            amount=request.expense.amount,
            description=request.expense.description,
            category=request.expense.category,
            date=request.expense.date,
            created_at=timestamp_pb2.Timestamp(seconds=1767225600),
            updated_at=timestamp_pb2.Timestamp(seconds=1767225600),
        )
        return expense_pb2.CreateExpenseResponse(expense=expense)

    async def GetExpense(self, request: Any, context: Any) -> Any:
        await self._enter(request, context)
        status = to_status(NotFound("expense not found"), domain="expense")
        await context.abort(status.code, status.details, status.trailing_metadata)

    async def DeleteExpense(self, request: Any, context: Any) -> Any:
        await self._enter(request, context)
        return expense_pb2.DeleteExpenseResponse()

    async def ListExpenses(self, request: Any, context: Any) -> Any:
        await self._enter(request, context)
        if request.category == "travel":
            status = to_status(
                RateLimited("too many requests", retry_after_seconds=42), domain="expense"
            )
            await context.abort(status.code, status.details, status.trailing_metadata)
        if request.category == "education":
            raise RuntimeError("database password is hunter2")
        return expense_pb2.ListExpensesResponse(
            data=[
                expense_pb2.Expense(
                    id=ID, amount="3.10", date=date_pb2.Date(year=2026, month=1, day=2)
                )
            ],
            pagination=expense_pb2.Pagination(limit=request.limit or 50, total=1),
        )


@pytest.fixture(scope="module")
async def backend() -> AsyncIterator[tuple[FakeExpenses, int]]:
    server = grpc.aio.server()
    servicer = FakeExpenses()
    expense_pb2_grpc.add_ExpenseServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    yield servicer, port
    await server.stop(None)


@pytest.fixture
async def client(backend: tuple[FakeExpenses, int]) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(EdgeSettings(edge_backends={"expense": [f"127.0.0.1:{backend[1]}"]}))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("203.0.113.9", 5555))
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
            yield c


HEADERS = {
    "Authorization": "Bearer fp_key",
    "X-Request-ID": "req-1",
    "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    "X-User-Id": "spoofed",
    "X-Tenant-Id": "spoofed",
    "X-Principal-Roles": "admin",
}


async def test_create_answers_201_with_location_and_the_bare_expense(
    client: httpx.AsyncClient, backend: tuple[FakeExpenses, int]
) -> None:
    body = {
        "amount": 12.50,
        "description": "Lunch",
        "category": "food",
        "date": "2026-01-31",
        "x": 1,
    }
    response = await client.post("/expense/v1/expenses", json=body, headers=HEADERS)
    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"/expense/v1/expenses/{ID}"
    assert b'"amount":12.5' in response.content  # a JSON number, as the client wrote it
    assert response.json() == {
        "id": ID,
        "amount": 12.5,
        "description": "Lunch",
        "category": "food",
        "date": "2026-01-31",
        "created_at": "2026-01-01T00:00:00Z",
        "updated_at": "2026-01-01T00:00:00Z",
    }
    assert response.headers["x-ratelimit-remaining"] == "999"
    assert response.headers["x-request-id"] == "req-1"
    servicer = backend[0]
    assert servicer.requests[-1].expense.amount == "12.5"
    sent = dict(servicer.metadata)
    assert sent["authorization"] == "Bearer fp_key"
    assert sent["x-request-id"] == "req-1"
    # Same trace, but the parent is now the edge's own server span (one trace spans the
    # client, the edge and the backend).
    version, trace_id, parent_id, _ = sent["traceparent"].split("-")
    _, client_trace_id, client_span_id, _ = HEADERS["traceparent"].split("-")
    assert (version, trace_id) == ("00", client_trace_id)
    assert parent_id != client_span_id
    assert sent["x-forwarded-for"] == "203.0.113.9"
    assert not {"x-user-id", "x-tenant-id", "x-principal-roles"} & set(sent)


async def test_exact_decimal_reaches_the_backend(
    client: httpx.AsyncClient, backend: tuple[FakeExpenses, int]
) -> None:
    body = b'{"amount": 0.10, "description": "d", "category": "food", "date": "2026-01-31"}'
    headers = {**HEADERS, "content-type": "application/json"}
    response = await client.post("/expense/v1/expenses", content=body, headers=headers)
    assert response.status_code == 201
    assert backend[0].requests[-1].expense.amount == "0.10"
    assert b'"amount":0.10' in response.content


async def test_backend_violation_is_translated_to_the_json_field(client: httpx.AsyncClient) -> None:
    body = {"amount": 13.13, "description": "d", "category": "food", "date": "2026-01-31"}
    response = await client.post("/expense/v1/expenses", json=body, headers=HEADERS)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert error["details"] == {"field": "amount", "reason": "is not accepted"}
    assert error["message"] == "amount: is not accepted"  # not "expense.amount"
    assert error["request_id"] == "req-1"
    assert response.headers["x-ratelimit-limit"] == "1000"  # on errors too


async def test_not_found_in_expense_shape(client: httpx.AsyncClient) -> None:
    response = await client.get(f"/expense/v1/expenses/{ID}", headers=HEADERS)
    assert response.status_code == 404
    assert response.json()["error"] == {
        "code": "NOT_FOUND", "message": "expense not found", "details": {}, "request_id": "req-1",
    }  # fmt: skip


async def test_delete_answers_204_without_body(client: httpx.AsyncClient) -> None:
    response = await client.delete(f"/expense/v1/expenses/{ID}", headers=HEADERS)
    assert response.status_code == 204
    assert response.content == b""


async def test_list_binds_the_query_and_prints_defaults(
    client: httpx.AsyncClient, backend: tuple[FakeExpenses, int]
) -> None:
    response = await client.get(
        "/expense/v1/expenses?limit=10&category=food&start_date=2026-01-01", headers=HEADERS
    )
    assert response.status_code == 200
    request = backend[0].requests[-1]
    assert (request.limit, request.category, request.start_date.month) == (10, "food", 1)
    assert not request.HasField("offset")
    assert response.json()["pagination"] == {
        "limit": 10,
        "offset": 0,
        "total": 1,
        "has_more": False,
    }
    assert response.json()["data"][0]["amount"] == 3.1


async def test_rate_limited_carries_retry_after(client: httpx.AsyncClient) -> None:
    response = await client.get("/expense/v1/expenses?category=travel", headers=HEADERS)
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "RATE_LIMITED"
    assert response.headers["retry-after"] == "42"


async def test_backend_crash_is_a_generic_500(client: httpx.AsyncClient) -> None:
    response = await client.get("/expense/v1/expenses?category=education", headers=HEADERS)
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "INTERNAL_ERROR"
    assert "hunter2" not in response.text


async def test_ready_when_backend_serves_health(backend: tuple[FakeExpenses, int]) -> None:
    from grpc_health.v1 import health, health_pb2_grpc

    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        app = create_app(EdgeSettings(edge_backends={"expense": [f"127.0.0.1:{port}"]}))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
                response = await c.get("/ready")
        assert response.status_code == 200
        assert response.json()["backends"]["expense"]["status"] == "SERVING"
    finally:
        await server.stop(None)
