"""How the servicer shows a record: every amount with its currency's places (JPY 0,
EUR 2, KWD 3), rounded half to even from the exact figures; indices with 4 places and
the score with 2; and spec 3's page position."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest

from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.work import PhaseWork
from services.projectfinance.records.domain.figures import Work, figures
from services.projectfinance.records.domain.records import Record
from services.projectfinance.records.servicer import pagination_pb, project_finance_pb
from services.projectfinance.records.usecases import RecordFigures
from services.runtime.paging import Page
from tests.services.projectfinance.support import NOW


def shown(budget: str, currency: str) -> RecordFigures:
    record = Record(
        id=uuid.uuid4(),
        tenant_id=uuid.uuid4(),
        project_id=uuid.uuid4(),
        parent_id=None,
        revenue_model="fixed_price",
        total_budget=Money(Decimal(budget), currency),
        created_by=uuid.uuid4(),
        created_at=NOW,
        updated_at=NOW,
    )
    # CPI 0.3333: EAC = 1500 + 500 / 0.3333 = 3000.150015…, planned wholly by NOW.
    phase = PhaseWork(
        record.id, "in_progress", Decimal(1000), Decimal(1500), Decimal(50), NOW, NOW, None
    )
    return RecordFigures(record, figures(Decimal(budget), "fixed_price", Work([phase]), NOW))


@pytest.mark.parametrize(
    ("currency", "budget", "eac", "etc", "variance", "recognized"),
    [
        ("JPY", "1000", "3000", "1500", "-2000", "0"),
        ("EUR", "1000.00", "3000.15", "1500.15", "-2000.15", "0.00"),
        ("KWD", "1000.000", "3000.150", "1500.150", "-2000.150", "0.000"),
    ],
)
def test_amounts_show_their_currencys_places(
    currency: str, budget: str, eac: str, etc: str, variance: str, recognized: str
) -> None:
    message = project_finance_pb(shown(budget, currency))
    assert (message.total_budget.amount, message.total_budget.currency) == (budget, currency)
    assert message.estimate_at_completion.amount == eac
    assert message.estimate_to_complete.amount == etc
    assert message.budget_variance.amount == variance
    assert message.recognized_revenue.amount == recognized
    assert message.cost_performance_index.value == "0.3333"
    assert message.schedule_performance_index.value == "0.5000"
    assert message.budget_variance_percent.value == "-200.0150"
    assert message.financial_health_score.score == "33.33"
    assert (message.health_status, message.risk_level) == ("critical", "critical")
    assert not message.HasField("parent_id")


@pytest.mark.parametrize(
    ("total", "limit", "offset", "position"),
    [
        (0, 20, 0, (False, False, 1, 0)),
        (3, 2, 0, (True, False, 1, 2)),
        (3, 2, 2, (False, True, 2, 2)),
        (5, 2, 1, (True, True, 1, 3)),  # an offset between pages: page of its first item
        (40, 20, 20, (False, True, 2, 2)),
        (41, 20, 20, (True, True, 2, 3)),
    ],
)
def test_page_position(
    total: int, limit: int, offset: int, position: tuple[bool, bool, int, int]
) -> None:
    page = pagination_pb(Page([], total, limit, offset))
    assert (page.has_next, page.has_prev, page.page, page.pages) == position
    assert (page.per_page, page.total) == (limit, total)
