"""Composition root of the expense backend: settings → engine → units of work →
servicers and authenticator → the shared runtime's `serve`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import grpc
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from sqlalchemy import Engine

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.expense.authenticator import ApiKeyAuthenticator
from services.expense.repository import ApiKeyLookup, ExpenseReads, repositories
from services.expense.servicer import ApiKeyAdminServicer, ExpenseServicer
from services.expense.settings import ExpenseSettings
from services.expense.usecases import ExpenseUnitOfWork
from services.runtime.auth import Authenticator
from services.runtime.process import run_backend
from services.runtime.server import RunningServer, serve

NAME = "expense"


@dataclass(frozen=True)
class ExpenseBackend:
    """Everything `serve()` needs, plus the engine so its owner can dispose of it."""

    settings: ExpenseSettings
    engine: Engine
    unit_of_work: Callable[[], ExpenseUnitOfWork]
    reads: ExpenseReads
    authenticators: tuple[Authenticator, ...]

    def register(self, server: grpc.Server) -> Iterable[str]:
        # The generated *_grpc module has no type stubs, hence the ignores.
        expense_pb2_grpc.add_ExpenseServiceServicer_to_server(  # type: ignore[no-untyped-call]
            ExpenseServicer(self.unit_of_work, self.reads), server
        )
        expense_pb2_grpc.add_ApiKeyAdminServiceServicer_to_server(  # type: ignore[no-untyped-call]
            ApiKeyAdminServicer(self.unit_of_work), server
        )
        services = expense_pb2.DESCRIPTOR.services_by_name
        return (
            services["ExpenseService"].full_name,
            services["ApiKeyAdminService"].full_name,
        )

    def serve(self) -> RunningServer:
        return serve(
            name=NAME,
            settings=self.settings,
            port=self.settings.expense_grpc_port,
            metrics_port=self.settings.expense_metrics_port,
            register=self.register,
            authenticators=self.authenticators,
        )

    def close(self) -> None:
        self.engine.dispose()


def build(settings: ExpenseSettings) -> ExpenseBackend:
    engine = make_engine(settings.database_url(), pool_size=settings.grpc_max_workers)
    unit_of_work = unit_of_work_factory(make_sessionmaker(engine), repositories)
    return ExpenseBackend(
        settings=settings,
        engine=engine,
        unit_of_work=unit_of_work,
        reads=ExpenseReads(engine),
        authenticators=(ApiKeyAuthenticator(unit_of_work, ApiKeyLookup(engine)),),
    )


def run() -> int:
    settings = ExpenseSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
