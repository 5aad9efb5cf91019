"""SuggestionService through the real runtime server (every interceptor), serving only
the suggestions capability: generation, lists and their filters, every status move,
isolation and bad input, as gRPC clients see them."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import suggestions_pb2 as pb
from finplat.analytics.v1 import suggestions_pb2_grpc

from services.analytics.suggestions import CAPABILITY
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.serving import as_user, refusal, registered, serving
from tests.services.analytics.suggestions.support import NOW, a_year, clock, store

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
Stub = suggestions_pb2_grpc.SuggestionServiceStub
NEW, VIEWED = pb.SUGGESTION_STATUS_NEW, pb.SUGGESTION_STATUS_VIEWED
IMPLEMENTED, DISMISSED = pb.SUGGESTION_STATUS_IMPLEMENTED, pb.SUGGESTION_STATUS_DISMISSED


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture
def alice(uow: UowFactory, stub: Stub) -> list[pb.Suggestion]:
    """Alice's hand-made year, generated: four new suggestions, largest saving first."""
    store(uow, ALICE, a_year())
    stub.GenerateSuggestions(pb.GenerateSuggestionsRequest(), metadata=as_user(ALICE))
    return list(_list(stub).data)


def _list(stub: Stub, user: uuid.UUID = ALICE, **fields: Any) -> pb.ListSuggestionsResponse:
    reply: pb.ListSuggestionsResponse = stub.ListSuggestions(
        pb.ListSuggestionsRequest(**fields), metadata=as_user(user)
    )
    return reply


def _move(stub: Stub, suggestion_id: str, status: int, user: uuid.UUID = ALICE) -> pb.Suggestion:
    request = pb.UpdateSuggestionStatusRequest(id=suggestion_id, status=status)  # type: ignore[arg-type]
    reply: pb.UpdateSuggestionStatusResponse = stub.UpdateSuggestionStatus(
        request, metadata=as_user(user)
    )
    return reply.suggestion


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.SuggestionService",)


def test_generate_then_list(uow: UowFactory, stub: Stub) -> None:
    store(uow, ALICE, a_year())
    generated = stub.GenerateSuggestions(pb.GenerateSuggestionsRequest(), metadata=as_user(ALICE))
    assert (generated.status, generated.created, generated.open, generated.removed) == (
        "completed", 4, 4, 0
    )  # fmt: skip
    assert generated.generated_at.ToDatetime().replace(tzinfo=NOW.tzinfo) == NOW
    listed = _list(stub)
    assert [(s.suggestion_type, s.potential_saving) for s in listed.data] == [
        (pb.SUGGESTION_TYPE_UNUSED_SUBSCRIPTION, "358.80"),
        (pb.SUGGESTION_TYPE_CATEGORY_OVERSPEND, "300.00"),
        (pb.SUGGESTION_TYPE_CHEAPER_CADENCE, "21.98"),
        (pb.SUGGESTION_TYPE_FEES_AND_INTEREST, "12.45"),
    ]
    assert (listed.pagination.total, listed.pagination.limit, listed.pagination.has_more) == (
        4, 10, False
    )  # fmt: skip
    unused, overspend = listed.data[0], listed.data[1]
    assert unused.status == NEW and unused.currency == "EUR"
    assert unused.merchant_name == "PowerGym" and unused.HasField("category_id")
    assert unused.evidence["lastUsage"] == "2026-05-10"
    assert 0 < unused.confidence <= 1 and len(unused.transaction_ids) == 6
    assert unused.created_at == unused.updated_at and unused.title and unused.description
    assert not overspend.HasField("merchant_name")
    uuid.UUID(unused.id)


def test_lists_need_no_generate_call(uow: UowFactory, stub: Stub) -> None:
    store(uow, ALICE, a_year())
    assert len(_list(stub).data) == 4
    assert _list(stub, BOB).data == []


def test_filters_and_pages(stub: Stub, alice: list[pb.Suggestion]) -> None:
    _move(stub, alice[2].id, DISMISSED)
    assert [s.id for s in _list(stub, status=DISMISSED).data] == [alice[2].id]
    assert [s.id for s in _list(stub, status=NEW).data] == [alice[0].id, alice[1].id, alice[3].id]
    kind = _list(stub, suggestion_type=pb.SUGGESTION_TYPE_FEES_AND_INTEREST).data
    assert [s.id for s in kind] == [alice[3].id]
    assert [s.potential_saving for s in _list(stub, min_saving="300").data] == [
        "358.80",
        "300.00",
    ]
    assert [s.id for s in _list(stub, min_saving="300.01").data] == [alice[0].id]
    assert _list(stub, min_saving="1000").pagination.total == 0
    page = _list(stub, limit=1, offset=1)
    assert [s.id for s in page.data] == [alice[1].id]
    assert (page.pagination.total, page.pagination.offset, page.pagination.has_more) == (
        4, 1, True
    )  # fmt: skip
    assert _list(stub, offset=4).data == []


def test_top_lists_the_open_ones_with_the_largest_saving(
    stub: Stub, alice: list[pb.Suggestion]
) -> None:
    def top(**fields: Any) -> list[str]:
        request = pb.ListTopSuggestionsRequest(**fields)
        return [s.id for s in stub.ListTopSuggestions(request, metadata=as_user(ALICE)).data]

    assert top() == [s.id for s in alice]
    assert top(limit=2) == [alice[0].id, alice[1].id]
    _move(stub, alice[0].id, VIEWED)
    _move(stub, alice[1].id, DISMISSED)
    _move(stub, alice[2].id, IMPLEMENTED)
    assert top() == [alice[0].id, alice[3].id]


def test_every_move_allowed_and_refused(stub: Stub, alice: list[pb.Suggestion]) -> None:
    first, second, third, fourth = (s.id for s in alice)

    def refused(suggestion_id: str, status: int) -> None:
        error = refusal(lambda: _move(stub, suggestion_id, status))
        assert error.code == grpc.StatusCode.FAILED_PRECONDITION
        assert error.reason == "INVALID_TRANSITION"

    # new → new is no move: answered unchanged.
    assert _move(stub, first, NEW) == alice[0]
    viewed = _move(stub, first, VIEWED)
    assert viewed.status == VIEWED and viewed.updated_at == alice[0].updated_at  # fixed clock
    assert _move(stub, first, VIEWED) == viewed
    refused(first, NEW)
    assert _move(stub, first, IMPLEMENTED).status == IMPLEMENTED
    for status in (NEW, VIEWED, DISMISSED):
        refused(first, status)
    assert _move(stub, first, IMPLEMENTED).status == IMPLEMENTED

    assert _move(stub, second, DISMISSED).status == DISMISSED
    for status in (NEW, VIEWED, IMPLEMENTED):
        refused(second, status)

    assert _move(stub, third, IMPLEMENTED).status == IMPLEMENTED
    assert _move(stub, fourth, VIEWED).status == VIEWED
    assert _move(stub, fourth, DISMISSED).status == DISMISSED
    statuses = [s.status for s in _list(stub).data]
    assert statuses == [IMPLEMENTED, DISMISSED, IMPLEMENTED, DISMISSED]


def test_another_user_s_suggestion_is_forbidden_a_missing_one_not_found(
    stub: Stub, alice: list[pb.Suggestion]
) -> None:
    error = refusal(lambda: _move(stub, alice[0].id, VIEWED, user=BOB))
    assert error.code == grpc.StatusCode.PERMISSION_DENIED
    assert alice[0].id not in error.message
    missing = refusal(lambda: _move(stub, str(uuid.uuid4()), VIEWED))
    assert missing.code == grpc.StatusCode.NOT_FOUND
    assert _list(stub, BOB).data == []
    assert _list(stub).data[0].status == NEW


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": 101}, "limit"),
        ({"offset": -1}, "offset"),
        ({"min_saving": "-1"}, "min_saving"),
        ({"min_saving": "abc"}, "min_saving"),
        ({"min_saving": "1.234"}, "min_saving"),
        ({"status": 99}, "status"),
        ({"suggestion_type": 42}, "suggestion_type"),
    ],
)
def test_bad_list_requests_name_the_field(stub: Stub, fields: dict[str, Any], field: str) -> None:
    error = refusal(lambda: _list(stub, **fields))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [field]


@pytest.mark.parametrize("limit", [0, 101])
def test_bad_top_limits_name_the_field(stub: Stub, limit: int) -> None:
    request = pb.ListTopSuggestionsRequest(limit=limit)
    error = refusal(lambda: stub.ListTopSuggestions(request, metadata=as_user(ALICE)))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["limit"]


@pytest.mark.parametrize(
    ("suggestion_id", "status", "field"),
    [
        ("nope", VIEWED, "id"),
        ("", VIEWED, "id"),
        ("0b6a1e3c-5d7f-4a21-9c8e-2f4b6d8a0c1e", pb.SUGGESTION_STATUS_UNSPECIFIED, "status"),
        ("0b6a1e3c-5d7f-4a21-9c8e-2f4b6d8a0c1e", 99, "status"),
    ],
)
def test_bad_status_requests_name_the_field(
    stub: Stub, suggestion_id: str, status: int, field: str
) -> None:
    error = refusal(lambda: _move(stub, suggestion_id, status))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [field]


def test_every_call_needs_a_user(stub: Stub) -> None:
    error = refusal(lambda: stub.ListSuggestions(pb.ListSuggestionsRequest()))
    assert error.code == grpc.StatusCode.UNAUTHENTICATED
