"""The expense backend's one repository bundle: what `uow.repos` exposes to use cases."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from services.expense.api_keys.repository import ApiKeyRepository
from services.expense.expenses.repository import ExpenseRepository


@dataclass(frozen=True)
class ExpenseRepositories:
    expenses: ExpenseRepository
    api_keys: ApiKeyRepository


def repositories(session: Session) -> ExpenseRepositories:
    return ExpenseRepositories(ExpenseRepository(session), ApiKeyRepository(session))
