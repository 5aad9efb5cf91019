"""Where access-token signing keys come from: a JWKS document, cached and refetched sparingly.

The main backend signs access tokens and publishes its public keys as a JWKS; every
verifier (edge and backends) fetches that document and keeps the keys by `kid`. Rotation
works by overlap: a new kid is published before tokens are signed with it, so a verifier
meeting an unknown kid refetches once, while a flood of forged kids costs at most one
fetch per `min_refetch_seconds`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

import httpx
import jwt
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey, RSAPublicKey
from jwt.algorithms import RSAAlgorithm

_log = logging.getLogger("finplat.runtime.tokens")

SIGNING_ALGORITHM = "RS256"
# RFC 7518 §3.3: RS256 keys must be at least 2048 bits.
_MIN_KEY_BITS = 2048


class KeySource(Protocol):
    def key(self, kid: str) -> RSAPublicKey | None:
        """The public key published under `kid`; None when unknown (may refetch first)."""
        ...


class JwksDocumentSource:
    """Keys of a JWKS document, cached by kid; `fetch` returns the document.

    Fetches are serialised (one at a time, concurrent callers reuse its result) and never
    more frequent than `min_refetch_seconds`, whatever triggers them: an expired document
    or an unknown kid. A failed fetch keeps the keys already known.
    """

    def __init__(
        self,
        fetch: Callable[[], Mapping[str, Any]],
        *,
        cache_seconds: float = 300.0,
        min_refetch_seconds: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._fetch = fetch
        self._cache_seconds = cache_seconds
        self._min_refetch_seconds = min_refetch_seconds
        self._clock = clock
        self._lock = threading.Lock()
        # Replaced as a whole, never mutated: readers need no lock.
        self._keys: Mapping[str, RSAPublicKey] = {}
        self._loaded_at: float | None = None  # last successful fetch
        self._attempted_at: float | None = None  # last fetch, successful or not

    def key(self, kid: str) -> RSAPublicKey | None:
        if self._expired():
            # Once keys are known, an old document is still good enough for the callers
            # arriving while another thread refetches it: they do not queue behind it.
            self._refresh(self._expired, wait=self._loaded_at is None)
        found = self._keys.get(kid)
        if found is None:
            # Perhaps a key published since the last fetch (rotation): worth waiting for.
            self._refresh(lambda: kid not in self._keys, wait=True)
            found = self._keys.get(kid)
        return found

    def _expired(self) -> bool:
        return self._loaded_at is None or self._clock() - self._loaded_at >= self._cache_seconds

    def _refresh(self, still_needed: Callable[[], bool], *, wait: bool) -> None:
        """Fetch the document unless one was fetched recently (or meanwhile, by another thread).

        Without `wait`, return at once when another thread is already fetching.
        """
        if not self._lock.acquire(blocking=wait):
            return
        try:
            now = self._clock()
            recent = (
                self._attempted_at is not None
                and now - self._attempted_at < self._min_refetch_seconds
            )
            if recent or not still_needed():
                return
            self._attempted_at = now
            try:
                keys = parse_jwks(self._fetch())
            except Exception as exc:
                _log.warning("JWKS fetch failed, keeping %d known key(s): %s", len(self._keys), exc)
                return
            self._keys = keys
            self._loaded_at = now
        finally:
            self._lock.release()


def parse_jwks(document: Mapping[str, Any]) -> dict[str, RSAPublicKey]:
    """The usable RS256 verification keys of a JWKS document, by kid; others are skipped.

    Raises ValueError when the document itself is malformed (not `{"keys": [...]}`).
    """
    if not isinstance(document, Mapping) or not isinstance(document.get("keys"), list):
        raise ValueError("JWKS document must be an object with a 'keys' list")
    keys: dict[str, RSAPublicKey] = {}
    for entry in document["keys"]:
        parsed = _verification_key(entry)
        if parsed is None:
            continue
        kid, key = parsed
        if kid in keys:
            _log.warning("JWKS lists kid %r twice; keeping the first", kid)
            continue
        keys[kid] = key
    return keys


def _verification_key(entry: object) -> tuple[str, RSAPublicKey] | None:
    if not isinstance(entry, Mapping):
        return None
    kid = entry.get("kid")
    if entry.get("kty") != "RSA" or not isinstance(kid, str) or not kid:
        return None
    if entry.get("use", "sig") != "sig" or entry.get("alg", SIGNING_ALGORITHM) != SIGNING_ALGORITHM:
        return None
    if "d" in entry:
        # A published private key is a leak, not a verification key: never trust it.
        _log.warning("JWKS key %r carries private material; skipped", kid)
        return None
    try:
        key = RSAAlgorithm.from_jwk(dict(entry))
    except (jwt.InvalidKeyError, ValueError, TypeError) as exc:
        _log.warning("JWKS key %r is not a valid RSA key; skipped: %s", kid, exc)
        return None
    if isinstance(key, RSAPrivateKey) or key.key_size < _MIN_KEY_BITS:
        _log.warning("JWKS key %r is not a usable RS256 public key; skipped", kid)
        return None
    return kid, key


def http_jwks_source(
    url: str,
    *,
    cache_seconds: float,
    min_refetch_seconds: float,
    timeout: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
) -> JwksDocumentSource:
    """A key source reading the JWKS at `url` (e.g. the edge's /.well-known/jwks.json)."""
    # One client for the process: keeps the connection to the JWKS host alive between
    # fetches. Fetches are serialised by the source, so sharing it is safe.
    client = httpx.Client(timeout=timeout)

    def fetch() -> Mapping[str, Any]:
        response = client.get(url, headers={"accept": "application/json"})
        response.raise_for_status()
        document = response.json()
        if not isinstance(document, Mapping):
            raise ValueError("JWKS response is not a JSON object")
        return document

    return JwksDocumentSource(
        fetch, cache_seconds=cache_seconds, min_refetch_seconds=min_refetch_seconds, clock=clock
    )


def jwk_from_public_key(public_key: RSAPublicKey, kid: str) -> dict[str, str]:
    """The JWK under which `public_key` is published (for the issuer's JWKS)."""
    numbers = RSAAlgorithm.to_jwk(public_key, as_dict=True)
    # `key_ops` is dropped: RFC 7517 §4.3 says not to combine it with `use`.
    return {
        "kty": "RSA",
        "use": "sig",
        "alg": SIGNING_ALGORITHM,
        "kid": kid,
        "n": str(numbers["n"]),
        "e": str(numbers["e"]),
    }


def jwks_document(keys: Iterable[tuple[str, RSAPublicKey]]) -> dict[str, list[dict[str, str]]]:
    """A JWKS document publishing `(kid, public key)` pairs."""
    return {"keys": [jwk_from_public_key(key, kid) for kid, key in keys]}
