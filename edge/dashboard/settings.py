"""Settings of the dashboard page (an EdgeSettings mixin, prefix FINPLAT_)."""

from __future__ import annotations

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

# Where `make dashboard-assets` (`npm ci --prefix edge/dashboard`) installs Chart.js.
DEFAULT_CHARTJS = Path(__file__).parent / "node_modules" / "chart.js" / "dist" / "chart.umd.js"


class DashboardSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # The Chart.js 4 UMD build served at /app/vendor/chart.umd.js (npm's by default; any
    # other copy of a 4.x chart.umd.js works). A missing file does not stop the edge:
    # /app then says how to install it.
    edge_dashboard_chartjs: Path = DEFAULT_CHARTJS
