"""gRPC servicer of ProjectService: proto ⇄ use cases, nothing else. Every call works on
the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

import grpc
from finplat.projects.v1 import projects_pb2 as pb

from services.main.kernel.money import amount_text, cents
from services.main.kernel.servicing import TenantServicer, pagination_pb
from services.main.projects import usecases
from services.main.projects.domain.members import Allocation, Member
from services.main.projects.domain.projects import Project, ProjectDraft, ProjectPatch
from services.runtime.protoconv import (
    optional_date,
    optional_date_pb,
    optional_timestamp,
    parse_uuid,
    request_enum_text,
    required_uuid,
    sent,
    timestamp,
)

Context = grpc.ServicerContext
_STATUS = "PROJECT_STATUS_"


# -- responses ---------------------------------------------------------------------------


def project_pb(project: Project) -> pb.Project:
    return pb.Project(
        id=str(project.id),
        code=project.code,
        name=project.name,
        description=project.description,
        status=_STATUS + project.status.upper(),
        client_name=project.client_name,
        start_date=optional_date_pb(project.start_date),
        end_date=optional_date_pb(project.end_date),
        budget=None if project.budget is None else amount_text(project.budget),
        currency=project.currency,
        member_count=project.member_count,
        created_at=timestamp(project.created_at),
        updated_at=timestamp(project.updated_at),
        archived_at=optional_timestamp(project.archived_at),
    )


def member_pb(member: Member) -> pb.ProjectMember:
    return pb.ProjectMember(
        project_id=str(member.project_id),
        user_id=str(member.user_id),
        role=member.role,
        allocation_percent=cents(member.allocation_percent),
        created_at=timestamp(member.created_at),
        updated_at=timestamp(member.updated_at),
    )


def allocation_pb(allocation: Allocation) -> pb.Allocation:
    return pb.Allocation(
        user_id=str(allocation.user_id),
        total_allocation_percent=cents(allocation.total_percent),
        active_projects=allocation.active_projects,
        overallocated=allocation.overallocated,
    )


# -- requests ----------------------------------------------------------------------------


def _status(value: int) -> str | None:
    return request_enum_text(value, pb.ProjectStatus, _STATUS)


def project_draft(request: pb.CreateProjectRequest) -> ProjectDraft:
    return ProjectDraft(
        name=request.name,
        code=request.code,
        description=request.description,
        status=_status(request.status),
        client_name=request.client_name,
        start_date=optional_date(request, "start_date"),
        end_date=optional_date(request, "end_date"),
        budget=request.budget,
        currency=request.currency,
    )


def project_patch(request: pb.UpdateProjectRequest) -> ProjectPatch:
    return ProjectPatch(
        name=sent(request, "name"),
        code=sent(request, "code"),
        description=sent(request, "description"),
        status=_status(request.status),
        client_name=sent(request, "client_name"),
        start_date=optional_date(request, "start_date"),
        end_date=optional_date(request, "end_date"),
        budget=sent(request, "budget"),
        currency=sent(request, "currency"),
    )


class ProjectServicer(TenantServicer):
    def ListProjects(
        self, request: pb.ListProjectsRequest, context: Context
    ) -> pb.ListProjectsResponse:
        page = usecases.list_projects(
            *self._scope(),
            status=_status(request.status),
            text=request.q,
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListProjectsResponse(
            data=[project_pb(p) for p in page.items], pagination=pagination_pb(page, pb.Pagination)
        )

    def CreateProject(
        self, request: pb.CreateProjectRequest, context: Context
    ) -> pb.CreateProjectResponse:
        project = usecases.create_project(*self._scope(), project_draft(request), clock=self._clock)
        return pb.CreateProjectResponse(project=project_pb(project))

    def GetProject(self, request: pb.GetProjectRequest, context: Context) -> pb.GetProjectResponse:
        project = usecases.get_project(*self._scope(), required_uuid(request.id))
        return pb.GetProjectResponse(project=project_pb(project))

    def BatchGetProjects(
        self, request: pb.BatchGetProjectsRequest, context: Context
    ) -> pb.BatchGetProjectsResponse:
        batch = usecases.batch_get_projects(*self._scope(), list(request.ids))
        return pb.BatchGetProjectsResponse(
            projects=[project_pb(p) for p in batch.projects],
            missing_ids=[str(i) for i in batch.missing],
        )

    def UpdateProject(
        self, request: pb.UpdateProjectRequest, context: Context
    ) -> pb.UpdateProjectResponse:
        project = usecases.update_project(
            *self._scope(), required_uuid(request.id), project_patch(request), clock=self._clock
        )
        return pb.UpdateProjectResponse(project=project_pb(project))

    def ArchiveProject(
        self, request: pb.ArchiveProjectRequest, context: Context
    ) -> pb.ArchiveProjectResponse:
        project = usecases.archive_project(
            *self._scope(), required_uuid(request.id), clock=self._clock
        )
        return pb.ArchiveProjectResponse(project=project_pb(project))

    def UnarchiveProject(
        self, request: pb.UnarchiveProjectRequest, context: Context
    ) -> pb.UnarchiveProjectResponse:
        project = usecases.unarchive_project(
            *self._scope(), required_uuid(request.id), clock=self._clock
        )
        return pb.UnarchiveProjectResponse(project=project_pb(project))

    def ListProjectMembers(
        self, request: pb.ListProjectMembersRequest, context: Context
    ) -> pb.ListProjectMembersResponse:
        page = usecases.list_members(
            *self._scope(),
            required_uuid(request.project_id, "project_id"),
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListProjectMembersResponse(
            data=[member_pb(m) for m in page.items], pagination=pagination_pb(page, pb.Pagination)
        )

    def AddProjectMember(
        self, request: pb.AddProjectMemberRequest, context: Context
    ) -> pb.AddProjectMemberResponse:
        member = usecases.add_member(
            *self._scope(),
            required_uuid(request.project_id, "project_id"),
            user_id=request.user_id,
            role=request.role,
            allocation_percent=request.allocation_percent,
            clock=self._clock,
        )
        return pb.AddProjectMemberResponse(member=member_pb(member))

    def GetProjectMember(
        self, request: pb.GetProjectMemberRequest, context: Context
    ) -> pb.GetProjectMemberResponse:
        member = usecases.get_member(
            *self._scope(),
            required_uuid(request.project_id, "project_id"),
            required_uuid(request.user_id, "user_id"),
        )
        return pb.GetProjectMemberResponse(member=member_pb(member))

    def UpdateProjectMember(
        self, request: pb.UpdateProjectMemberRequest, context: Context
    ) -> pb.UpdateProjectMemberResponse:
        member = usecases.update_member(
            *self._scope(),
            required_uuid(request.project_id, "project_id"),
            required_uuid(request.user_id, "user_id"),
            role=sent(request, "role"),
            allocation_percent=sent(request, "allocation_percent"),
            clock=self._clock,
        )
        return pb.UpdateProjectMemberResponse(member=member_pb(member))

    def RemoveProjectMember(
        self, request: pb.RemoveProjectMemberRequest, context: Context
    ) -> pb.RemoveProjectMemberResponse:
        usecases.remove_member(
            *self._scope(),
            required_uuid(request.project_id, "project_id"),
            required_uuid(request.user_id, "user_id"),
        )
        return pb.RemoveProjectMemberResponse()

    def ListAllocations(
        self, request: pb.ListAllocationsRequest, context: Context
    ) -> pb.ListAllocationsResponse:
        page = usecases.list_allocations(
            *self._scope(),
            user_id=parse_uuid(request.user_id, "user_id") if request.user_id else None,
            limit=sent(request, "limit"),
            offset=request.offset,
        )
        return pb.ListAllocationsResponse(
            data=[allocation_pb(a) for a in page.items],
            pagination=pagination_pb(page, pb.Pagination),
        )
