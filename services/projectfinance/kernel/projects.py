"""Main's projects, asked over gRPC with the caller's own token: main answers for the
caller's tenant and scopes, so a project of another tenant is simply not found — this
backend never reads main's tables (ARCHITECTURE §1).

Lookups of many projects go BATCH_LIMIT ids per BatchGetProjects call, all calls in
flight at once (grpc futures), as is the staffing (team size and allocations): both
return at once, so the caller reads its own database while main answers, and waits only
when it needs the answer (`result()`)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import UTC
from decimal import Decimal
from typing import Any, Final, Generic, TypeVar

import grpc
from finplat.identity.v1 import teams_pb2, teams_pb2_grpc
from finplat.projects.v1 import projects_pb2, projects_pb2_grpc

from services.projectfinance.kernel.project_directory import (
    BATCH_LIMIT,
    Allocation,
    ProjectInfo,
    Staffing,
    TeamMember,
)
from services.runtime.errors import PermissionDenied, Unauthenticated, Unavailable

# ListAllocations' and ListProjectMembers' largest page.
ALLOCATIONS_PAGE: Final = 100
MEMBERS_PAGE: Final = 100

T = TypeVar("T")


def _refused(exc: grpc.RpcError, scope: str) -> Exception:
    """What the caller gets when main refuses a call or does not answer."""
    code = exc.code()  # type: ignore[attr-defined]
    if code == grpc.StatusCode.UNAUTHENTICATED:
        return Unauthenticated("the access token was refused by the project directory")
    if code == grpc.StatusCode.PERMISSION_DENIED:
        return PermissionDenied(f"main refused the call: it needs the scope {scope}")
    return Unavailable("the project directory (main) is not answering; retry")


def _answer(future: Any, scope: str) -> Any:
    """A future's reply, or the error `_refused` maps its failure to."""
    try:
        return future.result()
    except grpc.RpcError as exc:
        raise _refused(exc, scope) from None


def _status(value: int) -> str:
    return projects_pb2.ProjectStatus.Name(value).removeprefix("PROJECT_STATUS_").lower()


def _info(project: projects_pb2.Project) -> ProjectInfo:
    return ProjectInfo(id=uuid.UUID(project.id), name=project.name, status=_status(project.status))


def _allocation(allocation: projects_pb2.Allocation) -> Allocation:
    return Allocation(
        user_id=uuid.UUID(allocation.user_id),
        total_allocation_percent=Decimal(allocation.total_allocation_percent or "0"),
        active_projects=allocation.active_projects,
        overallocated=allocation.overallocated,
    )


class _Later(Generic[T]):
    """A Pending answer: `finish` waits for the futures already started."""

    def __init__(self, finish: Callable[[], T]) -> None:
        self._finish = finish

    def result(self) -> T:
        return self._finish()


class MainProjects:
    """The ProjectDirectory of production: main's ProjectService (and TeamsService for
    the team's size)."""

    def __init__(self, target: str, *, timeout: float = 3.0) -> None:
        self._channel = grpc.insecure_channel(target)
        self._stub = projects_pb2_grpc.ProjectServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._teams = teams_pb2_grpc.TeamsServiceStub(self._channel)  # type: ignore[no-untyped-call]
        self._timeout = timeout

    def _metadata(self, token: str) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {token}"),)

    def find(self, token: str, project_id: uuid.UUID) -> ProjectInfo | None:
        try:
            reply: projects_pb2.GetProjectResponse = self._stub.GetProject(
                projects_pb2.GetProjectRequest(id=str(project_id)),
                metadata=self._metadata(token),
                timeout=self._timeout,
            )
        except grpc.RpcError as exc:
            code = exc.code()  # type: ignore[attr-defined]
            if code in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                return None
            raise _refused(exc, "projects:view") from None
        return _info(reply.project)

    def find_many(
        self, token: str, project_ids: Sequence[uuid.UUID]
    ) -> _Later[dict[uuid.UUID, ProjectInfo]]:
        ids = list(dict.fromkeys(str(project_id) for project_id in project_ids))
        futures = [
            self._stub.BatchGetProjects.future(
                projects_pb2.BatchGetProjectsRequest(ids=ids[start : start + BATCH_LIMIT]),
                metadata=self._metadata(token),
                timeout=self._timeout,
            )
            for start in range(0, len(ids), BATCH_LIMIT)
        ]

        def finish() -> dict[uuid.UUID, ProjectInfo]:
            found: dict[uuid.UUID, ProjectInfo] = {}
            for future in futures:
                reply: projects_pb2.BatchGetProjectsResponse = _answer(future, "projects:view")
                found.update((info.id, info) for info in map(_info, reply.projects))
            return found

        return _Later(finish)

    def _allocations_page(self, token: str, offset: int) -> Any:
        return self._stub.ListAllocations.future(
            projects_pb2.ListAllocationsRequest(limit=ALLOCATIONS_PAGE, offset=offset),
            metadata=self._metadata(token),
            timeout=self._timeout,
        )

    def staffing(self, token: str) -> _Later[Staffing]:
        team = self._teams.ListMembers.future(
            teams_pb2.ListMembersRequest(limit=1),
            metadata=self._metadata(token),
            timeout=self._timeout,
        )
        first = self._allocations_page(token, 0)

        def finish() -> Staffing:
            page: projects_pb2.ListAllocationsResponse = _answer(first, "projects:view")
            # The pages after the first, all at once, once the total is known.
            rest = [
                self._allocations_page(token, offset)
                for offset in range(ALLOCATIONS_PAGE, page.pagination.total, ALLOCATIONS_PAGE)
            ]
            allocations = [_allocation(a) for a in page.data]
            for future in rest:
                more: projects_pb2.ListAllocationsResponse = _answer(future, "projects:view")
                allocations.extend(_allocation(a) for a in more.data)
            members: teams_pb2.ListMembersResponse = _answer(team, "teams:view")
            return Staffing(team_size=int(members.pagination.total), allocations=allocations)

        return _Later(finish)

    def members(self, token: str, project_id: uuid.UUID) -> list[TeamMember]:
        found: list[TeamMember] = []
        while True:
            try:
                page: projects_pb2.ListProjectMembersResponse = self._stub.ListProjectMembers(
                    projects_pb2.ListProjectMembersRequest(
                        project_id=str(project_id), limit=MEMBERS_PAGE, offset=len(found)
                    ),
                    metadata=self._metadata(token),
                    timeout=self._timeout,
                )
            except grpc.RpcError as exc:
                code = exc.code()  # type: ignore[attr-defined]
                if code in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                    return []
                raise _refused(exc, "projects:view") from None
            found.extend(
                TeamMember(
                    user_id=uuid.UUID(m.user_id),
                    role=m.role,
                    allocation_percent=Decimal(m.allocation_percent or "0"),
                    added_at=m.created_at.ToDatetime(tzinfo=UTC),
                )
                for m in page.data
            )
            if not page.pagination.has_more or not page.data:
                return found

    def close(self) -> None:
        self._channel.close()
