"""The signing key: configured (PEM or base64 of the raw bytes; anything else refused)
or generated once and kept in the database, the same for every later call."""

from __future__ import annotations

import base64

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from services.projectfinance.compliance import usecases
from services.projectfinance.compliance.domain.signing import (
    key_id,
    parse_private_key,
    sign_attestation,
    signing_key,
    verify_attestation,
)
from services.projectfinance.kernel.dependencies import UowFactory


def test_a_generated_key_is_kept_and_reused(uow: UowFactory) -> None:
    first = usecases.stored_signing_key(uow())
    second = usecases.stored_signing_key(uow())
    assert first.kid == second.kid == key_id(first.public_raw)
    assert first.public_key_base64 == second.public_key_base64


def test_a_configured_key_is_pem_or_base64_raw() -> None:
    private = Ed25519PrivateKey.generate()
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    raw = base64.b64encode(
        private.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )
    ).decode()
    from_pem, from_raw = usecases.configured_signing_key(pem), usecases.configured_signing_key(raw)
    assert from_pem is not None and from_raw is not None
    assert from_pem.kid == from_raw.kid == signing_key(private).kid
    assert usecases.configured_signing_key(None) is None
    assert usecases.configured_signing_key("") is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("not a key!", "neither PEM nor base64"),
        (base64.b64encode(b"short").decode(), "32 bytes"),
    ],
)
def test_a_bad_configured_key_is_refused(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_private_key(text)


def test_a_signature_covers_every_field_and_the_tenant() -> None:
    key = signing_key(Ed25519PrivateKey.generate())
    attestation = {"attestation_id": "a", "passed_rules": 1, "result": True}
    signed = {**attestation, "signed_digest": sign_attestation(key, attestation, "t")}
    assert verify_attestation(key.public_key_base64, signed, "t")
    assert not verify_attestation(key.public_key_base64, {**signed, "passed_rules": 2}, "t")
    assert not verify_attestation(key.public_key_base64, {**signed, "signed_digest": "AA=="}, "t")
