"""Sticky keys: JWT subject, API-key hash, affinity cookie."""

from __future__ import annotations

from edge.balancing.affinity import AFFINITY_COOKIE, Affinity, cookie_key, user_key
from tests.runtime.tokens_support import claims, sign


def test_user_key_is_the_jwt_subject() -> None:
    token = sign(claims(roles=["user"]))
    subject = claims(roles=["user"])["sub"]
    assert user_key(f"Bearer {token}") == f"sub:{subject}"


def test_api_keys_are_hashed_not_kept() -> None:
    key = user_key("Bearer fp_secret_key")
    assert key is not None and key.startswith("key:") and "fp_secret" not in key
    assert key == user_key("bearer  fp_secret_key ")


def test_undecodable_tokens_fall_back_to_the_hash() -> None:
    assert str(user_key("Bearer a.%%%.c")).startswith("key:")
    assert user_key("Basic abc") is None
    assert user_key("") is None


def test_cookie_key_accepts_only_well_formed_values() -> None:
    good = "A" * 24
    assert cookie_key(f"x=1; {AFFINITY_COOKIE}={good}; y=2") == good
    assert cookie_key(f"{AFFINITY_COOKIE}=short") is None
    assert cookie_key(f"{AFFINITY_COOKIE}={'A' * 500}") is None
    assert cookie_key("") is None


def test_cookie_mode_mints_a_cookie_once() -> None:
    affinity = Affinity("cookie")
    key, set_cookie = affinity.key("", "")
    assert key is not None and set_cookie is not None
    assert set_cookie.decode().startswith(f"{AFFINITY_COOKIE}={key};")
    assert affinity.key("", f"{AFFINITY_COOKIE}={key}") == (key, None)


def test_off_means_no_key() -> None:
    assert Affinity("off").key("Bearer x", f"{AFFINITY_COOKIE}={'A' * 24}") == (None, None)
