"""gRPC servicer of ApprovalService: proto ⇄ use cases, nothing else. Every call works
on the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

import uuid

import grpc
from finplat.projectfinance.v1 import approvals_pb2 as pb
from google.protobuf import json_format, struct_pb2

from services.projectfinance.approvals import usecases
from services.projectfinance.approvals.domain.entities import MILESTONE_INVOICE
from services.projectfinance.approvals.domain.requests import Approval, RequestDraft
from services.projectfinance.approvals.domain.thresholds import Threshold
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.calling import bearer_token
from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.kernel.servicing import TenantServicer
from services.runtime.principal import current_principal
from services.runtime.protoconv import (
    optional_timestamp,
    required_uuid,
    sent,
    timestamp,
)

Context = grpc.ServicerContext
APPROVE_SCOPE = frozenset({"project-finance:approval:approve"})


def approval_pb(approval: Approval) -> pb.Approval:
    metadata = struct_pb2.Struct()
    metadata.update(approval.metadata)
    return pb.Approval(
        id=str(approval.id),
        tenant_id=str(approval.tenant_id),
        entity_type=approval.entity_type,
        entity_id=str(approval.entity_id),
        description=approval.description,
        amount_minor=approval.amount_minor,
        currency=approval.currency,
        status=approval.status,
        requester_id=str(approval.requester_id),
        approver_id=None if approval.approver_id is None else str(approval.approver_id),
        notes=approval.notes,
        metadata=metadata,
        approved_at=optional_timestamp(approval.approved_at),
        rejected_at=optional_timestamp(approval.rejected_at),
        created_at=timestamp(approval.created_at),
        updated_at=timestamp(approval.updated_at),
    )


def threshold_pb(threshold: Threshold) -> pb.ApprovalThreshold:
    return pb.ApprovalThreshold(
        entity_type=threshold.entity_type,
        amount_minor=threshold.amount_minor,
        is_default=threshold.is_default,
    )


def request_draft(request: pb.RequestApprovalRequest) -> RequestDraft:
    amount = request.amount if request.HasField("amount") else None
    return RequestDraft(
        description=request.description,
        entity_type=request.entity_type,
        entity_id=request.entity_id,
        amount=None if amount is None else amount.amount,
        currency=None if amount is None else amount.currency,
        metadata=(
            json_format.MessageToDict(request.metadata) if request.HasField("metadata") else None
        ),
    )


class ApprovalServicer(TenantServicer):
    def __init__(self, kernel: Kernel) -> None:
        super().__init__(kernel)
        # Imported when the servicer is built, not with the module: the saga reads the
        # approvals' rules, so importing it at the top would be circular.
        from services.projectfinance.milestones import saga

        self._saga = saga
        self._sagas = saga.saga_running(kernel)

    def _carry_on_invoicing(
        self, decided: Approval, tenant_id: uuid.UUID, actor: Actor, context: Context
    ) -> None:
        """A decided milestone invoice carries its saga on at once, with the decider's
        token: the steps that call main run only while a user's call is live (tokens are
        never stored), so it would otherwise wait for the next POST …/invoice."""
        if self._sagas is None or decided.entity_type != MILESTONE_INVOICE:
            return
        uow = self._kernel.unit_of_work()
        with uow:
            saga = uow.repos.milestones.saga(tenant_id, decided.entity_id)
        if saga is not None and not saga.final:
            self._saga.run(
                self._sagas, tenant_id, saga.id, token=bearer_token(context), actor=actor
            )

    def RequestApproval(
        self, request: pb.RequestApprovalRequest, context: Context
    ) -> pb.RequestApprovalResponse:
        approval = usecases.request_approval(
            *self._change(context), request_draft(request), clock=self._clock
        )
        return pb.RequestApprovalResponse(approval=approval_pb(approval))

    def CheckApprovalRequired(
        self, request: pb.CheckApprovalRequiredRequest, context: Context
    ) -> pb.CheckApprovalRequiredResponse:
        required = usecases.approval_required(
            *self._scope(), request.entity_type, sent(request, "amount_minor")
        )
        return pb.CheckApprovalRequiredResponse(required=required)

    def ListApprovalThresholds(
        self, request: pb.ListApprovalThresholdsRequest, context: Context
    ) -> pb.ListApprovalThresholdsResponse:
        found = usecases.list_thresholds(*self._scope())
        return pb.ListApprovalThresholdsResponse(thresholds=[threshold_pb(t) for t in found])

    def SetApprovalThreshold(
        self, request: pb.SetApprovalThresholdRequest, context: Context
    ) -> pb.SetApprovalThresholdResponse:
        threshold = usecases.set_threshold(
            *self._change(context),
            request.entity_type,
            sent(request, "amount_minor"),
            clock=self._clock,
        )
        return pb.SetApprovalThresholdResponse(threshold=threshold_pb(threshold))

    def GetEntityApproval(
        self, request: pb.GetEntityApprovalRequest, context: Context
    ) -> pb.GetEntityApprovalResponse:
        approval = usecases.entity_approval(
            *self._scope(),
            request.entity_type,
            required_uuid(request.entity_id, "entity_id"),
        )
        return pb.GetEntityApprovalResponse(approval=approval_pb(approval))

    def ListPendingApprovals(
        self, request: pb.ListPendingApprovalsRequest, context: Context
    ) -> pb.ListPendingApprovalsResponse:
        found = usecases.pending_approvals(*self._scope())
        return pb.ListPendingApprovalsResponse(approvals=[approval_pb(a) for a in found])

    def GetApproval(
        self, request: pb.GetApprovalRequest, context: Context
    ) -> pb.GetApprovalResponse:
        approval = usecases.get_approval(*self._scope(), required_uuid(request.id))
        return pb.GetApprovalResponse(approval=approval_pb(approval))

    def ApproveApproval(
        self, request: pb.ApproveApprovalRequest, context: Context
    ) -> pb.ApproveApprovalResponse:
        uow, tenant_id, actor = self._change(context)
        decided = usecases.approve(
            uow, tenant_id, actor, required_uuid(request.id), request.notes, clock=self._clock
        )
        self._carry_on_invoicing(decided, tenant_id, actor, context)
        return pb.ApproveApprovalResponse()

    def RejectApproval(
        self, request: pb.RejectApprovalRequest, context: Context
    ) -> pb.RejectApprovalResponse:
        uow, tenant_id, actor = self._change(context)
        decided = usecases.reject(
            uow, tenant_id, actor, required_uuid(request.id), request.notes, clock=self._clock
        )
        self._carry_on_invoicing(decided, tenant_id, actor, context)
        return pb.RejectApprovalResponse()

    def CancelApproval(
        self, request: pb.CancelApprovalRequest, context: Context
    ) -> pb.CancelApprovalResponse:
        usecases.cancel(
            *self._change(context),
            required_uuid(request.id),
            may_approve=current_principal().has_scopes(APPROVE_SCOPE),
            clock=self._clock,
        )
        return pb.CancelApprovalResponse()
