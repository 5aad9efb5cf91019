"""gRPC servicer of UserAdminService (admin role, enforced by the auth interceptor)."""

from __future__ import annotations

import grpc
from finplat.identity.v1 import admin_pb2

from services.main.admin import usecases
from services.main.admin.domain import UserAccess
from services.main.kernel.dependencies import UowFactory
from services.runtime.clock import Clock, utcnow
from services.runtime.protoconv import timestamp


def _access_pb(found: UserAccess) -> admin_pb2.UserAccess:
    return admin_pb2.UserAccess(
        user_id=str(found.user_id),
        email=found.email,
        roles=found.roles,
        tenant_role=found.tenant_role,
        extra_scopes=found.extra_scopes,
        scopes=found.scopes,
        updated_at=timestamp(found.updated_at),
    )


class UserAdminServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock = utcnow) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def GrantAccess(
        self, request: admin_pb2.GrantAccessRequest, context: grpc.ServicerContext
    ) -> admin_pb2.GrantAccessResponse:
        found = usecases.grant(
            self._uow(),
            request.user,
            list(request.roles),
            list(request.scopes),
            request.tenant_role,
            self._clock,
        )
        return admin_pb2.GrantAccessResponse(access=_access_pb(found))

    def RevokeAccess(
        self, request: admin_pb2.RevokeAccessRequest, context: grpc.ServicerContext
    ) -> admin_pb2.RevokeAccessResponse:
        found = usecases.revoke(
            self._uow(), request.user, list(request.roles), list(request.scopes), self._clock
        )
        return admin_pb2.RevokeAccessResponse(access=_access_pb(found))

    def GetUserAccess(
        self, request: admin_pb2.GetUserAccessRequest, context: grpc.ServicerContext
    ) -> admin_pb2.GetUserAccessResponse:
        return admin_pb2.GetUserAccessResponse(
            access=_access_pb(usecases.show(self._uow(), request.user))
        )
