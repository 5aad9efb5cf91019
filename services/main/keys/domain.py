"""Access-token signing keys: generated here, rotated with overlap. Pure rules.

The newest unretired key signs, once it has been published long enough for verifiers to
know it. `rotate` retires it and adds a new one; a retired key stays published in the
JWKS for the access-token lifetime (plus a margin) so tokens it signed keep verifying
until they expire. Private keys are stored as unencrypted PKCS#8 PEM: protecting them
at rest is the database's job (documented in docs/identity.md).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from services.main.kernel.tokens import SigningKey
from services.runtime.tokens.keys import jwk_from_public_key

KEY_BITS: Final = 2048
# A retired key stays published this long beyond the token lifetime (clock skew, caches).
PUBLISH_MARGIN: Final = timedelta(minutes=5)
# A new key is published this long before it signs: verifiers refetch the JWKS on an
# unknown kid at most every FINPLAT_JWKS_MIN_REFETCH_SECONDS (10 s), so a token signed
# the moment the key appears could be refused for that long.
ACTIVATION_DELAY: Final = timedelta(seconds=30)

SIGNING: Final = "signing"
RETIRED_PUBLISHED: Final = "retired, published"
RETIRED: Final = "retired"


@dataclass(frozen=True)
class NewKey:
    kid: str
    private_key_pem: str


@dataclass(frozen=True)
class KeyListing:
    """A key as operators see it (never the private key)."""

    kid: str
    created_at: datetime
    state: str  # SIGNING, RETIRED_PUBLISHED or RETIRED


def thumbprint(public_key: rsa.RSAPublicKey) -> str:
    """RFC 7638 JWK thumbprint (SHA-256, base64url): a kid derived from the key itself."""
    jwk = jwk_from_public_key(public_key, kid="")
    canonical = json.dumps({"e": jwk["e"], "kty": "RSA", "n": jwk["n"]}, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def generate() -> NewKey:
    private_key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    pem = private_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    return NewKey(kid=thumbprint(private_key.public_key()), private_key_pem=pem)


def load(kid: str, pem: str, created_at: datetime, retired_at: datetime | None) -> SigningKey:
    private_key = serialization.load_pem_private_key(pem.encode(), password=None)
    if not isinstance(private_key, rsa.RSAPrivateKey):
        raise ValueError(f"signing key {kid} is not an RSA key")
    return SigningKey(kid, private_key, created_at, retired_at)


def published_for(token_lifetime: timedelta) -> timedelta:
    """How long a retired key stays in the JWKS."""
    return token_lifetime + PUBLISH_MARGIN


def state(retired_at: datetime | None, now: datetime, published: timedelta) -> str:
    if retired_at is None:
        return SIGNING
    return RETIRED_PUBLISHED if retired_at + published > now else RETIRED


def is_published(retired_at: datetime | None, now: datetime, published: timedelta) -> bool:
    return retired_at is None or retired_at + published > now


def choose_signing(published_keys: Sequence[SigningKey], now: datetime) -> SigningKey:
    """The newest key published for at least ACTIVATION_DELAY (the previous key keeps
    signing meanwhile); when every key is younger (first start, or rotations in a row),
    the oldest: the one verifiers most likely know already. `published_keys`: newest
    first, not empty."""
    ready_by = now - ACTIVATION_DELAY
    for key in published_keys:
        if key.created_at <= ready_by:
            return key
    return published_keys[-1]
