"""The expense backend called directly: real grpcurl (server reflection, no proto files)
and the generated betterproto async client."""

from __future__ import annotations

import json

import grpclib.exceptions
import pytest
from finplat_client.finplat.expense.v1 import (
    ApiKeyAdminServiceStub,
    CreateApiKeyRequest,
    CreateExpenseRequest,
    ExpenseInput,
    ExpenseServiceStub,
    GetExpenseRequest,
    ListCategoriesRequest,
    ListExpensesRequest,
)
from finplat_client.google.type import Date
from grpclib.client import Channel

from tests.e2e.grpcurl_support import grpcurl

pytestmark = pytest.mark.e2e


def test_grpcurl_lists_services_by_reflection(expense_address: str) -> None:
    listed = grpcurl(expense_address, "list")
    assert listed.returncode == 0, listed.stderr
    services = set(listed.stdout.split())
    assert {
        "finplat.expense.v1.ExpenseService",
        "finplat.expense.v1.ApiKeyAdminService",
        "grpc.health.v1.Health",
    } <= services
    described = grpcurl(expense_address, "describe", "finplat.expense.v1.ExpenseService")
    assert "CreateExpense" in described.stdout


def test_grpcurl_calls_with_an_api_key(expense_address: str, api_key: str) -> None:
    created = grpcurl(
        "-H",
        f"authorization: Bearer {api_key}",
        "-d",
        json.dumps(
            {
                "expense": {
                    "amount": "7.25",
                    "description": "grpcurl",
                    "category": "other",
                    "date": {"year": 2026, "month": 4, "day": 1},
                }
            }
        ),
        expense_address,
        "finplat.expense.v1.ExpenseService/CreateExpense",
    )
    assert created.returncode == 0, created.stderr
    expense = json.loads(created.stdout)["expense"]
    assert expense["amount"] == "7.25"
    fetched = grpcurl(
        "-H",
        f"authorization: Bearer {api_key}",
        "-d",
        json.dumps({"id": expense["id"]}),
        expense_address,
        "finplat.expense.v1.ExpenseService/GetExpense",
    )
    assert fetched.returncode == 0, fetched.stderr
    assert json.loads(fetched.stdout)["expense"]["description"] == "grpcurl"


def test_grpcurl_without_key_is_unauthenticated(expense_address: str) -> None:
    denied = grpcurl(expense_address, "finplat.expense.v1.ExpenseService/ListCategories")
    assert denied.returncode != 0
    assert "Unauthenticated" in denied.stderr


def test_grpc_health_overgrpcurl(expense_address: str) -> None:
    health = grpcurl(expense_address, "grpc.health.v1.Health/Check")
    assert health.returncode == 0, health.stderr
    assert json.loads(health.stdout)["status"] == "SERVING"


async def test_betterproto_client_roundtrip(expense_address: str, api_key: str) -> None:
    host, port = expense_address.rsplit(":", 1)
    channel = Channel(host=host, port=int(port))
    try:
        stub = ExpenseServiceStub(channel, metadata={"authorization": f"Bearer {api_key}"})
        created = await stub.create_expense(
            CreateExpenseRequest(
                expense=ExpenseInput(
                    amount="3.10",
                    description="betterproto",
                    category="transport",
                    date=Date(year=2026, month=6, day=15),
                )
            )
        )
        assert created.expense.amount == "3.10"
        got = await stub.get_expense(GetExpenseRequest(id=created.expense.id))
        assert got.expense.date == Date(year=2026, month=6, day=15)
        listed = await stub.list_expenses(ListExpensesRequest(limit=5))
        assert listed.pagination.limit == 5
        categories = await stub.list_categories(ListCategoriesRequest())
        assert len(categories.data) == 10
    finally:
        channel.close()


async def test_admin_rpcs_need_the_admin_role(
    expense_address: str, api_key: str, admin_key: str
) -> None:
    host, port = expense_address.rsplit(":", 1)
    channel = Channel(host=host, port=int(port))
    try:
        as_client = ApiKeyAdminServiceStub(channel, metadata={"authorization": f"Bearer {api_key}"})
        with pytest.raises(grpclib.exceptions.GRPCError) as denied:
            await as_client.create_api_key(CreateApiKeyRequest(name="nope"))
        assert denied.value.status.name == "PERMISSION_DENIED"

        as_admin = ApiKeyAdminServiceStub(
            channel, metadata={"authorization": f"Bearer {admin_key}"}
        )
        made = await as_admin.create_api_key(CreateApiKeyRequest(name="via-rpc"))
        assert made.secret.startswith("fpk_") and made.api_key.name == "via-rpc"
        expenses = ExpenseServiceStub(channel, metadata={"authorization": f"Bearer {made.secret}"})
        assert len((await expenses.list_categories(ListCategoriesRequest())).data) == 10
    finally:
        channel.close()
