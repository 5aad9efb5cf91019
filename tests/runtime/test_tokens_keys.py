"""JWKS key source: which keys are accepted, caching, bounded refetch, failures."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from services.runtime.tokens import JwksDocumentSource, jwk_from_public_key, jwks_document
from tests.runtime.tokens_support import (
    FakeClock,
    JwksServer,
    clock_fixture,  # noqa: F401
    jwks_fixture,  # noqa: F401
    keys_of,
    public,
    rsa_key,
)


def test_jwk_from_public_key_round_trips() -> None:
    jwk = jwk_from_public_key(public("k1"), "k1")
    assert set(jwk) == {"kty", "use", "alg", "kid", "n", "e"}
    assert (jwk["kty"], jwk["use"], jwk["alg"], jwk["kid"]) == ("RSA", "sig", "RS256", "k1")
    key = JwksDocumentSource(lambda: {"keys": [jwk]}).key("k1")
    assert key is not None
    assert key.public_numbers() == public("k1").public_numbers()


def test_only_rs256_signature_keys_are_accepted(caplog: pytest.LogCaptureFixture) -> None:
    def rsa_jwk(kid: str, **fields: Any) -> dict[str, Any]:
        return {**jwk_from_public_key(public("k1"), kid), **fields}

    bare = {k: v for k, v in rsa_jwk("bare").items() if k not in ("use", "alg")}
    ec_jwk = ECAlgorithm.to_jwk(ec.generate_private_key(ec.SECP256R1()).public_key(), as_dict=True)
    document = {
        "keys": [
            rsa_jwk("good"),
            bare,  # `use` and `alg` may be absent
            {**ec_jwk, "kid": "ec"},
            rsa_jwk("enc", use="enc"),
            rsa_jwk("rs512", alg="RS512"),
            {**jwk_from_public_key(public("k1"), "x"), "kid": ""},
            {**RSAAlgorithm.to_jwk(rsa_key("k1"), as_dict=True), "kid": "private"},
            jwk_from_public_key(rsa_key("short", 1024).public_key(), "short"),
            rsa_jwk("broken", n="!!"),
            "not an object",
            jwk_from_public_key(public("k2"), "good"),  # a duplicate kid: the first stays
        ]
    }
    source = JwksDocumentSource(lambda: document)
    good = source.key("good")
    assert good is not None
    assert good.public_numbers() == public("k1").public_numbers()
    assert source.key("bare") is not None
    for kid in ("ec", "enc", "rs512", "", "private", "short", "broken"):
        assert source.key(kid) is None, kid
    assert "private material" in caplog.text


@pytest.mark.parametrize("document", [{}, {"keys": {}}, {"keys": "x"}])
def test_malformed_document_is_a_failed_fetch(document: dict[str, Any], clock: FakeClock) -> None:
    fetches = []

    def fetch() -> dict[str, Any]:
        fetches.append(1)
        return document

    source = JwksDocumentSource(fetch, min_refetch_seconds=10, clock=clock)
    assert source.key("k1") is None
    assert source.key("k1") is None
    assert len(fetches) == 1


def test_document_is_cached_then_refetched_when_old(jwks: JwksServer, clock: FakeClock) -> None:
    source = keys_of(jwks, clock)
    assert source.key("k1") is not None
    clock.advance(299)
    assert source.key("k1") is not None
    assert jwks.requests == 1
    clock.advance(1)
    assert source.key("k1") is not None
    assert jwks.requests == 2


def test_unknown_kids_refetch_at_most_once_per_interval(jwks: JwksServer, clock: FakeClock) -> None:
    source = keys_of(jwks, clock)
    assert source.key("k1") is not None
    clock.advance(10)
    for n in range(50):
        assert source.key(f"forged-{n}") is None
        clock.advance(0.1)
    assert jwks.requests == 2  # the first fetch and a single refetch
    clock.advance(10)
    assert source.key("forged-again") is None
    assert jwks.requests == 3


def test_concurrent_callers_share_one_fetch(jwks: JwksServer, clock: FakeClock) -> None:
    source = keys_of(jwks, clock)
    start = threading.Barrier(16)
    found: list[bool] = []

    def look_up() -> None:
        start.wait()
        found.append(source.key("k1") is not None)
        found.append(source.key("unknown") is None)

    threads = [threading.Thread(target=look_up) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [True] * 32
    assert jwks.requests == 1


def test_expired_document_does_not_stall_other_callers(clock: FakeClock) -> None:
    document = jwks_document([("k1", public("k1"))])
    fetching, release = threading.Event(), threading.Event()
    fetches: list[int] = []

    def fetch() -> dict[str, Any]:
        fetches.append(1)
        if len(fetches) > 1:  # the refetch hangs, like a slow JWKS host
            fetching.set()
            release.wait(5)
        return document

    source = JwksDocumentSource(fetch, clock=clock)
    assert source.key("k1") is not None
    clock.advance(300)
    slow = threading.Thread(target=source.key, args=("k1",))
    slow.start()
    try:
        assert fetching.wait(5)
        started = time.monotonic()
        assert source.key("k1") is not None  # the old document, without waiting
        assert time.monotonic() - started < 1
    finally:
        release.set()
        slow.join()
    assert len(fetches) == 2


def test_http_error_keeps_known_keys_and_recovers(
    jwks: JwksServer, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    source = keys_of(jwks, clock)
    assert source.key("k1") is not None
    jwks.status = 503
    jwks.publish("k1", "k2")
    clock.advance(300)
    assert source.key("k1") is not None  # expired document, failed refetch: old keys kept
    assert source.key("k2") is None
    assert "JWKS fetch failed" in caplog.text
    jwks.status = 200
    clock.advance(10)
    assert source.key("k2") is not None


def test_first_fetch_failure_means_no_keys_until_retry(clock: FakeClock) -> None:
    server = JwksServer("k1")
    server.status = 500
    try:
        source = keys_of(server, clock)
        assert source.key("k1") is None
        assert source.key("k1") is None
        assert server.requests == 1  # failed attempts are bounded too
        server.status = 200
        clock.advance(10)
        assert source.key("k1") is not None
    finally:
        server.stop()


def test_server_gone_after_first_fetch_keeps_keys(jwks: JwksServer, clock: FakeClock) -> None:
    source = keys_of(jwks, clock)
    assert source.key("k1") is not None
    jwks.stop()
    for _ in range(3):
        clock.advance(400)
        assert source.key("k1") is not None
