"""A method that recomputes a whole history declares a longer deadline
(HttpRules.timeout_seconds); every other call keeps the edge's own."""

from __future__ import annotations

import math

import pytest
from finplat.analytics.v1 import forecasts_pb2, insights_pb2, suggestions_pb2
from finplat.api.v1 import annotations_pb2
from google.protobuf.descriptor import MethodDescriptor

from edge.options import option
from edge.transcoder import call_deadline


@pytest.mark.parametrize(
    ("declared", "default", "deadline"),
    [
        (0.0, 10.0, 10.0),  # not declared
        (120.0, 10.0, 120.0),
        (5.0, 10.0, 10.0),  # an operator's longer setting wins
        (120.0, 300.0, 300.0),
        (math.inf, 10.0, 10.0),
        (math.nan, 10.0, 10.0),
    ],
)
def test_the_longer_of_the_declared_and_the_edge_deadline(
    declared: float, default: float, deadline: float
) -> None:
    assert call_deadline(declared, default) == deadline


def _declared(method: MethodDescriptor) -> float:
    rules = option(method.GetOptions(), annotations_pb2.http_rules)
    return 0.0 if rules is None else float(rules.timeout_seconds)


@pytest.mark.parametrize(
    "method",
    [
        insights_pb2.DESCRIPTOR.services_by_name["InsightService"].methods_by_name[
            "RefreshAnalytics"
        ],
        forecasts_pb2.DESCRIPTOR.services_by_name["ForecastService"].methods_by_name[
            "RegenerateForecasts"
        ],
        suggestions_pb2.DESCRIPTOR.services_by_name["SuggestionService"].methods_by_name[
            "GenerateSuggestions"
        ],
    ],
    ids=lambda m: m.name,
)
def test_whole_history_recomputations_may_outlast_a_read(method: MethodDescriptor) -> None:
    # A full refresh of a user with 1M transactions took 17-18 s (docs/benchmarks.md).
    assert _declared(method) >= 60


def test_reads_keep_the_edge_deadline() -> None:
    service = insights_pb2.DESCRIPTOR.services_by_name["InsightService"]
    assert _declared(service.methods_by_name["GetSummary"]) == 0
