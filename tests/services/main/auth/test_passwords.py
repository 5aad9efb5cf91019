from __future__ import annotations

from importlib import resources

import pytest

from services.main.auth.domain import passwords
from services.main.auth.domain.passwords import (
    MAX_LENGTH,
    MIN_LENGTH,
    is_common,
    password_problems,
    validate_password,
)
from services.runtime.errors import InvalidArgument

STRONG = "correct horse battery staple"


def test_shipped_list_has_a_header_and_ten_thousand_entries() -> None:
    text = (
        resources.files("services.main.auth.domain")
        .joinpath("data", "common-passwords.txt")
        .read_text("utf-8")
    )
    lines = text.splitlines()
    assert lines[0].startswith("# ") and "zxcvbn 4.5.0" in lines[0] and "MIT" in lines[0]
    entries = lines[1:]
    assert len(entries) == 10_000
    assert len(set(entries)) == 10_000
    assert entries[:2] == ["123456", "password"]
    assert "#" not in {e[:1] for e in entries}


def test_the_header_is_not_loaded_as_a_password() -> None:
    header = (
        resources.files("services.main.auth.domain")
        .joinpath("data", "common-passwords.txt")
        .read_text("utf-8")
        .splitlines()[0]
    )
    assert not is_common(header)


@pytest.mark.parametrize(
    "password", ["password1", "PASSWORD1", "Password1", "qwertyuiop", "iloveyou"]
)
def test_common_passwords_are_rejected_in_any_case(password: str) -> None:
    assert is_common(password)
    assert "is too common; choose a less guessable password" in password_problems(password)


def test_an_uncommon_passphrase_is_fine() -> None:
    assert not is_common(STRONG)
    assert password_problems(STRONG) == []
    validate_password(STRONG)


def test_the_list_is_loaded_once() -> None:
    assert passwords._common_passwords() is passwords._common_passwords()


@pytest.mark.parametrize("length", [MIN_LENGTH, 64, MAX_LENGTH])
def test_lengths_in_range_are_accepted(length: int) -> None:
    password = ("Zq7-vW2#" * 20)[:length]
    assert password_problems(password) == []


def test_one_short_of_minimum_is_rejected() -> None:
    assert password_problems("Zq7-vW2") == ["must be at least 8 characters long"]


def test_one_over_maximum_is_rejected_not_truncated() -> None:
    password = ("Zq7-vW2#" * 20)[: MAX_LENGTH + 1]
    assert password_problems(password) == ["must be at most 128 characters long"]


def test_length_is_counted_in_code_points_after_nfkc() -> None:
    # Eight CJK characters: 24 bytes of UTF-8 but eight characters — long enough.
    assert password_problems("密码很长很安全的") == []
    # "ﬀ" (one code point) is "ff" after NFKC: 7 code points become 8.
    assert password_problems("ﬀ2k9w#x") == []
    # A decomposed "é" (e + combining acute) composes to one code point: 13 → 7.
    assert password_problems("e\u0301" * 6 + "x") == ["must be at least 8 characters long"]


def test_no_composition_rules() -> None:
    assert password_problems("all lower case words") == []
    assert password_problems("12345678901234567890123") == []


def test_username_inside_password_is_rejected_case_insensitively() -> None:
    assert password_problems("xxAliceSmith99yy", username="alicesmith") == [
        "must not contain your username"
    ]


def test_email_local_part_inside_password_is_rejected() -> None:
    problems = password_problems("my-jdoe.work-pass", email="JDoe.Work@example.com")
    assert problems == ["must not contain your email address"]


def test_the_email_domain_alone_does_not_count() -> None:
    assert password_problems("example-is-my-home", email="zed@example.com") == []


def test_any_part_of_the_full_name_is_rejected() -> None:
    assert password_problems("ilovepicard2024", full_name="Jean-Luc Picard") == [
        "must not contain your name"
    ]
    assert password_problems("jean is great!!", full_name="Jean-Luc Picard") == [
        "must not contain your name"
    ]


def test_name_parts_shorter_than_three_characters_are_ignored() -> None:
    assert password_problems("a long al li passphrase", full_name="Al Li") == []
    assert password_problems("a long passphrase", username="", email="") == []


def test_all_problems_are_listed_in_order() -> None:
    assert password_problems("bob", username="bob") == [
        "must be at least 8 characters long",
        "must not contain your username",
    ]


def test_validate_raises_the_first_problem_on_the_field() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_password("password1", field="new_password")
    error = caught.value
    assert error.violations[0].field == "new_password"
    assert error.violations[0].description.startswith("is too common")


def test_validate_default_field_is_password() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_password("short")
    assert caught.value.violations[0].field == "password"
