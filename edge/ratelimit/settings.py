"""Rate-limit settings: a mixin of `EdgeSettings` (environment prefix FINPLAT_)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Algorithm = Literal["sliding_window", "token_bucket", "fixed_window"]


class RateLimitSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # Off only for local experiments; the spec makes limits (and their headers) universal.
    edge_rate_limit_enabled: bool = True
    # sliding_window: a weighted count of this window and the previous one (no burst of
    #   2x the limit at a window boundary, unlike fixed_window); the default.
    # fixed_window: plain counter per calendar window; cheapest, bursty at boundaries.
    # token_bucket: a bucket of `limit` tokens refilled at limit/window per second, so the
    #   burst is the whole limit after a window of silence and the sustained rate is
    #   limit/window; X-RateLimit-Reset is when the bucket will be full again.
    edge_rate_limit_algorithm: Algorithm = "sliding_window"
    # GAPS: one 60 s window for every level.
    edge_rate_limit_window_seconds: int = Field(default=60, ge=1)
    # Requests per window per user (JWT `sub`), or per client IP when anonymous.
    edge_rate_limit_default: int = Field(default=5000, ge=1)
    # Requests per window per client IP on /api/auth/* (login, registration, resets):
    # low, so credential stuffing from one address stalls quickly.
    edge_rate_limit_auth: int = Field(default=50, ge=1)
    # Per client IP over every route, token or not: bounds one address that rotates
    # forged `sub`s to dodge the per-user level. 0 = off.
    edge_rate_limit_ip: int = Field(default=0, ge=0)
    # Requests per window over the whole gateway (all edges together when Redis is
    # shared): a ceiling protecting the backends. 0 = off.
    edge_rate_limit_global: int = Field(default=0, ge=0)
    # Extra route families: path prefix → requests per window per user (per IP when
    # anonymous); the longest matching prefix wins, e.g.
    # FINPLAT_EDGE_RATE_LIMIT_FAMILIES='{"/api/v1/accounting/": 600}'.
    edge_rate_limit_families: dict[str, int] = Field(default_factory=dict)
    # With Redis, an edge reserves up to this many requests of a window in one round trip
    # and spends them locally (at most 1% of the limit; edge/ratelimit/leases.py). Never
    # exceeds a limit; a client spread over several edges may be refused slightly early.
    # 1 = ask Redis for every request.
    edge_rate_limit_lease_max: int = Field(default=50, ge=1)
