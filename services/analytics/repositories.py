"""The analytics backend's one repository bundle: what `uow.repos` exposes to use cases."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from services.analytics.budgets.repository import BudgetRepository
from services.analytics.cashflow.repository import CashFlowRepository
from services.analytics.categories.repository import CategoryRepository
from services.analytics.documents.repository import DocumentRepository, ImportJobRepository
from services.analytics.forecasts.repository import ForecastRepository
from services.analytics.goals.repository import GoalRepository
from services.analytics.planned_expenses.repository import PlannedExpenseRepository
from services.analytics.recurring.repository import RecurringPatternRepository
from services.analytics.rollups.repository import RollupRepository
from services.analytics.scenarios.repository import ScenarioRepository
from services.analytics.suggestions.repository import SuggestionRepository
from services.analytics.transactions.bulk import TransactionBulkWriter
from services.analytics.transactions.repository import TransactionRepository


@dataclass(frozen=True)
class AnalyticsRepositories:
    documents: DocumentRepository
    import_jobs: ImportJobRepository
    transactions: TransactionRepository
    categories: CategoryRepository
    # Whole-document writes of transactions (imports).
    bulk: TransactionBulkWriter
    # Per-user roll-ups and the staleness marker every transaction write must set.
    rollups: RollupRepository
    recurring: RecurringPatternRepository
    forecasts: ForecastRepository
    suggestions: SuggestionRepository
    budgets: BudgetRepository
    goals: GoalRepository
    planned_expenses: PlannedExpenseRepository
    scenarios: ScenarioRepository
    cashflow: CashFlowRepository


def repositories(session: Session) -> AnalyticsRepositories:
    return AnalyticsRepositories(
        documents=DocumentRepository(session),
        import_jobs=ImportJobRepository(session),
        transactions=TransactionRepository(session),
        categories=CategoryRepository(session),
        bulk=TransactionBulkWriter(session),
        rollups=RollupRepository(session),
        recurring=RecurringPatternRepository(session),
        forecasts=ForecastRepository(session),
        suggestions=SuggestionRepository(session),
        budgets=BudgetRepository(session),
        goals=GoalRepository(session),
        planned_expenses=PlannedExpenseRepository(session),
        scenarios=ScenarioRepository(session),
        cashflow=CashFlowRepository(session),
    )
