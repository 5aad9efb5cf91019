"""The composition root: a real gRPC server with the runtime's interceptors."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from finplat.expense.v1 import expense_pb2 as pb
from finplat.expense.v1 import expense_pb2_grpc
from google.type import date_pb2

from services.expense import main
from services.expense.api_keys import usecases
from services.expense.main import ExpenseBackend
from services.expense.settings import ExpenseSettings
from services.runtime.server import RunningServer


@pytest.fixture
def backend(expense_url: str, tmp_path: Path) -> Iterator[ExpenseBackend]:
    settings = ExpenseSettings(
        expense_database_url=expense_url,
        expense_grpc_port=0,
        expense_metrics_port=0,
        var_dir=tmp_path,
    )
    built = main.build(settings)
    yield built
    built.engine.dispose()


@pytest.fixture
def running(backend: ExpenseBackend) -> Iterator[RunningServer]:
    server = backend.serve()
    yield server
    server.stop(0)


def test_settings_default_to_the_embedded_database(tmp_path: Path) -> None:
    settings = ExpenseSettings(var_dir=tmp_path)
    assert settings.database_url() == f"sqlite:///{tmp_path}/expense.db"
    assert (settings.expense_grpc_port, settings.expense_metrics_port) == (50054, 9454)
    assert settings.expense_rate_limit == 1000


@pytest.fixture
def process_logging() -> Iterator[None]:
    """`run()` is a process entry point: it sets up the root logger for the process.
    Put the test session's logging back afterwards."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.usefixtures("process_logging")
def test_run_refuses_a_database_without_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FINPLAT_EXPENSE_DATABASE_URL", f"sqlite:///{tmp_path}/empty.db")
    assert main.run() == 2
    assert "run `finplat migrate`" in capsys.readouterr().err


def test_served_over_grpc_with_api_keys(backend: ExpenseBackend, running: RunningServer) -> None:
    assert set(running.services) == {
        "finplat.expense.v1.ExpenseService",
        "finplat.expense.v1.ApiKeyAdminService",
    }
    alice = usecases.create_api_key(backend.kernel.unit_of_work(), "alice").secret
    admin = usecases.create_api_key(backend.kernel.unit_of_work(), "root", ["admin"]).secret
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        expenses = expense_pb2_grpc.ExpenseServiceStub(channel)  # type: ignore[no-untyped-call]
        keys = expense_pb2_grpc.ApiKeyAdminServiceStub(channel)  # type: ignore[no-untyped-call]
        as_alice = (("authorization", f"Bearer {alice}"),)
        created = expenses.CreateExpense(
            pb.CreateExpenseRequest(
                expense=pb.ExpenseInput(
                    amount="3.20",
                    description="bus",
                    category="transport",
                    date=date_pb2.Date(year=2026, month=3, day=1),
                )
            ),
            metadata=as_alice,
        ).expense
        listed = expenses.ListExpenses(pb.ListExpensesRequest(), metadata=as_alice)
        assert [e.id for e in listed.data] == [created.id]

        with pytest.raises(grpc.RpcError) as caught:
            expenses.ListExpenses(
                pb.ListExpensesRequest(), metadata=(("authorization", "Bearer fpk_bad"),)
            )
        assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
        with pytest.raises(grpc.RpcError) as caught:
            expenses.ListExpenses(pb.ListExpensesRequest(limit=101), metadata=as_alice)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT

        # Admin RPCs need the admin role; revocation takes effect on the next call.
        with pytest.raises(grpc.RpcError) as caught:
            keys.ListApiKeys(pb.ListApiKeysRequest(), metadata=as_alice)
        assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
        as_admin = (("authorization", f"Bearer {admin}"),)
        alice_id = next(
            k.id
            for k in keys.ListApiKeys(pb.ListApiKeysRequest(), metadata=as_admin).api_keys
            if k.name == "alice"
        )
        keys.RevokeApiKey(pb.RevokeApiKeyRequest(id=alice_id), metadata=as_admin)
        with pytest.raises(grpc.RpcError) as caught:
            expenses.ListExpenses(pb.ListExpensesRequest(), metadata=as_alice)
        assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
