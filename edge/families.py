"""The specs' routing list: which backend owns each proxied path family.

Routes themselves come from the protos (a route's backend is its service's
`ServiceRules.backend`); this table is the operator-facing map of path families:
spec 1's "Routed path families", every path family of specs 2 (analytics and the
expense service) and 3 (project finance), and the JWKS document. It serves four
purposes:

- a contract guard: at start-up every proto route must fall in a family owned by the
  same backend, so a proto that binds a path to the wrong backend fails loudly;
- labels: requests that match no route are still attributed to a family and backend
  in metrics, logs and /health/detailed;
- ownership: a request that matches no route is answered in the error body of the
  service owning its family (edge/owners.py);
- documentation: /health/detailed lists the families and where they go.

Longest prefix wins, which is how the specs' exceptions work:
`/api/analytics/portfolio` and `/api/analytics/projects` belong to project finance
while the rest of `/api/analytics/*` belongs to analytics.

Budgets: spec 1's backend table lists budgets under the main application, but GAPS
makes `/api/budgets` and `/api/v1/intelligence/budgets/*` additional bindings of the
analytics budget RPCs (`/api/planning/budgets`), so they route to analytics; see
docs/gateway.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Family:
    """`prefix` matches the path itself or any path below it (segment boundary)."""

    prefix: str
    backend: str

    def contains(self, path: str) -> bool:
        if not path.startswith(self.prefix):
            return False
        rest = path[len(self.prefix) :]
        return not rest or rest[0] == "/" or self.prefix.endswith("/")


FAMILIES: tuple[Family, ...] = (
    Family("/api/auth", "main"),
    Family("/api/invoices", "main"),
    Family("/api/payments", "main"),
    Family("/api/projects", "main"),
    Family("/api/teams", "main"),
    Family("/api/v1/accounting/ledger", "main"),
    Family("/api/v1/accounting/recon", "main"),
    Family("/api/v1/accounting/reports", "main"),
    # Not in the routing list but in spec 1's endpoint table of the main application.
    Family("/api/sessions", "main"),
    Family("/api/security", "main"),
    Family("/.well-known/jwks.json", "main"),
    Family("/api/budgets", "analytics"),
    Family("/api/v1/intelligence/budgets", "analytics"),
    Family("/api/documents", "analytics"),
    Family("/api/transactions", "analytics"),
    Family("/api/analytics", "analytics"),
    Family("/api/planning", "analytics"),
    # Spec 2's further analytics families, not in spec 1's routing list.
    Family("/api/v1/goals", "analytics"),
    Family("/api/goals", "analytics"),
    Family("/api/cashflow", "analytics"),
    Family("/api/categories", "analytics"),
    Family("/api/system", "analytics"),
    Family("/api/health", "analytics"),
    Family("/version", "analytics"),
    Family("/api/analytics/portfolio", "projectfinance"),
    Family("/api/project-finance", "projectfinance"),
    Family("/api/milestones", "projectfinance"),
    # Spec 3's further project-finance families.
    Family("/api/analytics/projects", "projectfinance"),
    Family("/api/approvals", "projectfinance"),
    Family("/api/compliance", "projectfinance"),
    Family("/api/cost-centers", "projectfinance"),
    Family("/api/phases", "projectfinance"),
    Family("/expense/v1", "expense"),
)


def _head(path: str, segments: int) -> str:
    """The first `segments` segments of an absolute path: _head("/a/b/c", 2) == "/a/b"."""
    return "/" + "/".join(path[1:].split("/", segments)[:segments])


class FamilyTable:
    def __init__(self, families: Iterable[Family] = FAMILIES) -> None:
        # Longest prefix first: the first family that contains a path is the most specific.
        self.families: tuple[Family, ...] = tuple(
            sorted(families, key=lambda f: len(f.prefix), reverse=True)
        )
        # Looked up on every request: candidates by the path's first two segments (families
        # of one segment, like /version, by the first), instead of trying them all.
        self._index: dict[str, list[Family]] = {}
        for family in self.families:
            depth = min(2, len(family.prefix.strip("/").split("/")))
            self._index.setdefault(_head(family.prefix, depth), []).append(family)

    def family_of(self, path: str) -> Family | None:
        for key in (_head(path, 2), _head(path, 1)):
            for family in self._index.get(key, ()):
                if family.contains(path):
                    return family
        return None

    def backend_of(self, path: str) -> str | None:
        family = self.family_of(path)
        return family.backend if family else None


def literal_prefix(template: str) -> str:
    """The part of a URL template before its first variable: "/api/x/{id}" → "/api/x"."""
    head = template.split("{", 1)[0]
    return head.rstrip("/") if "{" in template else head


def misrouted(table: FamilyTable, routes: Sequence[tuple[str, str]]) -> list[str]:
    """(template, backend) pairs whose family is missing or owned by another backend."""
    problems: list[str] = []
    for template, backend in routes:
        owner = table.backend_of(literal_prefix(template))
        if owner != backend:
            where = f"the {owner} family" if owner else "no routed family"
            problems.append(f"{template} is served by {backend} but falls in {where}")
    return problems
