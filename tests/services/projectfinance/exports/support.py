"""What the exports' tests share: a record as exported (with phases, scopes and a team
member whose texts try formula injection), and main's project teams as a fake
directory answers them (main is another backend; the e2e tests ask the real one)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

from services.projectfinance.exports.domain.contents import ExportedRecord, PhaseLine, ScopeLine
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.project_directory import TeamMember
from services.projectfinance.records.domain.figures import Work, figures
from services.projectfinance.records.domain.records import Record

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)
RECORD_ID = uuid.UUID("11111111-1111-4111-8111-111111111111")
PROJECT_ID = uuid.UUID("22222222-2222-4222-8222-222222222222")
PHASE_ID = uuid.UUID("33333333-3333-4333-8333-333333333333")
CENTER_ID = uuid.UUID("44444444-4444-4444-8444-444444444444")
USER_ID = uuid.UUID("55555555-5555-4555-8555-555555555555")
FORMULA = '=HYPERLINK("http://evil.example","click")'


def exported(currency: str = "EUR") -> ExportedRecord:
    budget = Decimal("1000") if currency == "JPY" else Decimal("1000.00")
    record = Record(
        id=RECORD_ID,
        tenant_id=uuid.uuid4(),
        project_id=PROJECT_ID,
        parent_id=None,
        revenue_model="fixed_price",
        total_budget=Money(budget, currency),
        created_by=uuid.uuid4(),
        created_at=NOW,
        updated_at=NOW,
    )
    return ExportedRecord(
        record=record,
        figures=figures(budget, "fixed_price", Work(), NOW),
        phases=[
            PhaseLine(
                id=PHASE_ID,
                sequence=1,
                name=FORMULA,
                status="in_progress",
                phase_budget=Money(Decimal("400.00"), currency),
                actual_cost=Money(Decimal("125.50"), currency),
                progress_percent=Decimal("25.00"),
                planned_start=NOW,
                planned_end=NOW,
                actual_start=NOW,
                actual_end=None,
                cost_center_id=CENTER_ID,
            )
        ],
        scopes=[
            ScopeLine(
                id=CENTER_ID,
                code="CC-1",
                name="+Design",
                description='-1+2, @SUM(A1:A2)\nsecond line, "quoted"',
                allocated_budget=Money(Decimal("300.00"), currency),
                actual_cost=Money(Decimal("125.50"), currency),
                is_active=True,
            )
        ],
        team=[
            TeamMember(
                user_id=USER_ID,
                role="@lead",
                allocation_percent=Decimal("50.00"),
                added_at=NOW,
            )
        ],
    )


class Teams:
    """Main's project members per token: what the fake directory answers."""

    def __init__(self) -> None:
        self.teams: dict[tuple[str, uuid.UUID], list[TeamMember]] = {}
        self.asked: list[tuple[str, uuid.UUID]] = []

    def add(self, token: str, project_id: uuid.UUID, role: str = "lead") -> TeamMember:
        member = TeamMember(uuid.uuid4(), role, Decimal("40.00"), NOW)
        self.teams.setdefault((token, project_id), []).append(member)
        return member

    def members(self, token: str, project_id: uuid.UUID) -> list[TeamMember]:
        self.asked.append((token, project_id))
        return list(self.teams.get((token, project_id), []))
