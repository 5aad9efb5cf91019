"""Main's projects, asked over gRPC with the caller's own token: main answers for the
caller's tenant and scopes, so a project of another tenant is simply not found — this
backend never reads main's tables (ARCHITECTURE §1)."""

from __future__ import annotations

import uuid

import grpc
from finplat.projects.v1 import projects_pb2, projects_pb2_grpc

from services.projectfinance.kernel.project_directory import ProjectInfo
from services.runtime.errors import PermissionDenied, Unauthenticated, Unavailable


class MainProjects:
    """The ProjectDirectory of production: main's ProjectService."""

    def __init__(self, target: str, *, timeout: float = 3.0) -> None:
        self._channel = grpc.insecure_channel(target)
        self._stub = projects_pb2_grpc.ProjectServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._timeout = timeout

    def find(self, token: str, project_id: uuid.UUID) -> ProjectInfo | None:
        try:
            reply: projects_pb2.GetProjectResponse = self._stub.GetProject(
                projects_pb2.GetProjectRequest(id=str(project_id)),
                metadata=(("authorization", f"Bearer {token}"),),
                timeout=self._timeout,
            )
        except grpc.RpcError as exc:
            code = exc.code()  # type: ignore[attr-defined]
            if code in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                return None
            if code == grpc.StatusCode.UNAUTHENTICATED:
                raise Unauthenticated(
                    "the access token was refused by the project directory"
                ) from None
            if code == grpc.StatusCode.PERMISSION_DENIED:
                raise PermissionDenied("reading projects needs the scope projects:view") from None
            raise Unavailable("the project directory (main) is not answering; retry") from None
        project = reply.project
        status = projects_pb2.ProjectStatus.Name(project.status)
        return ProjectInfo(
            id=uuid.UUID(project.id),
            name=project.name,
            status=status.removeprefix("PROJECT_STATUS_").lower(),
        )

    def close(self) -> None:
        self._channel.close()
