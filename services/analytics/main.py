"""Composition root of the analytics backend: settings → engine → unit of work → import
workers → kernel → the declared capabilities' servicers → the shared runtime's `serve`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata

import grpc
from sqlalchemy import Engine, text

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.analytics.capabilities import CAPABILITIES
from services.analytics.documents.workers import ImportWorkers
from services.analytics.kernel import AnalyticsKernel
from services.analytics.repositories import repositories
from services.analytics.settings import AnalyticsSettings
from services.runtime.capability import register
from services.runtime.clock import utcnow
from services.runtime.identity_client import MainIdentityClient
from services.runtime.process import run_backend
from services.runtime.server import RunningServer, serve
from services.runtime.tokens import JwtAuthenticator, TokenVerifier
from services.runtime.user_tokens import user_token_verifier

NAME = "analytics"


def _version() -> str:
    try:
        return metadata.version("finplat")
    except metadata.PackageNotFoundError:
        return "0.0.0"


def _database_check(engine: Engine) -> bool:
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        return True
    except Exception:
        return False


@dataclass
class AnalyticsBackend:
    settings: AnalyticsSettings
    engine: Engine
    kernel: AnalyticsKernel
    workers: ImportWorkers
    verifier: TokenVerifier
    identity: MainIdentityClient | None

    def register(self, server: grpc.Server) -> Iterable[str]:
        return register(server, CAPABILITIES, self.kernel)

    def serve(self) -> RunningServer:
        running = serve(
            name=NAME,
            settings=self.settings,
            port=self.settings.analytics_grpc_port,
            metrics_port=self.settings.analytics_metrics_port,
            register=self.register,
            authenticators=(JwtAuthenticator(self.verifier),),
        )
        # Workers start once serving: jobs left by a previous run are taken up now.
        self.workers.start()
        return running

    def close(self) -> None:
        self.workers.stop()
        if self.identity is not None:
            self.identity.close()
        self.engine.dispose()


def build(settings: AnalyticsSettings) -> AnalyticsBackend:
    engine = make_engine(
        settings.database_url(),
        pool_size=settings.grpc_max_workers + settings.analytics_import_workers * 2,
    )
    unit_of_work = unit_of_work_factory(make_sessionmaker(engine), repositories)
    workers = ImportWorkers(
        unit_of_work,
        utcnow,
        threads=settings.analytics_import_workers,
        lease_seconds=settings.analytics_job_lease_seconds,
        poll_seconds=settings.analytics_job_poll_seconds,
        max_attempts=settings.analytics_job_max_attempts,
    )
    kernel = AnalyticsKernel(
        unit_of_work=unit_of_work,
        database_ok=lambda: _database_check(engine),
        wake_importers=workers.wake,
        upload_max_bytes=settings.analytics_upload_max_bytes,
        low_balance_threshold=settings.analytics_low_balance_threshold,
        version=_version(),
        build=settings.build,
        clock=utcnow,
    )
    verifier, identity = user_token_verifier(settings, settings.main_grpc_target)
    return AnalyticsBackend(settings, engine, kernel, workers, verifier, identity)


def run() -> int:
    settings = AnalyticsSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
