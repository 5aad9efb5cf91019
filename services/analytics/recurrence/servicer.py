"""gRPC servicer of RecurrenceService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

import grpc
from finplat.analytics.v1 import recurrence_pb2 as pb

from services.analytics.recurrence import usecases
from services.runtime.protoconv import date_pb, optional_date


class RecurrenceServicer:
    def ValidateRule(
        self, request: pb.ValidateRuleRequest, context: grpc.ServicerContext
    ) -> pb.ValidateRuleResponse:
        found = usecases.validate_rule(request.rule)
        return pb.ValidateRuleResponse(
            valid=found.rule is not None,
            rule=None if found.rule is None else found.rule.text,
            description=found.description,
            errors=[pb.RuleError(part=p.part, message=p.message) for p in found.problems],
        )

    def DescribeRule(
        self, request: pb.DescribeRuleRequest, context: grpc.ServicerContext
    ) -> pb.DescribeRuleResponse:
        found = usecases.describe_rule(request.rule)
        return pb.DescribeRuleResponse(rule=found.rule.text, description=found.description)

    def GenerateInstances(
        self, request: pb.GenerateInstancesRequest, context: grpc.ServicerContext
    ) -> pb.GenerateInstancesResponse:
        series = usecases.generate_instances(
            request.rule,
            optional_date(request, "start_date"),
            optional_date(request, "end_date"),
            request.max_count if request.HasField("max_count") else None,
        )
        return pb.GenerateInstancesResponse(
            dates=[date_pb(day) for day in series.dates],
            count=len(series.dates),
            truncated=series.truncated,
        )
