"""gRPC servicer of MilestoneService: proto ⇄ use cases, nothing else. Every call works
on the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

from decimal import Decimal

import grpc
from finplat.projectfinance.v1 import milestones_pb2 as pb

from services.projectfinance.kernel.calling import bearer_token
from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.kernel.proto import money_pb
from services.projectfinance.kernel.servicing import TenantServicer
from services.projectfinance.milestones import usecases
from services.projectfinance.milestones.domain.milestones import (
    Milestone,
    MilestoneDraft,
    MilestonePatch,
)
from services.projectfinance.milestones.domain.sagas import InvoiceSaga
from services.projectfinance.milestones.saga import run as run_saga
from services.projectfinance.milestones.saga import saga_running
from services.runtime.protoconv import (
    optional_moment,
    optional_timestamp,
    required_uuid,
    sent,
    timestamp,
)

Context = grpc.ServicerContext


# -- responses ---------------------------------------------------------------------------


def percent_text(value: Decimal) -> str:
    """A percent as its shortest exact text ("50", "12.5", "100")."""
    return format(value.normalize(), "f")


def milestone_pb(milestone: Milestone) -> pb.Milestone:
    return pb.Milestone(
        id=str(milestone.id),
        tenant_id=str(milestone.tenant_id),
        project_finance_id=str(milestone.record_id),
        name=milestone.name,
        description=milestone.description,
        amount=money_pb(milestone.amount),
        due_date=optional_timestamp(milestone.due_date),
        sequence=milestone.sequence,
        status=milestone.status,
        completion_percent=percent_text(milestone.completion_percent),
        completed_at=optional_timestamp(milestone.completed_at),
        billed_at=optional_timestamp(milestone.billed_at),
        invoice_id=milestone.invoice_id,
        invoice_number=milestone.invoice_number,
        created_at=timestamp(milestone.created_at),
        updated_at=timestamp(milestone.updated_at),
    )


def saga_pb(saga: InvoiceSaga) -> pb.InvoiceSaga:
    return pb.InvoiceSaga(
        id=str(saga.id),
        tenant_id=str(saga.tenant_id),
        correlation_id=saga.correlation_id,
        request_id=str(saga.request_id),
        saga_type=saga.saga_type,
        status=saga.status,
        created_at=timestamp(saga.created_at),
        updated_at=timestamp(saga.updated_at),
        step=saga.step,
        attempts=saga.attempts,
        last_error=saga.last_error,
        approval_id=None if saga.approval_id is None else str(saga.approval_id),
        invoice_number=saga.invoice_number,
    )


# -- requests ----------------------------------------------------------------------------


def milestone_draft(request: pb.CreateMilestoneRequest) -> MilestoneDraft:
    return MilestoneDraft(
        name=request.name,
        amount=request.amount.amount,
        currency=request.amount.currency,
        sequence=sent(request, "sequence"),
        description=sent(request, "description"),
        due_date=optional_moment(request, "due_date"),
    )


def milestone_patch(request: pb.UpdateMilestoneRequest) -> MilestonePatch:
    return MilestonePatch(
        name=sent(request, "name"),
        description=sent(request, "description"),
        due_date=optional_moment(request, "due_date"),
    )


class MilestoneServicer(TenantServicer):
    def __init__(self, kernel: Kernel) -> None:
        super().__init__(kernel)
        self._sagas = saga_running(kernel)

    def CreateMilestone(
        self, request: pb.CreateMilestoneRequest, context: Context
    ) -> pb.CreateMilestoneResponse:
        milestone = usecases.create_milestone(
            *self._change(context),
            required_uuid(request.project_finance_id, "project_finance_id"),
            milestone_draft(request),
            clock=self._clock,
        )
        return pb.CreateMilestoneResponse(milestone=milestone_pb(milestone))

    def ListMilestones(
        self, request: pb.ListMilestonesRequest, context: Context
    ) -> pb.ListMilestonesResponse:
        found = usecases.list_milestones(
            *self._scope(), required_uuid(request.project_finance_id, "project_finance_id")
        )
        return pb.ListMilestonesResponse(milestones=[milestone_pb(m) for m in found])

    def GetMilestone(
        self, request: pb.GetMilestoneRequest, context: Context
    ) -> pb.GetMilestoneResponse:
        milestone = usecases.get_milestone(*self._scope(), required_uuid(request.id))
        return pb.GetMilestoneResponse(milestone=milestone_pb(milestone))

    def UpdateMilestone(
        self, request: pb.UpdateMilestoneRequest, context: Context
    ) -> pb.UpdateMilestoneResponse:
        milestone = usecases.update_milestone(
            *self._change(context),
            required_uuid(request.id),
            milestone_patch(request),
            clock=self._clock,
        )
        return pb.UpdateMilestoneResponse(milestone=milestone_pb(milestone))

    def DeleteMilestone(
        self, request: pb.DeleteMilestoneRequest, context: Context
    ) -> pb.DeleteMilestoneResponse:
        usecases.delete_milestone(
            *self._change(context), required_uuid(request.id), clock=self._clock
        )
        return pb.DeleteMilestoneResponse()

    def RecordMilestoneProgress(
        self, request: pb.RecordMilestoneProgressRequest, context: Context
    ) -> pb.RecordMilestoneProgressResponse:
        milestone = usecases.record_progress(
            *self._change(context),
            required_uuid(request.id),
            request.completion_percent,
            clock=self._clock,
        )
        return pb.RecordMilestoneProgressResponse(milestone=milestone_pb(milestone))

    def CompleteMilestone(
        self, request: pb.CompleteMilestoneRequest, context: Context
    ) -> pb.CompleteMilestoneResponse:
        milestone = usecases.complete_milestone(
            *self._change(context), required_uuid(request.id), clock=self._clock
        )
        return pb.CompleteMilestoneResponse(milestone=milestone_pb(milestone))

    def CancelMilestone(
        self, request: pb.CancelMilestoneRequest, context: Context
    ) -> pb.CancelMilestoneResponse:
        milestone = usecases.cancel_milestone(
            *self._change(context), required_uuid(request.id), clock=self._clock
        )
        return pb.CancelMilestoneResponse(milestone=milestone_pb(milestone))

    def InvoiceMilestone(
        self, request: pb.InvoiceMilestoneRequest, context: Context
    ) -> pb.InvoiceMilestoneResponse:
        uow, tenant_id, actor = self._change(context)
        milestone_id = required_uuid(request.milestone_id, "milestone_id")
        invoicing = usecases.invoice_milestone(
            uow, tenant_id, actor, milestone_id, clock=self._clock
        )
        saga = invoicing.saga
        if self._sagas is not None and not saga.final:
            # Run it now, with this caller's token (never stored; traded for a
            # delegation grant the runner can resume with — docs: "Whose token").
            run_saga(self._sagas, tenant_id, saga.id, token=bearer_token(context), actor=actor)
            saga = usecases.get_invoice_saga(self._kernel.unit_of_work(), tenant_id, milestone_id)
        return pb.InvoiceMilestoneResponse(saga=saga_pb(saga), created=invoicing.created)

    def GetMilestoneInvoice(
        self, request: pb.GetMilestoneInvoiceRequest, context: Context
    ) -> pb.GetMilestoneInvoiceResponse:
        saga = usecases.get_invoice_saga(
            *self._scope(), required_uuid(request.milestone_id, "milestone_id")
        )
        return pb.GetMilestoneInvoiceResponse(saga=saga_pb(saga))
