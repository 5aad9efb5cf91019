"""Composition root of the project-finance backend: settings → engine → unit of work →
main's project directory → kernel → the declared capabilities' servicers → the shared
runtime's `serve` (users' access tokens verified against main's JWKS and sessions)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import grpc
from sqlalchemy import Engine

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.projectfinance.capabilities import CAPABILITIES
from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.kernel.projects import MainProjects
from services.projectfinance.repositories import repositories
from services.projectfinance.settings import ProjectFinanceSettings
from services.runtime.capability import register
from services.runtime.clock import utcnow
from services.runtime.identity_client import MainIdentityClient
from services.runtime.process import run_backend
from services.runtime.server import RunningServer, serve
from services.runtime.tokens import JwtAuthenticator, TokenVerifier
from services.runtime.user_tokens import user_token_verifier

NAME = "projectfinance"


@dataclass
class ProjectFinanceBackend:
    settings: ProjectFinanceSettings
    engine: Engine
    kernel: Kernel
    verifier: TokenVerifier
    identity: MainIdentityClient | None
    projects: MainProjects

    def register(self, server: grpc.Server) -> Iterable[str]:
        return register(server, CAPABILITIES, self.kernel)

    def serve(self) -> RunningServer:
        return serve(
            name=NAME,
            settings=self.settings,
            port=self.settings.projectfinance_grpc_port,
            metrics_port=self.settings.projectfinance_metrics_port,
            register=self.register,
            authenticators=(JwtAuthenticator(self.verifier),),
        )

    def close(self) -> None:
        self.projects.close()
        if self.identity is not None:
            self.identity.close()
        self.engine.dispose()


def build(settings: ProjectFinanceSettings) -> ProjectFinanceBackend:
    engine = make_engine(settings.database_url(), pool_size=settings.grpc_max_workers)
    unit_of_work = unit_of_work_factory(make_sessionmaker(engine), repositories)
    projects = MainProjects(
        settings.main_grpc_target, timeout=settings.projectfinance_main_timeout_seconds
    )
    kernel = Kernel(unit_of_work=unit_of_work, projects=projects, clock=utcnow)
    verifier, identity = user_token_verifier(settings, settings.main_grpc_target)
    return ProjectFinanceBackend(settings, engine, kernel, verifier, identity, projects)


def run() -> int:
    settings = ProjectFinanceSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
