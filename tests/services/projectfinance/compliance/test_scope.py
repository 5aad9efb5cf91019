"""Every compliance RPC — the three reports, their reads and the signing key — needs
`project-finance:compliance:view` and nothing else: a caller whose token lacks it is
refused (403 through the edge), one that has it (every tenant role, viewer included —
the e2e module shows the viewer) is admitted. No tenant role lacks the scope: the
refusal is shown here on the policy the auth interceptor applies, and end to end with a
token re-signed without the scope (tests/e2e/test_pf_compliance.py)."""

from __future__ import annotations

import pytest
from finplat.projectfinance.v1 import compliance_pb2

from services.runtime.auth import Gatekeeper
from services.runtime.errors import PermissionDenied
from services.runtime.policy import policy_for
from services.runtime.principal import Principal

SCOPE = "project-finance:compliance:view"
SERVICE = compliance_pb2.DESCRIPTOR.services_by_name["ComplianceService"]
METHODS = [f"/{SERVICE.full_name}/{method.name}" for method in SERVICE.methods]


@pytest.mark.parametrize("method", METHODS)
def test_each_rpc_needs_the_compliance_view_scope(method: str) -> None:
    policy = policy_for(method)
    assert policy.scopes == {SCOPE} and not policy.public and policy.backend == "projectfinance"
    lacking = Principal("u", "user", scopes=frozenset({"project-finance:records:view"}))
    with pytest.raises(PermissionDenied, match=SCOPE):
        Gatekeeper.authorize(policy, lacking)
    Gatekeeper.authorize(policy, Principal("u", "user", scopes=frozenset({SCOPE})))


def test_the_service_has_the_seven_rpcs() -> None:
    assert len(METHODS) == 7
