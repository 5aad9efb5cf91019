"""Real grpc.aio expense replicas for the balancing tests: each serves grpc.health.v1 and
an ExpenseService that says who answered (pagination.total = the replica's number), and
can be stopped and started again on the same port."""

from __future__ import annotations

import asyncio
from typing import Any

import grpc
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from services.runtime.errors import NotFound
from services.runtime.status import to_status
from tools.stack import free_port


class _Expenses(expense_pb2_grpc.ExpenseServiceServicer):
    def __init__(self, number: int) -> None:
        self.number = number
        self.calls = 0
        self.delay = 0.0

    async def ListExpenses(self, request: Any, context: Any) -> Any:
        self.calls += 1
        await asyncio.sleep(self.delay)
        return expense_pb2.ListExpensesResponse(
            pagination=expense_pb2.Pagination(limit=1, total=self.number)
        )

    async def CreateExpense(self, request: Any, context: Any) -> Any:
        self.calls += 1
        return expense_pb2.CreateExpenseResponse(expense=expense_pb2.Expense(description="made"))

    async def GetExpense(self, request: Any, context: Any) -> Any:
        self.calls += 1  # a domain error: the instance is fine
        status = to_status(NotFound("expense not found"), domain="expense")
        await context.abort(status.code, status.details, status.trailing_metadata)


class Replica:
    def __init__(self, number: int) -> None:
        self.number = number
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.expenses = _Expenses(number)
        self.health = health.aio.HealthServicer()  # type: ignore[attr-defined]
        self._server: grpc.aio.Server | None = None

    async def start(self) -> None:
        server = grpc.aio.server()
        expense_pb2_grpc.add_ExpenseServiceServicer_to_server(self.expenses, server)  # type: ignore[no-untyped-call]
        health_pb2_grpc.add_HealthServicer_to_server(self.health, server)
        server.add_insecure_port(self.address)
        await server.start()
        self._server = server

    async def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            await server.stop(None)

    async def set_serving(self, serving: bool) -> None:
        status = health_pb2.HealthCheckResponse
        await self.health.set("", status.SERVING if serving else status.NOT_SERVING)
