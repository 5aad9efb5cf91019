"""The access-log layer gathers a line's fields only when the line would be written.

(What a line holds, for accepted and rejected calls, is tested with the server in
test_server.py.)"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.runtime.interceptors import access_log
from tests.runtime.harness import Servers, bearer, channel


def test_nothing_is_gathered_while_info_is_off(
    servers: Servers, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    gathered = 0
    real = access_log.metadata_value

    def counting(context: Any, key: str) -> str | None:
        nonlocal gathered
        gathered += 1
        return real(context, key)

    monkeypatch.setattr(access_log, "metadata_value", counting)
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    request = expense_pb2.GetExpenseRequest(id="e1")

    caplog.set_level(logging.WARNING, logger=access_log.ACCESS_LOGGER)
    stub.GetExpense(request, metadata=bearer("key-alice"))
    assert gathered == 0
    assert not [r for r in caplog.records if r.name == access_log.ACCESS_LOGGER]

    caplog.set_level(logging.INFO, logger=access_log.ACCESS_LOGGER)
    stub.GetExpense(request, metadata=bearer("key-alice"))
    assert gathered == 1
    assert len([r for r in caplog.records if r.name == access_log.ACCESS_LOGGER]) == 1
