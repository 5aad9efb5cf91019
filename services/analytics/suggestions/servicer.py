"""gRPC servicer of SuggestionService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import suggestions_pb2 as pb

from services.analytics.proto_pages import pagination_pb
from services.analytics.suggestions import usecases
from services.analytics.suggestions.domain import (
    Suggestion,
    money_text,
    validate_list_query,
    validate_status,
    validate_top_limit,
)
from services.runtime.clock import Clock
from services.runtime.errors import InvalidArgument
from services.runtime.principal import current_user_id
from services.runtime.protoconv import parse_uuid, request_enum_text, timestamp

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory


def _status(value: int) -> str | None:
    return request_enum_text(value, pb.SuggestionStatus, "SUGGESTION_STATUS_")


def suggestion_pb(suggestion: Suggestion) -> pb.Suggestion:
    finding = suggestion.finding
    return pb.Suggestion(
        id=str(suggestion.id),
        suggestion_type="SUGGESTION_TYPE_" + finding.suggestion_type.upper(),
        title=finding.title,
        description=finding.description,
        potential_saving=money_text(finding.potential_saving),
        currency=finding.currency,
        confidence=finding.confidence,
        status="SUGGESTION_STATUS_" + suggestion.status.upper(),
        merchant_name=finding.merchant_name,
        category_id=None if finding.category_id is None else str(finding.category_id),
        evidence=dict(finding.evidence),
        transaction_ids=list(finding.transaction_ids),
        created_at=timestamp(suggestion.created_at),
        updated_at=timestamp(suggestion.updated_at),
    )


class SuggestionServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def ListSuggestions(
        self, request: pb.ListSuggestionsRequest, context: grpc.ServicerContext
    ) -> pb.ListSuggestionsResponse:
        query = validate_list_query(
            request.limit if request.HasField("limit") else None,
            request.offset,
            _status(request.status),
            request_enum_text(request.suggestion_type, pb.SuggestionType, "SUGGESTION_TYPE_"),
            request.min_saving if request.HasField("min_saving") else None,
        )
        page = usecases.list_suggestions(
            self._uow(), current_user_id(), query, self._clock().date(), self._clock
        )
        return pb.ListSuggestionsResponse(
            data=[suggestion_pb(s) for s in page.items], pagination=pagination_pb(page)
        )

    def ListTopSuggestions(
        self, request: pb.ListTopSuggestionsRequest, context: grpc.ServicerContext
    ) -> pb.ListTopSuggestionsResponse:
        limit = validate_top_limit(request.limit if request.HasField("limit") else None)
        found = usecases.top_suggestions(
            self._uow(), current_user_id(), limit, self._clock().date(), self._clock
        )
        return pb.ListTopSuggestionsResponse(data=[suggestion_pb(s) for s in found])

    def UpdateSuggestionStatus(
        self, request: pb.UpdateSuggestionStatusRequest, context: grpc.ServicerContext
    ) -> pb.UpdateSuggestionStatusResponse:
        if not request.id:
            raise InvalidArgument.for_field("id", "is required")
        suggestion_id = parse_uuid(request.id, "id")
        status = validate_status(_status(request.status))
        moved = usecases.update_status(
            self._uow(), current_user_id(), suggestion_id, status, self._clock
        )
        return pb.UpdateSuggestionStatusResponse(suggestion=suggestion_pb(moved))

    def GenerateSuggestions(
        self, request: pb.GenerateSuggestionsRequest, context: grpc.ServicerContext
    ) -> pb.GenerateSuggestionsResponse:
        result = usecases.generate_suggestions(
            self._uow(), current_user_id(), self._clock().date(), self._clock
        )
        return pb.GenerateSuggestionsResponse(
            status="completed",
            created=result.created,
            open=result.open,
            removed=result.removed,
            generated_at=timestamp(result.generated_at),
        )
