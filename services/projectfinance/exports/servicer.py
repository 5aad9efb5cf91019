"""gRPC servicer of ExportService: proto ⇄ use cases, nothing else. Creating and reading
work on the caller's tenant; the download is public (its URL is signed) and reads the
export its verified URL names."""

from __future__ import annotations

from typing import TypeVar

import grpc
from finplat.projectfinance.v1 import exports_pb2 as pb
from google.api import httpbody_pb2

from services.projectfinance.exports import usecases
from services.projectfinance.exports.domain.requests import ExportDraft, export_request
from services.projectfinance.exports.usecases import ShownExport, SigningSecret
from services.projectfinance.kernel.calling import actor_of, bearer_token
from services.projectfinance.kernel.dependencies import Kernel
from services.projectfinance.kernel.servicing import TenantServicer
from services.runtime.errors import InvalidArgument
from services.runtime.protoconv import optional_moment, required_uuid, sent, timestamp
from services.runtime.tenancy import current_tenant_id
from services.runtime.text_fields import REQUIRED

Context = grpc.ServicerContext
T = TypeVar("T")


def required(value: T | None, field: str) -> T:
    """A download URL's parameter (the edge checks them too; direct callers don't go
    through the edge)."""
    if value is None:
        raise InvalidArgument.for_field(field, REQUIRED)
    return value


def export_pb(shown: ShownExport) -> pb.Export:
    export = shown.export
    return pb.Export(
        export_id=str(export.id),
        expires_at=timestamp(export.expires_at),
        generated_at=timestamp(export.generated_at),
        file_size=export.file_size,
        format=export.format,
        record_count=export.record_count,
        download_url=shown.download_url,
    )


def export_draft(request: pb.CreateExportRequest) -> ExportDraft:
    return ExportDraft(
        format=request.format,
        include_phases=sent(request, "include_phases"),
        include_scopes=sent(request, "include_scopes"),
        include_team=sent(request, "include_team"),
        start_date=optional_moment(request, "start_date"),
        end_date=optional_moment(request, "end_date"),
        project_id=sent(request, "project_id"),
    )


class ExportServicer(TenantServicer):
    def __init__(self, kernel: Kernel, *, secret: SigningSecret) -> None:
        super().__init__(kernel)
        # Main's project members, asked with the caller's token.
        self._teams = kernel.projects
        self._secret = secret

    def CreateExport(
        self, request: pb.CreateExportRequest, context: Context
    ) -> pb.CreateExportResponse:
        tenant_id = current_tenant_id()
        checked = export_request(export_draft(request))
        shown = usecases.create_export(
            self._kernel.unit_of_work,
            tenant_id,
            actor_of(context),
            checked,
            teams=self._teams,
            token=bearer_token(context),
            secret=self._secret,
            clock=self._clock,
        )
        return pb.CreateExportResponse(export=export_pb(shown))

    def GetExport(self, request: pb.GetExportRequest, context: Context) -> pb.GetExportResponse:
        tenant_id = current_tenant_id()
        shown = usecases.get_export(
            self._kernel.unit_of_work,
            tenant_id,
            required_uuid(request.export_id, "export_id"),
            secret=self._secret,
            clock=self._clock,
        )
        return pb.GetExportResponse(export=export_pb(shown))

    def DownloadExport(
        self, request: pb.DownloadExportRequest, context: Context
    ) -> pb.DownloadExportResponse:
        download = usecases.download_export(
            self._kernel.unit_of_work,
            required_uuid(request.export_id, "export_id"),
            required(sent(request, "expires"), "expires"),
            required(request.signature or None, "signature"),
            secret=self._secret,
            clock=self._clock,
        )
        return pb.DownloadExportResponse(
            file=httpbody_pb2.HttpBody(content_type=download.content_type, data=download.content),
            filename=download.filename,
        )
