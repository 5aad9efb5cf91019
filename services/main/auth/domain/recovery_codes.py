"""One-time MFA recovery codes ("k7m2p-9xq4t"), for when the authenticator is lost.

Alphabet: Crockford's base32 in lower case. It leaves out i, l, o and u, and `normalise`
reads i/l as 1 and o as 0, so a code copied from paper by hand still matches. 32 symbols
x 10 characters = 50 bits per code: unguessable online behind login throttling.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

COUNT = 10
LENGTH = 10  # characters, without the hyphen
GROUP = 5  # a hyphen after every GROUP characters, for reading aloud / typing
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
SALT_BYTES = 16
SCHEME = "sha256"

_LOOKALIKES = str.maketrans({"i": "1", "l": "1", "o": "0"})
_DROPPED = str.maketrans("", "", " -\t\r\n")
_ALPHABET_SET = frozenset(ALPHABET)


def generate() -> list[str]:
    """COUNT distinct fresh codes, hyphenated for display. Shown once, stored hashed."""
    codes: list[str] = []
    while len(codes) < COUNT:  # a repeat (odds 2**-50) is simply drawn again
        raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        code = "-".join(raw[i : i + GROUP] for i in range(0, LENGTH, GROUP))
        if code not in codes:
            codes.append(code)
    return codes


def normalise(code: str) -> str:
    """The canonical form that is hashed: lower case, no spaces or hyphens, look-alike
    letters read as the digits they are mistaken for."""
    return code.translate(_DROPPED).lower().translate(_LOOKALIKES)


def looks_like_recovery_code(code: str) -> bool:
    """Whether the caller typed a recovery code rather than a 6-digit TOTP code, so one
    `mfa_code` field can accept both."""
    canonical = normalise(code)
    return len(canonical) == LENGTH and set(canonical) <= _ALPHABET_SET


def hash_code(code: str) -> str:
    """`sha256$<salt hex>$<digest hex>` of the normalised code.

    A fast hash is enough here (unlike passwords): the codes carry 50 random bits, so a
    stolen table cannot be brute-forced the way human-chosen passwords can; the salt
    keeps equal codes of two users from having equal hashes.
    """
    salt = secrets.token_bytes(SALT_BYTES)
    return f"{SCHEME}${salt.hex()}${_digest(salt, normalise(code)).hex()}"


def verify(code: str, stored: str) -> bool:
    """Whether `code` is the one hashed in `stored`; False for a malformed `stored`."""
    scheme, _, rest = stored.partition("$")
    salt_hex, _, digest_hex = rest.partition("$")
    try:
        salt, digest = bytes.fromhex(salt_hex), bytes.fromhex(digest_hex)
    except ValueError:
        return False
    if scheme != SCHEME or not salt or not digest:
        return False
    return hmac.compare_digest(_digest(salt, normalise(code)), digest)


def _digest(salt: bytes, canonical: str) -> bytes:
    return hashlib.sha256(salt + canonical.encode("utf-8")).digest()
