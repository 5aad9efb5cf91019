"""Forgot-password and resend-verification must not tell, by their response time, whether
an address is registered (issue 10, C2): both paths do the same work (a token minted,
hashed and written, an email rendered and queued), so their latencies through the real
stack are the same.

A statistical test, not a timed one: each request for the registered address is paired
with one for an unknown address, sent right before or after it (in a random order), so a
loaded machine slows both alike; the pairs' differences are compared with a two-sided
Wilcoxon signed-rank test, and no absolute time is asserted. The calls go to the stack's
main backend directly, where the two paths part: the edge in front adds the same work
to both, and only noise to the comparison.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence

import grpc
import pytest
from finplat.identity.v1 import auth_pb2, auth_pb2_grpc

from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import IdentityClient, SmtpSink

# Response times are compared: measured alone, never beside a parallel worker.
pytestmark = [pytest.mark.e2e, pytest.mark.serial]

PAIRS = 60
WARM_UP = 5
# Background work a request leaves behind (the backend's mail thread starts 50 ms after
# the answer, then delivers to the sink in this process) is let finish before the next
# request, so it never lands in another request's time.
SETTLE_SECONDS = 0.1
# Refused when the difference is both significant and large enough to matter. Before the
# fix the registered path took 1.3x-1.9x as long, with p below 1e-4.
ALPHA = 0.01
TOLERATED_RATIO = 1.1

Call = Callable[[str], object]


def signed_rank_p(differences: Sequence[float]) -> float:
    """Two-sided p-value of the Wilcoxon signed-rank test that the differences are centred
    on zero (normal approximation with tie correction: exact enough for 60 pairs)."""
    nonzero = sorted((abs(d), d > 0) for d in differences if d != 0)
    n = len(nonzero)
    if n == 0:
        return 1.0
    positive_ranks = 0.0
    ties = 0.0
    i = 0
    while i < n:
        j = i
        while j + 1 < n and nonzero[j + 1][0] == nonzero[i][0]:
            j += 1
        rank = (i + j) / 2 + 1
        positive_ranks += rank * sum(1 for k in range(i, j + 1) if nonzero[k][1])
        size = j - i + 1
        ties += size**3 - size
        i = j + 1
    mean = n * (n + 1) / 4
    variance = n * (n + 1) * (2 * n + 1) / 24 - ties / 48
    if variance <= 0:
        return 1.0
    z = max(abs(positive_ranks - mean) - 0.5, 0.0) / math.sqrt(variance)
    return math.erfc(z / math.sqrt(2))


def test_the_signed_rank_test_tells_a_shift_from_noise() -> None:
    rng = random.Random(7)
    noise = [rng.gauss(0, 1) for _ in range(60)]
    assert signed_rank_p(noise) > 0.01
    assert signed_rank_p([d + 1.5 for d in noise]) < 1e-6
    assert signed_rank_p([0.0] * 10) == 1.0


@pytest.fixture(scope="module")
def auth(identity_stack: RunningStack) -> Iterator[auth_pb2_grpc.AuthServiceStub]:
    with grpc.insecure_channel(identity_stack.running.backend_addresses["main"]) as channel:
        yield auth_pb2_grpc.AuthServiceStub(channel)  # type: ignore[no-untyped-call]


def _setup(
    identity: IdentityClient, auth: auth_pb2_grpc.AuthServiceStub, path: str
) -> tuple[str, Call]:
    """(a registered address for which `path` sends an email, the call of `path`)."""
    if path == "resend-verification":
        known = identity.new_account()  # registered, not yet verified: a mail is due
        assert identity.register(known).status_code == 202
        return known.email, lambda email: auth.ResendVerification(
            auth_pb2.ResendVerificationRequest(email=email)
        )
    return identity.verified().email, lambda email: auth.ForgotPassword(
        auth_pb2.ForgotPasswordRequest(email=email)
    )


@pytest.mark.parametrize("path", ["forgot-password", "resend-verification"])
def test_response_time_does_not_tell_a_registered_address(
    identity: IdentityClient, auth: auth_pb2_grpc.AuthServiceStub, smtp: SmtpSink, path: str
) -> None:
    address, call = _setup(identity, auth, path)
    mails = len(smtp.to(address))
    unknown = (f"nobody-{i}-{time.monotonic_ns()}@example.com" for i in range(10**6))

    def timed(registered: bool) -> float:
        nonlocal mails
        started = time.perf_counter()
        call(address if registered else next(unknown))
        elapsed = time.perf_counter() - started
        if registered:
            mails += 1
            smtp.wait_for(address, mails)  # the real email did go out
        time.sleep(SETTLE_SECONDS)
        return elapsed

    rng = random.Random(path)
    pairs: list[tuple[float, float]] = []
    for index in range(WARM_UP + PAIRS):
        known_first = rng.random() < 0.5
        first = timed(known_first)
        second = timed(not known_first)
        if index >= WARM_UP:
            pairs.append((first, second) if known_first else (second, first))

    p = signed_rank_p([known - other for known, other in pairs])
    ratio = statistics.median(known / other for known, other in pairs)
    summary = (
        f"registered {statistics.median(k for k, _ in pairs) * 1000:.2f} ms, "
        f"unknown {statistics.median(u for _, u in pairs) * 1000:.2f} ms, "
        f"median ratio {ratio:.3f} over {PAIRS} pairs, signed-rank p={p:.2g}"
    )
    print(summary)  # shown with -rP: the figures behind a pass, too
    assert p >= ALPHA or 1 / TOLERATED_RATIO <= ratio <= TOLERATED_RATIO, summary
