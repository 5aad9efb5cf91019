"""Which service answers for a path that no route matched: its error body and its quota.

A matched route knows its service. A request that matches none (404, 405), or that fails
in the edge before a route is known, is still under a path family (edge/families.py),
and its client expects that family's service: a 404 under /expense/v1 comes in the
expense error body, and carries the API key's quota headers. A family speaks for one
service's ways when all its routes agree on them (error style, per-caller quota);
families whose services disagree, and paths outside every family, get the gateway's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from finplat.api.v1 import annotations_pb2

from edge.descriptors import RouteSpec
from edge.families import FamilyTable, literal_prefix
from services.runtime.policy import QuotaRule, policy_for

GATEWAY_STYLE = annotations_pb2.ERROR_STYLE_GATEWAY


@dataclass(frozen=True, slots=True)
class ServiceQuota:
    """A service's per-caller quota (ServiceRules.quota), counted by its backend."""

    service: str  # full service name, e.g. "finplat.expense.v1.ExpenseService"
    rule: QuotaRule


@dataclass(frozen=True, slots=True)
class Owner:
    style: int  # finplat.api.v1.ErrorStyle
    quota: ServiceQuota | None = None


GATEWAY = Owner(GATEWAY_STYLE)


def route_owner(spec: RouteSpec) -> Owner:
    quota = policy_for(spec.full_method).quota
    service = spec.method.containing_service.full_name
    return Owner(
        spec.service_rules.error_style or GATEWAY_STYLE,
        ServiceQuota(service, quota) if quota is not None else None,
    )


class Owners:
    def __init__(self, families: FamilyTable, routes: Sequence[RouteSpec]) -> None:
        self.families = families
        found: dict[str, set[Owner]] = {}
        for spec in routes:
            family = families.family_of(literal_prefix(spec.template))
            if family is not None:
                found.setdefault(family.prefix, set()).add(route_owner(spec))
        self._by_family = {
            prefix: owners.pop() for prefix, owners in found.items() if len(owners) == 1
        }

    def quotas(self) -> list[ServiceQuota]:
        """The per-caller quotas of the services that own a family."""
        return [o.quota for o in self._by_family.values() if o.quota is not None]

    def of(self, path: str) -> Owner:
        """The owner of `path`'s family when its routes agree, else the gateway."""
        family = self.families.family_of(path)
        if family is None:
            return GATEWAY
        return self._by_family.get(family.prefix, GATEWAY)
