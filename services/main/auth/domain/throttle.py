"""Progressive login throttling: each failure beyond a free allowance doubles the wait.

Never a lockout: failures older than the window stop counting, so the owner can always
get back in, and an attacker cannot lock a victim out by failing on purpose (OWASP
Authentication Cheat Sheet, "account lockout"). Applied per account and per client
address, so neither a password spray across accounts nor guessing one account from many
addresses escapes it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from services.main.kernel import events

# 2**64 seconds outlives any max_delay; keeps the power from overflowing a float.
_MAX_EXPONENT = 64


@dataclass(frozen=True)
class ThrottlePolicy:
    free_failures: int  # failures within the window that cost nothing (typos happen)
    base_delay_seconds: float  # wait after the first failure beyond the free ones
    max_delay_seconds: float
    window_seconds: float  # failures older than this are forgotten


# An account: 5 tries; once 5 have failed, the next waits 1 s, then 2 s, 4 s … up to
# 15 minutes (the 5th failure is the first that is not free).
ACCOUNT_POLICY = ThrottlePolicy(4, 1, 900, 900)
# An address: more headroom (20 tries), as one office or carrier NAT fronts many people.
IP_POLICY = ThrottlePolicy(19, 1, 900, 900)


def retry_after(failures: Sequence[datetime], now: datetime, policy: ThrottlePolicy) -> int:
    """Whole seconds to wait before the next attempt is allowed; 0 when allowed now."""
    recent = [f for f in failures if (now - f).total_seconds() < policy.window_seconds]
    excess = len(recent) - policy.free_failures
    if excess <= 0:
        return 0
    # base * 2 ** (excess - 1), as a float whatever the exponent's type.
    delay = min(
        math.ldexp(policy.base_delay_seconds, min(excess - 1, _MAX_EXPONENT)),
        policy.max_delay_seconds,
    )
    remaining = delay - (now - max(recent)).total_seconds()
    return max(0, math.ceil(remaining))


# The failures that count: a wrong password, a wrong second factor.
FAILURE_KINDS: tuple[str, ...] = (events.LOGIN_FAILED, events.MFA_FAILED)


def window(policy: ThrottlePolicy) -> timedelta:
    """How far back failures count."""
    return timedelta(seconds=policy.window_seconds)
