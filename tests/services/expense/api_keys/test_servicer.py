"""The admin servicer and the request-path authenticator, against real databases."""

from __future__ import annotations

from typing import cast

import grpc
import pytest
from finplat.expense.v1 import expense_pb2 as pb
from sqlalchemy import Engine

from services.expense.api_keys.authenticator import ApiKeyAuthenticator
from services.expense.api_keys.repository import ApiKeyLookup
from services.expense.api_keys.servicer import ApiKeyAdminServicer
from services.runtime.errors import InvalidArgument, Unauthenticated
from services.runtime.principal import Principal
from tests.services.expense.conftest import UowFactory

CONTEXT = cast(grpc.ServicerContext, None)  # the servicers never touch the context


def test_admin_servicer_and_authenticator(uow: UowFactory, engine: Engine) -> None:
    admin = ApiKeyAdminServicer(uow)
    created = admin.CreateApiKey(pb.CreateApiKeyRequest(name="ops", roles=["admin"]), CONTEXT)
    assert created.secret.startswith("fpk_")
    assert created.api_key.prefix == created.secret[:12]
    assert list(created.api_key.roles) == ["admin"]
    assert not created.api_key.HasField("revoked_at")
    assert not created.api_key.HasField("last_used_at")

    authenticator = ApiKeyAuthenticator(uow, ApiKeyLookup(engine))
    assert authenticator.accepts(created.secret) and not authenticator.accepts("eyJ.a.b")
    principal = authenticator.authenticate(created.secret)
    assert principal == Principal(
        subject=created.api_key.id, kind="api_key", roles=frozenset({"admin"})
    )

    listed = admin.ListApiKeys(pb.ListApiKeysRequest(), CONTEXT).api_keys
    assert [k.id for k in listed] == [created.api_key.id]
    assert listed[0].HasField("last_used_at")

    revoked = admin.RevokeApiKey(pb.RevokeApiKeyRequest(id=created.api_key.id), CONTEXT).api_key
    assert revoked.HasField("revoked_at")
    with pytest.raises(Unauthenticated):
        authenticator.authenticate(created.secret)
    assert admin.ListApiKeys(pb.ListApiKeysRequest(), CONTEXT).api_keys == []
    assert (
        len(admin.ListApiKeys(pb.ListApiKeysRequest(include_revoked=True), CONTEXT).api_keys) == 1
    )
    with pytest.raises(InvalidArgument):
        admin.CreateApiKey(pb.CreateApiKeyRequest(name=""), CONTEXT)
