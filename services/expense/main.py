"""Composition root of the expense backend: settings → engine → kernel → the declared
capabilities' servicers and the API-key authenticator → the shared runtime's `serve`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import grpc
from sqlalchemy import Engine

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.expense.api_keys.authenticator import ApiKeyAuthenticator
from services.expense.api_keys.repository import ApiKeyLookup
from services.expense.capabilities import CAPABILITIES
from services.expense.expenses.repository import ExpenseReads
from services.expense.kernel import ExpenseKernel
from services.expense.repositories import repositories
from services.expense.settings import ExpenseSettings
from services.runtime.auth import Authenticator
from services.runtime.capability import register
from services.runtime.process import run_backend
from services.runtime.server import RunningServer, serve

NAME = "expense"


@dataclass(frozen=True)
class ExpenseBackend:
    """Everything `serve()` needs, plus the engine so its owner can dispose of it."""

    settings: ExpenseSettings
    engine: Engine
    kernel: ExpenseKernel
    authenticators: tuple[Authenticator, ...]

    def register(self, server: grpc.Server) -> Iterable[str]:
        return register(server, CAPABILITIES, self.kernel)

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
        kernel=ExpenseKernel(unit_of_work=unit_of_work, reads=ExpenseReads(engine)),
        authenticators=(ApiKeyAuthenticator(unit_of_work, ApiKeyLookup(engine)),),
    )


def run() -> int:
    settings = ExpenseSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
