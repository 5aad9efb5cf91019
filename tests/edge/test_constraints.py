"""The request constraints the protos declare (edge/codec/constraints.py): checked after a
request is bound, named as the client wrote the field, refused at start-up when a
declaration does not fit its field. On the real protos, and on a run-time proto for the
shapes they do not use yet."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import orjson
import pytest
from finplat.api.v1 import annotations_pb2
from finplat.expense.v1 import expense_pb2
from finplat.identity.v1 import auth_pb2, security_pb2, sessions_pb2
from google.api import field_behavior_pb2
from google.protobuf import descriptor_pb2, descriptor_pool

from edge.binding import RequestBinder
from edge.codec import DecodeFailed
from edge.codec.constraints import decimal_places, field_constraints, message_constraints
from edge.codec.patterns import python_regex
from edge.descriptors import discover_routes
from tests.edge.testproto import FDP, _field

SNAKE = annotations_pb2.JSON_NAMING_SNAKE_CASE
FIELD_EXT: Any = annotations_pb2.field
BEHAVIOR_EXT: Any = field_behavior_pb2.field_behavior


def problems(
    request_type: Any, body: dict[str, Any] | None = None, query: str = "", body_field: str = "*"
) -> dict[str, str]:
    """Field → reason for every constraint a request breaks ({} when it is accepted): a
    JSON body bound to `body_field`, or only a query string when `body` is None."""
    binder = RequestBinder(
        request_type.DESCRIPTOR, SNAKE, body_field if body is not None else "", ()
    )
    raw = orjson.dumps(body) if body is not None else b""
    try:
        binder.bind({}, query.encode(), raw, "application/json")
    except DecodeFailed as exc:
        return {e.field: e.reason for e in exc.errors}
    return {}


EXPENSE = {"amount": 12.5, "description": "Lunch", "category": "food", "date": "2026-01-31"}


def create(**changes: Any) -> dict[str, str]:
    body = {k: v for k, v in {**EXPENSE, **changes}.items() if v is not None}
    return problems(expense_pb2.CreateExpenseRequest, body, body_field="expense")


def test_a_valid_expense_passes() -> None:
    assert create() == {}
    assert create(amount=999999999999.99, description=" x " * 166) == {}


def test_required_fields_are_named_as_the_client_wrote_them() -> None:
    found = problems(expense_pb2.CreateExpenseRequest, {}, body_field="expense")
    # The body field's members are the top of the JSON: "amount", not "expense.amount".
    assert found == dict.fromkeys(("amount", "description", "category", "date"), "is required")


@pytest.mark.parametrize(
    ("amount", "reason"),
    [
        (0, "must be greater than 0"),
        (-1, "must be greater than 0"),
        (1000000000000, "must be less than 1000000000000"),
        (12.345, "must have at most 2 decimal places"),
    ],
)
def test_amount_range_and_places(amount: float, reason: str) -> None:
    assert create(amount=amount) == {"amount": reason}


def test_description_length_blankness_and_nul() -> None:
    assert create(description="x" * 501) == {"description": "must be 1 to 500 characters long"}
    blank = "must not be blank or contain NUL characters"
    for text in ("   ", "\t\n", "\ufeff", "\x1c"):
        assert create(description=text) == {"description": blank}, repr(text)
    # NUL is refused by the codec for every string, before the field's own rule.
    assert create(description="a\x00b") == {"description": "must not contain NUL characters"}


def test_category_is_one_of_the_slugs() -> None:
    assert create(category="pizza")["category"].startswith("must be one of: food, transport")


def test_list_query_ranges_and_blank_values() -> None:
    listed = expense_pb2.ListExpensesRequest
    assert problems(listed, query="limit=0&offset=-1") == {
        "limit": "must be between 1 and 100",
        "offset": "must be between 0 and 1000000",
    }
    assert problems(listed, query="limit=100&offset=1000000&category=food") == {}
    assert problems(listed, query="category=&limit=") == {}  # blank: not sent


def test_registration_rules() -> None:
    valid = {
        "full_name": "Ada Lovelace",
        "email": "ada@example.com",
        "username": "ada.l",
        "password": "correct horse",
    }
    assert problems(auth_pb2.RegisterRequest, valid) == {}
    found = problems(
        auth_pb2.RegisterRequest,
        {
            "full_name": "Ada\nL",
            "email": "ada@example.test",
            "username": "-ada",
            "password": "short",
        },
    )
    assert found["full_name"] == "must not contain control or invisible formatting characters"
    assert "special-use or reserved name" in found["email"]
    assert found["username"].startswith("may contain only letters a-z")
    assert found["password"] == "must be 8 to 128 characters long"


def test_optional_fields_are_checked_only_when_sent() -> None:
    assert problems(auth_pb2.UpdateProfileRequest, {}) == {}
    assert problems(auth_pb2.UpdateProfileRequest, {"name": ""}) == {
        "name": "must be 1 to 100 characters long"
    }
    assert problems(sessions_pb2.RegisterTrustedDeviceRequest, {"fingerprint_hash": "a" * 8}) == {}
    assert problems(
        sessions_pb2.RegisterTrustedDeviceRequest,
        {"fingerprint_hash": "has space", "nickname": "x\u202e", "trusted_days": 0},
    ) == {
        "fingerprint_hash": "must contain only printable ASCII characters without spaces",
        "nickname": "must not contain control or invisible formatting characters",
        "trusted_days": "must be between 1 and 90",
    }


@pytest.mark.parametrize(
    ("name", "accepted"),
    [
        ("Ada Lovelace", True),
        ("\u0641\u0627\u0637\u0645\u0647\u200c\u0627\u06cc", True),  # Persian ZWNJ
        ("\U0001f469\u200d\U0001f4bb", True),  # ZWJ joining an emoji sequence
        ("Ada\u200d", False),  # a joiner at an edge hides nothing but joins nothing
        ("A\u200d\u200dB", False),
        ("Ad\u00ada", False),  # soft hyphen (Cf)
        ("\u202eadA", False),  # right-to-left override
        ("A\u2028B", False),  # line separator
        ("A\U000e0041", False),  # a tag character, outside the BMP
        ("   ", False),  # blank
    ],
)
def test_visible_text(name: str, accepted: bool) -> None:
    found = problems(auth_pb2.UpdateProfileRequest, {"name": name})
    assert (found == {}) is accepted, found


def test_plain_scalars_at_their_default_count_as_not_sent() -> None:
    assert problems(security_pb2.ListAnomaliesRequest, query="sensitivity=") == {}
    assert problems(security_pb2.ListAnomaliesRequest, query="sensitivity=max") == {
        "sensitivity": "must be one of: low, medium, high"
    }


def test_required_query_parameter() -> None:
    assert problems(auth_pb2.VerifyEmailRequest) == {"token": "is required"}


def test_a_code_must_not_be_blank() -> None:
    body = {"email": "a@example.com", "password": "p", "mfa_code": " \t"}
    assert problems(auth_pb2.LoginMfaRequest, body) == {"mfa_code": "is required"}


def test_every_routed_request_type_compiles() -> None:
    # A declaration that does not fit its field would stop the edge at start-up.
    for spec in discover_routes():
        message_constraints(spec.method.input_type)


# -- the ECMA-262 / Python regex subset (edge/codec/patterns.py) ------------------------------


def test_dollar_matches_only_at_the_very_end() -> None:
    # Python's `$` also matches before a final newline; JSON Schema's (ECMA-262) does not.
    assert python_regex("^[a-z]+$").search("abc\n") is None
    assert python_regex("^[$]+$").search("$$") is not None  # inside a class: a literal


@pytest.mark.parametrize("pattern", [r"\d+", r"\w", r"\bx", r"(?<=a)b", r"(?P<n>a)", r"\Z"])
def test_unportable_constructs_are_refused(pattern: str) -> None:
    with pytest.raises(ValueError, match="not portable"):
        python_regex(pattern)


@pytest.mark.parametrize(
    ("text", "places"),
    [("12.50", 1), ("12.500", 1), ("0.000", 0), ("1E+5", 0), ("1.23E-5", 7), ("100", 0)],
)
def test_decimal_places_count_the_value_not_the_spelling(text: str, places: int) -> None:
    assert decimal_places(Decimal(text)) == places


# -- declarations that do not fit their field -------------------------------------------------


def _declared(**fields: tuple[int, dict[str, Any], bool]) -> Any:
    """A message with one field per keyword: (type, FieldRules members, REQUIRED)."""
    f = descriptor_pb2.FileDescriptorProto(
        name=f"constrainttest/v1/m{len(_FILES)}.proto",
        package=f"constrainttest.v{len(_FILES)}",
        syntax="proto3",
    )
    f.dependency.extend(["finplat/api/v1/annotations.proto", "google/api/field_behavior.proto"])
    msg = f.message_type.add(name="M")
    for number, (name, (kind, rules, required)) in enumerate(fields.items(), start=1):
        field = _field(msg, name, number, kind)
        for key, value in rules.items():
            if isinstance(value, list):
                getattr(field.options.Extensions[FIELD_EXT], key).extend(value)
            else:
                setattr(field.options.Extensions[FIELD_EXT], key, value)
        if required:
            field.options.Extensions[BEHAVIOR_EXT].append(field_behavior_pb2.REQUIRED)
    pool: Any = descriptor_pool.Default()
    _FILES.append(f.name)
    return pool.Add(f).message_types_by_name["M"]


_FILES: list[str] = []


@pytest.mark.parametrize(
    ("kind", "rules", "required", "error"),
    [
        (FDP.TYPE_INT32, {"min_length": 1}, False, "need a string field"),
        (FDP.TYPE_STRING, {"minimum": "1"}, False, "needs an integer, float or decimal"),
        (FDP.TYPE_STRING, {"decimal_places": 2}, False, "needs a decimal field"),
        (FDP.TYPE_STRING, {"pattern": r"\d"}, False, "not portable"),
        (FDP.TYPE_STRING, {"pattern": "("}, False, "missing"),
        (FDP.TYPE_INT32, {"minimum": "one"}, False, "not a decimal"),
        (FDP.TYPE_INT32, {}, True, "make the field `optional`"),
    ],
)
def test_misfit_declarations_are_refused(
    kind: int, rules: dict[str, Any], required: bool, error: str
) -> None:
    message_type = _declared(x=(kind, rules, required))
    with pytest.raises(TypeError, match=error):
        field_constraints(message_type.fields_by_name["x"])


def test_fitting_declarations_compile() -> None:
    message_type = _declared(
        name=(FDP.TYPE_STRING, {"max_length": 5, "allowed_values": ["a", "b"]}, True),
        count=(FDP.TYPE_INT64, {"minimum": "-3", "exclusive_maximum": "7"}, False),
    )
    name = field_constraints(message_type.fields_by_name["name"])
    count = field_constraints(message_type.fields_by_name["count"])
    assert name is not None and name.problem("c") == "must be one of: a, b"
    assert count is not None and count.problem(-4) == "must be at least -3"
    assert count.problem(7) == "must be less than 7" and count.problem(6) is None
