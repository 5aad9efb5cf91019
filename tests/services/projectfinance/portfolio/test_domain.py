"""The portfolio's pure rules: resource utilisation, ROI, ranking and totals."""

from __future__ import annotations

import uuid
from decimal import Decimal

from services.projectfinance.kernel.project_directory import Allocation, Staffing
from services.projectfinance.portfolio.domain.metrics import (
    ranked,
    return_on_investment,
    totals,
)
from services.projectfinance.portfolio.domain.standing import Standing
from services.projectfinance.portfolio.domain.utilization import utilization


def standing(
    *,
    score: str = "100",
    cpi: str = "1",
    cost: str = "0",
    recognized: str = "0",
    currency: str = "EUR",
) -> Standing:
    return Standing(
        record_id=uuid.uuid4(),
        project_id=uuid.uuid4(),
        currency=currency,
        total_budget=Decimal(1000),
        actual_cost=Decimal(cost),
        total_revenue=Decimal(recognized),
        recognized_revenue=Decimal(recognized),
        cpi=Decimal(cpi),
        spi=Decimal(1),
        health_score=Decimal(score),
        bucket="healthy",
        budget_used_pct=Decimal(0),
    )


def allocation(percent: str) -> Allocation:
    total = Decimal(percent)
    return Allocation(uuid.uuid4(), total, 1, total > 100)


def test_utilization_over_the_team() -> None:
    # 5 members: 120 % (over), 100 %, 40 % (under), 2 on no active project (under).
    shown = utilization(
        Staffing(team_size=5, allocations=[allocation("120"), allocation("100"), allocation("40")])
    )
    assert (shown.total_team_members, shown.active_team_members) == (5, 3)
    assert (shown.overallocated_members, shown.underutilized_members) == (1, 3)
    assert shown.average_allocation == Decimal("86.67")  # 260 / 3
    assert shown.utilization_rate == Decimal("48.00")  # (100 + 100 + 40) / 500


def test_utilization_of_nobody_is_zero() -> None:
    shown = utilization(Staffing(team_size=0, allocations=()))
    assert (shown.average_allocation, shown.utilization_rate, shown.underutilized_members) == (
        0,
        0,
        0,
    )


def test_roi_is_zero_without_cost_or_with_several_currencies() -> None:
    assert return_on_investment([standing(cost="200", recognized="250")]) == Decimal("25.00")
    assert return_on_investment([standing(cost="0", recognized="250")]) == 0
    assert return_on_investment([]) == 0
    mixed = [standing(cost="100", recognized="300"), standing(cost="1", currency="USD")]
    assert return_on_investment(mixed) == 0
    assert totals(mixed) is None


def test_ranking_by_score_then_cpi() -> None:
    a = standing(score="90", cpi="1.1")
    b = standing(score="90", cpi="0.9")
    c = standing(score="95", cpi="0.5")
    assert ranked([b, a, c]) == [c, a, b]
