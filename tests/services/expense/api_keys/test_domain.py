from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import pytest

from services.expense.api_keys import domain as apikeys
from services.runtime.errors import FieldViolation, InvalidArgument


def test_secrets_are_prefixed_random_and_hashed_with_sha256() -> None:
    secret = apikeys.generate_secret()
    assert secret.startswith("fpk_") and len(secret) == 4 + 43
    assert secret != apikeys.generate_secret()
    assert apikeys.hash_secret(secret) == hashlib.sha256(secret.encode()).hexdigest()
    assert apikeys.display_prefix(secret) == secret[:12]
    assert apikeys.looks_like_key(secret)
    assert not apikeys.looks_like_key("eyJhbGciOi.jwt.token")


def test_uses_are_recorded_at_most_once_a_minute() -> None:
    now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    assert apikeys.needs_touch(None, now)
    assert not apikeys.needs_touch(now - timedelta(seconds=59), now)
    assert apikeys.needs_touch(now - timedelta(seconds=60), now)


def test_new_key_validation() -> None:
    data = apikeys.validate_new_key("  ci  ", ["admin", "admin", "ops"])
    assert data.name == "ci" and data.roles == ("admin", "ops")
    with pytest.raises(InvalidArgument) as caught:
        apikeys.validate_new_key(" ", ["Admin!"])
    fields = [v.field for v in caught.value.violations]
    assert fields == ["name", "roles"]
    with pytest.raises(InvalidArgument) as caught:
        apikeys.validate_new_key("x" * 101, [])
    assert caught.value.violations == (FieldViolation("name", "must be at most 100 characters"),)
