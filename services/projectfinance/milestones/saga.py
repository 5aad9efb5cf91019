"""Running the milestone-invoice saga (its rules: domain.sagas): one step at a time,
each step's outcome stored with the saga in its own transaction, under a lease so two
runners (two replicas, or a replica and a live request) never run one saga at once.

Who runs it: the invoicing call itself (`POST …/invoice`, with its caller's token) runs
it as far as it can, and first trades that token for a delegation grant from main (RFC
8693; kernel.delegation_port) kept with the saga. The runner (milestones.runner) picks
up what is left with nobody calling — the approval check and wait, recording the
billing, and the steps that call main with a short-lived token the grant yields. Without
a grant (none configured, refused, revoked by the user, expired) those steps wait for
the next user's call (docs: "Whose token"). A final saga's grant is revoked.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

from services.projectfinance.approvals.domain import requests as approvals
from services.projectfinance.approvals.domain import thresholds
from services.projectfinance.approvals.domain.entities import MILESTONE_INVOICE
from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.delegation_port import DelegationRefused, Delegations, Grant
from services.projectfinance.kernel.dependencies import Kernel, Uow, UowFactory
from services.projectfinance.kernel.invoice_port import (
    InvoiceDraft,
    Invoicing,
    MainRefused,
    MainUnavailable,
    TokenRefused,
)
from services.projectfinance.kernel.money import amount_text, to_minor
from services.projectfinance.kernel.record_refs import record_ref
from services.projectfinance.milestones import failpoints as points
from services.projectfinance.milestones.domain import milestones as rules
from services.projectfinance.milestones.domain import sagas
from services.projectfinance.milestones.domain.sagas import InvoiceSaga
from services.projectfinance.milestones.failpoints import Failpoints, InjectedFailure
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import FailedPrecondition

LOG = logging.getLogger(__name__)

INVOICE_SAGA: Final = "invoice_saga"
MILESTONE: Final = "milestone"
# The audit log's actor of steps the runner takes (no user is calling).
SYSTEM_USER: Final = uuid.UUID(int=0)
RUNNER_AGENT: Final = "invoice-saga-runner"
# An approval still pending is looked at again after this long.
APPROVAL_POLL: Final = timedelta(seconds=2)
# A user's call asks main for a new grant when the kept one ends sooner than this.
GRANT_RENEWAL: Final = timedelta(days=1)


@dataclass(frozen=True)
class SagaRunning:
    """What running a saga needs (built once by the composition root)."""

    unit_of_work: UowFactory
    invoicing: Invoicing
    failpoints: Failpoints = field(default_factory=Failpoints)
    clock: Clock = utcnow
    # Main's token exchange (None: this backend has no service account configured, and
    # steps that call main wait for a user's call).
    delegations: Delegations | None = None
    # A lease outlives the longest step (a call to main and its transaction).
    lease: timedelta = timedelta(seconds=30)


class LeaseLost(Exception):
    """Another runner took the saga over (our lease ran out): stop without storing."""


def runner_actor(saga: InvoiceSaga) -> Actor:
    return Actor(
        user_id=SYSTEM_USER,
        ip_address="",
        user_agent=RUNNER_AGENT,
        correlation_id=saga.correlation_id,
    )


def _action(before: InvoiceSaga, after: InvoiceSaga) -> str:
    """The audit action of a move: the step done, or `compensate` when it turned to
    undoing (the reason in last_error)."""
    undoing = after.status == sagas.COMPENSATING or (
        after.status == sagas.COMPENSATED and before.status != sagas.COMPENSATING
    )
    return "compensate" if undoing else before.step


@dataclass
class _Run:
    """One run of one saga by one lease owner, with or without a user's token."""

    running: SagaRunning
    owner: str
    token: str | None
    actor: Actor
    # The token a delegation grant yielded in this run (the runner's, nobody calling).
    delegated: str | None = None

    def now(self) -> datetime:
        return self.running.clock()

    def until(self, now: datetime) -> datetime:
        return now + self.running.lease

    def persist(self, uow: Uow, before: InvoiceSaga, after: InvoiceSaga) -> InvoiceSaga:
        """Store a step's outcome in `uow`'s transaction, audited when the saga moved (a
        failed attempt is no move: its error is on the record)."""
        if not uow.repos.milestones.save_saga(after, self.owner, self.until(after.updated_at)):
            raise LeaseLost(f"saga {after.id} is run by another runner now")
        if (before.status, before.step) != (after.status, after.step):
            record_change(
                uow,
                after.tenant_id,
                self.actor,
                after.updated_at,
                action=_action(before, after),
                entity_type=INVOICE_SAGA,
                entity_id=after.id,
                project_id=record_ref(uow, after.tenant_id, after.record_id).project_id,
                before=before,
                after=after,
            )
        return after

    def store(
        self,
        before: InvoiceSaga,
        after: InvoiceSaga,
        *,
        also: Callable[[Uow], None] | None = None,
    ) -> InvoiceSaga:
        """Persist a step's outcome (and `also`'s changes) in one transaction."""
        uow = self.running.unit_of_work()
        with uow:
            if also is not None:
                also(uow)
            return self.persist(uow, before, after)

    # -- the steps: each returns the saga as stored after it ------------------------------

    def check_approval(self, saga: InvoiceSaga) -> InvoiceSaga:
        """The tenant's milestone_invoice threshold decides; at or above it an approval
        request is made (or a pending one for the milestone adopted) and awaited."""
        now = self.now()
        uow = self.running.unit_of_work()
        with uow:
            own = uow.repos.approvals.own_thresholds(saga.tenant_id)
            threshold = thresholds.threshold_of(own, MILESTONE_INVOICE)
            required = thresholds.approval_required(threshold, to_minor(saga.amount))
        if not required:
            return self.store(saga, sagas.cleared(saga, now))
        approval = approvals.new_approval(
            approvals.CheckedRequest(
                description=f"Invoice milestone {saga.milestone_id}: {saga.description}",
                entity_type=MILESTONE_INVOICE,
                entity_id=saga.milestone_id,
                amount=saga.amount,
                metadata={"saga_id": str(saga.id), "correlation_id": saga.correlation_id},
            ),
            tenant_id=saga.tenant_id,
            record_id=saga.record_id,
            requester_id=self.actor.user_id,
            now=now,
        )
        uow = self.running.unit_of_work()
        with uow:
            approval_id = approval.id
            if uow.repos.approvals.add(approval):
                record_change(
                    uow,
                    saga.tenant_id,
                    self.actor,
                    now,
                    action="request",
                    entity_type="approval",
                    entity_id=approval.id,
                    project_id=record_ref(uow, saga.tenant_id, saga.record_id).project_id,
                    after=approval,
                )
            else:
                # Someone asked for this milestone's invoice to be approved already.
                pending = uow.repos.approvals.latest_for(
                    saga.tenant_id, MILESTONE_INVOICE, saga.milestone_id
                )
                assert pending is not None
                approval_id = pending.id
            return self.persist(uow, saga, sagas.awaiting_approval(saga, approval_id, now))

    def await_approval(self, saga: InvoiceSaga) -> InvoiceSaga | None:
        uow = self.running.unit_of_work()
        assert saga.approval_id is not None
        with uow:
            approval = uow.repos.approvals.get(saga.tenant_id, saga.approval_id)
        now = self.now()
        status = approvals.CANCELLED if approval is None else approval.status
        if status == approvals.APPROVED:
            return self.store(saga, sagas.cleared(saga, now))
        if status == approvals.REJECTED:
            reason = f"approval {saga.approval_id} was rejected"
            return self.store(saga, sagas.ended(saga, sagas.REJECTED, reason, now))
        if status == approvals.CANCELLED:
            reason = f"approval {saga.approval_id} was cancelled"
            return self.store(saga, sagas.ended(saga, sagas.CANCELLED, reason, now))
        # Still pending: look again later (nothing to store).
        return None

    def _failed(self, saga: InvoiceSaga, error: Exception) -> InvoiceSaga:
        return self.store(saga, sagas.failed_attempt(saga, str(error), self.now()))

    def _undo(self, saga: InvoiceSaga, error: Exception) -> InvoiceSaga:
        return self.store(saga, sagas.compensating(saga, str(error), self.now()))

    def create_invoice(self, saga: InvoiceSaga, token: str) -> InvoiceSaga:
        draft = InvoiceDraft(
            customer_name=f"Project finance record {saga.record_id}",
            currency=saga.amount.currency,
            description=saga.description or f"Milestone {saga.milestone_id}",
            unit_price=amount_text(saga.amount),
            memo=f"Milestone {saga.milestone_id} (invoice saga {saga.id})",
        )
        try:
            self.running.failpoints.hit(points.BEFORE_CREATE)
            invoice = self.running.invoicing.create(
                token, draft, saga.idempotency_key(sagas.CREATE_INVOICE)
            )
        except (MainUnavailable, TokenRefused) as exc:
            return self._failed(saga, exc)
        except (MainRefused, InjectedFailure) as exc:
            return self._undo(saga, exc)
        created = sagas.invoice_created(saga, invoice.id, self.now())
        try:
            self.running.failpoints.hit(points.AFTER_CREATE)
        except InjectedFailure as exc:
            return self._undo(created, exc)
        return self.store(saga, created)

    def issue_invoice(self, saga: InvoiceSaga, token: str) -> InvoiceSaga:
        assert saga.invoice_ref is not None
        try:
            invoice = self.running.invoicing.issue(
                token, saga.invoice_ref, saga.idempotency_key(sagas.ISSUE_INVOICE)
            )
        except (MainUnavailable, TokenRefused) as exc:
            return self._failed(saga, exc)
        except MainRefused as exc:
            return self._undo(saga, exc)
        if invoice.number is None or invoice.status not in ("issued", "paid"):
            return self._undo(saga, MainRefused(f"main's invoice {invoice.id} is {invoice.status}"))
        issued = sagas.invoice_issued(saga, invoice.number, self.now())
        try:
            self.running.failpoints.hit(points.AFTER_ISSUE)
        except InjectedFailure as exc:
            return self._undo(issued, exc)
        return self.store(saga, issued)

    def record_billing(self, saga: InvoiceSaga) -> InvoiceSaga:
        """The milestone billed by the issued invoice, in the saga's transaction: the
        record's revenue figures follow from it (docs: "Revenue")."""
        assert saga.invoice_number is not None
        number = saga.invoice_number
        now = self.now()
        try:
            self.running.failpoints.hit(points.BEFORE_RECORD)
        except InjectedFailure as exc:
            return self._undo(saga, exc)

        def bill(uow: Uow) -> None:
            before = uow.repos.milestones.lock(saga.tenant_id, saga.milestone_id)
            if before is None:
                raise rules.milestone_not_found(saga.milestone_id)
            after = rules.billed(before, sagas.invoice_serial(number), number, now)
            uow.repos.milestones.save(after)
            record_change(
                uow,
                saga.tenant_id,
                self.actor,
                now,
                action=rules.BILL,
                entity_type=MILESTONE,
                entity_id=saga.milestone_id,
                project_id=record_ref(uow, saga.tenant_id, saga.record_id).project_id,
                before=before,
                after=after,
            )

        try:
            return self.store(saga, sagas.billing_recorded(saga, now), also=bill)
        except FailedPrecondition as exc:
            return self._undo(saga, exc)

    def void_invoice(self, saga: InvoiceSaga, token: str) -> InvoiceSaga:
        """Undo main's invoice: void it once issued, delete it while a draft (main
        refuses to void a draft). Both idempotent."""
        assert saga.invoice_ref is not None
        invoicing = self.running.invoicing
        key = saga.idempotency_key(sagas.VOID_INVOICE)
        try:
            try:
                invoicing.void(token, saga.invoice_ref, key)
            except MainRefused as exc:
                if not exc.conflict:
                    raise
                # Not issued (a draft): deleting it is its undoing.
                invoicing.delete_draft(token, saga.invoice_ref)
        except (MainUnavailable, TokenRefused, MainRefused) as exc:
            # A paid invoice cannot be voided: the saga stays compensating, its error shown.
            return self._failed(saga, exc)
        return self.store(saga, sagas.compensated(saga, self.now()))

    # -- the loop -------------------------------------------------------------------------

    # -- whose token ----------------------------------------------------------------------

    def keep_delegation(self, saga: InvoiceSaga) -> None:
        """While a user calls: trade the caller's token for a grant, unless the saga
        holds one lasting long enough, so the runner can finish with nobody calling.
        Best effort: without a grant the saga waits for a user's call, as before."""
        delegations = self.running.delegations
        if delegations is None or self.token is None or saga.final:
            return
        now = self.now()
        uow = self.running.unit_of_work()
        with uow:
            held = uow.repos.milestones.delegation(saga.tenant_id, saga.id)
        if held is not None and held.expires_at - now > GRANT_RENEWAL:
            return
        purpose = f"invoice saga {saga.id} of milestone {saga.milestone_id}"
        try:
            grant = delegations.grant(self.token, purpose, now)
        except (MainUnavailable, DelegationRefused) as exc:
            LOG.info("invoice saga %s: no delegation grant: %s", saga.id, exc)
            return
        uow = self.running.unit_of_work()
        with uow:
            uow.repos.milestones.keep_delegation(saga.tenant_id, saga.id, grant)
        if held is not None:
            self._revoke(held)

    def token_for_main(self, saga: InvoiceSaga) -> str | None:
        """The token a step calling main runs with: the caller's, else one the saga's
        grant yields. None after storing why the saga waits (no grant, a refused one,
        main away)."""
        if self.token is not None:
            return self.token
        if self.delegated is not None:
            return self.delegated
        now = self.now()
        delegations = self.running.delegations
        uow = self.running.unit_of_work()
        with uow:
            held = uow.repos.milestones.delegation(saga.tenant_id, saga.id)
        if delegations is None or held is None:
            self.store(saga, sagas.waiting_for_token(saga, now))
            return None
        if held.expires_at <= now:
            self._forget(saga)
            self.store(saga, sagas.waiting_for_token(saga, now, "its delegation grant expired"))
            return None
        try:
            self.delegated = delegations.token(held.value)
        except MainUnavailable as exc:
            self._failed(saga, exc)
            return None
        except DelegationRefused as exc:
            # Revoked by the user, or the user lost the scope or left the tenant: the
            # grant is dead for good; a user's call may bring a new one.
            self._forget(saga)
            self.store(saga, sagas.waiting_for_token(saga, now, f"the grant was refused: {exc}"))
            return None
        return self.delegated

    def end_delegation(self, saga: InvoiceSaga) -> None:
        """A final saga needs no grant: revoke it at main (best effort: an unrevoked one
        lapses at its expiry) and forget it."""
        if self.running.delegations is None:
            return
        uow = self.running.unit_of_work()
        with uow:
            held = uow.repos.milestones.delegation(saga.tenant_id, saga.id)
        if held is None:
            return
        self._revoke(held)
        self._forget(saga)

    def _revoke(self, grant: Grant) -> None:
        assert self.running.delegations is not None
        try:
            self.running.delegations.revoke(grant.value)
        except (MainUnavailable, DelegationRefused) as exc:
            LOG.info("a delegation grant was not revoked (it lapses at expiry): %s", exc)

    def _forget(self, saga: InvoiceSaga) -> None:
        uow = self.running.unit_of_work()
        with uow:
            uow.repos.milestones.forget_delegation(saga.tenant_id, saga.id)

    # -- the loop -------------------------------------------------------------------------

    def step(self, saga: InvoiceSaga) -> InvoiceSaga | None:
        """Run the saga's next step; None when it must wait (approval pending, no token,
        backoff)."""
        # The runner keeps to the backoff; a user's call runs the step now.
        due = saga.next_attempt_at
        if self.token is None and due is not None and due > self.now():
            return None
        if saga.step == sagas.CHECK_APPROVAL:
            return self.check_approval(saga)
        if saga.step == sagas.AWAIT_APPROVAL:
            return self.await_approval(saga)
        if saga.step == sagas.RECORD_BILLING:
            return self.record_billing(saga)
        token = self.token_for_main(saga)
        if token is None:
            return None
        if saga.step == sagas.CREATE_INVOICE:
            return self.create_invoice(saga, token)
        if saga.step == sagas.ISSUE_INVOICE:
            return self.issue_invoice(saga, token)
        return self.void_invoice(saga, token)


def _claimed(
    running: SagaRunning, tenant_id: uuid.UUID, saga_id: uuid.UUID, owner: str
) -> InvoiceSaga | None:
    now = running.clock()
    uow = running.unit_of_work()
    with uow:
        return uow.repos.milestones.claim(tenant_id, saga_id, owner, now, now + running.lease)


def _release(running: SagaRunning, saga: InvoiceSaga, owner: str) -> None:
    uow = running.unit_of_work()
    with uow:
        uow.repos.milestones.release(saga.tenant_id, saga.id, owner)


def drive(
    running: SagaRunning,
    saga: InvoiceSaga,
    owner: str,
    token: str | None,
    actor: Actor | None,
) -> None:
    """Run a saga `owner` has leased until it is final or must wait (an approval, a
    token, a failed attempt's backoff), then release the lease (a crash leaves it to
    expire)."""
    run = _Run(running, owner, token, actor or runner_actor(saga))
    current = saga
    try:
        run.keep_delegation(current)
        while not current.final:
            moved = run.step(current)
            if moved is None or moved.attempts > current.attempts:
                break
            current = moved
        if current.final:
            run.end_delegation(current)
    except LeaseLost:
        return
    finally:
        _release(running, current, owner)


def run(
    running: SagaRunning,
    tenant_id: uuid.UUID,
    saga_id: uuid.UUID,
    *,
    token: str | None,
    actor: Actor | None,
) -> bool:
    """Lease the saga and run it; False when it is final or another runner holds it."""
    owner = f"call:{uuid.uuid4()}"
    saga = _claimed(running, tenant_id, saga_id, owner)
    if saga is None:
        return False
    drive(running, saga, owner, token, actor)
    return True


def saga_running(kernel: Kernel) -> SagaRunning | None:
    """How this process runs sagas; None when it has no way to invoice (tests of other
    capabilities build kernels without main's invoices)."""
    if kernel.invoicing is None:
        return None
    return SagaRunning(
        unit_of_work=kernel.unit_of_work,
        invoicing=kernel.invoicing,
        failpoints=Failpoints.from_setting(kernel.saga_failpoints),
        clock=kernel.clock,
        delegations=kernel.delegations,
    )
