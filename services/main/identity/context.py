"""What the identity use cases share: the unit of work, the hasher, the token issuer,
the mailer, the locator, the clock and the policy settings. Built once by the main
backend's composition root."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import grpc

from db.unit_of_work import UnitOfWork
from services.main.identity.access_tokens import TokenIssuer
from services.main.identity.events import ClientInfo
from services.main.identity.geo import GeoLocator
from services.main.identity.hashing import PasswordHasher
from services.main.identity.mailer import Mailer
from services.main.identity.store import IdentityRepositories
from services.runtime.origin import origin_of

IdentityUnitOfWork = UnitOfWork[IdentityRepositories]
Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class IdentityContext:
    unit_of_work: Callable[[], IdentityUnitOfWork]
    hasher: PasswordHasher
    issuer: TokenIssuer
    mailer: Mailer
    locator: GeoLocator
    public_url: str
    session_lifetime: timedelta
    require_verified_email: bool
    clock: Clock = utcnow

    def client(self, context: grpc.ServicerContext, device: str = "") -> ClientInfo:
        """The call's origin (forwarded by the edge), located; private and unknown
        addresses are "unknown"."""
        origin = origin_of(context)
        return ClientInfo(
            ip=origin.ip,
            user_agent=origin.user_agent,
            device=device.strip()[:256],
            location=self.locator.locate(origin.ip),
        )
