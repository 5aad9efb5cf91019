from __future__ import annotations

import base64
from urllib.parse import parse_qs, unquote, urlparse

import pyotp
import pytest

from services.main.auth.domain import totp
from services.main.auth.domain.totp import (
    DIGITS,
    PERIOD,
    ServerTime,
    match_step,
    new_secret,
    provisioning_uri,
    server_time,
)

SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
NOW = 1_700_000_015.5  # mid-step, so ±1 step is unambiguous
STEP = int(NOW) // PERIOD


def code_at(step: int, secret: str = SECRET) -> str:
    return pyotp.TOTP(secret).at(step * PERIOD)


def test_constants() -> None:
    assert (PERIOD, DIGITS, totp.VALID_WINDOW) == (30, 6, 1)


def test_new_secret_is_160_bit_base32() -> None:
    secret = new_secret()
    assert len(secret) == 32
    assert len(base64.b32decode(secret)) == 20
    assert new_secret() != secret


def test_provisioning_uri_for_authenticator_apps() -> None:
    uri = provisioning_uri(SECRET, "alice@example.com")
    parsed = urlparse(uri)
    assert (parsed.scheme, parsed.netloc) == ("otpauth", "totp")
    assert unquote(parsed.path) == "/finplat:alice@example.com"
    query = parse_qs(parsed.query)
    assert query["secret"] == [SECRET]
    assert query["issuer"] == ["finplat"]
    assert "Acme" in provisioning_uri(SECRET, "alice", issuer="Acme")


def test_current_code_matches_its_step() -> None:
    code = pyotp.TOTP(SECRET).at(NOW)
    assert match_step(SECRET, code, NOW, None) == STEP


@pytest.mark.parametrize("offset", [-1, 0, 1])
def test_one_step_of_drift_either_way_is_accepted(offset: int) -> None:
    assert match_step(SECRET, code_at(STEP + offset), NOW, None) == STEP + offset


@pytest.mark.parametrize("offset", [-2, 2, -10])
def test_two_steps_away_is_refused(offset: int) -> None:
    code = code_at(STEP + offset)
    # Guard: only meaningful when that code differs from the ones in the window.
    assert code not in {code_at(STEP + d) for d in (-1, 0, 1)}
    assert match_step(SECRET, code, NOW, None) is None


def test_a_used_step_is_refused_on_replay() -> None:
    code = code_at(STEP)
    used = match_step(SECRET, code, NOW, None)
    assert used == STEP
    assert match_step(SECRET, code, NOW, used) is None
    assert match_step(SECRET, code, NOW + 10, used) is None


def test_an_older_step_than_the_last_used_is_refused() -> None:
    assert match_step(SECRET, code_at(STEP - 1), NOW, last_used_step=STEP) is None


def test_the_next_step_after_the_last_used_is_accepted() -> None:
    assert match_step(SECRET, code_at(STEP + 1), NOW, last_used_step=STEP) == STEP + 1


@pytest.mark.parametrize(
    "code",
    [
        "",
        "12345",
        "1234567",
        "12 345",
        "abcdef",
        "١٢٣٤٥٦",
        "\uff11\uff12\uff13\uff14\uff15\uff16",
        " 123456",
        "12345\n",
    ],
)
def test_anything_but_six_ascii_digits_is_refused(code: str) -> None:
    assert match_step(SECRET, code, NOW, None) is None


def test_a_code_for_another_secret_is_refused() -> None:
    code = code_at(STEP, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
    assert code not in {code_at(STEP + d) for d in (-1, 0, 1)}
    assert match_step(SECRET, code, NOW, None) is None


def test_server_time() -> None:
    assert server_time(1_700_000_015.9) == ServerTime(
        unix_time=1_700_000_015, period=30, step=56_666_667, seconds_remaining=25
    )
    assert server_time(1_700_000_010).seconds_remaining == 30
    assert server_time(1_700_000_039).seconds_remaining == 1
