"""ApiKeyAdminService: proto ⇄ domain for the operators' gRPC-only key management.

The `admin` role is enforced by the runtime's auth interceptor from the proto's policy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import grpc
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.expense.api_keys import usecases
from services.expense.api_keys.domain import ApiKey
from services.runtime.clock import Clock, utcnow
from services.runtime.protoconv import parse_uuid, timestamp

if TYPE_CHECKING:
    from services.expense.api_keys.usecases import Uow


def api_key_pb(key: ApiKey) -> expense_pb2.ApiKey:
    message = expense_pb2.ApiKey(
        id=str(key.id),
        name=key.name,
        prefix=key.prefix,
        roles=list(key.roles),
        created_at=timestamp(key.created_at),
    )
    if key.revoked_at is not None:
        message.revoked_at.CopyFrom(timestamp(key.revoked_at))
    if key.last_used_at is not None:
        message.last_used_at.CopyFrom(timestamp(key.last_used_at))
    return message


class ApiKeyAdminServicer(expense_pb2_grpc.ApiKeyAdminServiceServicer):
    def __init__(self, unit_of_work: Callable[[], Uow], clock: Clock = utcnow) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def CreateApiKey(
        self, request: expense_pb2.CreateApiKeyRequest, context: grpc.ServicerContext
    ) -> expense_pb2.CreateApiKeyResponse:
        issued = usecases.create_api_key(self._uow(), request.name, request.roles, self._clock)
        return expense_pb2.CreateApiKeyResponse(
            api_key=api_key_pb(issued.key), secret=issued.secret
        )

    def ListApiKeys(
        self, request: expense_pb2.ListApiKeysRequest, context: grpc.ServicerContext
    ) -> expense_pb2.ListApiKeysResponse:
        keys = usecases.list_api_keys(self._uow(), include_revoked=request.include_revoked)
        return expense_pb2.ListApiKeysResponse(api_keys=[api_key_pb(k) for k in keys])

    def RevokeApiKey(
        self, request: expense_pb2.RevokeApiKeyRequest, context: grpc.ServicerContext
    ) -> expense_pb2.RevokeApiKeyResponse:
        key = usecases.revoke_api_key(self._uow(), parse_uuid(request.id), self._clock)
        return expense_pb2.RevokeApiKeyResponse(api_key=api_key_pb(key))
