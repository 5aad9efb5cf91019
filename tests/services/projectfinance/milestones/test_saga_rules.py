"""The saga's pure rules: its moves (domain.sagas), the backoff, the invoice serial,
the idempotency keys per step, the failpoints setting; and pf_0009 on and off again."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine, inspect

from db import migrate
from services.projectfinance.kernel.money import Money
from services.projectfinance.milestones.domain import milestones as rules
from services.projectfinance.milestones.domain import sagas
from services.projectfinance.milestones.domain.milestones import Milestone
from services.projectfinance.milestones.failpoints import Failpoints, InjectedFailure, parse
from services.runtime.errors import FailedPrecondition

NOW = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)


def milestone(status: str = "completed") -> Milestone:
    return Milestone(
        id=uuid.uuid4(),
        tenant_id=uuid.uuid4(),
        record_id=uuid.uuid4(),
        name="Design",
        description=None,
        amount=Money(Decimal("1500.00"), "EUR"),
        due_date=None,
        sequence=1,
        status=status,
        completion_percent=Decimal(100),
        completed_at=NOW,
        billed_at=None,
        invoice_id=None,
        invoice_number=None,
        created_at=NOW,
        updated_at=NOW,
    )


def begun() -> sagas.InvoiceSaga:
    return sagas.started(milestone(), "req-1", NOW, saga_id=uuid.uuid4(), request_id=uuid.uuid4())


def test_a_saga_starts_only_for_a_completed_milestone_with_its_amount_and_name() -> None:
    saga = begun()
    assert (saga.status, saga.step, saga.attempts) == ("started", "check_approval", 0)
    assert saga.description == "Design" and saga.amount == Money(Decimal("1500.00"), "EUR")
    for status in ("pending", "in_progress", "billed", "cancelled"):
        with pytest.raises(FailedPrecondition, match="allowed from: completed"):
            sagas.started(
                milestone(status), "r", NOW, saga_id=uuid.uuid4(), request_id=uuid.uuid4()
            )


def test_the_happy_path_moves_step_by_step_and_ends_final() -> None:
    saga = sagas.cleared(begun(), NOW)
    assert (saga.status, saga.step) == ("invoicing", "create_invoice")
    ref = uuid.uuid4()
    saga = sagas.invoice_created(saga, ref, NOW)
    assert (saga.step, saga.invoice_ref) == ("issue_invoice", ref)
    saga = sagas.invoice_issued(saga, "INV-2026-000042", NOW)
    assert (saga.step, saga.invoice_number) == ("record_billing", "INV-2026-000042")
    saga = sagas.billing_recorded(saga, NOW)
    assert (saga.status, saga.step, saga.final) == ("completed", "done", True)


def test_a_failed_attempt_keeps_its_step_and_backs_off_doubling_to_a_cap() -> None:
    saga = sagas.cleared(begun(), NOW)
    waits = []
    for _ in range(12):
        saga = sagas.failed_attempt(saga, "UNAVAILABLE", NOW)
        assert saga.next_attempt_at is not None
        waits.append(saga.next_attempt_at - NOW)
    assert saga.step == "create_invoice" and saga.attempts == 12
    assert waits[:4] == [timedelta(seconds=s) for s in (2, 4, 8, 16)]
    assert waits[-1] == timedelta(minutes=5)
    # A step done clears the slate.
    done = sagas.invoice_created(saga, uuid.uuid4(), NOW)
    assert (done.attempts, done.last_error, done.next_attempt_at) == (0, None, None)
    assert len(sagas.failed_attempt(saga, "x" * 5000, NOW).last_error or "") == 1000


def test_compensation_undoes_what_exists_and_keeps_the_reason() -> None:
    nothing = sagas.compensating(sagas.cleared(begun(), NOW), "refused", NOW)
    assert (nothing.status, nothing.step, nothing.last_error) == ("compensated", "done", "refused")
    created = sagas.invoice_created(sagas.cleared(begun(), NOW), uuid.uuid4(), NOW)
    undoing = sagas.compensating(created, "after_issue", NOW)
    assert (undoing.status, undoing.step) == ("compensating", "void_invoice")
    undone = sagas.compensated(undoing, NOW)
    assert (undone.status, undone.last_error, undone.final) == ("compensated", "after_issue", True)


def test_approval_moves_and_the_ends_without_invoice() -> None:
    approval = uuid.uuid4()
    waiting = sagas.awaiting_approval(begun(), approval, NOW)
    assert (waiting.status, waiting.step, waiting.approval_id) == (
        "awaiting_approval",
        "await_approval",
        approval,
    )
    for status in ("rejected", "cancelled"):
        ended = sagas.ended(waiting, status, "why", NOW)
        assert ended.final and ended.step == "done" and ended.invoice_ref is None


def test_keys_are_per_step_and_stable_and_the_serial_is_the_numbers() -> None:
    saga = begun()
    assert saga.idempotency_key("create_invoice") == f"{saga.request_id}:create_invoice"
    assert saga.idempotency_key("create_invoice") != saga.idempotency_key("issue_invoice")
    assert sagas.invoice_serial("INV-2026-000042") == 42
    assert sagas.invoice_serial("something else") is None
    waiting = sagas.waiting_for_token(sagas.cleared(saga, NOW), NOW)
    assert "POST /api/milestones/" in (waiting.last_error or "") and waiting.attempts == 0
    assert waiting.next_attempt_at == NOW + sagas.TOKEN_WAIT


def test_failpoints_are_parsed_strictly_and_fire_their_action() -> None:
    assert parse("") == {}
    assert parse(" before_create:crash , after_issue:error ") == {
        "before_create": "crash",
        "after_issue": "error",
    }
    with pytest.raises(ValueError, match="unknown saga failpoint"):
        parse("before_lunch:crash")
    with pytest.raises(ValueError, match="unknown failpoint action"):
        parse("after_issue:explode")
    points = Failpoints.from_setting("after_issue:error")
    points.hit("before_create")
    with pytest.raises(InjectedFailure, match="after_issue"):
        points.hit("after_issue")


def test_pf_0009_adds_the_run_columns_and_takes_them_away(
    database_url: str, engine: Engine
) -> None:
    migrate.upgrade("projectfinance", database_url)

    def columns() -> set[str]:
        return {c["name"] for c in inspect(engine).get_columns("invoice_sagas")}

    added = {"step", "attempts", "last_error", "next_attempt_at", "lease_owner", "lease_until"}
    assert added <= columns()
    migrate.downgrade("projectfinance", database_url, "pf_0008")
    engine.dispose()
    assert not added & columns()
    migrate.upgrade("projectfinance", database_url)
    engine.dispose()
    assert added <= columns()


def test_only_a_completed_milestone_is_billed_and_billing_sets_the_invoice() -> None:
    billed = rules.billed(milestone(), 42, "INV-2026-000042", NOW)
    assert (billed.status, billed.invoice_id, billed.invoice_number, billed.billed_at) == (
        "billed",
        42,
        "INV-2026-000042",
        NOW,
    )
    for status in ("pending", "in_progress", "billed", "cancelled"):
        with pytest.raises(FailedPrecondition):
            rules.billed(milestone(status), 1, "INV-2026-000001", NOW)
