"""gRPC servicer of SessionService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import grpc
from finplat.identity.v1 import sessions_pb2

from services.main.kernel.caller import current_caller
from services.main.kernel.client import ClientOf, no_client
from services.main.kernel.dependencies import UowFactory
from services.main.kernel.location import UNKNOWN, Location
from services.main.kernel.proto import location_pb
from services.main.sessions import usecases
from services.main.sessions.domain import SessionView
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import InvalidArgument
from services.runtime.protoconv import parse_uuid, timestamp


def _session_pb(view: SessionView) -> sessions_pb2.Session:
    session = view.session
    return sessions_pb2.Session(
        id=str(session.id),
        created_at=timestamp(session.created_at),
        last_seen_at=timestamp(session.last_seen_at),
        expires_at=timestamp(session.expires_at),
        ip_address=session.ip_address,
        user_agent=session.user_agent,
        device=session.device,
        location=location_pb(view.location),
        current=view.current,
        mfa_verified=session.mfa_verified_at is not None,
    )


def _session_id(raw: str) -> uuid.UUID:
    if not raw:
        raise InvalidArgument.for_field("session_id", "is required")
    return parse_uuid(raw, "session_id")


class SessionServicer:
    def __init__(
        self,
        unit_of_work: UowFactory,
        clock: Clock = utcnow,
        locate: Callable[[str], Location] = lambda ip: UNKNOWN,
        client_of: ClientOf = no_client,
    ) -> None:
        self._uow = unit_of_work
        self._clock = clock
        self._locate = locate
        self._client_of = client_of

    def ListSessions(
        self, request: sessions_pb2.ListSessionsRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.ListSessionsResponse:
        caller = current_caller()
        views = usecases.list_active(
            self._uow(), caller.user_id, caller.session_id, self._locate, self._clock
        )
        return sessions_pb2.ListSessionsResponse(sessions=[_session_pb(v) for v in views])

    def RevokeSession(
        self, request: sessions_pb2.RevokeSessionRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RevokeSessionResponse:
        session_id = _session_id(request.session_id)
        usecases.revoke(
            self._uow(),
            current_caller().user_id,
            session_id,
            self._client_of(context),
            self._clock,
        )
        return sessions_pb2.RevokeSessionResponse(session_id=str(session_id), revoked=True)

    def RevokeAllSessions(
        self, request: sessions_pb2.RevokeAllSessionsRequest, context: grpc.ServicerContext
    ) -> sessions_pb2.RevokeAllSessionsResponse:
        caller = current_caller()
        count = usecases.revoke_others(
            self._uow(), caller.user_id, caller.session_id, self._client_of(context), self._clock
        )
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
