"""Settings of the main backend process (env FINPLAT_MAIN_*, FINPLAT_SMTP_*, ...)."""

from __future__ import annotations

from pathlib import Path

from services.runtime.settings import RuntimeSettings


class MainSettings(RuntimeSettings):
    main_grpc_port: int = 50051
    main_metrics_port: int = 9451
    # None: the embedded SQLite file under var_dir (`finplat up`).
    main_database_url: str | None = None

    # Base of the links in emails (the edge's public URL).
    public_url: str = "http://localhost:8080"
    # Email: SMTP when smtp_host is set, else .eml files in var_dir/outbox.
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_username: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False
    mail_sender: str = "finplat <no-reply@finplat.local>"
    # A MaxMind-format city database (GeoLite2-City.mmdb); None: locations "unknown".
    geoip_database: Path | None = None

    access_token_seconds: int = 900
    refresh_token_days: int = 30
    # GAPS: login needs a verified email (403 email_not_verified); switchable.
    require_verified_email: bool = True
    # argon2id cost (OWASP minimum by default); raising it rehashes at next login.
    argon2_time_cost: int = 2
    argon2_memory_cost: int = 19456
    argon2_parallelism: int = 1

    def database_url(self) -> str:
        return self.main_database_url or self.sqlite_url("main")

    @property
    def outbox_dir(self) -> Path:
        return self.var_dir / "outbox"
