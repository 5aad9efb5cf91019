"""Hostile JSON bodies and query values: every refusal is a plain reason (naming the field
when there is one); nothing crashes and nothing leaks Python's own wording."""

from __future__ import annotations

from typing import Any

import pytest
from finplat.identity.v1 import auth_pb2

from edge.binding import BadBody, RequestBinder
from edge.codec import DecodeFailed, MalformedJson, loads
from tests.edge.test_binding import CAMEL, JSON, REQ, SNAKE

HUGE = "9" * 5000
DEEP = b"[" * 10_000 + b"]" * 10_000
# Words of Python's own errors that must never reach a client.
INTERNALS = ("sys.", "int_max_str_digits", "Traceback", "Error", "recursion", "object at 0x")


def plain(text: str) -> str:
    assert not any(word in text for word in INTERNALS), text
    return text


def sample_errors(body: bytes) -> dict[str, str]:
    """Field errors binding `body` to the test Sample (a message with decimals: exact)."""
    binder = RequestBinder(REQ, CAMEL, "sample", ())
    with pytest.raises(DecodeFailed) as info:
        binder.bind({}, b"", body, JSON)
    return {e.field: plain(e.reason) for e in info.value.errors}


def login(body: bytes) -> Any:
    """Bind a body to LoginRequest (no decimals: the fast parser first)."""
    binder = RequestBinder(auth_pb2.LoginRequest.DESCRIPTOR, SNAKE, "*", ())
    return binder.bind({}, b"", body, JSON)


@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (DEEP, "nested too deeply"),
        (b'{"a": ' + DEEP + b"}", "nested too deeply"),
        (b'{"a": NaN}', "NaN is not valid JSON"),
        (b'{"a": Infinity}', "Infinity is not valid JSON"),
        (b'{"a": -Infinity}', "-Infinity is not valid JSON"),
        (b'{"a": "\xff\xfe"}', "invalid UTF-8"),
        (b'{"a": 1,}', "not valid JSON"),
    ],
)
def test_unusable_json_is_named_plainly(exact: bool, raw: bytes, why: str) -> None:
    with pytest.raises(MalformedJson) as info:
        loads(raw, exact=exact)
    assert why in plain(str(info.value))


@pytest.mark.parametrize("exact", [True, False])
def test_numbers_a_double_cannot_hold_are_kept_as_written(exact: bool) -> None:
    parsed = loads(b'{"a": ' + HUGE.encode() + b', "b": 1e400, "c": 12.50}', exact=exact)
    assert parsed["a"] == HUGE and parsed["b"] == "1e400"


def test_duplicate_members_last_one_wins() -> None:
    assert loads(b'{"a": 1, "a": 2}', exact=True) == {"a": 2}
    assert loads(b'{"a": 1, "a": 2}', exact=False) == {"a": 2}


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        (b'{"small": ' + HUGE.encode() + b"}", "small", "must be between"),
        (b'{"big": -' + HUGE.encode() + b"}", "big", "must be between"),
        (b'{"ubig": 1e400}', "ubig", "must be between"),
        (b'{"small": 1.5}', "small", "must be an integer"),
        (b'{"ratio": 1e400}', "ratio", "is out of range"),
        (b'{"ratio": -1e400}', "ratio", "is out of range"),
        (b'{"items": [{"name": 12.5}]}', "items[0].name", "must be a string"),
        (b'{"id": 1e5}', "id", "must be a UUID"),
        (b'{"blob": 1.5}', "blob", "must be a base64 string"),
        (b'{"period": 1.0}', "period", "must be one of"),
        (b'{"totalAmount": "' + HUGE.encode() + b'x"}', "totalAmount", "decimal string"),
    ],
)
def test_hostile_values_name_their_field(body: bytes, field: str, reason: str) -> None:
    errors = sample_errors(body)
    assert list(errors) == [field]
    assert reason in errors[field]


def test_a_huge_decimal_reaches_the_backend_exactly() -> None:
    # Whether 5,000 digits is a sensible amount is the owning service's rule to state.
    binder = RequestBinder(REQ, CAMEL, "sample", ())
    body = b'{"amount": ' + HUGE.encode() + b', "totalAmount": 1e400}'
    sample = binder.bind({}, b"", body, JSON).sample
    assert (sample.amount, sample.total_amount) == (HUGE, "1e400")


def test_huge_query_integers_are_out_of_range() -> None:
    binder = RequestBinder(REQ, CAMEL, "", ())
    with pytest.raises(DecodeFailed) as info:
        binder.bind({}, f"limit={HUGE}".encode(), b"")
    assert [(e.field, plain(e.reason)) for e in info.value.errors] == [
        ("limit", "must be between -2147483648 and 2147483647")
    ]


def test_the_fast_path_names_the_field_of_a_number_it_cannot_hold() -> None:
    with pytest.raises(DecodeFailed) as info:
        login(b'{"email": 1e400, "password": "x"}')
    assert [(e.field, e.reason) for e in info.value.errors] == [("email", "must be a string")]
    with pytest.raises(DecodeFailed) as info:
        login(b'{"email": "\\ud800", "password": "x"}')  # a lone surrogate: not UTF-8
    assert [e.field for e in info.value.errors] == ["email"]
    assert login(b'{"email": "a@b.c", "password": "x", "email": "d@e.f"}').email == "d@e.f"


def test_free_form_values_nested_too_deeply_are_a_bad_body() -> None:
    # Parsable (under the parsers' limits), but deeper than a Struct can be built.
    nested = b'{"extra": {"a": ' + b"[" * 950 + b"]" * 950 + b"}}"
    binder = RequestBinder(REQ, CAMEL, "sample", ())
    with pytest.raises(BadBody) as info:
        binder.bind({}, b"", nested, JSON)
    assert plain(str(info.value)) == "request body is nested too deeply"
