"""Access-token verification (RFC 8725 / RFC 9068) through the edge over HTTP and directly
against main over gRPC, the JWKS, and header-spoofing prevention."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import jwt
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from finplat.identity.v1 import auth_pb2, auth_pb2_grpc
from jwt.algorithms import RSAAlgorithm

from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import (
    IdentityClient,
    Session,
    bearer,
    claims_of,
    gateway_error,
    signing_key_pem,
)

pytestmark = pytest.mark.e2e

PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "oth", "k"}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _segment(value: dict[str, Any]) -> str:
    return _b64(json.dumps(value, separators=(",", ":")).encode())


def sign_rs256(header: dict[str, Any], claims: dict[str, Any], key: rsa.RSAPrivateKey) -> str:
    signing_input = f"{_segment(header)}.{_segment(claims)}"
    signature = key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{signing_input}.{_b64(signature)}"


def sign_hs256(header: dict[str, Any], claims: dict[str, Any], secret: bytes) -> str:
    signing_input = f"{_segment(header)}.{_segment(claims)}"
    signature = hmac.new(secret, signing_input.encode(), hashlib.sha256).digest()
    return f"{signing_input}.{_b64(signature)}"


@dataclass
class Forge:
    """What an attacker (or the test) has to build tokens from."""

    session: Session
    claims: dict[str, Any]  # of a real token
    kid: str
    private_key: rsa.RSAPrivateKey  # the real signing key, read from main's database
    public_pem: bytes  # the real public key, from the JWKS
    reset_token: str
    verification_token: str

    def header(self, **override: Any) -> dict[str, Any]:
        header = {"alg": "RS256", "typ": "at+jwt", "kid": self.kid, **override}
        return {k: v for k, v in header.items() if v is not None}

    def body(self, **override: Any) -> dict[str, Any]:
        now = int(time.time())
        claims = {
            **self.claims,
            "iat": now,
            "nbf": now,
            "exp": now + 600,
            "jti": str(uuid.uuid4()),
            **override,
        }
        return {k: v for k, v in claims.items() if v is not None}

    def signed(self, header: dict[str, Any] | None = None, **claims: Any) -> str:
        return sign_rs256(header or self.header(), self.body(**claims), self.private_key)


@pytest.fixture(scope="module")
def module_identity(identity_stack: RunningStack, smtp: Any) -> Iterator[IdentityClient]:
    client = IdentityClient(identity_stack.edge_url, smtp)
    yield client
    client.close()


@pytest.fixture(scope="module")
def main_channel(identity_stack: RunningStack) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(identity_stack.running.backend_addresses["main"]) as channel:
        yield channel


@pytest.fixture(scope="module")
def forge(module_identity: IdentityClient, identity_stack: RunningStack) -> Forge:
    identity = module_identity
    session = identity.session()
    kid = str(token_header(session.access_token)["kid"])
    pem = signing_key_pem(identity_stack.database_url, kid)
    private_key = serialization.load_pem_private_key(pem.encode(), password=None)
    assert isinstance(private_key, rsa.RSAPrivateKey)

    jwks = identity.http.get("/.well-known/jwks.json").json()
    [jwk] = [k for k in jwks["keys"] if k["kid"] == kid]
    public_key = RSAAlgorithm.from_jwk(json.dumps(jwk))
    assert isinstance(public_key, rsa.RSAPublicKey)
    public_pem = public_key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )

    unverified = identity.new_account()
    assert identity.register(unverified).status_code == 202
    verification_token = identity.sink.latest_token(unverified.email)
    reset_token = identity.reset_token(session.account)
    return Forge(
        session=session,
        claims=claims_of(session.access_token),
        kid=kid,
        private_key=private_key,
        public_pem=public_pem,
        reset_token=reset_token,
        verification_token=verification_token,
    )


def token_header(token: str) -> dict[str, Any]:
    return dict(jwt.get_unverified_header(token))


def _grpc_profile(channel: grpc.Channel, metadata: list[tuple[str, str]]) -> Any:
    stub = auth_pb2_grpc.AuthServiceStub(channel)  # type: ignore[no-untyped-call]
    return stub.GetProfile(auth_pb2.GetProfileRequest(), metadata=metadata, timeout=10)


def _grpc_refused(channel: grpc.Channel, metadata: list[tuple[str, str]]) -> grpc.StatusCode:
    with pytest.raises(grpc.RpcError) as refused:
        _grpc_profile(channel, metadata)
    return refused.value.code()  # type: ignore[attr-defined, no-any-return]


def _fresh_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _tampered(f: Forge) -> str:
    header, _, signature = f.session.access_token.split(".")
    payload = _segment({**f.claims, "roles": ["admin", "user"]})
    return f"{header}.{payload}.{signature}"


# Every token an attacker can make without the private key (or with it, but for the
# wrong audience/issuer/time/type), and the other bearer secrets the platform hands out.
FORGERIES: dict[str, Callable[[Forge], str]] = {
    "alg_none": lambda f: f"{_segment(f.header(alg='none'))}.{_segment(f.body())}.",
    "alg_none_signed_part_kept": lambda f: (
        f"{_segment(f.header(alg='none'))}.{_segment(f.body())}." + f.signed().split(".")[2]
    ),
    "hs256_with_the_public_key_pem": lambda f: sign_hs256(
        f.header(alg="HS256"), f.body(), f.public_pem
    ),
    "fresh_key_unknown_kid": lambda f: sign_rs256(
        f.header(kid=f"attacker-{uuid.uuid4().hex}"), f.body(), _fresh_key()
    ),
    "fresh_key_known_kid": lambda f: sign_rs256(f.header(), f.body(), _fresh_key()),
    "no_kid": lambda f: f.signed(f.header(kid=None)),
    "wrong_aud": lambda f: f.signed(aud="someone-else"),
    "wrong_iss": lambda f: f.signed(iss="https://issuer.example.com"),
    "expired": lambda f: f.signed(
        iat=int(time.time()) - 3600, nbf=int(time.time()) - 3600, exp=int(time.time()) - 1800
    ),
    "nbf_in_the_future": lambda f: f.signed(
        nbf=int(time.time()) + 3600, exp=int(time.time()) + 4000
    ),
    "missing_typ": lambda f: f.signed(f.header(typ=None)),
    "typ_jwt": lambda f: f.signed(f.header(typ="JWT")),
    "missing_exp": lambda f: f.signed(exp=None),
    "missing_sid": lambda f: f.signed(sid=None),
    "crit_header": lambda f: f.signed(f.header(crit=["exp"])),
    "tampered_payload": _tampered,
    "password_reset_token": lambda f: f.reset_token,
    "email_verification_token": lambda f: f.verification_token,
    "garbage": lambda f: "garbage",
    "three_garbage_segments": lambda f: "a.b.c",
}


def test_a_correctly_signed_forgery_is_accepted(
    forge: Forge, module_identity: IdentityClient, main_channel: grpc.Channel
) -> None:
    """The control for the matrix below: the forging itself is right, so each refusal is
    caused by the one thing each case changes."""
    token = forge.signed()
    profile = module_identity.http.get("/api/auth/profile", headers=bearer(token))
    assert profile.status_code == 200, profile.text
    assert _grpc_profile(main_channel, [("authorization", f"Bearer {token}")]).profile.email == (
        forge.session.account.email
    )


@pytest.mark.parametrize("case", sorted(FORGERIES))
def test_rfc8725_forgeries_are_refused_by_the_edge_and_by_main(
    case: str, forge: Forge, module_identity: IdentityClient, main_channel: grpc.Channel
) -> None:
    token = FORGERIES[case](forge)
    response = module_identity.http.get("/api/auth/profile", headers=bearer(token))
    gateway_error(response, 401, "unauthorized")
    assert response.headers["www-authenticate"].startswith("Bearer")
    code = _grpc_refused(main_channel, [("authorization", f"Bearer {token}")])
    assert code == grpc.StatusCode.UNAUTHENTICATED


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/auth/profile"),
        ("PUT", "/api/auth/profile"),
        ("POST", "/api/auth/logout"),
        ("POST", "/api/auth/mfa/setup"),
        ("GET", "/api/sessions"),
        ("POST", "/api/sessions/revoke-all"),
        ("GET", "/api/auth/trusted-devices"),
        ("GET", "/api/security/dashboard/overview"),
    ],
)
def test_missing_authorization_is_401_saying_the_header_is_required(
    module_identity: IdentityClient, method: str, path: str
) -> None:
    response = module_identity.http.request(method, path, json={})
    body = gateway_error(response, 401, "unauthorized")
    assert "Authorization header is required" in body["message"]


@pytest.mark.parametrize("value", ["Bearer", "Basic dXNlcjpwYXNz", "token-only", "Bearer a b"])
def test_unusable_authorization_headers_are_401(
    module_identity: IdentityClient, value: str
) -> None:
    response = module_identity.http.get("/api/auth/profile", headers={"authorization": value})
    gateway_error(response, 401, "unauthorized")


def test_grpc_without_credentials_is_unauthenticated(main_channel: grpc.Channel) -> None:
    assert _grpc_refused(main_channel, []) == grpc.StatusCode.UNAUTHENTICATED


SPOOFED_HEADERS = ("x-user-id", "x-tenant-id", "x-forwarded-user", "x-principal-subject")


def test_client_identity_headers_have_no_effect(
    module_identity: IdentityClient, main_channel: grpc.Channel
) -> None:
    identity = module_identity
    alice = identity.session()
    bob = identity.session()
    bob_profile = identity.profile(bob).json()
    spoof = {name: bob_profile["id"] for name in SPOOFED_HEADERS}
    spoof["x-tenant-id"] = bob_profile["tenant_id"]
    spoof["x-forwarded-user"] = bob.account.email

    anonymous = identity.http.get("/api/auth/profile", headers=spoof)
    gateway_error(anonymous, 401, "unauthorized")
    as_alice = identity.http.get("/api/auth/profile", headers={**spoof, **alice.auth})
    assert as_alice.status_code == 200
    assert as_alice.json()["email"] == alice.account.email
    sessions = identity.http.get("/api/sessions", headers={**spoof, **alice.auth}).json()
    assert bob.session_id not in {s["id"] for s in sessions["sessions"]}

    metadata = list(spoof.items())
    assert _grpc_refused(main_channel, metadata) == grpc.StatusCode.UNAUTHENTICATED
    direct = _grpc_profile(
        main_channel, [*metadata, ("authorization", f"Bearer {alice.access_token}")]
    )
    assert direct.profile.email == alice.account.email


def test_jwks_publishes_rsa_public_keys_that_verify_issued_tokens(
    module_identity: IdentityClient,
) -> None:
    session = module_identity.session()
    response = module_identity.http.get("/.well-known/jwks.json")  # public: no token
    assert response.status_code == 200, response.text
    keys = response.json()["keys"]
    assert keys
    for key in keys:
        assert key["kty"] == "RSA" and key["use"] == "sig" and key["alg"] == "RS256"
        assert key["kid"] and key["n"] and key["e"]
        assert not PRIVATE_MEMBERS & set(key), key
        public_key = RSAAlgorithm.from_jwk(json.dumps(key))
        assert isinstance(public_key, rsa.RSAPublicKey) and public_key.key_size >= 2048
    assert len({k["kid"] for k in keys}) == len(keys)

    kid = token_header(session.access_token)["kid"]
    [jwk] = [k for k in keys if k["kid"] == kid]
    verified = jwt.decode(
        session.access_token,
        RSAAlgorithm.from_jwk(json.dumps(jwk)),  # type: ignore[arg-type]
        algorithms=["RS256"],
        audience="finplat-api",
        issuer="finplat",
    )
    assert verified["sid"] == session.session_id


def test_a_valid_token_works_through_the_edge_and_directly_over_grpc(
    module_identity: IdentityClient, main_channel: grpc.Channel
) -> None:
    session = module_identity.session()
    assert module_identity.profile(session).status_code == 200
    direct = _grpc_profile(main_channel, [("authorization", f"Bearer {session.access_token}")])
    assert direct.profile.email == session.account.email
