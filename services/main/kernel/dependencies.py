"""What the main backend's capabilities share, built once by the composition root
(services.main.main) and handed to every capability's servicers and use cases.

No SQLAlchemy and no grpc here: use cases receive this object, and see storage only
through `unit_of_work()` (the runtime's Protocol, typed with the repository bundle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, TypeAlias

from services.main.kernel.geo import GeoLocator
from services.main.kernel.hashing import PasswordHasher
from services.main.kernel.mail import QueuedMailer
from services.main.kernel.tokens import KeyRing, TokenIssuer
from services.runtime.clock import Clock, utcnow
from services.runtime.principal import Principal
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.main.repositories import Repositories

# One transaction and every repository of the backend (services.main.repositories).
Uow: TypeAlias = "UnitOfWork[Repositories]"
UowFactory: TypeAlias = "Callable[[], UnitOfWork[Repositories]]"


@dataclass(frozen=True)
class Kernel:
    unit_of_work: UowFactory
    hasher: PasswordHasher
    issuer: TokenIssuer
    keys: KeyRing
    mailer: QueuedMailer
    locator: GeoLocator
    # Base of the links in emails (the edge's public URL).
    public_url: str
    # How long a login session lasts (refreshes do not extend it).
    session_lifetime: timedelta
    # GAPS: login needs a verified email (403 email_not_verified); switchable.
    require_verified_email: bool
    clock: Clock = utcnow
    # Main's own verification of an access token (signature, claims, session and
    # membership check), for use cases that are handed a token to judge (the token
    # exchange's subject token); None where nothing needs it.
    verify_token: Callable[[str], Principal] | None = None
