"""gRPC servicer of TeamsService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from typing import Any

import grpc
from finplat.identity.v1 import teams_pb2 as pb

from services.main.auth.domain.memberships import Member, Team
from services.main.kernel.caller import current_caller
from services.main.kernel.dependencies import Kernel
from services.main.teams import usecases
from services.main.teams.domain.invitations import Invitation
from services.main.teams.usecases import Actor, TeamAccess
from services.runtime.paging import Page
from services.runtime.principal import current_principal
from services.runtime.protoconv import request_enum_text, required_uuid, timestamp
from services.runtime.tenancy import current_tenant_id

Context = grpc.ServicerContext
_ROLE_PREFIX = "TENANT_ROLE_"


def _role_pb(tenant_role: str) -> str:
    return _ROLE_PREFIX + tenant_role.upper()


def _role(value: int) -> str | None:
    if value == pb.TENANT_ROLE_UNSPECIFIED:
        return None
    return request_enum_text(value, pb.TenantRole, _ROLE_PREFIX)


def team_pb(team: Team, active_tenant: Any) -> pb.Team:
    return pb.Team(
        id=str(team.tenant.id),
        name=team.tenant.name,
        tenant_role=_role_pb(team.membership.tenant_role),
        base_currency=team.tenant.base_currency,
        active=team.tenant.id == active_tenant,
        member_count=team.member_count,
        joined_at=timestamp(team.membership.created_at),
    )


def member_pb(member: Member) -> pb.Member:
    return pb.Member(
        user_id=str(member.membership.user_id),
        email=member.email,
        full_name=member.full_name,
        tenant_role=_role_pb(member.membership.tenant_role),
        joined_at=timestamp(member.membership.created_at),
    )


def invitation_pb(invitation: Invitation) -> pb.Invitation:
    return pb.Invitation(
        id=str(invitation.id),
        email=invitation.email,
        tenant_role=_role_pb(invitation.tenant_role),
        invited_by="" if invitation.invited_by is None else str(invitation.invited_by),
        created_at=timestamp(invitation.created_at),
        expires_at=timestamp(invitation.expires_at),
    )


def pagination_pb(page: Page[Any]) -> pb.Pagination:
    return pb.Pagination(
        limit=page.limit, offset=page.offset, total=page.total, has_more=page.has_more
    )


def _limit(request: pb.ListMembersRequest | pb.ListInvitationsRequest) -> int | None:
    return request.limit if request.HasField("limit") else None


def _actor() -> Actor:
    caller = current_caller()
    return Actor(
        user_id=caller.user_id,
        session_id=caller.session_id,
        tenant_id=current_tenant_id(),
        scopes=current_principal().scopes,
    )


def _access_fields(access: TeamAccess) -> dict[str, Any]:
    return {
        "team": team_pb(access.team, access.team.tenant.id),
        "access_token": access.token.token,
        "token_type": "Bearer",
        "expires_in": access.token.expires_in,
    }


class TeamsServicer:
    def __init__(self, kernel: Kernel) -> None:
        self._kernel = kernel

    def ListTeams(self, request: pb.ListTeamsRequest, context: Context) -> pb.ListTeamsResponse:
        actor = _actor()
        teams = usecases.list_teams(self._kernel, actor.user_id)
        return pb.ListTeamsResponse(data=[team_pb(t, actor.tenant_id) for t in teams])

    def ListMembers(
        self, request: pb.ListMembersRequest, context: Context
    ) -> pb.ListMembersResponse:
        page = usecases.list_members(self._kernel, _actor(), _limit(request), request.offset)
        return pb.ListMembersResponse(
            data=[member_pb(m) for m in page.items], pagination=pagination_pb(page)
        )

    def UpdateMember(
        self, request: pb.UpdateMemberRequest, context: Context
    ) -> pb.UpdateMemberResponse:
        user_id = required_uuid(request.user_id, "user_id")
        member = usecases.update_member(self._kernel, _actor(), user_id, _role(request.tenant_role))
        return pb.UpdateMemberResponse(member=member_pb(member))

    def RemoveMember(
        self, request: pb.RemoveMemberRequest, context: Context
    ) -> pb.RemoveMemberResponse:
        user_id = required_uuid(request.user_id, "user_id")
        usecases.remove_member(self._kernel, _actor(), user_id)
        return pb.RemoveMemberResponse()

    def CreateInvitation(
        self, request: pb.CreateInvitationRequest, context: Context
    ) -> pb.CreateInvitationResponse:
        invitation = usecases.invite(
            self._kernel, _actor(), request.email, _role(request.tenant_role)
        )
        return pb.CreateInvitationResponse(invitation=invitation_pb(invitation))

    def ListInvitations(
        self, request: pb.ListInvitationsRequest, context: Context
    ) -> pb.ListInvitationsResponse:
        page = usecases.list_invitations(self._kernel, _actor(), _limit(request), request.offset)
        return pb.ListInvitationsResponse(
            data=[invitation_pb(i) for i in page.items], pagination=pagination_pb(page)
        )

    def GetInvitation(
        self, request: pb.GetInvitationRequest, context: Context
    ) -> pb.GetInvitationResponse:
        found = usecases.get_invitation(self._kernel, _actor(), required_uuid(request.id))
        return pb.GetInvitationResponse(invitation=invitation_pb(found))

    def RevokeInvitation(
        self, request: pb.RevokeInvitationRequest, context: Context
    ) -> pb.RevokeInvitationResponse:
        usecases.revoke_invitation(self._kernel, _actor(), required_uuid(request.id))
        return pb.RevokeInvitationResponse()

    def AcceptInvitation(
        self, request: pb.AcceptInvitationRequest, context: Context
    ) -> pb.AcceptInvitationResponse:
        access = usecases.accept(self._kernel, _actor(), request.token)
        return pb.AcceptInvitationResponse(**_access_fields(access))

    def SwitchTeam(self, request: pb.SwitchTeamRequest, context: Context) -> pb.SwitchTeamResponse:
        tenant_id = required_uuid(request.tenant_id, "tenant_id")
        access = usecases.switch(self._kernel, _actor(), tenant_id)
        return pb.SwitchTeamResponse(**_access_fields(access))
