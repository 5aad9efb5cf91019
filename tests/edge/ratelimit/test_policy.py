"""Settings → policy: route families, levels and the unverified token subject."""

from __future__ import annotations

from dataclasses import replace

import pytest

from edge.descriptors import discover_routes
from edge.ratelimit import RateLimiter, RateLimitPolicy, RateLimitSettings
from edge.ratelimit.policy import token_subject
from edge.ratelimit.tiers import AUTH, UNSPECIFIED, DeclaredTiers
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


def test_declared_tier_then_longest_prefix() -> None:
    policy = RateLimitPolicy(families={"/api/": 10, "/api/auth/mfa/": 5})
    # The RPC's declared tier decides, whatever path prefixes are configured...
    assert policy.family("POST", "/api/auth/login").name == "auth"
    assert policy.family("POST", "/api/auth/mfa/verify").name == "auth"
    assert policy.family("HEAD", "/api/auth/profile").name == "auth"
    # ...and a path no tier-declaring RPC serves goes by the longest configured prefix.
    assert policy.family("DELETE", "/api/auth/login").limit == 10
    assert policy.family("GET", "/api/auth/mfa/nothing-here").limit == 5
    assert policy.family("GET", "/api/invoices").limit == 10
    assert policy.family("GET", "/health").name == "default"


def test_the_auth_tier_is_declared_by_exactly_the_routes_under_api_auth() -> None:
    # What the `/api/auth/` prefix used to decide, the protos now declare, RPC by RPC.
    tiers = {
        (spec.http_method, spec.template): spec.http_rules.rate_limit_tier
        for spec in discover_routes()
    }
    auth = {route for route, tier in tiers.items() if tier == AUTH}
    assert auth == {route for route in tiers if route[1].startswith("/api/auth/")}
    assert ("POST", "/api/auth/login") in auth
    assert set(tiers.values()) == {UNSPECIFIED, AUTH}


def test_a_policy_without_declared_tiers_has_only_prefix_families() -> None:
    policy = RateLimitPolicy(families={"/api/auth/": 7}, tiers=DeclaredTiers([]))
    assert policy.family("POST", "/api/auth/login").limit == 7
    assert policy.describe()["families"][0] == {
        "name": "auth",
        "prefix": None,
        "declared_tier": True,
        "limit": 50,
        "per_ip": True,
    }


def test_token_subject_is_read_unverified() -> None:
    token = sign(claims(sub="user-1"), key="someone-else")  # not our key: still readable
    assert token_subject([(b"authorization", f"Bearer {token}".encode())]) == "user-1"
    assert token_subject([(b"authorization", f"Bearer {sign(claims(sub=None))}".encode())]) is None
    assert token_subject([(b"x-api-key", b"abc")]) is None
    assert token_subject([]) is None


def test_tiers_are_found_whatever_the_template_starts_with() -> None:
    login = next(s for s in discover_routes() if s.template == "/api/auth/login")
    tiers = DeclaredTiers([replace(login, template="/{tenant}/login"), login])
    assert tiers.tier_of("POST", "/acme/login") == AUTH
    assert tiers.tier_of("POST", "/api/auth/login") == AUTH
    assert tiers.tier_of("POST", "/acme/logout") == UNSPECIFIED
    assert tiers.tier_of("GET", "/api/auth/login") == UNSPECIFIED
