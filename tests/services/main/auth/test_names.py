from __future__ import annotations

import pytest

from services.main.auth.domain.names import normalise_email, validate_full_name, validate_username
from services.runtime.errors import InvalidArgument


def field_of(error: pytest.ExceptionInfo[InvalidArgument]) -> str:
    return error.value.violations[0].field


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("alice@example.com", "alice@example.com"),
        ("Alice.Smith@Example.COM", "alice.smith@example.com"),
        ("  bob+finance@example.org \n", "bob+finance@example.org"),
        ("jörg@bücher.example.com", "jörg@bücher.example.com"),
    ],
)
def test_normalise_email(raw: str, expected: str) -> None:
    assert normalise_email(raw) == expected


def test_case_variants_of_an_address_are_one_address() -> None:
    assert normalise_email("ALICE@EXAMPLE.COM") == normalise_email("alice@example.com")


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "alice",
        "alice@",
        "@example.com",
        "alice@@example.com",
        "alice@example",
        "alice smith@example.com",
        "alice@localhost",
        "a" * 250 + "@example.com",  # over the 254-character path limit
        "alice@example.com\nBcc: evil@example.com",
    ],
)
def test_invalid_email(raw: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        normalise_email(raw)
    assert field_of(caught) == "email"
    assert caught.value.violations[0].description


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("alice", "alice"),
        ("Alice_Smith", "alice_smith"),
        ("a.b-c_d", "a.b-c_d"),
        ("abc", "abc"),
        ("x" * 32, "x" * 32),
        ("007", "007"),
        (" bob ", "bob"),
    ],
)
def test_valid_usernames_are_stored_lower_case(raw: str, expected: str) -> None:
    assert validate_username(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "ab",
        "x" * 33,
        ".alice",
        "alice.",
        "-alice",
        "alice_",
        "al ice",
        "al@ice",
        "jörg",
        "ali\nce",
        "\uff41\uff4c\uff49\uff43\uff45",  # full-width "alice"
    ],
)
def test_invalid_usernames(raw: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_username(raw)
    assert field_of(caught) == "username"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Alice Smith", "Alice Smith"),
        ("  Zoë O'Brien-Ng  ", "Zoë O'Brien-Ng"),
        ("王小明", "王小明"),
        ("X", "X"),
        ("n" * 100, "n" * 100),
        ("Zoe\u0308", "Zoë"),  # NFC: one stored form
    ],
)
def test_valid_full_names(raw: str, expected: str) -> None:
    assert validate_full_name(raw) == expected


@pytest.mark.parametrize(
    "raw", ["", "   ", "n" * 101, "Alice\nSmith", "Alice\x00", "Bob\tBuilder", "A\u2028B"]
)
def test_invalid_full_names(raw: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_full_name(raw)
    assert field_of(caught) == "full_name"


# Unicode format characters (category Cf): invisible, yet they change how a name reads.
FORMAT_CHARACTERS = {
    "right-to-left override": "Alice\u202eecilA",
    "left-to-right isolate": "\u2066Alice\u2069",
    "zero-width space": "Ali\u200bce",
    "zero-width joiner joining nothing": "Alice\u200d",
    "byte order mark": "\ufeffAlice",
    "soft hyphen": "Ali\u00adce",
}


@pytest.mark.parametrize("raw", FORMAT_CHARACTERS.values(), ids=FORMAT_CHARACTERS.keys())
def test_full_names_with_format_characters_are_refused(raw: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_full_name(raw)
    assert field_of(caught) == "full_name"
    assert "invisible" in caught.value.message
