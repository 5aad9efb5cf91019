"""Composition root of the main backend: settings → engine → signing keys, token issuer
and verifier, mailer, locator → servicers → the shared runtime's `serve`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

import grpc
from finplat.identity.v1 import (
    admin_pb2,
    admin_pb2_grpc,
    auth_pb2,
    auth_pb2_grpc,
    keys_pb2,
    keys_pb2_grpc,
    security_pb2,
    security_pb2_grpc,
    service_accounts_pb2,
    service_accounts_pb2_grpc,
    sessions_pb2,
    sessions_pb2_grpc,
)
from sqlalchemy import Engine

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.identity import signing
from services.main.identity.access_tokens import TokenIssuer
from services.main.identity.admin_servicer import UserAdminServicer
from services.main.identity.auth_servicer import AuthServicer
from services.main.identity.context import IdentityContext, utcnow
from services.main.identity.device_servicer import TrustedDeviceServicer
from services.main.identity.device_store import device_repositories
from services.main.identity.geo import GeoLocator
from services.main.identity.hashing import Argon2Params, PasswordHasher
from services.main.identity.jwks_servicer import JwksServicer
from services.main.identity.mailer import QueuedMailer, make_mailer
from services.main.identity.security_servicer import SecurityDashboardServicer
from services.main.identity.security_store import security_repositories
from services.main.identity.service_token_servicer import ServiceTokenServicer
from services.main.identity.session_servicer import SessionServicer
from services.main.identity.session_status import DatabaseSessionChecker
from services.main.identity.store import identity_repositories
from services.main.settings import MainSettings
from services.runtime.auth import Authenticator
from services.runtime.process import run_backend
from services.runtime.server import RunningServer, serve
from services.runtime.tokens import (
    JwtAuthenticator,
    TokenVerifier,
    config_from_settings,
    make_token_cache,
)

NAME = "main"


@dataclass(frozen=True)
class MainBackend:
    settings: MainSettings
    engine: Engine
    identity: IdentityContext
    keys: signing.SigningKeys
    locator: GeoLocator
    mailer: QueuedMailer
    authenticators: tuple[Authenticator, ...]

    def register(self, server: grpc.Server) -> Iterable[str]:
        sessions = make_sessionmaker(self.engine)
        devices = unit_of_work_factory(sessions, device_repositories)
        security = unit_of_work_factory(sessions, security_repositories)
        # The generated *_grpc modules have no type stubs, hence the ignores.
        auth_pb2_grpc.add_AuthServiceServicer_to_server(  # type: ignore[no-untyped-call]
            AuthServicer(self.identity), server
        )
        sessions_pb2_grpc.add_SessionServiceServicer_to_server(  # type: ignore[no-untyped-call]
            SessionServicer(self.identity), server
        )
        sessions_pb2_grpc.add_TrustedDeviceServiceServicer_to_server(  # type: ignore[no-untyped-call]
            TrustedDeviceServicer(devices, self.identity.clock, self.identity.client), server
        )
        security_pb2_grpc.add_SecurityDashboardServiceServicer_to_server(  # type: ignore[no-untyped-call]
            SecurityDashboardServicer(security, self.identity.clock), server
        )
        keys_pb2_grpc.add_JwksServiceServicer_to_server(  # type: ignore[no-untyped-call]
            JwksServicer(self.keys), server
        )
        admin_pb2_grpc.add_UserAdminServiceServicer_to_server(  # type: ignore[no-untyped-call]
            UserAdminServicer(self.identity.unit_of_work, self.identity.clock), server
        )
        service_accounts_pb2_grpc.add_ServiceTokenServiceServicer_to_server(  # type: ignore[no-untyped-call]
            ServiceTokenServicer(self.identity), server
        )
        return tuple(
            module.DESCRIPTOR.services_by_name[name].full_name
            for module, name in (
                (auth_pb2, "AuthService"),
                (sessions_pb2, "SessionService"),
                (sessions_pb2, "TrustedDeviceService"),
                (security_pb2, "SecurityDashboardService"),
                (keys_pb2, "JwksService"),
                (admin_pb2, "UserAdminService"),
                (service_accounts_pb2, "ServiceTokenService"),
            )
        )

    def serve(self) -> RunningServer:
        return serve(
            name=NAME,
            settings=self.settings,
            port=self.settings.main_grpc_port,
            metrics_port=self.settings.main_metrics_port,
            register=self.register,
            authenticators=self.authenticators,
        )

    def close(self) -> None:
        self.mailer.close()
        self.locator.close()
        self.engine.dispose()


def build(settings: MainSettings) -> MainBackend:
    engine = make_engine(settings.database_url(), pool_size=settings.grpc_max_workers)
    unit_of_work = unit_of_work_factory(make_sessionmaker(engine), identity_repositories)
    with unit_of_work() as uow:
        signing.ensure_key(uow.session, utcnow())
    lifetime = timedelta(seconds=settings.access_token_seconds)
    keys = signing.SigningKeys(engine, token_lifetime=lifetime, clock=utcnow)
    locator = GeoLocator(settings.geoip_database)
    mailer = QueuedMailer(
        make_mailer(
            smtp_host=settings.smtp_host,
            smtp_port=settings.smtp_port,
            sender=settings.mail_sender,
            outbox_dir=settings.outbox_dir,
            smtp_username=settings.smtp_username,
            smtp_password=settings.smtp_password,
            smtp_starttls=settings.smtp_starttls,
        )
    )
    identity = IdentityContext(
        unit_of_work=unit_of_work,
        hasher=PasswordHasher(
            Argon2Params(
                time_cost=settings.argon2_time_cost,
                memory_cost=settings.argon2_memory_cost,
                parallelism=settings.argon2_parallelism,
            )
        ),
        issuer=TokenIssuer(
            keys=keys,
            issuer=settings.jwt_issuer,
            audience=settings.jwt_audience,
            lifetime=lifetime,
        ),
        mailer=mailer,
        locator=locator,
        public_url=settings.public_url,
        session_lifetime=timedelta(days=settings.refresh_token_days),
        require_verified_email=settings.require_verified_email,
    )
    # Main verifies its own tokens from its own keys, and checks the session in its own
    # database on every call (no cache): revocation is immediate here.
    verifier = TokenVerifier(
        keys,
        config_from_settings(settings),
        session_checker=DatabaseSessionChecker(engine, utcnow),
        cache=make_token_cache(settings, namespace="finplat-tokens-main"),
    )
    return MainBackend(
        settings=settings,
        engine=engine,
        identity=identity,
        keys=keys,
        locator=locator,
        mailer=mailer,
        authenticators=(JwtAuthenticator(verifier),),
    )


def run() -> int:
    settings = MainSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
