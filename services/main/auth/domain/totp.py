"""Time-based one-time passwords (RFC 6238) as authenticator apps implement them.

SHA-1, 6 digits, 30-second steps: the parameters every authenticator app supports (and
the only ones several ignore from the provisioning URI). One step of clock drift either
way is accepted (RFC 6238 §5.2 recommends at most one); a step that has already been used
is refused, so a code seen over a shoulder or phished cannot be replayed.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

import pyotp

PERIOD = 30
DIGITS = 6
VALID_WINDOW = 1
SECRET_LENGTH = 32  # base32 characters: 160 bits, the HMAC-SHA1 key size RFC 4226 advises

_ASCII_DIGITS = frozenset("0123456789")


def new_secret() -> str:
    """A fresh random shared secret, base32 without padding (what authenticator apps take)."""
    return pyotp.random_base32(length=SECRET_LENGTH)


def provisioning_uri(secret: str, account: str, issuer: str = "finplat") -> str:
    """The otpauth:// URI that apps scan from a QR code."""
    return _totp(secret).provisioning_uri(name=account, issuer_name=issuer)


def current_step(at: float) -> int:
    return int(at) // PERIOD


def match_step(secret: str, code: str, at: float, last_used_step: int | None) -> int | None:
    """The time step `code` belongs to, or None if it is wrong, stale or already used.

    Only steps after `last_used_step` count; the caller stores the returned step as the
    new `last_used_step` so the same code (or an older one) is refused from then on.
    """
    if len(code) != DIGITS or not set(code) <= _ASCII_DIGITS:
        return None
    totp = _totp(secret)
    now = current_step(at)
    matched: int | None = None
    # Every candidate is computed and compared, with no early exit, so the time taken
    # does not tell an attacker which step (if any) was close.
    for step in range(now - VALID_WINDOW, now + VALID_WINDOW + 1):
        expected = totp.generate_otp(step)
        fresh = last_used_step is None or step > last_used_step
        if hmac.compare_digest(expected.encode(), code.encode()) and fresh:
            matched = step  # the latest matching step wins: the stricter replay bound
    return matched


@dataclass(frozen=True)
class ServerTime:
    """The server's TOTP clock, for a client to check its own drift."""

    unix_time: int
    period: int
    step: int
    seconds_remaining: int


def server_time(at: float) -> ServerTime:
    unix_time = int(at)
    return ServerTime(
        unix_time=unix_time,
        period=PERIOD,
        step=unix_time // PERIOD,
        seconds_remaining=PERIOD - unix_time % PERIOD,
    )


def _totp(secret: str) -> pyotp.TOTP:
    return pyotp.TOTP(secret, digits=DIGITS, interval=PERIOD)
