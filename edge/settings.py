"""The edge process's one typed settings object (environment prefix FINPLAT_)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import SettingsConfigDict

from edge.balancing.settings import BalancingSettings
from edge.dashboard.settings import DashboardSettings
from edge.discovery.settings import DiscoverySettings
from edge.downloads.settings import DownloadSettings
from edge.observability.settings import ObservabilitySettings
from edge.openapi.settings import OpenApiSettings
from edge.ratelimit.settings import RateLimitSettings
from edge.security.settings import SecuritySettings
from edge.uploads.settings import UploadSettings
from services.runtime.settings import RuntimeSettings


def _default_backends() -> dict[str, list[str]]:
    return {
        "main": ["127.0.0.1:50051"],
        "analytics": ["127.0.0.1:50052"],
        "projectfinance": ["127.0.0.1:50053"],
        "expense": ["127.0.0.1:50054"],
    }


class EdgeSettings(
    RuntimeSettings,
    BalancingSettings,
    DiscoverySettings,
    SecuritySettings,
    RateLimitSettings,
    ObservabilitySettings,
    OpenApiSettings,
    UploadSettings,
    DownloadSettings,
    DashboardSettings,
):
    """Where the edge listens and which backend addresses it calls; token verification,
    Redis and logging settings are shared with the backends (RuntimeSettings)."""

    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    edge_host: str = "127.0.0.1"
    edge_port: int = 8080
    # Backend name (ServiceRules.backend) → its instances; JSON in the environment, e.g.
    # FINPLAT_EDGE_BACKENDS='{"expense": ["10.0.0.5:50054", "10.0.0.6:50054"]}'.
    edge_backends: dict[str, list[str]] = Field(default_factory=_default_backends)
    edge_call_timeout_seconds: float = 10.0
    edge_max_body_bytes: int = 10 * 1024 * 1024
    # Load balancers / proxies in front of the edge whose X-Forwarded-For is believed
    # (IPs or CIDRs); empty: the TCP peer is the client.
    edge_trusted_proxies: list[str] = Field(default_factory=list)
    # Deadline of each readiness probe's grpc.health.v1 Check.
    edge_ready_timeout_seconds: float = 1.0
