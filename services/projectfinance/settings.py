"""Settings of the project-finance backend process (env FINPLAT_PROJECTFINANCE_*)."""

from __future__ import annotations

from pydantic import Field, SecretStr

from services.runtime.settings import RuntimeSettings


class ProjectFinanceSettings(RuntimeSettings):
    projectfinance_grpc_port: int = 50053
    projectfinance_metrics_port: int = 9453
    # None: the embedded SQLite file under var_dir (`finplat up`).
    projectfinance_database_url: str | None = None
    # How long a call to main (a project lookup) may take before the caller gets 503.
    projectfinance_main_timeout_seconds: float = Field(default=3.0, gt=0)
    # Exports: the HMAC-SHA256 key of the signed download URLs (every replica the same).
    # None: a key generated once and kept in the backend's database (zero configuration).
    projectfinance_export_signing_secret: SecretStr | None = None
    # Compliance: the Ed25519 key signing SOX attestations, PEM or base64 of the raw 32
    # bytes. None: a key generated once and kept in the backend's database
    # (compliance_signing_keys; docs/project-finance-compliance.md).
    projectfinance_compliance_signing_key: SecretStr | None = None
    # Milestone-invoice saga: the runner's pass interval (it takes up unfinished sagas at
    # start and then every so often), and fault injection for tests only, e.g.
    # "before_create:crash,after_issue:error" (docs/project-finance-milestones.md).
    projectfinance_saga_poll_seconds: float = Field(default=5.0, gt=0)
    projectfinance_saga_failpoints: str = ""

    def database_url(self) -> str:
        return self.projectfinance_database_url or self.sqlite_url("projectfinance")
