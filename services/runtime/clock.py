"""The one clock of the backends: use cases take a `Clock` so tests can fix the time."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    """Aware UTC now: every stored and compared time in finplat is aware UTC."""
    return datetime.now(UTC)
