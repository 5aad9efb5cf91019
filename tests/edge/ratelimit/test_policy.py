"""Settings → policy: route families, levels and the unverified token subject."""

from __future__ import annotations

import pytest

from edge.ratelimit import RateLimiter, RateLimitPolicy, RateLimitSettings
from edge.ratelimit.policy import token_subject
from tests.runtime.tokens_support import claims, sign


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FINPLAT_EDGE_RATE_LIMIT_ALGORITHM", "token_bucket")
    monkeypatch.setenv("FINPLAT_EDGE_RATE_LIMIT_FAMILIES", '{"/api/v1/accounting/": 600}')
    monkeypatch.setenv("FINPLAT_EDGE_RATE_LIMIT_GLOBAL", "100000")
    settings = RateLimitSettings()
    assert settings.edge_rate_limit_window_seconds == 60
    assert (settings.edge_rate_limit_default, settings.edge_rate_limit_auth) == (5000, 50)
    limiter = RateLimiter.from_settings(settings, None)
    assert limiter.counter.algorithm == "token_bucket"
    family, levels = limiter.policy.levels(
        {"path": "/api/v1/accounting/reports", "client": ("10.1.0.1", 1), "headers": []}
    )
    assert (family.name, family.limit) == ("/api/v1/accounting/", 600)
    assert [(level.level, level.rule.limit) for level in levels] == [
        ("ip", 600),
        ("global", 100000),
    ]


def test_invalid_settings_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FINPLAT_EDGE_RATE_LIMIT_ALGORITHM", "leaky")
    with pytest.raises(ValueError):
        RateLimitSettings()


def test_longest_prefix_wins() -> None:
    policy = RateLimitPolicy(families={"/api/": 10, "/api/auth/mfa/": 5})
    assert policy.family("/api/auth/login").name == "auth"
    assert policy.family("/api/auth/mfa/verify").limit == 5
    assert policy.family("/api/invoices").limit == 10
    assert policy.family("/health").name == "default"


def test_token_subject_is_read_unverified() -> None:
    token = sign(claims(sub="user-1"), key="someone-else")  # not our key: still readable
    assert token_subject([(b"authorization", f"Bearer {token}".encode())]) == "user-1"
    assert token_subject([(b"authorization", f"Bearer {sign(claims(sub=None))}".encode())]) is None
    assert token_subject([(b"x-api-key", b"abc")]) is None
    assert token_subject([]) is None
