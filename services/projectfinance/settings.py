"""Settings of the project-finance backend process (env FINPLAT_PROJECTFINANCE_*)."""

from __future__ import annotations

from pydantic import Field

from services.runtime.settings import RuntimeSettings


class ProjectFinanceSettings(RuntimeSettings):
    projectfinance_grpc_port: int = 50053
    projectfinance_metrics_port: int = 9453
    # None: the embedded SQLite file under var_dir (`finplat up`).
    projectfinance_database_url: str | None = None
    # How long a call to main (a project lookup) may take before the caller gets 503.
    projectfinance_main_timeout_seconds: float = Field(default=3.0, gt=0)

    def database_url(self) -> str:
        return self.projectfinance_database_url or self.sqlite_url("projectfinance")
