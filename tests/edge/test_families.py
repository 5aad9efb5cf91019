"""The spec's routing list (edge/families.py) and its agreement with the protos' routes."""

from __future__ import annotations

import pytest

from edge.descriptors import discover_routes
from edge.families import Family, FamilyTable, literal_prefix, misrouted

TABLE = FamilyTable()

# One sample path per routed family of spec 1, then every path family of specs 2
# (analytics and the expense service) and 3 (project finance).
SPEC_FAMILIES = [
    ("/api/auth/login", "main"),
    ("/api/invoices/9f1c", "main"),
    ("/api/payments", "main"),
    ("/api/projects/1/members", "main"),
    ("/api/budgets", "analytics"),
    ("/api/v1/intelligence/budgets/42/progress", "analytics"),
    ("/api/v1/accounting/ledger/entries", "main"),
    ("/api/v1/accounting/recon/runs", "main"),
    ("/api/v1/accounting/reports/export", "main"),
    ("/api/documents/upload", "analytics"),
    ("/api/transactions", "analytics"),
    ("/api/analytics/summary", "analytics"),
    ("/api/planning/budgets", "analytics"),
    ("/api/analytics/portfolio", "projectfinance"),
    ("/api/analytics/portfolio/health", "projectfinance"),
    ("/api/project-finance/7/phases", "projectfinance"),
    ("/api/milestones/3/invoice", "projectfinance"),
    ("/expense/v1/expenses", "expense"),
    ("/api/sessions/revoke", "main"),
    ("/api/security/dashboard/overview", "main"),
    ("/.well-known/jwks.json", "main"),
    # spec 2
    ("/api/documents/5/transactions", "analytics"),
    ("/api/transactions/5/category", "analytics"),
    ("/api/analytics/forecasts/monthly", "analytics"),
    ("/api/analytics/recurring", "analytics"),
    ("/api/analytics/refresh", "analytics"),
    ("/api/analytics/suggestions/5/dismiss", "analytics"),
    ("/api/analytics/trends", "analytics"),
    ("/api/planning/expenses/5", "analytics"),
    ("/api/planning/recurrence/rules", "analytics"),
    ("/api/planning/scenarios/5/compare", "analytics"),
    ("/api/v1/goals", "analytics"),
    ("/api/v1/goals/5/analysis/progress", "analytics"),
    ("/api/goals/ui/summary", "analytics"),
    ("/api/cashflow/predictions", "analytics"),
    ("/api/cashflow/ui/forecast-chart", "analytics"),
    ("/api/categories", "analytics"),
    ("/api/categories/5", "analytics"),
    ("/api/system/default-categories", "analytics"),
    ("/api/health", "analytics"),
    ("/version", "analytics"),
    ("/expense/v1/expenses/5", "expense"),
    ("/expense/v1/categories", "expense"),
    # spec 3
    ("/api/analytics/projects/5/forecast", "projectfinance"),
    ("/api/analytics/projects/5/health", "projectfinance"),
    ("/api/approvals", "projectfinance"),
    ("/api/approvals/check-required", "projectfinance"),
    ("/api/approvals/entity/invoice/5", "projectfinance"),
    ("/api/approvals/5/approve", "projectfinance"),
    ("/api/compliance/reports/sox-404", "projectfinance"),
    ("/api/cost-centers/5/allocate-budget", "projectfinance"),
    ("/api/phases/5/start", "projectfinance"),
    ("/api/project-finance/5/cost-centers", "projectfinance"),
    ("/api/project-finance/export", "projectfinance"),
    ("/api/milestones/5/complete", "projectfinance"),
]


@pytest.mark.parametrize(("path", "backend"), SPEC_FAMILIES)
def test_every_spec_family_resolves_to_its_backend(path: str, backend: str) -> None:
    assert TABLE.backend_of(path) == backend


def test_project_finance_exceptions_are_exact_on_segments() -> None:
    # A sibling that merely starts with the same characters stays with analytics.
    assert TABLE.backend_of("/api/analytics/portfolios") == "analytics"
    assert TABLE.backend_of("/api/analytics/portfolio") == "projectfinance"
    assert TABLE.backend_of("/api/analytics/projects-summary") == "analytics"
    assert TABLE.backend_of("/api/analytics/projects") == "projectfinance"
    # The analytics health check is not the gateway's /health, nor /api/healthz.
    assert TABLE.family_of("/api/healthz") is None


@pytest.mark.parametrize("path", ["/", "/api", "/api/authx", "/apix/auth", "/metrics", "/x"])
def test_paths_outside_every_family_have_no_backend(path: str) -> None:
    assert TABLE.family_of(path) is None


def test_literal_prefix_stops_at_the_first_variable() -> None:
    assert literal_prefix("/expense/v1/expenses/{expense_id}") == "/expense/v1/expenses"
    assert literal_prefix("/api/auth/login") == "/api/auth/login"
    assert literal_prefix("/{name=shelves/*}") == ""


def test_every_proto_route_lies_in_a_family_of_its_backend() -> None:
    routes = [(spec.template, spec.backend) for spec in discover_routes()]
    assert routes
    assert misrouted(TABLE, routes) == []


def test_misrouted_names_the_offending_route() -> None:
    table = FamilyTable([Family("/api/auth", "main")])
    problems = misrouted(table, [("/api/auth/x", "expense"), ("/nowhere/{id}", "main")])
    assert problems == [
        "/api/auth/x is served by expense but falls in the main family",
        "/nowhere/{id} is served by main but falls in no routed family",
    ]
