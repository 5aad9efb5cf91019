"""gRPC servicer of CostCenterService: proto ⇄ use cases, nothing else. Every call works
on the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

import grpc
from finplat.projectfinance.v1 import cost_centers_pb2 as pb

from services.projectfinance.cost_centers import usecases
from services.projectfinance.cost_centers.domain import CostCenterDraft, CostCenterPatch, Costed
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.proto import money_pb
from services.projectfinance.kernel.servicing import TenantServicer
from services.runtime.protoconv import parse_uuid, sent, timestamp

Context = grpc.ServicerContext


def cost_center_pb(costed: Costed) -> pb.CostCenter:
    center = costed.center
    return pb.CostCenter(
        id=str(center.id),
        tenant_id=str(center.tenant_id),
        project_finance_id=str(center.record_id),
        code=center.code,
        name=center.name,
        description=center.description,
        currency=center.currency,
        allocated_budget=money_pb(Money(center.allocated_budget, center.currency)),
        actual_cost=money_pb(Money(costed.actual_cost, center.currency)),
        is_active=center.is_active,
        created_at=timestamp(center.created_at),
        updated_at=timestamp(center.updated_at),
    )


class CostCenterServicer(TenantServicer):
    def ListCostCenters(
        self, request: pb.ListCostCentersRequest, context: Context
    ) -> pb.ListCostCentersResponse:
        record_id = parse_uuid(request.project_finance_id, "project_finance_id")
        found = usecases.list_cost_centers(*self._scope(), record_id)
        return pb.ListCostCentersResponse(cost_centers=[cost_center_pb(c) for c in found])

    def CreateCostCenter(
        self, request: pb.CreateCostCenterRequest, context: Context
    ) -> pb.CreateCostCenterResponse:
        record_id = parse_uuid(request.project_finance_id, "project_finance_id")
        draft = CostCenterDraft(
            code=request.code,
            name=request.name,
            description=request.description,
            currency=request.currency,
        )
        created = usecases.create_cost_center(*self._change(context), record_id, draft, self._clock)
        return pb.CreateCostCenterResponse(cost_center=cost_center_pb(created))

    def GetCostCenter(
        self, request: pb.GetCostCenterRequest, context: Context
    ) -> pb.GetCostCenterResponse:
        found = usecases.get_cost_center(*self._scope(), parse_uuid(request.id))
        return pb.GetCostCenterResponse(cost_center=cost_center_pb(found))

    def UpdateCostCenter(
        self, request: pb.UpdateCostCenterRequest, context: Context
    ) -> pb.UpdateCostCenterResponse:
        patch = CostCenterPatch(
            name=sent(request, "name"),
            description=sent(request, "description"),
            is_active=sent(request, "is_active"),
        )
        changed = usecases.update_cost_center(
            *self._change(context), parse_uuid(request.id), patch, self._clock
        )
        return pb.UpdateCostCenterResponse(cost_center=cost_center_pb(changed))

    def DeleteCostCenter(
        self, request: pb.DeleteCostCenterRequest, context: Context
    ) -> pb.DeleteCostCenterResponse:
        usecases.delete_cost_center(*self._change(context), parse_uuid(request.id), self._clock)
        return pb.DeleteCostCenterResponse()

    def AllocateCostCenterBudget(
        self, request: pb.AllocateCostCenterBudgetRequest, context: Context
    ) -> pb.AllocateCostCenterBudgetResponse:
        changed = usecases.allocate_budget(
            *self._change(context),
            parse_uuid(request.id),
            amount=request.amount.amount,
            currency=request.amount.currency,
            clock=self._clock,
        )
        return pb.AllocateCostCenterBudgetResponse(cost_center=cost_center_pb(changed))
