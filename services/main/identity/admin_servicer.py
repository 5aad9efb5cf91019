"""gRPC servicer of UserAdminService (admin role, enforced by the auth interceptor)."""

from __future__ import annotations

from collections.abc import Callable

import grpc
from finplat.identity.v1 import admin_pb2, admin_pb2_grpc

from services.main.identity import admin_usecases
from services.main.identity.context import Clock, IdentityUnitOfWork, utcnow
from services.main.identity.protoconv import timestamp


def _access_pb(found: admin_usecases.UserAccess) -> admin_pb2.UserAccess:
    return admin_pb2.UserAccess(
        user_id=str(found.user_id),
        email=found.email,
        roles=found.roles,
        tenant_role=found.tenant_role,
        extra_scopes=found.extra_scopes,
        scopes=found.scopes,
        updated_at=timestamp(found.updated_at),
    )


class UserAdminServicer(admin_pb2_grpc.UserAdminServiceServicer):
    def __init__(
        self, unit_of_work: Callable[[], IdentityUnitOfWork], clock: Clock = utcnow
    ) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def GrantAccess(
        self, request: admin_pb2.GrantAccessRequest, context: grpc.ServicerContext
    ) -> admin_pb2.GrantAccessResponse:
        found = admin_usecases.grant(
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
        found = admin_usecases.revoke(
            self._uow(), request.user, list(request.roles), list(request.scopes), self._clock
        )
        return admin_pb2.RevokeAccessResponse(access=_access_pb(found))

    def GetUserAccess(
        self, request: admin_pb2.GetUserAccessRequest, context: grpc.ServicerContext
    ) -> admin_pb2.GetUserAccessResponse:
        return admin_pb2.GetUserAccessResponse(
            access=_access_pb(admin_usecases.show(self._uow(), request.user))
        )
