"""Composition root of the project-finance backend: settings → engine → unit of work →
main's project directory → kernel → the declared capabilities' servicers → the shared
runtime's `serve` (users' access tokens verified against main's JWKS and sessions)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import grpc
from pydantic import SecretStr
from sqlalchemy import Engine

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.projectfinance.capabilities import CAPABILITIES
from services.projectfinance.kernel.delegation import MainDelegations
from services.projectfinance.kernel.dependencies import Kernel, Secrets
from services.projectfinance.kernel.invoicing import MainInvoicing
from services.projectfinance.kernel.projects import MainProjects
from services.projectfinance.milestones.runner import SagaRunner
from services.projectfinance.milestones.saga import saga_running
from services.projectfinance.repositories import repositories
from services.projectfinance.settings import ProjectFinanceSettings
from services.runtime.capability import register
from services.runtime.clock import utcnow
from services.runtime.identity_client import MainIdentityClient
from services.runtime.process import run_backend
from services.runtime.server import RunningServer, serve
from services.runtime.service_token import ClientCredentials
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
    invoicing: MainInvoicing
    # Takes up unfinished invoice sagas at start and periodically.
    saga_runner: SagaRunner
    # Main's token exchange (None without a service account: docs, "Whose token").
    delegations: MainDelegations | None = None

    def register(self, server: grpc.Server) -> Iterable[str]:
        return register(server, CAPABILITIES, self.kernel)

    def serve(self) -> RunningServer:
        running = serve(
            name=NAME,
            settings=self.settings,
            port=self.settings.projectfinance_grpc_port,
            metrics_port=self.settings.projectfinance_metrics_port,
            register=self.register,
            authenticators=(JwtAuthenticator(self.verifier),),
        )
        self.saga_runner.start()
        return running

    def close(self) -> None:
        self.saga_runner.stop()
        self.invoicing.close()
        if self.delegations is not None:
            self.delegations.close()
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
    invoicing = MainInvoicing(
        settings.main_grpc_target, timeout=settings.projectfinance_main_timeout_seconds
    )
    credentials = ClientCredentials.from_settings(settings)
    delegations = (
        None
        if credentials is None
        else MainDelegations(
            settings.main_grpc_target,
            credentials,
            timeout=settings.projectfinance_main_timeout_seconds,
        )
    )
    kernel = Kernel(
        unit_of_work=unit_of_work,
        projects=projects,
        clock=utcnow,
        invoicing=invoicing,
        delegations=delegations,
        saga_failpoints=settings.projectfinance_saga_failpoints,
        secrets=_secrets(settings),
    )
    sagas = saga_running(kernel)
    assert sagas is not None  # the kernel has main's invoices
    runner = SagaRunner(sagas, interval=settings.projectfinance_saga_poll_seconds)
    verifier, identity = user_token_verifier(settings, settings.main_grpc_target)
    return ProjectFinanceBackend(
        settings, engine, kernel, verifier, identity, projects, invoicing, runner, delegations
    )


def _secrets(settings: ProjectFinanceSettings) -> Secrets:
    def value(secret: SecretStr | None) -> str | None:
        return None if secret is None else secret.get_secret_value()

    return Secrets(
        compliance_signing_key=value(settings.projectfinance_compliance_signing_key),
        export_signing_secret=value(settings.projectfinance_export_signing_secret),
    )


def run() -> int:
    settings = ProjectFinanceSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
