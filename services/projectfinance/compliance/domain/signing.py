"""The Ed25519 key that signs SOX attestations, and what exactly is signed.

The key is configured (FINPLAT_PROJECTFINANCE_COMPLIANCE_SIGNING_KEY: a PEM private key
or the base64 of the raw 32-byte private key) or, when not, generated once and kept in
the database (compliance.tables.ComplianceSigningKeyRow). Its public half is published
(GET /api/compliance/signing-key) as base64 of the raw 32 bytes, with its key id: the
first 16 hex digits of SHA-256 over those bytes.

An attestation's signed_digest is the base64 Ed25519 signature over SHA-256 of the
attestation's canonical form: the attestation object as the report shows it, without
`signed_digest`, plus the report's `tenant_id`, as JSON with sorted keys, no spaces,
UTF-8 (`created_at` is in whole seconds, "2026-03-15T12:00:00Z", as the API prints it).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Final

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

ALGORITHM: Final = "Ed25519"
DIGEST: Final = "SHA-256"
RAW_KEY_BYTES: Final = 32


@dataclass(frozen=True)
class SigningKey:
    kid: str
    private_key: Ed25519PrivateKey

    @property
    def public_raw(self) -> bytes:
        return self.private_key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    @property
    def public_key_base64(self) -> str:
        return base64.b64encode(self.public_raw).decode()


def key_id(public_raw: bytes) -> str:
    return hashlib.sha256(public_raw).hexdigest()[:16]


def signing_key(private_key: Ed25519PrivateKey) -> SigningKey:
    public = private_key.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return SigningKey(kid=key_id(public), private_key=private_key)


def parse_private_key(text: str) -> Ed25519PrivateKey:
    """A configured key: PEM (PKCS#8) or base64 of the raw 32 bytes. ValueError naming
    what is wrong otherwise (the backend refuses to start)."""
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError("the compliance signing key must be an Ed25519 key")
        return key
    try:
        raw = base64.b64decode(text, validate=True)
    except binascii.Error as error:
        raise ValueError("the compliance signing key is neither PEM nor base64") from error
    if len(raw) != RAW_KEY_BYTES:
        raise ValueError(f"a raw Ed25519 key has {RAW_KEY_BYTES} bytes, not {len(raw)}")
    return Ed25519PrivateKey.from_private_bytes(raw)


def new_private_key_pem() -> str:
    return (
        Ed25519PrivateKey.generate()
        .private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
    )


def canonical_attestation(attestation: dict[str, Any], tenant_id: str) -> bytes:
    fields = {k: v for k, v in attestation.items() if k != "signed_digest"}
    fields["tenant_id"] = tenant_id
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sign_attestation(key: SigningKey, attestation: dict[str, Any], tenant_id: str) -> str:
    digest = hashlib.sha256(canonical_attestation(attestation, tenant_id)).digest()
    return base64.b64encode(key.private_key.sign(digest)).decode()


def verify_attestation(public_key_base64: str, attestation: dict[str, Any], tenant_id: str) -> bool:
    """What an auditor does with the published key (the tests do it too)."""
    public = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key_base64))
    digest = hashlib.sha256(canonical_attestation(attestation, tenant_id)).digest()
    try:
        public.verify(base64.b64decode(attestation["signed_digest"]), digest)
    except Exception:  # cryptography's InvalidSignature, or a malformed signature
        return False
    return True
