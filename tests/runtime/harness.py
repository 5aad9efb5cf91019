"""A tiny servicer and authenticator to exercise the runtime on real gRPC servers.

This tests the runtime, not the expense domain: each RPC of the expense protos is
given a behaviour that provokes one runtime path.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import grpc
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.runtime import errors
from services.runtime.auth import Authenticator
from services.runtime.principal import Principal, current_principal
from services.runtime.server import RunningServer, serve
from services.runtime.settings import RuntimeSettings

EXPENSE = expense_pb2.DESCRIPTOR.services_by_name["ExpenseService"].full_name
ADMIN = expense_pb2.DESCRIPTOR.services_by_name["ApiKeyAdminService"].full_name


class TestSettings(RuntimeSettings):
    __test__ = False  # not a pytest class
    expense_rate_limit: int = 1000


class KeyAuthenticator:
    """`key-NAME` is an API key of subject NAME (admin role if NAME starts with "admin");
    `key-revoked*` is a revoked key. `jwt-NAME` is a user token."""

    def accepts(self, credential: str) -> bool:
        return credential.startswith(("key-", "jwt-"))

    def authenticate(self, credential: str) -> Principal:
        kind, _, name = credential.partition("-")
        if not name or name.startswith("revoked"):
            raise errors.Unauthenticated("invalid or revoked API key")
        if kind == "jwt":
            return Principal(subject=name, kind="user")
        roles = frozenset({"admin"}) if name.startswith("admin") else frozenset()
        return Principal(subject=name, kind="api_key", roles=roles)


class FakeExpenses(expense_pb2_grpc.ExpenseServiceServicer):
    def __init__(self) -> None:
        self.slow_started = threading.Event()

    def ListCategories(self, request: Any, context: Any) -> Any:
        return expense_pb2.ListCategoriesResponse(
            data=[expense_pb2.Category(slug="food", name="Food")]
        )

    def GetExpense(self, request: Any, context: Any) -> Any:
        if request.id == "missing":
            raise errors.NotFound("expense not found")
        # Echo the bound principal, so tests see what the handler saw.
        return expense_pb2.GetExpenseResponse(
            expense=expense_pb2.Expense(id=request.id, description=current_principal().subject)
        )

    def CreateExpense(self, request: Any, context: Any) -> Any:
        raise errors.InvalidArgument(
            "invalid expense",
            violations=[
                errors.FieldViolation("expense.amount", "must be greater than zero"),
                errors.FieldViolation("expense.date", "is required"),
            ],
        )

    def UpdateExpense(self, request: Any, context: Any) -> Any:
        raise RuntimeError("connection to postgres://admin:hunter2@db failed")

    def DeleteExpense(self, request: Any, context: Any) -> Any:
        self.slow_started.set()
        time.sleep(float(request.id or "1"))
        return expense_pb2.DeleteExpenseResponse()

    def ListExpenses(self, request: Any, context: Any) -> Any:
        context.abort(grpc.StatusCode.FAILED_PRECONDITION, "handler aborted itself")


class FakeAdmin(expense_pb2_grpc.ApiKeyAdminServiceServicer):
    def ListApiKeys(self, request: Any, context: Any) -> Any:
        return expense_pb2.ListApiKeysResponse()


def register_fakes(expenses: FakeExpenses) -> Any:
    def register(server: grpc.Server) -> Iterable[str]:
        expense_pb2_grpc.add_ExpenseServiceServicer_to_server(expenses, server)
        expense_pb2_grpc.add_ApiKeyAdminServiceServicer_to_server(FakeAdmin(), server)
        return [EXPENSE, ADMIN]

    return register


class Servers:
    """Starts runtime servers on ephemeral ports and stops them after the test."""

    def __init__(self) -> None:
        self.running: list[RunningServer] = []
        self.expenses = FakeExpenses()

    def start(
        self,
        settings: RuntimeSettings | None = None,
        *,
        metrics_port: int | None = None,
        authenticators: Sequence[Authenticator] = (KeyAuthenticator(),),
    ) -> RunningServer:
        running = serve(
            name="expense",
            settings=settings or TestSettings(),
            port=0,
            metrics_port=metrics_port,
            register=register_fakes(self.expenses),
            authenticators=authenticators,
        )
        self.running.append(running)
        return running

    def stop_all(self) -> None:
        for running in self.running:
            running.stop(0)


@pytest.fixture
def servers() -> Iterator[Servers]:
    started = Servers()
    try:
        yield started
    finally:
        started.stop_all()


def channel(running: RunningServer) -> grpc.Channel:
    return grpc.insecure_channel(f"127.0.0.1:{running.port}")


def bearer(credential: str, **extra: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {credential}"), *extra.items()]
