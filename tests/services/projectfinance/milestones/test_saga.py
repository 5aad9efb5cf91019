"""The invoice saga run on SQLite and PostgreSQL against main's invoices as they answer
(saga_support.MainInvoices): every path ends completed (billed once, one issued
invoice) or compensated / rejected / cancelled (milestone still completed), whatever
fails where; retries reuse their idempotency keys; approvals are asked for and awaited;
without a token only the local steps run; the runner takes up what is left."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import Engine

from services.projectfinance.approvals import usecases as approvals
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from services.projectfinance.kernel.work import RecordRef
from services.projectfinance.milestones import saga, usecases
from services.projectfinance.milestones.domain.sagas import InvoiceSaga
from services.projectfinance.milestones.failpoints import Failpoints
from services.projectfinance.milestones.runner import SagaRunner
from services.projectfinance.records.domain.figures import Work, figures
from tests.services.projectfinance.milestones.saga_support import (
    TOKEN,
    MainDelegations,
    MainInvoices,
    MovingClock,
    completed_milestone,
)
from tests.services.projectfinance.support import NOW, insert_record, new_actor


@pytest.fixture
def record(engine: Engine, tenant: uuid.UUID, uow: UowFactory) -> RecordRef:
    return insert_record(engine, tenant, revenue_model="time_and_materials")


@pytest.fixture
def main() -> MainInvoices:
    return MainInvoices()


@pytest.fixture
def clock() -> MovingClock:
    return MovingClock()


def running(
    uow: UowFactory,
    main: MainInvoices,
    clock: MovingClock,
    failpoints: str = "",
    delegations: MainDelegations | None = None,
) -> saga.SagaRunning:
    return saga.SagaRunning(uow, main, Failpoints.from_setting(failpoints), clock, delegations)


def start(uow: UowFactory, record: RecordRef, actor: Actor, amount: str = "1500") -> InvoiceSaga:
    milestone = completed_milestone(uow, record, actor, amount)
    return usecases.invoice_milestone(
        uow(), record.tenant_id, actor, milestone.id, clock=lambda: NOW
    ).saga


def read(uow: UowFactory, started: InvoiceSaga) -> InvoiceSaga:
    return usecases.get_invoice_saga(uow(), started.tenant_id, started.milestone_id)


def call(
    runs: saga.SagaRunning, started: InvoiceSaga, actor: Actor, token: str | None = TOKEN
) -> InvoiceSaga:
    """A user's POST …/invoice (or, without token, what the runner would do)."""
    saga.run(runs, started.tenant_id, started.id, token=token, actor=actor)
    return read(runs.unit_of_work, started)


def revenue(uow: UowFactory, record: RecordRef) -> Decimal:
    """The record's recognized revenue as its figures derive it (time and materials:
    what is billed)."""
    with uow() as unit:
        work = unit.repos.milestones.work(record.tenant_id, [record.id])
    return figures(
        record.total_budget, "time_and_materials", Work(milestones=work), NOW
    ).recognized_revenue


def assert_billed(uow: UowFactory, main: MainInvoices, done: InvoiceSaga) -> None:
    assert done.status == "completed" and done.step == "done" and done.last_error is None
    assert main.statuses() == ["issued"] and main.issued_count == 1
    milestone = usecases.get_milestone(uow(), done.tenant_id, done.milestone_id)
    assert milestone.status == "billed" and milestone.billed_at is not None
    assert milestone.invoice_number == done.invoice_number == "INV-2026-000001"
    assert milestone.invoice_id == 1


def assert_undone(uow: UowFactory, done: InvoiceSaga) -> None:
    assert done.status == "compensated" and done.step == "done" and done.last_error
    milestone = usecases.get_milestone(uow(), done.tenant_id, done.milestone_id)
    assert milestone.status == "completed" and milestone.invoice_id is None


def test_a_call_bills_the_milestone_and_recognizes_its_revenue_once(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    assert started.status == "started" and started.step == "check_approval"
    assert revenue(uow, record) == 0
    done = call(running(uow, main, clock), started, actor)
    assert_billed(uow, main, done)
    assert set(main.tokens) == {TOKEN}
    assert set(main.keys) == {
        f"{started.request_id}:create_invoice",
        f"{started.request_id}:issue_invoice",
    }
    # Again: nothing more happens.
    assert call(running(uow, main, clock), started, actor) == done
    assert main.issued_count == 1
    with uow() as unit:
        work = unit.repos.milestones.work(record.tenant_id, [record.id])
        entries = unit.repos.audit.between(
            record.tenant_id,
            NOW - timedelta(1),
            NOW + timedelta(1),
            entity_ids=[started.id, started.milestone_id],
        )
    assert [w.status for w in work] == ["billed"]
    assert revenue(uow, record) == Decimal("1500")
    # Each move in its transaction: start, the steps, the billing beside the last one.
    assert [(e.entity_type, e.action) for e in entries if e.entity_id == started.id] == [
        ("invoice_saga", "start"),
        ("invoice_saga", "check_approval"),
        ("invoice_saga", "create_invoice"),
        ("invoice_saga", "issue_invoice"),
        ("invoice_saga", "record_billing"),
    ]
    bills = [e for e in entries if e.entity_type == "milestone" and e.action == "bill"]
    assert len(bills) == 1


@pytest.mark.parametrize("operation", ["create", "issue"])
def test_main_down_leaves_a_visible_retry_and_the_next_call_finishes(
    uow: UowFactory,
    record: RecordRef,
    actor: Actor,
    main: MainInvoices,
    clock: MovingClock,
    operation: str,
) -> None:
    started = start(uow, record, actor)
    main.down.add(operation)
    stuck = call(running(uow, main, clock), started, actor)
    assert stuck.status == "invoicing" and stuck.step == f"{operation}_invoice"
    assert stuck.attempts == 1 and "UNAVAILABLE" in (stuck.last_error or "")
    assert stuck.next_attempt_at == NOW + timedelta(seconds=2)
    again = call(running(uow, main, clock), started, actor)
    assert again.attempts == 2 and again.next_attempt_at == NOW + timedelta(seconds=4)
    main.down.clear()
    assert_billed(uow, main, call(running(uow, main, clock), started, actor))


@pytest.mark.parametrize("operation", ["create", "issue"])
def test_a_lost_answer_is_retried_with_its_key_and_bills_once(
    uow: UowFactory,
    record: RecordRef,
    actor: Actor,
    main: MainInvoices,
    clock: MovingClock,
    operation: str,
) -> None:
    started = start(uow, record, actor)
    main.lost.add(operation)
    stuck = call(running(uow, main, clock), started, actor)
    assert stuck.status == "invoicing" and "answer lost" in (stuck.last_error or "")
    assert_billed(uow, main, call(running(uow, main, clock), started, actor))
    assert len(main.invoices) == 1


def test_a_failure_after_issue_voids_the_invoice(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    done = call(running(uow, main, clock, "after_issue:error"), started, actor)
    assert_undone(uow, done)
    assert "after_issue" in (done.last_error or "")
    assert main.statuses() == ["void"]
    assert revenue(uow, record) == 0


def test_a_failure_after_create_deletes_the_draft(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    assert_undone(uow, call(running(uow, main, clock, "after_create:error"), started, actor))
    assert main.invoices == {}


def test_compensation_waits_for_main_and_then_voids_once(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    main.down.add("void")
    pending = call(running(uow, main, clock, "before_record:error"), started, actor)
    assert pending.status == "compensating" and pending.step == "void_invoice"
    assert pending.attempts == 1
    main.down.clear()
    assert_undone(uow, call(running(uow, main, clock), started, actor))
    assert main.statuses() == ["void"]


def test_a_refused_create_compensates_with_nothing_to_undo(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    main.refuse.add("create")
    assert_undone(uow, call(running(uow, main, clock), started, actor))
    assert main.invoices == {}


def test_without_a_token_the_runner_waits_at_main_and_finishes_local_steps(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    runs = running(uow, main, clock)
    runner = SagaRunner(runs, interval=1)
    assert runner.run_once() == 1
    waiting = read(uow, started)
    assert waiting.status == "invoicing" and waiting.step == "create_invoice"
    assert "waiting for a user's call" in (waiting.last_error or "") and main.tokens == []
    # Resting until its next look: nothing due; then it looks again and still waits.
    assert runner.run_once() == 0
    clock.advance(61)
    assert runner.run_once() == 1 and read(uow, started).step == "create_invoice"
    # A user's call runs it with that user's token.
    assert_billed(uow, main, call(runs, started, actor))


def test_the_runner_records_billing_left_by_a_crash(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    runs = running(uow, main, clock)
    # A call leases it, checks, creates and issues, then its process dies: its lease stays.
    owner = "call:crashed"
    with uow() as unit:
        claimed = unit.repos.milestones.claim(
            started.tenant_id, started.id, owner, NOW, NOW + timedelta(seconds=30)
        )
    assert claimed is not None
    run = saga._Run(runs, owner, TOKEN, actor)
    created = run.create_invoice(run.check_approval(claimed), TOKEN)
    issued = run.issue_invoice(created, TOKEN)
    assert issued.step == "record_billing"
    runner = SagaRunner(runs, interval=1)
    # The crashed owner's lease holds it until it expires.
    assert runner.run_once() == 0
    clock.advance(31)
    assert runner.run_once() == 1
    assert_billed(uow, main, read(uow, started))


def test_a_threshold_asks_for_approval_and_approving_lets_it_bill(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    approvals.set_threshold(uow(), record.tenant_id, actor, "milestone_invoice", 100_000)
    started = start(uow, record, actor, amount="1000.00")
    runs = running(uow, main, clock)
    waiting = call(runs, started, actor)
    assert waiting.status == "awaiting_approval" and waiting.approval_id is not None
    approval = approvals.get_approval(uow(), record.tenant_id, waiting.approval_id)
    assert (
        approval.entity_type == "milestone_invoice" and approval.entity_id == started.milestone_id
    )
    assert approval.amount_minor == 100_000 and approval.requester_id == actor.user_id
    assert call(runs, started, actor).status == "awaiting_approval" and main.tokens == []
    approvals.approve(uow(), record.tenant_id, new_actor(), approval.id, "fine")
    # The runner sees the decision; the next user's call bills.
    SagaRunner(runs, interval=1).run_once()
    assert read(uow, started).step == "create_invoice"
    assert_billed(uow, main, call(runs, started, actor))


@pytest.mark.parametrize("decision", ["reject", "cancel"])
def test_a_rejected_or_cancelled_approval_ends_the_saga(
    uow: UowFactory,
    record: RecordRef,
    actor: Actor,
    main: MainInvoices,
    clock: MovingClock,
    decision: str,
) -> None:
    approvals.set_threshold(uow(), record.tenant_id, actor, "milestone_invoice", 0)
    started = start(uow, record, actor, amount="1")
    runs = running(uow, main, clock)
    waiting = call(runs, started, actor)
    assert waiting.approval_id is not None
    if decision == "reject":
        approvals.reject(uow(), record.tenant_id, new_actor(), waiting.approval_id, "no")
    else:
        approvals.cancel(uow(), record.tenant_id, actor, waiting.approval_id, may_approve=False)
    ended = call(runs, started, actor)
    expected = "rejected" if decision == "reject" else "cancelled"
    assert ended.status == expected and ended.step == "done"
    assert str(waiting.approval_id) in (ended.last_error or "")
    milestone = usecases.get_milestone(uow(), record.tenant_id, started.milestone_id)
    assert milestone.status == "completed" and main.invoices == {}
    # Final: a repeat changes nothing.
    assert call(runs, started, actor) == ended


def test_a_leased_saga_is_not_run_by_another(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    tenant = record.tenant_id
    with uow() as unit:
        assert unit.repos.milestones.claim(
            tenant, started.id, "a", NOW, NOW + timedelta(seconds=30)
        )
    with uow() as unit:
        assert (
            unit.repos.milestones.claim(tenant, started.id, "b", NOW, NOW + timedelta(seconds=30))
            is None
        )
        assert unit.repos.milestones.claim_due("b", NOW, NOW + timedelta(seconds=30), 10) == []
        # Its owner may renew it; anyone may take an expired one.
        assert unit.repos.milestones.claim(
            tenant, started.id, "a", NOW, NOW + timedelta(seconds=30)
        )
    later = NOW + timedelta(seconds=31)
    with uow() as unit:
        taken = unit.repos.milestones.claim_due("b", later, later + timedelta(seconds=30), 10)
    assert [s.id for s in taken] == [started.id]
    assert not saga.run(running(uow, main, clock), tenant, started.id, token=TOKEN, actor=actor)
    assert main.tokens == []
    # Another tenant's id is nobody's.
    with uow() as unit:
        assert unit.repos.milestones.claim(uuid.uuid4(), started.id, "c", later, later) is None


# -- delegation: resuming with nobody calling ---------------------------------------------


def held_grant(uow: UowFactory, started: InvoiceSaga) -> str | None:
    with uow() as unit:
        grant = unit.repos.milestones.delegation(started.tenant_id, started.id)
    return None if grant is None else grant.value


def stuck_with_a_grant(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> tuple[InvoiceSaga, MainDelegations, saga.SagaRunning]:
    """A user's call that obtained a grant and then met main down at create_invoice."""
    started = start(uow, record, actor)
    delegations = MainDelegations()
    runs = running(uow, main, clock, delegations=delegations)
    main.down.add("create")
    stuck = call(runs, started, actor)
    assert (stuck.step, stuck.attempts) == ("create_invoice", 1)
    return started, delegations, runs


def test_a_call_leaves_a_grant_the_runner_finishes_with_and_then_revokes(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started, delegations, runs = stuck_with_a_grant(uow, record, actor, main, clock)
    grant = held_grant(uow, started)
    assert grant is not None and delegations.grants[grant] == TOKEN
    # Main is back; nobody calls: the runner resumes with the grant's token.
    main.down.clear()
    clock.advance(3)
    assert SagaRunner(runs, interval=1).run_once() == 1
    assert_billed(uow, main, read(uow, started))
    assert main.tokens[-2:] == delegations.issued[:1] * 2
    # Final: the grant is revoked at main and forgotten here.
    assert delegations.live() == set() and held_grant(uow, started) is None
    # The credential never reaches the audit log, which copies the saga at every step.
    with uow() as unit:
        entries = unit.repos.audit.between(
            record.tenant_id, NOW - timedelta(1), NOW + timedelta(1), entity_ids=[started.id]
        )
    assert entries and all(grant not in repr(entry) for entry in entries)


def test_a_grant_the_user_revoked_is_forgotten_and_the_saga_waits_for_a_call(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started, delegations, runs = stuck_with_a_grant(uow, record, actor, main, clock)
    grant = held_grant(uow, started)
    assert grant is not None
    delegations.revoked.add(grant)  # the user revoked the grant's session
    main.down.clear()
    clock.advance(3)
    assert SagaRunner(runs, interval=1).run_once() == 1
    waiting = read(uow, started)
    assert (waiting.step, waiting.attempts) == ("create_invoice", 1)
    assert "the grant was refused" in (waiting.last_error or "")
    assert "waiting for a user's call" in (waiting.last_error or "")
    assert held_grant(uow, started) is None and main.invoices == {}
    # The next user's call bills it with that user's token (and a fresh grant, revoked
    # once the saga is final).
    assert_billed(uow, main, call(runs, started, actor))
    assert delegations.live() == set()


def test_main_away_from_the_exchange_is_a_failed_attempt_with_backoff(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started, delegations, runs = stuck_with_a_grant(uow, record, actor, main, clock)
    delegations.down = True
    clock.advance(3)
    assert SagaRunner(runs, interval=1).run_once() == 1
    retry = read(uow, started)
    assert retry.attempts == 2 and "ExchangeToken: UNAVAILABLE" in (retry.last_error or "")
    assert retry.next_attempt_at is not None and retry.next_attempt_at > clock.now
    assert held_grant(uow, started) is not None
    delegations.down = False
    main.down.clear()
    clock.advance(10)
    assert SagaRunner(runs, interval=1).run_once() == 1
    assert_billed(uow, main, read(uow, started))


def test_without_a_grant_from_main_a_call_still_bills_with_its_token(
    uow: UowFactory, record: RecordRef, actor: Actor, main: MainInvoices, clock: MovingClock
) -> None:
    started = start(uow, record, actor)
    delegations = MainDelegations(down=True)
    done = call(running(uow, main, clock, delegations=delegations), started, actor)
    assert_billed(uow, main, done)
    assert set(main.tokens) == {TOKEN} and held_grant(uow, started) is None
