"""Settings of the analytics backend process (env FINPLAT_ANALYTICS_*)."""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from services.runtime.settings import RuntimeSettings


class AnalyticsSettings(RuntimeSettings):
    analytics_grpc_port: int = 50052
    analytics_metrics_port: int = 9452
    # None: the embedded SQLite file under var_dir (`finplat up`).
    analytics_database_url: str | None = None
    # Threads importing statements (each takes one queued document at a time).
    analytics_import_workers: int = Field(default=2, ge=0, le=32)
    # A worker holds a job this long without renewing it; a job whose lease ran out
    # (its worker crashed or hung) is taken up again by another worker or after a restart.
    analytics_job_lease_seconds: float = Field(default=60.0, gt=0)
    # How often idle workers look for queued jobs (an upload wakes them at once).
    analytics_job_poll_seconds: float = Field(default=2.0, gt=0)
    # Import attempts before a document that keeps crashing its worker is marked failed.
    analytics_job_max_attempts: int = Field(default=3, ge=1)
    # Largest statement accepted (bytes); the edge's FINPLAT_EDGE_UPLOAD_LIMITS
    # {"documents": …} should match it.
    analytics_upload_max_bytes: int = Field(default=100 * 1024 * 1024, gt=0)
    # A projected balance under this raises a cash-flow low_balance alert (main currency).
    analytics_low_balance_threshold: Decimal = Field(default=Decimal("100.00"), ge=0)
    # The build reported by GET /version (e.g. the commit the image was built from).
    build: str = "dev"

    def database_url(self) -> str:
        return self.analytics_database_url or self.sqlite_url("analytics")
