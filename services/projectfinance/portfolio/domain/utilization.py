"""Resource utilisation of the tenant's people over its active projects, from main's
allocations (each member's total allocation percent over active projects) and the
tenant's size. Pure and exact."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from services.projectfinance.kernel.project_directory import Staffing

ZERO: Final = Decimal(0)
HUNDRED: Final = Decimal(100)
PLACES: Final = Decimal("0.01")
# A member allocated less than this (over all active projects) has capacity to spare.
UNDERUTILIZED_BELOW: Final = Decimal(50)


@dataclass(frozen=True)
class Utilization:
    total_team_members: int
    active_team_members: int
    overallocated_members: int
    underutilized_members: int
    average_allocation: Decimal
    utilization_rate: Decimal


def _round(value: Decimal) -> Decimal:
    return value.quantize(PLACES, rounding=ROUND_HALF_EVEN)


def utilization(staffing: Staffing) -> Utilization:
    """Members on an active project are *active*; above 100 % *overallocated*; under
    UNDERUTILIZED_BELOW (members on no active project included) *underutilized*. The
    rate is the share of the team's capacity (100 % a member) allocated, each member
    counted at most at 100 %."""
    totals = [a.total_allocation_percent for a in staffing.allocations]
    active = len(totals)
    # Allocations only name members of the tenant; the max guards a team size read a
    # moment before a member joined.
    members = max(staffing.team_size, active)
    idle = members - active
    allocated = sum(totals, ZERO)
    capacity = Decimal(members) * HUNDRED
    used = sum((min(total, HUNDRED) for total in totals), ZERO)
    return Utilization(
        total_team_members=members,
        active_team_members=active,
        overallocated_members=sum(1 for a in staffing.allocations if a.overallocated),
        underutilized_members=idle + sum(1 for t in totals if t < UNDERUTILIZED_BELOW),
        average_allocation=_round(allocated / active) if active else ZERO,
        utilization_rate=_round(used * HUNDRED / capacity) if capacity else ZERO,
    )
