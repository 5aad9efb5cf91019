"""Settings of the expense backend process (env FINPLAT_EXPENSE_*)."""

from __future__ import annotations

from services.runtime.settings import RuntimeSettings


class ExpenseSettings(RuntimeSettings):
    expense_grpc_port: int = 50054
    expense_metrics_port: int = 9454
    # None: the embedded SQLite file under var_dir (`finplat up`).
    expense_database_url: str | None = None
    # Requests per hour per API key; named by the proto's quota `limit_setting`.
    expense_rate_limit: int = 1000

    def database_url(self) -> str:
        return self.expense_database_url or self.sqlite_url("expense")
