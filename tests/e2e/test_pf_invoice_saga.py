"""The milestone-invoice saga end to end through the edge, main and projectfinance each
a real process on PostgreSQL (a stack of this module's own: it stops, freezes and kills
them). Faults at every step — main down before creating the invoice, main frozen while
it creates it (the answer lost), main down after it, projectfinance killed (SIGKILL)
before or after creating and after issuing, a failpoint erroring after the issue — and
every run ends either completed (the milestone billed, exactly one issued invoice in
main, the revenue recognized once) or compensated (the invoice void, the milestone
still completed), never half-done. A projectfinance killed mid-saga resumes with nobody
calling, through the delegation grant (RFC 8693) its service account — provisioned by
the stack — obtained from the caller's token; a grant the user revokes leaves the saga
to the next user's call. The approval path (threshold → awaiting_approval →
approve → billed; reject → ends), tenant isolation, bad input in the project-finance
ErrorBody and the saga over real gRPC with the caller's token.

Sessions are checked with main at most every 10 minutes here
(FINPLAT_SESSION_CHECK_SECONDS), so a user's token still passes the edge and
projectfinance while main is away: what is tested is the saga, not the sign-in."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import httpx
import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.grpcurl_support import grpcurl
from tests.e2e.identity_support import IdentityClient, Session, SmtpSink
from tests.e2e.projectfinance_support import RECORDS, create_record, pf_error
from tests.e2e.team_support import member_of
from tools import stack

pytestmark = pytest.mark.e2e

MILESTONES = "/api/milestones"
FAILPOINTS = "FINPLAT_PROJECTFINANCE_SAGA_FAILPOINTS"
AMOUNT = 1234.5
PATIENCE = 120.0


@pytest.fixture(scope="module")
def saga_stack(
    _stack_factory: Callable[..., RunningStack], smtp: SmtpSink, redis_url: str
) -> RunningStack:
    return _stack_factory(
        backends=("main", "projectfinance"),
        own_databases=True,
        FINPLAT_SMTP_HOST="127.0.0.1",
        FINPLAT_SMTP_PORT=str(smtp.port),
        FINPLAT_REDIS_URL=redis_url,
        FINPLAT_ARGON2_MEMORY_COST="8192",
        FINPLAT_ARGON2_TIME_COST="1",
        FINPLAT_SESSION_CHECK_SECONDS="600",
        FINPLAT_PROJECTFINANCE_SAGA_POLL_SECONDS="0.5",
        FINPLAT_PROJECTFINANCE_MAIN_TIMEOUT_SECONDS="2",
    )


@pytest.fixture
def identity(saga_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    client = IdentityClient(saga_stack.edge_url, smtp)
    yield client
    client.close()


# A user of the module's stack whose calls tell when the edge reaches a restarted
# backend again (set once by `_probe`; started_again waits on it).
PROBE: dict[str, tuple[IdentityClient, Session]] = {}
# A read each backend answers (through the edge) once it is back.
PROBE_PATH = {"main": "/api/invoices", "projectfinance": "/api/approvals/thresholds"}


@pytest.fixture(scope="module", autouse=True)
def _probe(saga_stack: RunningStack, smtp: SmtpSink) -> Iterator[None]:
    client = IdentityClient(saga_stack.edge_url, smtp)
    PROBE["user"] = (client, client.session())
    yield
    PROBE.clear()
    client.close()


# -- the processes ------------------------------------------------------------------------


def process(saga_stack: RunningStack, name: str) -> stack.Process:
    return next(p for p in saga_stack.running.processes if p.name == name)


def started_again(saga_stack: RunningStack, name: str, *, failpoints: str = "") -> None:
    """(Re)start a backend (killing it if alive), with `failpoints` for projectfinance,
    and wait until it serves and the edge reaches it."""
    proc = process(saga_stack, name)
    if name == "projectfinance":
        proc.env = {**proc.env, FAILPOINTS: failpoints}
    stack.restart(proc, kill=True)
    stack.wait_grpc_serving(saga_stack.running.backend_addresses[name], proc, timeout=60)
    # The edge's health checks and breakers take a moment to see the new process.
    client, user = PROBE["user"]
    reached = through_edge(lambda: plain(client, "GET", PROBE_PATH[name], user))
    assert reached.status_code == 200, reached.text


def killed(saga_stack: RunningStack, name: str) -> None:
    proc = process(saga_stack, name)
    proc.popen.send_signal(signal.SIGKILL)
    proc.popen.wait(timeout=30)


@pytest.fixture
def clean(saga_stack: RunningStack) -> Iterator[None]:
    """Whatever a test broke, the next finds both backends up and no failpoint."""
    yield
    main = process(saga_stack, "main")
    if not main.alive():
        started_again(saga_stack, "main")
    else:
        main.popen.send_signal(signal.SIGCONT)
    pf = process(saga_stack, "projectfinance")
    if not pf.alive() or pf.env.get(FAILPOINTS):
        started_again(saga_stack, "projectfinance")


# -- the tenant's data --------------------------------------------------------------------


def completed_milestone(identity: IdentityClient, user: Session) -> tuple[dict[str, Any], str]:
    """A completed milestone of a fresh time-and-materials record (revenue is what is
    billed), and the record's id."""
    http = identity.http
    record = create_record(identity, user, revenue_model="time_and_materials")
    body = {"name": "Design", "amount": {"amount": AMOUNT, "currency": "EUR"}, "sequence": 1}
    created = http.post(f"{RECORDS}/{record['id']}/milestones", json=body, headers=user.auth)
    assert created.status_code == 201, created.text
    milestone: dict[str, Any] = created.json()
    url = f"{MILESTONES}/{milestone['id']}"
    progress = {"completion_percent": 50}
    assert http.post(f"{url}/progress", json=progress, headers=user.auth).status_code == 201
    done = http.post(f"{url}/complete", json={}, headers=user.auth)
    assert done.status_code == 201, done.text
    return done.json(), record["id"]


def plain(
    identity: IdentityClient, method: str, path: str, user: Session, **kwargs: Any
) -> httpx.Response:
    """A call that may meet a 5xx on purpose (a backend killed or away): not through the
    identity client, whose hook fails any 5xx."""
    url = f"{identity.http.base_url}{path}".replace("//api", "/api")
    return httpx.request(method, url, headers=user.auth, timeout=30, **kwargs)


def through_edge(send: Callable[[], httpx.Response]) -> httpx.Response:
    """A call repeated while the edge cannot reach a backend just restarted (its
    health checks and breakers take a moment to see the new process)."""
    deadline = time.monotonic() + 60
    while (response := send()).status_code in (502, 503, 504):
        assert time.monotonic() < deadline, response.text
        time.sleep(0.3)
    return response


def invoice_once(
    identity: IdentityClient, user: Session, milestone: dict[str, Any]
) -> httpx.Response:
    return plain(identity, "POST", f"{MILESTONES}/{milestone['id']}/invoice", user, json={})


def invoice(identity: IdentityClient, user: Session, milestone: dict[str, Any]) -> httpx.Response:
    return through_edge(lambda: invoice_once(identity, user, milestone))


def saga_of(identity: IdentityClient, user: Session, milestone: dict[str, Any]) -> dict[str, Any]:
    path = f"{MILESTONES}/{milestone['id']}/invoice"
    response = through_edge(lambda: plain(identity, "GET", path, user))
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def until_final(
    identity: IdentityClient, user: Session, milestone: dict[str, Any]
) -> dict[str, Any]:
    """The user repeats POST …/invoice (each call runs what is left with the user's
    token) until the saga is final."""
    deadline = time.monotonic() + PATIENCE
    while True:
        response = invoice(identity, user, milestone)
        assert response.status_code in (200, 201), response.text
        saga: dict[str, Any] = response.json()
        if saga["status"] in ("completed", "compensated", "rejected", "cancelled"):
            return saga
        assert time.monotonic() < deadline, f"the saga never ended: {saga}"
        time.sleep(0.5)


def unattended(
    identity: IdentityClient, user: Session, milestone: dict[str, Any], *, until: str = ""
) -> dict[str, Any]:
    """Only read the saga (GET) until it is final, or its last error says `until`: what
    the runner does with nobody calling."""
    deadline = time.monotonic() + PATIENCE
    while True:
        saga = saga_of(identity, user, milestone)
        done = until in (saga["last_error"] or "") if until else saga["step"] == "done"
        if done:
            return saga
        assert time.monotonic() < deadline, f"the runner never got there: {saga}"
        time.sleep(0.5)


def delegated_sessions(identity: IdentityClient, user: Session) -> list[dict[str, Any]]:
    """The user's active sessions that are delegation grants (named after the actor)."""
    listed = through_edge(lambda: plain(identity, "GET", "/api/sessions", user))
    assert listed.status_code == 200, listed.text
    sessions: list[dict[str, Any]] = listed.json()["sessions"]
    return [s for s in sessions if "(delegated)" in s["device"]]


def main_invoices(identity: IdentityClient, user: Session) -> list[dict[str, Any]]:
    listed = through_edge(
        lambda: plain(identity, "GET", "/api/invoices", user, params={"limit": 100})
    )
    assert listed.status_code == 200, listed.text
    data: list[dict[str, Any]] = listed.json()["data"]
    return data


def recognized(identity: IdentityClient, user: Session, record_id: str) -> Decimal:
    body = through_edge(lambda: plain(identity, "GET", f"{RECORDS}/{record_id}", user)).json()
    return Decimal(str(body["recognized_revenue"]["amount"]))


def assert_completed(
    identity: IdentityClient, user: Session, milestone: dict[str, Any], record_id: str
) -> None:
    saga = saga_of(identity, user, milestone)
    assert (saga["status"], saga["step"], saga["last_error"]) == ("completed", "done", None)
    invoices = main_invoices(identity, user)
    assert [(i["status"], i["number"], i["total"]) for i in invoices] == [
        ("issued", saga["invoice_number"], "1234.50")
    ]
    billed = identity.http.get(f"{MILESTONES}/{milestone['id']}", headers=user.auth).json()
    assert (billed["status"], billed["invoice_number"]) == ("billed", saga["invoice_number"])
    assert billed["billed_at"] is not None and billed["invoice_id"] == 1
    assert recognized(identity, user, record_id) == Decimal("1234.5")


def assert_compensated(
    identity: IdentityClient, user: Session, milestone: dict[str, Any], record_id: str
) -> None:
    saga = saga_of(identity, user, milestone)
    assert (saga["status"], saga["step"]) == ("compensated", "done") and saga["last_error"]
    assert [i["status"] for i in main_invoices(identity, user)] in ([], ["void"])
    still = identity.http.get(f"{MILESTONES}/{milestone['id']}", headers=user.auth).json()
    assert (still["status"], still["invoice_id"], still["billed_at"]) == ("completed", None, None)
    assert recognized(identity, user, record_id) == 0


def crash_invoicing(
    saga_stack: RunningStack, identity: IdentityClient, user: Session, milestone: dict[str, Any]
) -> None:
    """POST …/invoice until the call reaches projectfinance and its failpoint kills it
    (the edge answers 503 until it sees the restarted process); never a success."""
    pf = process(saga_stack, "projectfinance")
    deadline = time.monotonic() + 60
    while pf.alive():
        assert invoice_once(identity, user, milestone).status_code >= 500
        assert time.monotonic() < deadline, "the failpoint never fired"
        time.sleep(0.2)


# -- faults at each step ------------------------------------------------------------------


def test_main_down_before_the_invoice_is_created(
    saga_stack: RunningStack, identity: IdentityClient, clean: None
) -> None:
    user = identity.session()
    milestone, record_id = completed_milestone(identity, user)
    killed(saga_stack, "main")
    stuck = invoice_once(identity, user, milestone)
    assert stuck.status_code == 201, stuck.text
    saga = stuck.json()
    assert (saga["status"], saga["step"], saga["attempts"]) == ("invoicing", "create_invoice", 1)
    assert "UNAVAILABLE" in saga["last_error"] or "DEADLINE" in saga["last_error"]
    # The stuck saga is visible as it is.
    assert saga_of(identity, user, milestone) == saga
    started_again(saga_stack, "main")
    until_final(identity, user, milestone)
    assert_completed(identity, user, milestone, record_id)


def test_main_frozen_while_creating_the_invoice_loses_its_answer_not_the_invoice(
    saga_stack: RunningStack, identity: IdentityClient, clean: None
) -> None:
    user = identity.session()
    milestone, record_id = completed_milestone(identity, user)
    main = process(saga_stack, "main")
    main.popen.send_signal(signal.SIGSTOP)
    try:
        stuck = invoice_once(identity, user, milestone).json()
    finally:
        # Main takes the request it had in its socket and may create the invoice now.
        main.popen.send_signal(signal.SIGCONT)
    assert (stuck["status"], stuck["step"]) == ("invoicing", "create_invoice"), stuck
    assert "DEADLINE_EXCEEDED" in stuck["last_error"] or "UNAVAILABLE" in stuck["last_error"]
    until_final(identity, user, milestone)
    assert_completed(identity, user, milestone, record_id)


def test_main_down_after_the_invoice_is_created(
    saga_stack: RunningStack, identity: IdentityClient, clean: None
) -> None:
    user = identity.session()
    milestone, record_id = completed_milestone(identity, user)
    # projectfinance dies right after main created the draft, before storing it.
    started_again(saga_stack, "projectfinance", failpoints="after_create:crash")
    crash_invoicing(saga_stack, identity, user, milestone)
    killed(saga_stack, "main")
    started_again(saga_stack, "projectfinance")
    # The dead call's lease runs out; then the saga waits for main, visibly.
    deadline = time.monotonic() + PATIENCE
    while (saga := invoice(identity, user, milestone).json())["attempts"] == 0:
        assert time.monotonic() < deadline, saga
        time.sleep(0.5)
    assert (saga["status"], saga["step"]) == ("invoicing", "create_invoice")
    started_again(saga_stack, "main")
    until_final(identity, user, milestone)
    # The draft main created before the crash is the one issued: one invoice.
    assert_completed(identity, user, milestone, record_id)


@pytest.mark.parametrize("failpoint", ["before_create", "after_create", "after_issue"])
def test_projectfinance_killed_mid_saga_resumes_on_its_own_and_bills_once(
    saga_stack: RunningStack, identity: IdentityClient, clean: None, failpoint: str
) -> None:
    user = identity.session()
    milestone, record_id = completed_milestone(identity, user)
    started_again(saga_stack, "projectfinance", failpoints=f"{failpoint}:crash")
    crash_invoicing(saga_stack, identity, user, milestone)
    started_again(saga_stack, "projectfinance")
    # Nobody calls POST …/invoice again: the runner resumes with the delegation grant
    # the crashed call obtained, once that call's lease has run out.
    saga = unattended(identity, user, milestone)
    assert saga["status"] == "completed", saga
    assert_completed(identity, user, milestone, record_id)
    # The grant ended with the saga: its session is gone from the user's list.
    assert delegated_sessions(identity, user) == []


def test_the_grant_is_a_session_of_the_user_who_may_revoke_it(
    saga_stack: RunningStack, identity: IdentityClient, clean: None
) -> None:
    user = identity.session()
    milestone, record_id = completed_milestone(identity, user)
    started_again(saga_stack, "projectfinance", failpoints="before_create:crash")
    crash_invoicing(saga_stack, identity, user, milestone)
    # The crashed call left a grant: a session of the user's, named after projectfinance
    # and the saga, which the user revokes like any other.
    (grant,) = delegated_sessions(identity, user)
    assert "projectfinance" in grant["device"] and "invoice saga" in grant["device"]
    assert not grant["current"]
    revoked = identity.http.post(
        "/api/sessions/revoke", json={"session_id": grant["id"]}, headers=user.auth
    )
    assert revoked.status_code == 200, revoked.text
    started_again(saga_stack, "projectfinance")
    # The runner finds the grant refused, forgets it, and the saga waits for a user.
    waiting = unattended(identity, user, milestone, until="the grant was refused")
    assert (waiting["status"], waiting["step"]) == ("invoicing", "create_invoice")
    assert "UNAUTHENTICATED" in waiting["last_error"] and main_invoices(identity, user) == []
    until_final(identity, user, milestone)
    assert_completed(identity, user, milestone, record_id)
    assert delegated_sessions(identity, user) == []


def test_a_failure_after_the_issue_voids_the_invoice(
    saga_stack: RunningStack, identity: IdentityClient, clean: None
) -> None:
    user = identity.session()
    milestone, record_id = completed_milestone(identity, user)
    started_again(saga_stack, "projectfinance", failpoints="after_issue:error")
    response = invoice(identity, user, milestone)
    assert response.status_code == 201, response.text
    assert "after_issue" in response.json()["last_error"]
    assert_compensated(identity, user, milestone, record_id)
    assert [i["status"] for i in main_invoices(identity, user)] == ["void"]
    # Final: a repeat changes nothing.
    assert invoice(identity, user, milestone).json() == saga_of(identity, user, milestone)


# -- approvals ----------------------------------------------------------------------------


def awaiting(identity: IdentityClient, owner: Session) -> tuple[dict[str, Any], str, str]:
    """A completed milestone whose invoicing waits for an approval (threshold 0)."""
    http = identity.http
    threshold = http.put(
        "/api/approvals/thresholds/milestone_invoice", json={"amount_minor": 0}, headers=owner.auth
    )
    assert threshold.status_code == 200, threshold.text
    milestone, record_id = completed_milestone(identity, owner)
    started = invoice(identity, owner, milestone)
    assert started.status_code == 201, started.text
    saga = started.json()
    assert (saga["status"], saga["step"]) == ("awaiting_approval", "await_approval")
    approval = http.get(f"/api/approvals/{saga['approval_id']}", headers=owner.auth).json()
    assert (approval["entity_type"], approval["entity_id"], approval["status"]) == (
        "milestone_invoice",
        milestone["id"],
        "pending",
    )
    assert approval["amount_minor"] == 123450
    # Waiting: repeating changes nothing and nothing reaches main.
    assert invoice(identity, owner, milestone).json()["status"] == "awaiting_approval"
    assert main_invoices(identity, owner) == []
    return milestone, record_id, saga["approval_id"]


def wait_for(
    identity: IdentityClient, user: Session, milestone: dict[str, Any], step: str
) -> dict[str, Any]:
    """What the runner does on its own (no token): poll the saga until it reaches `step`."""
    deadline = time.monotonic() + 30
    while (saga := saga_of(identity, user, milestone))["step"] != step:
        assert time.monotonic() < deadline, saga
        time.sleep(0.2)
    return saga


def test_an_approved_invoice_is_billed(identity: IdentityClient, clean: None) -> None:
    owner = identity.session()
    milestone, record_id, approval_id = awaiting(identity, owner)
    manager = member_of(identity, owner, "manager")
    approved = identity.http.post(
        f"/api/approvals/{approval_id}/approve", json={"notes": "ok"}, headers=manager.auth
    )
    assert approved.status_code == 201, approved.text
    # The approve call carried the saga on with the approver's token: billed already,
    # with no further POST …/invoice.
    saga = saga_of(identity, owner, milestone)
    assert (saga["status"], saga["step"]) == ("completed", "done"), saga
    assert_completed(identity, owner, milestone, record_id)


def test_a_rejected_invoice_ends_the_saga(identity: IdentityClient, clean: None) -> None:
    owner = identity.session()
    milestone, record_id, approval_id = awaiting(identity, owner)
    manager = member_of(identity, owner, "manager")
    rejected = identity.http.post(
        f"/api/approvals/{approval_id}/reject", json={"notes": "no"}, headers=manager.auth
    )
    assert rejected.status_code == 201, rejected.text
    saga = wait_for(identity, owner, milestone, "done")
    assert saga["status"] == "rejected" and approval_id in saga["last_error"]
    assert invoice(identity, owner, milestone).json() == saga
    still = identity.http.get(f"{MILESTONES}/{milestone['id']}", headers=owner.auth).json()
    assert still["status"] == "completed" and main_invoices(identity, owner) == []
    assert recognized(identity, owner, record_id) == 0


# -- isolation, bad input, gRPC -----------------------------------------------------------


def test_another_tenant_bad_ids_and_wrong_states(identity: IdentityClient) -> None:
    http = identity.http
    owner, stranger = identity.session(), identity.session()
    milestone, _ = completed_milestone(identity, owner)
    assert invoice(identity, owner, milestone).json()["status"] == "completed"
    url = f"{MILESTONES}/{milestone['id']}/invoice"
    pf_error(http.get(url, headers=stranger.auth), 404, "not_found")
    pf_error(http.post(url, json={}, headers=stranger.auth), 404, "not_found")
    assert main_invoices(identity, stranger) == []
    pf_error(
        http.post(f"{MILESTONES}/not-a-uuid/invoice", json={}, headers=owner.auth),
        400,
        "validation_error",
        "milestone_id",
    )
    pf_error(
        http.get(f"{MILESTONES}/not-a-uuid/invoice", headers=owner.auth),
        400,
        "validation_error",
        "milestone_id",
    )
    record = create_record(identity, owner)
    body = {"name": "Later", "amount": {"amount": 10, "currency": "EUR"}, "sequence": 1}
    pending = http.post(
        f"{RECORDS}/{record['id']}/milestones", json=body, headers=owner.auth
    ).json()
    pf_error(invoice(identity, owner, pending), 409, "invalid_transition")
    pf_error(
        http.get(f"{MILESTONES}/{pending['id']}/invoice", headers=owner.auth), 404, "not_found"
    )
    viewer = member_of(identity, owner, "viewer")
    pf_error(http.post(url, json={}, headers=viewer.auth), 403)
    assert http.get(url, headers=viewer.auth).status_code == 200


def test_grpcurl_invoices_with_the_callers_token(
    saga_stack: RunningStack, identity: IdentityClient
) -> None:
    owner = identity.session()
    milestone, _ = completed_milestone(identity, owner)
    address = saga_stack.running.backend_addresses["projectfinance"]
    request = json.dumps({"milestone_id": milestone["id"]})
    auth = f"authorization: Bearer {owner.access_token}"
    got = grpcurl(
        "-H",
        auth,
        "-d",
        request,
        address,
        "finplat.projectfinance.v1.MilestoneService/InvoiceMilestone",
    )
    assert got.returncode == 0, got.stderr
    reply = json.loads(got.stdout)
    assert reply["created"] is True and reply["saga"]["status"] == "completed"
    read = grpcurl(
        "-H",
        auth,
        "-d",
        request,
        address,
        "finplat.projectfinance.v1.MilestoneService/GetMilestoneInvoice",
    )
    assert read.returncode == 0, read.stderr
    assert json.loads(read.stdout)["saga"]["invoice_number"] == reply["saga"]["invoice_number"]
    stranger = identity.session()
    hidden = grpcurl(
        "-H",
        f"authorization: Bearer {stranger.access_token}",
        "-d",
        request,
        address,
        "finplat.projectfinance.v1.MilestoneService/GetMilestoneInvoice",
    )
    assert hidden.returncode != 0 and "NotFound" in hidden.stderr


def test_grpcurl_token_exchange_is_for_service_accounts_only(
    saga_stack: RunningStack, identity: IdentityClient
) -> None:
    user = identity.session()
    address = saga_stack.running.backend_addresses["main"]
    listed = grpcurl(address, "list")
    assert "finplat.identity.v1.TokenExchangeService" in listed.stdout, listed.stderr
    request = json.dumps(
        {
            "subject_token": user.access_token,
            "subject_token_type": "urn:ietf:params:oauth:token-type:access_token",
            "scope": "invoices:manage",
        }
    )
    refused = grpcurl(
        "-H",
        f"authorization: Bearer {user.access_token}",
        "-d",
        request,
        address,
        "finplat.identity.v1.TokenExchangeService/ExchangeToken",
    )
    assert refused.returncode != 0 and "PermissionDenied" in refused.stderr
