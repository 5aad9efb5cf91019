"""Registration rules of trusted devices (pure)."""

from __future__ import annotations

import pytest

from services.main.devices.domain import (
    DEFAULT_TRUSTED_DAYS,
    MAX_TRUSTED_DAYS,
    is_fingerprint,
    validate_fingerprint,
    validate_registration,
)
from services.runtime.errors import InvalidArgument

FINGERPRINT = "3f9a1c0e7b2d4a58"


def fields(error: pytest.ExceptionInfo[InvalidArgument]) -> list[str]:
    return [v.field for v in error.value.violations]


def test_defaults_and_trimming() -> None:
    assert validate_registration(FINGERPRINT, "  Work laptop ", None) == (
        FINGERPRINT,
        "Work laptop",
        DEFAULT_TRUSTED_DAYS,
    )
    assert DEFAULT_TRUSTED_DAYS == 30
    assert validate_registration(FINGERPRINT, "", 1)[1:] == ("", 1)


@pytest.mark.parametrize("days", [1, 45, MAX_TRUSTED_DAYS])
def test_trusted_days_in_range(days: int) -> None:
    assert validate_registration(FINGERPRINT, "", days)[2] == days


@pytest.mark.parametrize("days", [0, -1, MAX_TRUSTED_DAYS + 1, 10_000])
def test_trusted_days_out_of_range(days: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_registration(FINGERPRINT, "", days)
    assert fields(caught) == ["trusted_days"]
    assert caught.value.violations[0].description == "must be between 1 and 90"


@pytest.mark.parametrize(
    "fingerprint",
    [
        "",
        "short",  # under 8
        "a" * 257,
        "abc def ghi",  # space
        "abcdefgh\t",
        "abcdéfghij",  # not ASCII
        "abcdefgh\x00",
    ],
)
def test_bad_fingerprints(fingerprint: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_registration(fingerprint, "", None)
    assert fields(caught) == ["fingerprint_hash"]


def test_fingerprint_limits_are_inclusive() -> None:
    assert validate_registration("a" * 8, "", None)[0] == "a" * 8
    assert validate_registration("~" * 256, "", None)[0] == "~" * 256


@pytest.mark.parametrize(
    "nickname",
    ["x" * 101, "line\nbreak", "bell\x07", "evil\u202etxt.exe", "ph\u200bone", "A\u2028B"],
)
def test_bad_nicknames(nickname: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_registration(FINGERPRINT, nickname, None)
    assert fields(caught) == ["nickname"]


def test_nickname_length_is_counted_after_trimming() -> None:
    assert validate_registration(FINGERPRINT, "  " + "x" * 100 + "  ", None)[1] == "x" * 100
    assert validate_registration(FINGERPRINT, "Pixel 8 — 👩‍💻", None)[1] == "Pixel 8 — 👩‍💻"


def test_every_bad_field_is_reported_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_registration("bad", "\x1b[31m", 0)
    assert fields(caught) == ["fingerprint_hash", "nickname", "trusted_days"]


def test_fingerprint_checks_for_revocation_and_login() -> None:
    assert validate_fingerprint(FINGERPRINT) == FINGERPRINT
    with pytest.raises(InvalidArgument) as caught:
        validate_fingerprint("")
    assert fields(caught) == ["fingerprint_hash"]
    assert is_fingerprint(FINGERPRINT)
    assert not is_fingerprint("")
    assert not is_fingerprint("abc\x00defgh")
