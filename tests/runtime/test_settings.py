from __future__ import annotations

from pathlib import Path

import pytest

from services.runtime.settings import RuntimeSettings


def test_env_prefix_and_extra_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FINPLAT_GRPC_MAX_WORKERS", "4")
    monkeypatch.setenv("FINPLAT_OTEL_TRACES_EXPORTER", "memory")
    monkeypatch.setenv("FINPLAT_SOMETHING_FOR_ANOTHER_PROCESS", "x")
    settings = RuntimeSettings()
    assert settings.grpc_max_workers == 4
    assert settings.otel_traces_exporter == "memory"


def test_subclass_adds_backend_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    class ExpenseSettings(RuntimeSettings):
        expense_rate_limit: int = 1000

    monkeypatch.setenv("FINPLAT_EXPENSE_RATE_LIMIT", "7")
    assert ExpenseSettings().expense_rate_limit == 7


def test_sqlite_url_creates_var_dir(tmp_path: Path) -> None:
    var = tmp_path / "var"
    url = RuntimeSettings(var_dir=var).sqlite_url("expense")
    assert url == f"sqlite:///{var}/expense.db"
    assert var.is_dir()
