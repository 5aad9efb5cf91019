"""Hashing secrets: passwords with argon2id (the OWASP Password Storage Cheat Sheet's
first choice), random bearer secrets with SHA-256.

The encoded password hash carries its own salt and parameters, so raising the parameters
later only needs `needs_rehash` after a successful login; old hashes keep verifying.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass

import argon2
from argon2.exceptions import InvalidHashError, VerificationError


def normalise(password: str) -> str:
    """NFKC form: the same password typed on two keyboards (e.g. full-width digits, a
    composed or decomposed "é") counts, and hashes, the same. The password policy
    measures this form too."""
    return unicodedata.normalize("NFKC", password)


def token_hash(token: str) -> str:
    """SHA-256 hex of a random bearer secret (refresh, emailed and client tokens): they
    carry 256 random bits, so a slow hash would add nothing."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Argon2Params:
    """argon2id cost parameters.

    The defaults are OWASP's minimum recommendation for argon2id (19 MiB, 2 passes, one
    lane): ~20-50 ms per hash on a server core, which keeps a login cheap for us yet makes
    an offline guess against a stolen table expensive, and keeps memory per concurrent
    login bounded on a thread-pool gRPC server. Raise them, never lower them, and let
    `needs_rehash` upgrade stored hashes.
    """

    time_cost: int = 2
    memory_cost: int = 19456  # KiB
    parallelism: int = 1


class PasswordHasher:
    """Hashes and verifies passwords; the one place that knows the algorithm."""

    def __init__(self, params: Argon2Params = Argon2Params()) -> None:
        self.params = params
        self._hasher = argon2.PasswordHasher(
            time_cost=params.time_cost,
            memory_cost=params.memory_cost,
            parallelism=params.parallelism,
            type=argon2.Type.ID,
        )
        # Computed now, not on the first unknown email, so even that request costs the
        # same as any other. The secret is thrown away: nothing can ever match it.
        self._dummy = self._hasher.hash(secrets.token_urlsafe(32))

    def hash(self, password: str) -> str:
        # NFKC first, like the policy that measured it: the same password typed as
        # composed or decomposed Unicode must verify.
        return self._hasher.hash(normalise(password))

    def verify(self, stored: str, password: str) -> bool:
        """Whether `password` matches `stored`; False, never an error, for a wrong
        password or a hash that is not argon2 (a corrupt row must not 500 a login)."""
        try:
            return self._hasher.verify(stored, normalise(password))
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """Whether `stored` was made with other parameters (or is unreadable) and should be
        replaced by `hash(password)` now that the password is known to be right."""
        try:
            return self._hasher.check_needs_rehash(stored)
        except (InvalidHashError, ValueError):
            return True

    def verify_dummy(self, password: str) -> None:
        """Spend the time of a real verification when there is no account to check.

        Login with an unknown email would otherwise answer measurably faster than with a
        known one and reveal which addresses are registered.
        """
        self.verify(self._dummy, password)
