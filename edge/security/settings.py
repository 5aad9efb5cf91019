"""Settings of the edge's security controls (a mixin of EdgeSettings, prefix FINPLAT_)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

# API responses are JSON: nothing in them may load, run or be framed.
API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# The Swagger UI page (/docs/api) and its assets (/docs/assets/) load the bundle's own
# scripts, styles and images and fetch /openapi/gateway.json: same origin only, still no
# inline script, no framing.
DOCS_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'none'"
)

# The dashboard page (/app) and its files: its own scripts and styles and Chart.js, all
# same origin, no inline script or style; it calls the API (connect-src 'self') and
# posts its sign-in form nowhere else; no framing.
DASHBOARD_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def _default_csp_by_path() -> dict[str, str]:
    # "/app" also covers "/app/…"; no API path starts with it (edge/dispatch.py).
    return {"/docs/": DOCS_CSP, "/app": DASHBOARD_CSP}


class SecuritySettings(BaseSettings):
    """Security response headers, IP lists and auto-blocking, connection and slow-request
    limits, upload inspection (MIME sniffing, clamd malware scan)."""

    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # --- Response headers -------------------------------------------------------------
    # HSTS: two years, subdomains included (browsers then never try plain HTTP).
    edge_hsts: str = "max-age=63072000; includeSubDomains"
    # CSP of every response whose path no entry of edge_csp_by_path prefixes.
    edge_csp_default: str = API_CSP
    # Path prefix → CSP, the longest matching prefix wins (the docs UI needs 'self').
    edge_csp_by_path: dict[str, str] = Field(default_factory=_default_csp_by_path)

    # --- IP allow / deny lists and automatic blocking -------------------------------
    # CIDRs (or single IPs) refused with 403 ip_blocked; deny wins over allow.
    edge_ip_deny: list[str] = Field(default_factory=list)
    # When non-empty, only these CIDRs are served; they are never auto-blocked.
    edge_ip_allow: list[str] = Field(default_factory=list)
    # This many 401 answers to one IP within the window block it (credential stuffing).
    edge_autoblock_auth_failures: int = 20
    # This many 429 answers to one IP within the window block it (a client ignoring
    # Retry-After is a flood, not a user).
    edge_autoblock_rate_limited: int = 100
    edge_autoblock_window_seconds: int = 60
    # How long an automatic block lasts; it lifts by itself (or `unblock` by an operator).
    edge_autoblock_seconds: int = 900
    # "Not blocked" answers from Redis are reused this long per IP, so the shared check
    # costs one round trip per IP per interval rather than one per request; a block set
    # by another edge is seen within this delay. 0 checks on every request.
    edge_block_check_cache_seconds: float = 1.0

    # --- Connections and slow requests (uvicorn protocol + body guard) ---------------
    # Open connections per client IP (TCP peer; trusted proxies are exempt) and in total;
    # one more is answered 503 service_unavailable once its request line arrives.
    edge_max_connections_per_ip: int = 100
    edge_max_connections: int = 10000
    # A request's headers must be complete this long after its first byte (or after
    # the connection opened): slowloris defence, answered 408 and closed.
    edge_header_timeout_seconds: float = 10.0
    # A request body must arrive within this total time ...
    edge_body_timeout_seconds: float = 60.0
    # ... and with no pause between chunks longer than this (408 and close otherwise).
    edge_body_gap_seconds: float = 15.0
    # uvicorn's own ceiling on in-flight requests + connections (plain 503); None leaves
    # it to the connection limits above, which answer in the gateway body.
    edge_limit_concurrency: int | None = None
    # Listen backlog: connections the kernel queues while the loop is busy.
    edge_backlog: int = 2048

    # --- Upload inspection ----------------------------------------------------------
    # clamd address, "tcp://host:port" or "unix:///path/clamd.sock"; None: no scanning.
    edge_clamd_address: str | None = None
    edge_clamd_timeout_seconds: float = 30.0
    # When clamd cannot be reached: refuse uploads (503, default) or let them through.
    edge_clamd_fail_open: bool = False
    # Bodies larger than this are refused (413) rather than passed unscanned; keep it at
    # or below clamd's StreamMaxLength.
    edge_scan_max_bytes: int = 25 * 1024 * 1024
