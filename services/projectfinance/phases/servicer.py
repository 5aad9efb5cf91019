"""gRPC servicer of PhaseService: proto ⇄ use cases, nothing else. Every call works on
the caller's tenant (`kernel.servicing.TenantServicer`); changes name their actor."""

from __future__ import annotations

from decimal import Decimal

import grpc
from finplat.projectfinance.v1 import money_pb2
from finplat.projectfinance.v1 import phases_pb2 as pb
from google.protobuf.message import Message

from services.projectfinance.kernel.proto import money_pb
from services.projectfinance.kernel.servicing import TenantServicer
from services.projectfinance.phases import usecases
from services.projectfinance.phases.domain.phase import Phase, PhaseDraft, SentMoney
from services.projectfinance.phases.domain.update import PhasePatch
from services.runtime.protoconv import (
    optional_moment,
    optional_timestamp,
    request_enum_text,
    required_uuid,
    sent,
    timestamp,
)

Context = grpc.ServicerContext
_STATUS = "PHASE_STATUS_"
_QUANTUM = Decimal("0.01")


# -- responses ---------------------------------------------------------------------------


def phase_pb(phase: Phase) -> pb.Phase:
    return pb.Phase(
        id=str(phase.id),
        project_finance_id=str(phase.record_id),
        tenant_id=str(phase.tenant_id),
        name=phase.name,
        phase_budget=money_pb(phase.phase_budget),
        actual_cost=money_pb(phase.actual_cost),
        planned_start=timestamp(phase.planned_start),
        planned_end=timestamp(phase.planned_end),
        actual_start=optional_timestamp(phase.actual_start),
        actual_end=optional_timestamp(phase.actual_end),
        progress_percent=format(phase.progress_percent.quantize(_QUANTUM), "f"),
        sequence=phase.sequence,
        status=_STATUS + phase.status.upper(),
        cost_center_id=None if phase.cost_center_id is None else str(phase.cost_center_id),
        created_at=timestamp(phase.created_at),
        updated_at=timestamp(phase.updated_at),
    )


# -- requests ----------------------------------------------------------------------------


def _sent_money(request: Message, field: str) -> SentMoney | None:
    money: money_pb2.MoneyB | None = sent(request, field)
    return None if money is None else SentMoney(money.amount, money.currency)


def phase_draft(request: pb.CreatePhaseRequest) -> PhaseDraft:
    return PhaseDraft(
        name=request.name,
        phase_budget=_sent_money(request, "phase_budget"),
        planned_start=optional_moment(request, "planned_start"),
        planned_end=optional_moment(request, "planned_end"),
        sequence=sent(request, "sequence"),
        cost_center_id=request.cost_center_id,
    )


def phase_patch(request: pb.UpdatePhaseRequest) -> PhasePatch:
    return PhasePatch(
        actual_cost=_sent_money(request, "actual_cost"),
        actual_end=optional_moment(request, "actual_end"),
        actual_start=optional_moment(request, "actual_start"),
        name=sent(request, "name"),
        phase_budget=_sent_money(request, "phase_budget"),
        planned_end=optional_moment(request, "planned_end"),
        planned_start=optional_moment(request, "planned_start"),
        status=request_enum_text(request.status, pb.PhaseStatus, _STATUS),
        cost_center_id=sent(request, "cost_center_id"),
    )


class PhaseServicer(TenantServicer):
    def ListPhases(self, request: pb.ListPhasesRequest, context: Context) -> pb.ListPhasesResponse:
        phases = usecases.list_phases(
            *self._scope(), required_uuid(request.project_finance_id, "project_finance_id")
        )
        return pb.ListPhasesResponse(phases=[phase_pb(p) for p in phases])

    def CreatePhase(
        self, request: pb.CreatePhaseRequest, context: Context
    ) -> pb.CreatePhaseResponse:
        phase = usecases.create_phase(
            *self._change(context),
            required_uuid(request.project_finance_id, "project_finance_id"),
            phase_draft(request),
            clock=self._clock,
        )
        return pb.CreatePhaseResponse(phase=phase_pb(phase))

    def GetPhase(self, request: pb.GetPhaseRequest, context: Context) -> pb.GetPhaseResponse:
        phase = usecases.get_phase(*self._scope(), required_uuid(request.id))
        return pb.GetPhaseResponse(phase=phase_pb(phase))

    def UpdatePhase(
        self, request: pb.UpdatePhaseRequest, context: Context
    ) -> pb.UpdatePhaseResponse:
        phase = usecases.update_phase(
            *self._change(context),
            required_uuid(request.id),
            phase_patch(request),
            clock=self._clock,
        )
        return pb.UpdatePhaseResponse(phase=phase_pb(phase))

    def DeletePhase(
        self, request: pb.DeletePhaseRequest, context: Context
    ) -> pb.DeletePhaseResponse:
        usecases.delete_phase(*self._change(context), required_uuid(request.id), clock=self._clock)
        return pb.DeletePhaseResponse()

    def StartPhase(self, request: pb.StartPhaseRequest, context: Context) -> pb.StartPhaseResponse:
        phase = usecases.start_phase(
            *self._change(context), required_uuid(request.id), clock=self._clock
        )
        return pb.StartPhaseResponse(phase=phase_pb(phase))

    def RecordPhaseProgress(
        self, request: pb.RecordPhaseProgressRequest, context: Context
    ) -> pb.RecordPhaseProgressResponse:
        phase = usecases.record_progress(
            *self._change(context), required_uuid(request.id), request.percent, clock=self._clock
        )
        return pb.RecordPhaseProgressResponse(phase=phase_pb(phase))

    def CompletePhase(
        self, request: pb.CompletePhaseRequest, context: Context
    ) -> pb.CompletePhaseResponse:
        phase = usecases.complete_phase(
            *self._change(context), required_uuid(request.id), clock=self._clock
        )
        return pb.CompletePhaseResponse(phase=phase_pb(phase))
