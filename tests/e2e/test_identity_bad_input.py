"""Bad input on every identity endpoint that takes a body (and the query-taking ones):
malformed JSON, wrong JSON types, missing required fields, out-of-range values and the
password/email/username policy. Every refusal is a 4xx naming the field; never a 5xx
(IdentityClient asserts that on every response)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import (
    PASSWORD,
    Account,
    IdentityClient,
    Session,
    SmtpSink,
    from_ip,
    gateway_error,
    unique_ip,
)

pytestmark = pytest.mark.e2e

# (method, path, needs a token)
BODY_ENDPOINTS: list[tuple[str, str, bool]] = [
    ("POST", "/api/auth/register", False),
    ("POST", "/api/auth/resend-verification", False),
    ("POST", "/api/auth/login", False),
    ("POST", "/api/auth/login/mfa", False),
    ("POST", "/api/auth/mfa/setup", True),
    ("POST", "/api/auth/mfa/enable", True),
    ("POST", "/api/auth/mfa/disable", True),
    ("POST", "/api/auth/mfa/verify", True),
    ("POST", "/api/auth/forgot-password", False),
    ("POST", "/api/auth/reset-password", False),
    ("POST", "/api/auth/refresh", False),
    ("POST", "/api/auth/logout", True),
    ("PUT", "/api/auth/profile", True),
    ("POST", "/api/auth/trusted-devices", True),
    ("POST", "/api/auth/trusted-devices/revoke", True),
    ("POST", "/api/auth/trusted-devices/revoke-all", True),
    ("POST", "/api/sessions/revoke", True),
    ("POST", "/api/sessions/revoke-all", True),
]


@pytest.fixture(scope="module")
def client(identity_stack: RunningStack, smtp: SmtpSink) -> Iterator[IdentityClient]:
    identity = IdentityClient(identity_stack.edge_url, smtp)
    yield identity
    identity.close()


@pytest.fixture(scope="module")
def owner(client: IdentityClient) -> Session:
    """One logged-in user for the whole module (bad input never changes it)."""
    return client.session()


def _call(
    client: IdentityClient,
    method: str,
    path: str,
    session: Session | None,
    body: Any = None,
    *,
    content: bytes | None = None,
) -> Any:
    headers = {**(session.auth if session else {}), **from_ip(unique_ip())}
    if content is not None:
        headers["content-type"] = "application/json"
        return client.http.request(method, path, headers=headers, content=content)
    return client.http.request(method, path, headers=headers, json=body)


def _fresh_email() -> str:
    return f"new-{uuid.uuid4().hex[:12]}@example.com"


def _fresh_username() -> str:
    return f"u{uuid.uuid4().hex[:12]}"


def _registration(**override: Any) -> dict[str, Any]:
    return {
        "full_name": "Grace Hopper",
        "email": _fresh_email(),
        "username": _fresh_username(),
        "password": PASSWORD,
        **override,
    }


# --- malformed bodies -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "content", [b"{bad", b'{"email": }', b"[1, 2]", b'"just a string"', b"\xff\xfe"]
)
@pytest.mark.parametrize(("method", "path", "needs_token"), BODY_ENDPOINTS)
def test_a_body_that_is_not_a_json_object_is_400(
    client: IdentityClient,
    owner: Session,
    method: str,
    path: str,
    needs_token: bool,
    content: bytes,
) -> None:
    response = _call(client, method, path, owner if needs_token else None, content=content)
    body = gateway_error(response, 400, "bad_request")
    assert "JSON" in body["message"]


# --- wrong JSON types -----------------------------------------------------------------------

WRONG_TYPES: list[tuple[str, bool, dict[str, Any], str]] = [
    ("/api/auth/register", False, _registration(email=5), "email"),
    ("/api/auth/register", False, _registration(full_name=["Grace"]), "full_name"),
    ("/api/auth/register", False, _registration(username=True), "username"),
    ("/api/auth/register", False, _registration(password={"a": 1}), "password"),
    ("/api/auth/resend-verification", False, {"email": []}, "email"),
    ("/api/auth/login", False, {"email": 5, "password": PASSWORD}, "email"),
    ("/api/auth/login", False, {"email": "a@example.com", "password": 123}, "password"),
    (
        "/api/auth/login",
        False,
        {"email": "a@example.com", "password": PASSWORD, "device_fingerprint": 7},
        "device_fingerprint",
    ),
    (
        "/api/auth/login/mfa",
        False,
        {"email": "a@example.com", "password": PASSWORD, "mfa_code": 123456},
        "mfa_code",
    ),
    ("/api/auth/mfa/enable", True, {"code": 123456}, "code"),
    ("/api/auth/mfa/verify", True, {"code": 1.5}, "code"),
    ("/api/auth/mfa/disable", True, {"password": 1}, "password"),
    ("/api/auth/forgot-password", False, {"email": {}}, "email"),
    ("/api/auth/reset-password", False, {"token": 1, "new_password": PASSWORD}, "token"),
    ("/api/auth/reset-password", False, {"token": "t", "new_password": False}, "new_password"),
    (
        "/api/auth/trusted-devices",
        True,
        {"fingerprint_hash": "abcdefgh1", "trusted_days": "x"},
        "trusted_days",
    ),
    (
        "/api/auth/trusted-devices",
        True,
        {"fingerprint_hash": "abcdefgh1", "trusted_days": 1.5},
        "trusted_days",
    ),
    ("/api/auth/trusted-devices", True, {"fingerprint_hash": 12345678}, "fingerprint_hash"),
    (
        "/api/auth/trusted-devices",
        True,
        {"fingerprint_hash": "abcdefgh1", "nickname": 5},
        "nickname",
    ),
    ("/api/auth/trusted-devices/revoke", True, {"fingerprint_hash": 5}, "fingerprint_hash"),
    ("/api/sessions/revoke", True, {"session_id": 5}, "session_id"),
]


@pytest.mark.parametrize(
    ("path", "needs_token", "body", "field"),
    WRONG_TYPES,
    ids=[f"{p.rsplit('/', 1)[-1]}-{f}-{i}" for i, (p, _, _, f) in enumerate(WRONG_TYPES)],
)
def test_wrong_json_types_are_400_naming_the_field(
    client: IdentityClient,
    owner: Session,
    path: str,
    needs_token: bool,
    body: dict[str, Any],
    field: str,
) -> None:
    response = _call(client, "POST", path, owner if needs_token else None, body)
    gateway_error(response, 400, "validation_error", mentions=field)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": 5}, "name"),
        ({"setup_mfa": "yes"}, "setup_mfa"),
        ({"disable_mfa": "no"}, "disable_mfa"),
        ({"password": ["x"], "current_password": PASSWORD}, "password"),
        ({"current_password": 5}, "current_password"),
        ({"mfa_code": 5, "disable_mfa": True}, "mfa_code"),
    ],
)
def test_wrong_json_types_in_the_profile_update_are_400(
    client: IdentityClient, owner: Session, body: dict[str, Any], field: str
) -> None:
    response = _call(client, "PUT", "/api/auth/profile", owner, body)
    gateway_error(response, 400, "validation_error", mentions=field)


# --- missing required fields ----------------------------------------------------------------

LOGIN = {"email": "someone@example.com", "password": PASSWORD}
MISSING: list[tuple[str, bool, dict[str, Any], str]] = [
    *[
        ("/api/auth/register", False, {k: v for k, v in _registration().items() if k != f}, f)
        for f in ("full_name", "email", "username", "password")
    ],
    ("/api/auth/login", False, {"password": PASSWORD}, "email"),
    ("/api/auth/login", False, {"email": "someone@example.com"}, "password"),
    ("/api/auth/login/mfa", False, {"password": PASSWORD, "mfa_code": "123456"}, "email"),
    (
        "/api/auth/login/mfa",
        False,
        {"email": "someone@example.com", "mfa_code": "123456"},
        "password",
    ),
    ("/api/auth/login/mfa", False, LOGIN, "mfa_code"),
    ("/api/auth/reset-password", False, {"new_password": PASSWORD}, "token"),
    ("/api/auth/resend-verification", False, {}, "email"),
    ("/api/auth/forgot-password", False, {}, "email"),
    ("/api/auth/mfa/enable", True, {}, "code"),
    ("/api/auth/mfa/verify", True, {}, "code"),
    ("/api/auth/trusted-devices", True, {"nickname": "laptop"}, "fingerprint_hash"),
    ("/api/auth/trusted-devices/revoke", True, {}, "fingerprint_hash"),
    ("/api/sessions/revoke", True, {}, "session_id"),
]


@pytest.mark.parametrize(
    ("path", "needs_token", "body", "field"),
    MISSING,
    ids=[f"{p.rsplit('/', 1)[-1]}-{f}" for p, _, _, f in MISSING],
)
def test_missing_required_fields_are_400_naming_the_field(
    client: IdentityClient,
    owner: Session,
    path: str,
    needs_token: bool,
    body: dict[str, Any],
    field: str,
) -> None:
    response = _call(client, "POST", path, owner if needs_token else None, body)
    gateway_error(response, 400, "validation_error", mentions=field)


def test_reset_password_without_a_new_password_is_400(
    client: IdentityClient, owner: Session
) -> None:
    token = client.reset_token(owner.account)
    response = _call(client, "POST", "/api/auth/reset-password", None, {"token": token})
    gateway_error(response, 400, "validation_error", mentions="new_password")
    weak = _call(
        client,
        "POST",
        "/api/auth/reset-password",
        None,
        {"token": token, "new_password": "password1"},
    )
    gateway_error(weak, 400, "validation_error", mentions="new_password")
    # Refused attempts do not spend the token.
    still = client.http.get("/api/auth/verify-reset-token", params={"token": token})
    assert still.json()["valid"] is True


@pytest.mark.parametrize("path", ["/api/auth/verify-email", "/api/auth/verify-reset-token"])
def test_token_queries_without_a_token_are_refused_or_invalid(
    client: IdentityClient, path: str
) -> None:
    response = client.http.get(path)
    if path.endswith("verify-email"):
        gateway_error(response, 400, "validation_error", mentions="token")
    else:
        assert response.status_code == 200 and response.json().get("valid", False) is False


# --- values out of range --------------------------------------------------------------------


@pytest.mark.parametrize(
    "session_id", ["not-a-uuid", "1234", "6b5cf68e-ccfd-421f-beef-c414028625d", ""]
)
def test_bad_session_ids_are_400(client: IdentityClient, owner: Session, session_id: str) -> None:
    response = _call(client, "POST", "/api/sessions/revoke", owner, {"session_id": session_id})
    gateway_error(response, 400, "validation_error", mentions="session_id")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"trusted_days": 0}, "trusted_days"),
        ({"trusted_days": 91}, "trusted_days"),
        ({"trusted_days": -1}, "trusted_days"),
        ({"fingerprint_hash": "short"}, "fingerprint_hash"),
        ({"fingerprint_hash": "has a space in it"}, "fingerprint_hash"),
        ({"fingerprint_hash": "x" * 257}, "fingerprint_hash"),
        ({"nickname": "n" * 101}, "nickname"),
        ({"nickname": "evil\u202etxt.exe"}, "nickname"),
    ],
)
def test_trusted_device_values_out_of_range_are_400(
    client: IdentityClient, owner: Session, body: dict[str, Any], field: str
) -> None:
    request = {"fingerprint_hash": f"fp-{uuid.uuid4().hex}", **body}
    response = _call(client, "POST", "/api/auth/trusted-devices", owner, request)
    gateway_error(response, 400, "validation_error", mentions=field)


# --- the registration policy ----------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        "common",
        "too_short",
        "too_long",
        "contains_username",
        "contains_email_local_part",
        "contains_name",
    ],
)
def test_weak_passwords_are_400_naming_password(client: IdentityClient, case: str) -> None:
    username = _fresh_username()
    local = f"mail{uuid.uuid4().hex[:8]}"
    password = {
        "common": "password1",
        "too_short": "k7#q",
        "too_long": (PASSWORD + "-") * 6,  # 150 characters
        "contains_username": f"zz-{username}-zz",
        "contains_email_local_part": f"yy-{local}-yy",
        "contains_name": "quiet-Hopper-river",
    }[case]
    if case == "too_long":
        password = password[:129]
        assert len(password) == 129
    body = _registration(username=username, email=f"{local}@example.com", password=password)
    response = _call(client, "POST", "/api/auth/register", None, body)
    gateway_error(response, 400, "validation_error", mentions="password")


def test_a_128_character_password_is_accepted(client: IdentityClient) -> None:
    password = ((PASSWORD + "-") * 6)[:128]
    response = _call(client, "POST", "/api/auth/register", None, _registration(password=password))
    assert response.status_code == 202, response.text


@pytest.mark.parametrize(
    "email",
    [
        "not-an-email",
        "two@@example.com",
        "@example.com",
        "user@",
        "user name@example.com",
        "user@localhost",
        "user@example.invalid",
        "x" * 300 + "@example.com",
    ],
)
def test_invalid_emails_are_400_naming_email(client: IdentityClient, email: str) -> None:
    response = _call(client, "POST", "/api/auth/register", None, _registration(email=email))
    gateway_error(response, 400, "validation_error", mentions="email")


@pytest.mark.parametrize(
    ("override", "field"),
    [
        ({"username": "ab"}, "username"),
        ({"username": "x" * 33}, "username"),
        ({"username": "bad name!"}, "username"),
        ({"username": ".dotfirst"}, "username"),
        ({"full_name": ""}, "full_name"),
        ({"full_name": "   "}, "full_name"),
        ({"full_name": "n" * 101}, "full_name"),
        ({"full_name": "Evil\nBcc: victim"}, "full_name"),
    ],
)
def test_invalid_usernames_and_names_are_400(
    client: IdentityClient, override: dict[str, str], field: str
) -> None:
    response = _call(client, "POST", "/api/auth/register", None, _registration(**override))
    gateway_error(response, 400, "validation_error", mentions=field)


def test_a_taken_username_is_409(client: IdentityClient, owner: Session) -> None:
    taken = owner.account.username.upper()  # usernames are case-insensitive
    response = _call(client, "POST", "/api/auth/register", None, _registration(username=taken))
    assert response.status_code == 409, response.text
    body = response.json()
    assert set(body) == {"error", "message", "request_id"}
    assert "username" in body["message"]


def test_profile_updates_are_validated(client: IdentityClient, owner: Session) -> None:
    for body, field in (
        ({"name": ""}, "name"),
        ({"name": "n" * 101}, "name"),
        ({"name": "Evil\nBcc: victim"}, "name"),
        ({"password": "password1", "current_password": PASSWORD}, "password"),
        ({"password": "short", "current_password": PASSWORD}, "password"),
    ):
        response = _call(client, "PUT", "/api/auth/profile", owner, body)
        gateway_error(response, 400, "validation_error", mentions=field)
    assert client.profile(owner).json()["full_name"] == owner.account.full_name


@pytest.mark.parametrize(
    "name",
    ["Evil\u202eeman", "\u2066Isolated\u2069", "Zero\u200bWidth", "Soft\u00adHyphen"],
    ids=["rtl-override", "isolate", "zero-width-space", "soft-hyphen"],
)
def test_names_with_invisible_format_characters_are_400(
    client: IdentityClient, owner: Session, name: str
) -> None:
    """Unicode format characters (bidi overrides, zero-width characters) would make a
    name display as something else: refused at registration and in a profile update,
    naming the request's field, as device nicknames are."""
    response = _call(client, "POST", "/api/auth/register", None, _registration(full_name=name))
    message = gateway_error(response, 400, "validation_error", mentions="full_name")["message"]
    assert message.startswith("full_name"), message
    response = _call(client, "PUT", "/api/auth/profile", owner, {"name": name})
    message = gateway_error(response, 400, "validation_error")["message"]
    assert message.startswith("name"), message
    assert client.profile(owner).json()["full_name"] == owner.account.full_name


@pytest.mark.parametrize(
    ("body", "field", "wrong_field"),
    [
        ({"name": ""}, "name", "full_name"),
        (
            {"disable_mfa": True, "current_password": "not-it-at-all"},
            "current_password",
            "password:",
        ),
        ({"disable_mfa": True, "mfa_code": "000000"}, "mfa_code", "code:"),
    ],
    ids=["name", "current_password", "mfa_code"],
)
def test_profile_update_errors_name_the_request_field(
    client: IdentityClient, body: dict[str, Any], field: str, wrong_field: str
) -> None:
    account = client.verified()
    session = client.session(account)
    if body.get("disable_mfa"):
        client.enable_mfa(session)
    response = _call(client, "PUT", "/api/auth/profile", session, body)
    message = gateway_error(response, 400, "validation_error")["message"]
    assert message.startswith(field), message
    assert not message.startswith(wrong_field), message


# --- hostile values: never a 5xx ------------------------------------------------------------

HOSTILE: list[Any] = [
    None,
    {},
    [],
    True,
    -1,
    1e308,
    2**70,
    "",
    "\u0000",
    "a\u0000@example.com",
    "\u202e\u0007",
    "😀" * 50,
    "x" * 5000,
    "' OR '1'='1",
]

BASE_BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("POST", "/api/auth/register"): _registration(),
    ("POST", "/api/auth/resend-verification"): {"email": "someone@example.com"},
    ("POST", "/api/auth/login"): {**LOGIN, "device_fingerprint": "abcdefgh1"},
    ("POST", "/api/auth/login/mfa"): {**LOGIN, "mfa_code": "123456", "device_fingerprint": "d"},
    ("POST", "/api/auth/mfa/enable"): {"code": "123456"},
    ("POST", "/api/auth/mfa/disable"): {"password": "x", "code": "123456"},
    ("POST", "/api/auth/mfa/verify"): {"code": "123456"},
    ("POST", "/api/auth/forgot-password"): {"email": "someone@example.com"},
    ("POST", "/api/auth/reset-password"): {"token": "t", "new_password": PASSWORD},
    ("PUT", "/api/auth/profile"): {
        "name": "N",
        "password": "p",
        "current_password": "c",
        "setup_mfa": False,
        "disable_mfa": False,
        "mfa_code": "1",
    },
    ("POST", "/api/auth/trusted-devices"): {
        "fingerprint_hash": "abcdefgh1",
        "nickname": "n",
        "trusted_days": 1,
    },
    ("POST", "/api/auth/trusted-devices/revoke"): {"fingerprint_hash": "abcdefgh1"},
    ("POST", "/api/sessions/revoke"): {"session_id": str(uuid.uuid4())},
}


@pytest.mark.parametrize(("method", "path"), list(BASE_BODIES), ids=[p for _, p in BASE_BODIES])
def test_hostile_values_never_cause_a_server_error(
    client: IdentityClient, method: str, path: str
) -> None:
    """Every field of every body, replaced by each hostile value: a 2xx or 4xx each time
    (IdentityClient's hook fails the test on any 5xx). A throwaway account's token is
    used, since a hostile value may legitimately change or end its session."""
    session = client.session()
    for field in BASE_BODIES[(method, path)]:
        for value in HOSTILE:
            body = {**BASE_BODIES[(method, path)], field: value}
            if path == "/api/auth/register":
                body.setdefault("email", _fresh_email())
            response = _call(client, method, path, session, body)
            assert response.status_code < 500
            if response.status_code == 401 and path not in (
                "/api/auth/login",
                "/api/auth/login/mfa",
            ):
                session = client.session()  # e.g. a sessions/revoke of itself


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/api/auth/verify-email", "token"),
        ("/api/auth/verify-reset-token", "token"),
        ("/api/security/dashboard/overview", "days"),
        ("/api/security/dashboard/timeline", "days"),
        ("/api/security/dashboard/anomalies", "sensitivity"),
        ("/api/security/location-history", "limit"),
    ],
)
def test_hostile_query_values_never_cause_a_server_error(
    client: IdentityClient, owner: Session, path: str, name: str
) -> None:
    for value in ["", "\u0000", "x" * 5000, "-0", "1e3", "2147483648", "99999999999999999999"]:
        response = client.http.get(path, headers=owner.auth, params={name: value})
        assert response.status_code < 500


def test_unknown_body_members_are_ignored(client: IdentityClient) -> None:
    account: Account = client.new_account()
    body = {
        "full_name": account.full_name,
        "email": account.email,
        "username": account.username,
        "password": account.password,
        "roles": ["admin"],
        "email_verified": True,
    }
    assert _call(client, "POST", "/api/auth/register", None, body).status_code == 202
    assert client.login(account).json()["error"] == "email_not_verified"
    token = client.sink.latest_token(account.email)
    assert client.http.get("/api/auth/verify-email", params={"token": token}).status_code == 200
    session = client.session(account)
    assert client.profile(session).json()["roles"] == ["user"]
