"""The typed settings every backend process starts from (pydantic-settings, prefix FINPLAT_).

One object per process, built in its composition root; nothing else reads os.environ.
Backends subclass `RuntimeSettings` to add their own ports and limits, e.g.::

    class ExpenseSettings(RuntimeSettings):
        expense_grpc_port: int = 50054
        expense_rate_limit: int = 1000
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

TracesExporter = Literal["none", "console", "otlp", "memory"]


class RuntimeSettings(BaseSettings):
    """What the shared runtime needs; backend settings extend it."""

    # extra="ignore": every process sees every FINPLAT_* variable (one .env for the
    # whole stack), so settings that belong to another process must not be an error.
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    var_dir: Path = Path("var")
    redis_url: str | None = None
    # After a Redis failure, count quotas in process for this long before trying again.
    redis_retry_seconds: float = 5.0
    log_level: str = "INFO"
    otel_traces_exporter: TracesExporter = "none"
    grpc_host: str = "127.0.0.1"
    grpc_max_workers: int = 32
    shutdown_grace_seconds: float = 10.0

    # Access-token verification (services/runtime/tokens), the same in the edge and in
    # every backend. The main backend issues the tokens and publishes their keys.
    jwt_issuer: str = "finplat"
    jwt_audience: str = "finplat-api"
    # Where verifiers fetch the signing keys (the edge serves main's JWKS at
    # /.well-known/jwks.json); None in the main backend, which reads its own keys.
    jwks_url: str | None = None
    # Clock skew tolerated on exp/nbf/iat.
    jwt_leeway_seconds: int = 10
    jwks_cache_seconds: float = 300.0
    # An unknown kid triggers a refetch at most this often (a flood of forged kids
    # must not turn into a flood of JWKS requests).
    jwks_min_refetch_seconds: float = 10.0
    # Verified tokens are cached (Redis when configured) for at most this long.
    token_cache_seconds: float = 60.0
    # A session's "still active" answer is reused this long: revocation takes effect
    # within this many seconds everywhere.
    session_check_seconds: float = 5.0

    # Self-registration with the edge's service registry (JWT service discovery).
    # Set: the backend registers its gRPC address there once serving, heartbeats, and
    # deregisters on SIGTERM before draining. None: the edge uses static addresses.
    edge_url: str | None = None
    # The service account's client credentials (`finplat service-accounts create`),
    # traded with main for `service` role tokens; required when edge_url is set.
    service_client_id: str | None = None
    service_client_secret: str | None = None
    # Where main's gRPC API is (ServiceTokenService issues the tokens).
    main_grpc_target: str = "127.0.0.1:50051"
    # The address registered (what the edge dials): grpc_host when unset, which is
    # wrong when that is a wildcard or a container-internal address.
    advertised_host: str | None = None
    # Share of traffic relative to the other instances (the edge's weighted strategy).
    registration_weight: int = Field(default=1, ge=1, le=100)
    # Free-form labels sent with the registration (e.g. {"zone": "a", "version": "1.4"}).
    registration_metadata: dict[str, str] = Field(default_factory=dict)

    def sqlite_url(self, backend: str) -> str:
        """The embedded database of one backend (`finplat up` default), under var_dir."""
        self.var_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{self.var_dir}/{backend}.db"
