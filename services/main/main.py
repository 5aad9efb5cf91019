"""Composition root of the main backend: settings → engine → the token verifier → the
kernel (units of work, signing keys, token issuer and verifier, hasher, mailer, locator)
→ the declared capabilities' servicers → the shared runtime's `serve`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import Engine

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.auth.usecases import accounts
from services.main.capabilities import CAPABILITIES
from services.main.kernel.dependencies import Kernel
from services.main.kernel.geo import GeoLocator
from services.main.kernel.hashing import Argon2Params, PasswordHasher
from services.main.kernel.mail import QueuedMailer, make_mailer
from services.main.kernel.tokens import TokenIssuer
from services.main.keys import usecases as keys
from services.main.keys.repository import SigningKeys
from services.main.repositories import repositories
from services.main.sessions.repository import DatabaseSessionChecker
from services.main.settings import MainSettings
from services.runtime.auth import Authenticator
from services.runtime.capability import register
from services.runtime.clock import utcnow
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
    """Everything `serve()` needs, plus what its owner must close."""

    settings: MainSettings
    engine: Engine
    kernel: Kernel
    keys: SigningKeys
    authenticators: tuple[Authenticator, ...]

    def serve(self) -> RunningServer:
        return serve(
            name=NAME,
            settings=self.settings,
            port=self.settings.main_grpc_port,
            metrics_port=self.settings.main_metrics_port,
            register=lambda server: register(server, CAPABILITIES, self.kernel),
            authenticators=self.authenticators,
        )

    def close(self) -> None:
        self.kernel.mailer.close()
        self.kernel.locator.close()
        self.engine.dispose()


def _mailer(settings: MainSettings) -> QueuedMailer:
    return QueuedMailer(
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


def _hasher(settings: MainSettings) -> PasswordHasher:
    return PasswordHasher(
        Argon2Params(
            time_cost=settings.argon2_time_cost,
            memory_cost=settings.argon2_memory_cost,
            parallelism=settings.argon2_parallelism,
        )
    )


def build(settings: MainSettings) -> MainBackend:
    engine = make_engine(settings.database_url(), pool_size=settings.grpc_max_workers)
    unit_of_work = unit_of_work_factory(make_sessionmaker(engine), repositories)
    # What a fresh database needs before the first request: a signing key, the decoy.
    keys.ensure_key(unit_of_work(), utcnow)
    accounts.ensure_decoy_account(unit_of_work(), utcnow)
    lifetime = timedelta(seconds=settings.access_token_seconds)
    signing_keys = SigningKeys(engine, token_lifetime=lifetime, clock=utcnow)
    # Main verifies its own tokens from its own keys, and checks the session in its own
    # database on every call (no cache): revocation is immediate here. The token
    # exchange judges its subject tokens with the same verifier.
    verifier = TokenVerifier(
        signing_keys,
        config_from_settings(settings),
        session_checker=DatabaseSessionChecker(engine, utcnow),
        cache=make_token_cache(settings, namespace="finplat-tokens-main"),
    )
    kernel = Kernel(
        unit_of_work=unit_of_work,
        hasher=_hasher(settings),
        issuer=TokenIssuer(
            keys=signing_keys,
            issuer=settings.jwt_issuer,
            audience=settings.jwt_audience,
            lifetime=lifetime,
        ),
        keys=signing_keys,
        mailer=_mailer(settings),
        locator=GeoLocator(settings.geoip_database),
        public_url=settings.public_url,
        session_lifetime=timedelta(days=settings.refresh_token_days),
        require_verified_email=settings.require_verified_email,
        clock=utcnow,
        verify_token=verifier.verify,
    )
    return MainBackend(
        settings=settings,
        engine=engine,
        kernel=kernel,
        keys=signing_keys,
        authenticators=(JwtAuthenticator(verifier),),
    )


def run() -> int:
    settings = MainSettings()
    return run_backend(NAME, settings, settings.database_url(), lambda: build(settings))
