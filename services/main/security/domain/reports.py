"""What the security dashboard answers, and the limits of its queries. Pure."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from services.main.kernel import events
from services.main.kernel.location import Location
from services.main.security.domain.anomalies import Anomaly, Sensitivity
from services.main.security.domain.dashboard import Overview, TimelineDay
from services.runtime.errors import InvalidArgument

DEFAULT_DAYS: Final = 30
MAX_DAYS: Final = 365
DEFAULT_SENSITIVITY: Final[Sensitivity] = "medium"
SENSITIVITIES: Final[tuple[Sensitivity, ...]] = ("low", "medium", "high")
DEFAULT_LIMIT: Final = 20
MAX_LIMIT: Final = 100
MAX_TIMELINE_EVENTS: Final = 500
# The overview counts what deserves attention; "low" findings (a new device alone, an
# unusual hour) are too common to be a number on the dashboard.
OVERVIEW_SENSITIVITY: Final[Sensitivity] = "medium"
# The attempts the dashboard counts as logins: a wrong TOTP code after a right password
# is a failed login too (the password alone let nobody in).
LOGIN_KINDS: Final[tuple[str, ...]] = (
    events.LOGIN_SUCCEEDED,
    events.LOGIN_FAILED,
    events.MFA_FAILED,
)


@dataclass(frozen=True)
class RecordedEvent:
    """A security event as the dashboard shows it."""

    id: uuid.UUID
    kind: str
    result: str
    at: datetime
    ip: str
    user_agent: str
    device: str
    location: Location


@dataclass(frozen=True)
class SecurityOverview:
    activity: Overview
    active_sessions: int
    trusted_devices: int
    mfa_enabled: bool
    anomalies: int  # medium or high severity, in the period


@dataclass(frozen=True)
class Timeline:
    days: int
    timeline: list[TimelineDay]  # oldest first
    events: list[RecordedEvent]  # newest first, at most MAX_TIMELINE_EVENTS


@dataclass(frozen=True)
class AnomalyReport:
    sensitivity: Sensitivity
    anomalies: list[Anomaly]  # newest first


def validate_days(days: int | None) -> int:
    value = DEFAULT_DAYS if days is None else days
    if not 1 <= value <= MAX_DAYS:
        raise InvalidArgument.for_field("days", f"must be between 1 and {MAX_DAYS}")
    return value


def validate_sensitivity(sensitivity: str) -> Sensitivity:
    if not sensitivity:
        return DEFAULT_SENSITIVITY
    if sensitivity not in SENSITIVITIES:
        raise InvalidArgument.for_field(
            "sensitivity", f"must be one of: {', '.join(SENSITIVITIES)}"
        )
    return sensitivity


def validate_limit(limit: int | None) -> int:
    value = DEFAULT_LIMIT if limit is None else limit
    if not 1 <= value <= MAX_LIMIT:
        raise InvalidArgument.for_field("limit", f"must be between 1 and {MAX_LIMIT}")
    return value
