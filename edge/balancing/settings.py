"""Balancing, health-check, circuit-breaker and retry settings (a mixin of EdgeSettings)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Strategy = Literal["round_robin", "least_connections", "weighted"]
Sticky = Literal["off", "user", "cookie"]


class BalancingSettings(BaseSettings):
    """How the edge spreads calls over a backend's instances and when it stops using one.

    Instance weights are written next to the address in `edge_backends`:
    `"10.0.0.5:50054;weight=3"` (default weight 1).
    """

    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # Default strategy of every pool: round_robin spreads calls evenly; least_connections
    # suits calls of uneven cost; weighted (smooth weighted round robin, as nginx) suits
    # replicas of unequal size. Health-aware filtering is always on.
    edge_lb_strategy: Strategy = "round_robin"
    # Per-backend override, e.g. FINPLAT_EDGE_LB_STRATEGIES='{"analytics": "least_connections"}'.
    edge_lb_strategies: dict[str, Strategy] = Field(default_factory=dict)
    # Sticky sessions by consistent hashing: "user" hashes the JWT `sub` (or the API key),
    # "cookie" hashes the `finplat_affinity` cookie the edge sets; "off" balances each call.
    edge_sticky: Sticky = "off"

    # Active health checks (grpc.health.v1 Check, service ""): how often, how long each
    # may take, and how many consecutive results flip an instance (damps flapping).
    edge_health_interval_seconds: float = Field(default=5.0, gt=0)
    edge_health_timeout_seconds: float = Field(default=1.0, gt=0)
    edge_health_unhealthy_threshold: int = Field(default=3, ge=1)
    edge_health_healthy_threshold: int = Field(default=2, ge=1)

    # Circuit breaker per instance: open after this many consecutive transport failures...
    edge_breaker_failures: int = Field(default=5, ge=1)
    # ...or when more than this share of the last `edge_breaker_window` calls failed,
    # once at least `edge_breaker_min_calls` calls are in the window (no verdict on 2 calls).
    edge_breaker_error_rate: float = Field(default=0.5, gt=0, le=1)
    edge_breaker_window: int = Field(default=20, ge=1)
    edge_breaker_min_calls: int = Field(default=10, ge=1)
    # Open this long before trial calls are let through (half-open)...
    edge_breaker_cooldown_seconds: float = Field(default=10.0, gt=0)
    # ...and this many trial calls must succeed to close it again (one failure reopens).
    edge_breaker_half_open_calls: int = Field(default=3, ge=1)

    # Attempts per idempotent call (first try included), each on another instance, and
    # only for failures where the call never reached a handler.
    edge_retry_attempts: int = Field(default=3, ge=1)
    # Retry budget (Finagle/Envoy): retries may add at most this share of the requests
    # of the last 10 s, plus a floor per second so quiet pools can still retry.
    edge_retry_budget_ratio: float = Field(default=0.2, ge=0, le=1)
    edge_retry_min_per_second: float = Field(default=10.0, ge=0)
