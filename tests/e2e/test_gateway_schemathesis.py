"""Property-based tests of the generated API document against real stacks: schemathesis
sends valid and invalid requests for every expense and auth operation the document
describes, and the edge (with its backend) must never answer 5xx.

Bounded: a few examples per operation, derandomized so a failure replays identically.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from edge.descriptors import discover_routes
from edge.openapi import api_document
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient, SmtpSink, from_ip, unique_ip

SCHEMA = schemathesis.openapi.from_dict(api_document(discover_routes()))
BOUNDED = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    database=None,
    # The fixtures are per operation (a fresh login), not per example: that is intended.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
EXPENSE = SCHEMA.include(path_regex=r"^/expense/")
AUTH = SCHEMA.include(path_regex=r"^/api/(auth|sessions|security)(/|$)")


@EXPENSE.parametrize()
@BOUNDED
def test_expense_operations_never_answer_5xx(
    case: Any, expense_stack: RunningStack, api_key: str
) -> None:
    case.call_and_validate(
        base_url=expense_stack.edge_url,
        headers={"authorization": f"Bearer {api_key}"},
        checks=[not_a_server_error],
    )


@pytest.fixture
def access_token(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[str]:
    """A fresh session per operation: logout and revoke-all cases end theirs."""
    client = IdentityClient(identity_stack.edge_url, smtp)
    try:
        yield client.session().access_token
    finally:
        client.close()


@AUTH.parametrize()
@BOUNDED
def test_auth_operations_never_answer_5xx(
    case: Any, identity_stack: RunningStack, access_token: str
) -> None:
    # Each request from its own address: per-IP login throttles and the 50-per-IP auth
    # limit stay out of the way of what is being tested.
    headers = {"authorization": f"Bearer {access_token}", **from_ip(unique_ip())}
    case.call_and_validate(
        base_url=identity_stack.edge_url, headers=headers, checks=[not_a_server_error]
    )
