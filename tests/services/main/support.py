"""What the main backend's tests share: a migrated schema, users, sessions and security
events written as they are stored, a realistic login history ("the world"), the backend
built by its own composition root, a gRPC server for servicers under test, and for the
tenant-owned families (ledger, projects, invoices, payments) a tenant and their
fixtures."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import grpc
import pytest
from google.protobuf.descriptor import ServiceDescriptor
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from db import migrate
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.auth.tables import MembershipRow, TenantRow, UserRow
from services.main.devices.tables import TrustedDeviceRow
from services.main.kernel import events
from services.main.kernel.dependencies import UowFactory
from services.main.kernel.location import UNKNOWN, Location
from services.main.main import MainBackend, build
from services.main.repositories import repositories
from services.main.security.repository import SecurityEventRepository
from services.main.sessions.tables import SessionRow
from services.main.settings import MainSettings
from services.runtime.capability import Capability, Served, register
from services.runtime.errors import Unauthenticated
from services.runtime.principal import Principal
from services.runtime.server import RunningServer, serve
from services.runtime.settings import RuntimeSettings

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)
LONDON = Location("GB", "United Kingdom", "London", 51.5074, -0.1278)
CHANGCHUN = Location("CN", "China", "Changchun", 43.8171, 125.3235)
PARIS = Location("FR", "France", "Paris", 48.8566, 2.3522)
LONDON_IP, CHANGCHUN_IP, ATTACKER_IP, PARIS_IP = (
    "81.2.69.160",
    "175.16.199.1",
    "203.0.113.9",
    "2.2.2.2",
)
LAPTOP = "fp-laptop-7c1e9a"
TABLET = "fp-tablet-22b0"

Sessions = sessionmaker[Session]
T = TypeVar("T")


def fixed_clock() -> datetime:
    return NOW


class Clock:
    """A settable clock: tests move time to expire things."""

    def __init__(self, now: datetime = NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


# --- schema and rows --------------------------------------------------------------------------


def migrated_sessions(database_url: str, engine: Engine) -> Sessions:
    migrate.upgrade("main", database_url)
    return make_sessionmaker(engine)


def units(sessions: Sessions) -> UowFactory:
    """Units of work over the backend's repository bundle, as the composition root
    builds them."""
    return unit_of_work_factory(sessions, repositories)


def add_user(sessions: Sessions, name: str, *, mfa: bool = False) -> uuid.UUID:
    """A user alone in a tenant of its own, as its owner (as registering leaves it)."""
    user_id = uuid.uuid4()
    with sessions.begin() as session:
        tenant = TenantRow(id=uuid.uuid4(), name=f"{name}'s", created_at=NOW)
        session.add(tenant)
        session.flush()
        session.add(
            UserRow(
                id=user_id,
                tenant_id=tenant.id,
                email=f"{name}@example.com",
                username=name,
                full_name=name.title(),
                password_hash="not-a-real-hash",
                roles=["user"],
                extra_scopes=[],
                mfa_secret="JBSWY3DPEHPK3PXP" if mfa else None,
                mfa_enabled_at=NOW - timedelta(days=60) if mfa else None,
                created_at=NOW - timedelta(days=90),
                updated_at=NOW - timedelta(days=90),
            )
        )
        session.flush()
        session.add(
            MembershipRow(
                tenant_id=tenant.id,
                user_id=user_id,
                tenant_role="owner",
                created_at=NOW - timedelta(days=90),
                updated_at=NOW - timedelta(days=90),
            )
        )
    return user_id


def add_session(
    sessions: Sessions, user_id: uuid.UUID, *, expires_at: datetime, revoked: bool = False
) -> uuid.UUID:
    session_id = uuid.uuid4()
    with sessions.begin() as session:
        session.add(
            SessionRow(
                id=session_id,
                user_id=user_id,
                created_at=NOW - timedelta(days=1),
                last_seen_at=NOW - timedelta(hours=1),
                expires_at=expires_at,
                revoked_at=NOW - timedelta(minutes=5) if revoked else None,
                ip_address=LONDON_IP,
                user_agent="Firefox",
                device=LAPTOP,
                amr=["pwd"],
            )
        )
    return session_id


def add_device(
    sessions: Sessions, user_id: uuid.UUID, fingerprint: str, *, expires_in_days: int
) -> None:
    with sessions.begin() as session:
        session.add(
            TrustedDeviceRow(
                id=uuid.uuid4(),
                user_id=user_id,
                fingerprint_hash=fingerprint,
                nickname="",
                created_at=NOW - timedelta(days=20),
                expires_at=NOW + timedelta(days=expires_in_days),
            )
        )


@dataclass(frozen=True)
class Attempt:
    at: datetime
    kind: str
    ip: str
    location: Location
    device: str = ""
    result: str = "ok"


def add_events(sessions: Sessions, user_id: uuid.UUID | None, attempts: list[Attempt]) -> None:
    with sessions.begin() as session:
        recorded = SecurityEventRepository(session)
        for a in attempts:
            client = events.ClientInfo(
                ip=a.ip, user_agent="Mozilla/5.0", device=a.device, location=a.location
            )
            recorded.record(kind=a.kind, result=a.result, at=a.at, client=client, user_id=user_id)


# --- the world: two users with a login history ------------------------------------------------


def alice_history() -> list[Attempt]:
    """Weeks of daily 09:00 logins from London on one laptop, once at 02:00 on a tablet;
    two days ago, a login from Changchun an hour after one from London, on an unknown
    device; this morning a burst of failed passwords from one address and a failed TOTP
    code."""
    ok, failed = events.LOGIN_SUCCEEDED, events.LOGIN_FAILED
    at_nine = NOW.replace(hour=9)
    history = [Attempt(at_nine - timedelta(days=40), ok, LONDON_IP, LONDON, LAPTOP)]
    history += [
        Attempt(at_nine - timedelta(days=d), ok, LONDON_IP, LONDON, LAPTOP)
        for d in range(20, 2, -1)
    ]
    history += [
        Attempt(NOW.replace(hour=2) - timedelta(days=5), ok, LONDON_IP, LONDON, TABLET),
        Attempt(at_nine - timedelta(days=2), ok, LONDON_IP, LONDON, LAPTOP),
        Attempt(at_nine - timedelta(days=2, hours=-1), ok, CHANGCHUN_IP, CHANGCHUN, "fp-new-0d41"),
        Attempt(NOW - timedelta(days=1, hours=4), events.PASSWORD_CHANGED, LONDON_IP, LONDON),
    ]
    burst_start = NOW.replace(hour=6)
    history += [
        Attempt(burst_start + timedelta(minutes=m), failed, ATTACKER_IP, UNKNOWN, result="bad")
        for m in range(6)
    ]
    history.append(
        Attempt(NOW.replace(hour=7), events.MFA_FAILED, LONDON_IP, LONDON, LAPTOP, "bad_code")
    )
    return history


def bob_history() -> list[Attempt]:
    ok, failed = events.LOGIN_SUCCEEDED, events.LOGIN_FAILED
    return [
        Attempt(NOW - timedelta(hours=3), ok, PARIS_IP, PARIS, "fp-bob-phone"),
        *(Attempt(NOW - timedelta(hours=2, minutes=m), failed, PARIS_IP, PARIS) for m in range(12)),
    ]


@dataclass(frozen=True)
class World:
    sessions: Sessions
    alice: uuid.UUID
    bob: uuid.UUID


def build_world(sessions: Sessions) -> World:
    alice = add_user(sessions, "alice", mfa=True)
    bob = add_user(sessions, "bob")
    add_events(sessions, alice, alice_history())
    add_events(sessions, bob, bob_history())
    # A failed login for an unknown email belongs to nobody's dashboard.
    add_events(sessions, None, [Attempt(NOW, events.LOGIN_FAILED, ATTACKER_IP, UNKNOWN)])
    add_session(sessions, alice, expires_at=NOW + timedelta(days=29))
    add_session(sessions, alice, expires_at=NOW + timedelta(days=10))
    add_session(sessions, alice, expires_at=NOW + timedelta(days=10), revoked=True)
    add_session(sessions, alice, expires_at=NOW - timedelta(seconds=1))
    add_session(sessions, bob, expires_at=NOW + timedelta(days=10))
    add_device(sessions, alice, "fp-a", expires_in_days=5)
    add_device(sessions, alice, "fp-b", expires_in_days=-1)
    return World(sessions, alice, bob)


# --- the whole backend ------------------------------------------------------------------------


def build_main(database_url: str, var_dir: Path) -> MainBackend:
    """The main backend on a migrated database (grpc port 0: ephemeral, no metrics)."""
    migrate.upgrade("main", database_url)
    settings = MainSettings(
        main_database_url=database_url,
        main_grpc_port=0,
        main_metrics_port=0,
        var_dir=var_dir,
        argon2_memory_cost=8192,
        argon2_time_cost=1,
    )
    return build(settings)


# --- servicers on a real gRPC server ----------------------------------------------------------


class UserCredentials:
    """Maps "user:<uuid>:<session uuid>" to that user's principal, as the JWT
    authenticator does for a verified token."""

    def accepts(self, credential: str) -> bool:
        return credential.startswith("user:")

    def authenticate(self, credential: str) -> Principal:
        user_id, _, session_id = credential.removeprefix("user:").partition(":")
        try:
            uuid.UUID(user_id)
            uuid.UUID(session_id)
        except ValueError:
            raise Unauthenticated("invalid access token") from None
        return Principal(
            subject=user_id, kind="user", roles=frozenset({"user"}), session_id=session_id
        )


def as_user(user_id: uuid.UUID) -> tuple[tuple[str, str], ...]:
    """Call metadata of a verified access token of `user_id` (a fresh session)."""
    return (("authorization", f"Bearer user:{user_id}:{uuid.uuid4()}"),)


@contextmanager
def serving(served: Iterable[tuple[ServiceDescriptor, object]]) -> Iterator[grpc.Channel]:
    """The runtime's own server (auth, error mapping, policies from the protos) with
    `served` registered generically; only the authenticator is the test's."""
    capability = Capability[None]("under-test", lambda _: [Served(d, s) for d, s in served])
    server: RunningServer = serve(
        name="main",
        settings=RuntimeSettings(),
        port=0,
        metrics_port=None,
        register=lambda grpc_server: register(grpc_server, [capability], None),
        authenticators=[UserCredentials()],
    )
    try:
        with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            yield channel
    finally:
        server.stop(0)


# --- tenant-owned families: a tenant and its fixtures (races: tests.support.races) -------------


def new_tenant(engine: Engine, base_currency: str = "EUR") -> uuid.UUID:
    """A tenant of nobody yet, as the ledger, projects, invoices and payments see it."""
    tenant_id = uuid.uuid4()
    with Session(engine) as session, session.begin():
        session.add(
            TenantRow(id=tenant_id, name="Acme", base_currency=base_currency, created_at=NOW)
        )
    return tenant_id


@pytest.fixture
def uow(database_url: str, engine: Engine) -> UowFactory:
    """Units of work on the migrated main schema (each supported database)."""
    return units(migrated_sessions(database_url, engine))


@pytest.fixture
def tenant(uow: UowFactory, engine: Engine) -> uuid.UUID:
    return new_tenant(engine)
