"""gRPC servicer of SessionService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

import uuid

import grpc
from finplat.identity.v1 import sessions_pb2, sessions_pb2_grpc

from services.main.identity import session_usecases
from services.main.identity.caller import current_caller
from services.main.identity.context import IdentityContext
from services.main.identity.geo import Location
from services.main.identity.protoconv import location_pb, timestamp
from services.runtime.errors import InvalidArgument


def _session_pb(view: session_usecases.SessionView, where: Location) -> sessions_pb2.Session:
    row = view.row
    return sessions_pb2.Session(
        id=str(row.id),
        created_at=timestamp(row.created_at),
        last_seen_at=timestamp(row.last_seen_at),
        expires_at=timestamp(row.expires_at),
        ip_address=row.ip_address,
        user_agent=row.user_agent,
        device=row.device,
        location=location_pb(where),
        current=view.current,
        mfa_verified=row.mfa_verified_at is not None,
    )


class SessionServicer(sessions_pb2_grpc.SessionServiceServicer):
    def __init__(self, ctx: IdentityContext) -> None:
        self._ctx = ctx

    def ListSessions(
        self, request: sessions_pb2.ListSessionsRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.ListSessionsResponse:
        caller = current_caller()
        views = session_usecases.list_active(self._ctx, caller.user_id, caller.session_id)
        locate = self._ctx.locator.locate
        return sessions_pb2.ListSessionsResponse(
            sessions=[_session_pb(v, locate(v.row.ip_address)) for v in views]
        )

    def RevokeSession(
        self, request: sessions_pb2.RevokeSessionRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RevokeSessionResponse:
        if not request.session_id:
            raise InvalidArgument.for_field("session_id", "is required")
        try:
            session_id = uuid.UUID(request.session_id)
        except ValueError:
            raise InvalidArgument.for_field("session_id", "must be a UUID") from None
        client = self._ctx.client(context)
        session_usecases.revoke(self._ctx, current_caller().user_id, session_id, client)
        return sessions_pb2.RevokeSessionResponse(session_id=str(session_id), revoked=True)

    def RevokeAllSessions(
        self, request: sessions_pb2.RevokeAllSessionsRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RevokeAllSessionsResponse:
        caller = current_caller()
        client = self._ctx.client(context)
        count = session_usecases.revoke_others(self._ctx, caller.user_id, caller.session_id, client)
        return sessions_pb2.RevokeAllSessionsResponse(revoked=count)

    def CheckSession(
        self, request: sessions_pb2.CheckSessionRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.CheckSessionResponse:
        # The auth interceptor has already verified the token and that its session is
        # active (DatabaseSessionChecker): reaching here is the answer.
        caller = current_caller()
        return sessions_pb2.CheckSessionResponse(
            session_id=str(caller.session_id or ""), active=True
        )
