"""gRPC servicer of ComplianceService: proto ⇄ use case, nothing else. A report is
answered from its stored JSON document (the same on POST and GET): its field names are
the proto's, so it is parsed straight into the response message."""

from __future__ import annotations

import threading
import uuid
from typing import TypeVar

import grpc
from finplat.projectfinance.v1 import compliance_pb2 as pb
from google.protobuf import json_format
from google.protobuf.message import Message

from services.projectfinance.compliance import usecases
from services.projectfinance.compliance.domain import reports, signing
from services.projectfinance.compliance.domain.audit_trail import (
    AuditTrailFilters,
    checked_event_types,
)
from services.projectfinance.compliance.domain.reports import ReportRequest, checked_period
from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.kernel.servicing import TenantServicer
from services.runtime.principal import current_user_id
from services.runtime.protoconv import optional_moment, parse_uuid, required_uuid, sent
from services.runtime.tenancy import current_tenant_id

M = TypeVar("M", bound=Message)


def _optional_uuid(request: Message, field: str) -> uuid.UUID | None:
    value: str | None = sent(request, field)
    return None if value is None else parse_uuid(value, field)


def _report_request(request: Message) -> ReportRequest:
    start, end = checked_period(
        optional_moment(request, "start_date"), optional_moment(request, "end_date")
    )
    return ReportRequest(
        tenant_id=current_tenant_id(),
        generated_by=current_user_id(),
        start=start,
        end=end,
        project_id=_optional_uuid(request, "project_id"),
    )


def _shown(stored: reports.StoredReport, message: M) -> M:
    return json_format.ParseDict(stored.document, message)


class ComplianceServicer(TenantServicer):
    def __init__(self, kernel: Kernel, configured_key: signing.SigningKey | None) -> None:
        super().__init__(kernel)
        self._key = configured_key
        self._key_lock = threading.Lock()

    def _signing_key(self) -> signing.SigningKey:
        """The configured key, else the stored one (generated on first need), read once."""
        with self._key_lock:
            if self._key is None:
                self._key = usecases.stored_signing_key(
                    self._kernel.unit_of_work(), clock=self._clock
                )
            return self._key

    def _get(self, kind: str, report_id: str) -> reports.StoredReport:
        uow, tenant_id = self._scope()
        return usecases.get_report(uow, tenant_id, kind, required_uuid(report_id, "report_id"))

    def CreateAuditTrailReport(
        self, request: pb.CreateAuditTrailReportRequest, context: grpc.ServicerContext
    ) -> pb.CreateAuditTrailReportResponse:
        asked = _report_request(request)
        filters = AuditTrailFilters(
            event_types=checked_event_types(list(request.event_types)),
            user_id=_optional_uuid(request, "user_id"),
        )
        stored = usecases.create_audit_trail(
            self._kernel.unit_of_work(), asked, filters, clock=self._clock
        )
        return pb.CreateAuditTrailReportResponse(report=_shown(stored, pb.AuditTrailReport()))

    def GetAuditTrailReport(
        self, request: pb.GetAuditTrailReportRequest, context: grpc.ServicerContext
    ) -> pb.GetAuditTrailReportResponse:
        stored = self._get(reports.AUDIT_TRAIL, request.report_id)
        return pb.GetAuditTrailReportResponse(report=_shown(stored, pb.AuditTrailReport()))

    def CreateGdprReport(
        self, request: pb.CreateGdprReportRequest, context: grpc.ServicerContext
    ) -> pb.CreateGdprReportResponse:
        stored = usecases.create_gdpr_report(
            self._kernel.unit_of_work(), _report_request(request), clock=self._clock
        )
        return pb.CreateGdprReportResponse(report=_shown(stored, pb.GdprReport()))

    def GetGdprReport(
        self, request: pb.GetGdprReportRequest, context: grpc.ServicerContext
    ) -> pb.GetGdprReportResponse:
        stored = self._get(reports.GDPR_ARTICLE_30, request.report_id)
        return pb.GetGdprReportResponse(report=_shown(stored, pb.GdprReport()))

    def CreateSoxReport(
        self, request: pb.CreateSoxReportRequest, context: grpc.ServicerContext
    ) -> pb.CreateSoxReportResponse:
        asked = _report_request(request)
        stored = usecases.create_sox_report(
            self._kernel.unit_of_work(), asked, self._signing_key(), clock=self._clock
        )
        return pb.CreateSoxReportResponse(report=_shown(stored, pb.SoxReport()))

    def GetSoxReport(
        self, request: pb.GetSoxReportRequest, context: grpc.ServicerContext
    ) -> pb.GetSoxReportResponse:
        stored = self._get(reports.SOX_404, request.report_id)
        return pb.GetSoxReportResponse(report=_shown(stored, pb.SoxReport()))

    def GetSigningKey(
        self, request: pb.GetSigningKeyRequest, context: grpc.ServicerContext
    ) -> pb.GetSigningKeyResponse:
        key = self._signing_key()
        return pb.GetSigningKeyResponse(
            key=pb.SigningKey(
                key_id=key.kid,
                algorithm=signing.ALGORITHM,
                public_key=key.public_key_base64,
                digest=signing.DIGEST,
            )
        )
