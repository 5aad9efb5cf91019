"""Every capability of the analytics backend: the composition root registers their
services and Alembic collects their tables from this one tuple."""

from __future__ import annotations

from services.analytics import (
    budgets,
    cashflow,
    cashflow_charts,
    categories,
    documents,
    forecasts,
    goal_charts,
    goals,
    insights,
    planned_expenses,
    recurrence,
    recurring,
    rollups,
    scenarios,
    status,
    suggestions,
    transactions,
)

CAPABILITIES = (
    status.CAPABILITY,
    documents.CAPABILITY,
    transactions.CAPABILITY,
    categories.CAPABILITY,
    rollups.CAPABILITY,
    insights.CAPABILITY,
    recurring.CAPABILITY,
    forecasts.CAPABILITY,
    suggestions.CAPABILITY,
    budgets.CAPABILITY,
    cashflow.CAPABILITY,
    cashflow_charts.CAPABILITY,
    goals.CAPABILITY,
    goal_charts.CAPABILITY,
    planned_expenses.CAPABILITY,
    scenarios.CAPABILITY,
    recurrence.CAPABILITY,
)
