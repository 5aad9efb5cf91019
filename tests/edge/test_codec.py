"""Every JSON-mapping rule of edge.codec, both directions, and each error naming its field."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import orjson
import pytest
from finplat.api.v1 import annotations_pb2
from finplat.expense.v1 import expense_pb2
from google.protobuf import timestamp_pb2

from edge.codec import DecodeFailed, MalformedJson, codec_for, enum_names, loads
from edge.codec.names import enum_prefix, json_key, lower_camel
from tests.edge.testproto import Item, Sample

CAMEL = annotations_pb2.JSON_NAMING_LOWER_CAMEL_CASE
SNAKE = annotations_pb2.JSON_NAMING_SNAKE_CASE
CODEC = codec_for(Sample.DESCRIPTOR, CAMEL)
SNAKE_CODEC = codec_for(Sample.DESCRIPTOR, SNAKE)


def decode(body: str, codec: Any = CODEC) -> Any:
    return codec.decode(loads(body.encode(), exact=True))


def errors_of(body: str, codec: Any = CODEC) -> dict[str, str]:
    with pytest.raises(DecodeFailed) as info:
        decode(body, codec)
    return {e.field: e.reason for e in info.value.errors}


def encode(msg: Any, codec: Any = CODEC) -> dict[str, Any]:
    out: dict[str, Any] = orjson.loads(orjson.dumps(codec.encode(msg)))
    return out


# -- names ------------------------------------------------------------------------------


def test_field_names_follow_the_naming_style() -> None:
    field = Sample.DESCRIPTOR.fields_by_name["total_amount"]
    assert json_key(field, SNAKE) == "total_amount"
    assert json_key(field, CAMEL) == "totalAmount"
    assert json_key(field, annotations_pb2.JSON_NAMING_UNSPECIFIED) == "totalAmount"


def test_explicit_json_name_wins_in_every_style() -> None:
    field = Sample.DESCRIPTOR.fields_by_name["amount_minor"]
    assert json_key(field, SNAKE) == "AmountMinor"
    assert json_key(field, CAMEL) == "AmountMinor"
    assert encode(Sample(amount_minor=5), SNAKE_CODEC)["AmountMinor"] == 5


def test_camel_codec_accepts_proto_names_too() -> None:
    assert decode('{"total_amount": "1.5"}').total_amount == "1.5"
    assert lower_camel("has_more_items") == "hasMoreItems"


# -- enums ------------------------------------------------------------------------------


def test_enum_names_strip_the_type_prefix() -> None:
    enum = Sample.DESCRIPTOR.fields_by_name["period"].enum_type
    assert enum_prefix(enum) == "BUDGET_PERIOD_"
    assert enum_names(enum) == {1: "weekly", 2: "monthly"}


def test_enum_round_trip_and_unspecified_is_absent() -> None:
    assert decode('{"period": "monthly"}').period == 2
    assert decode('{"period": "BUDGET_PERIOD_WEEKLY"}').period == 1
    assert encode(Sample(period=2))["period"] == "monthly"
    assert "period" not in encode(Sample())
    assert encode(Sample(periods=[1, 2]))["periods"] == ["weekly", "monthly"]


def test_unknown_enum_value_lists_allowed_values() -> None:
    assert errors_of('{"period": "daily"}') == {"period": "must be one of: weekly, monthly"}
    assert errors_of('{"period": "unspecified"}') == {"period": "must be one of: weekly, monthly"}
    assert errors_of('{"periods": ["weekly", 3]}') == {
        "periods[1]": "must be one of: weekly, monthly"
    }


# -- decimals ---------------------------------------------------------------------------


def test_decimal_number_is_parsed_without_float_rounding() -> None:
    msg = decode('{"amount": 0.1000000000000000055511151231257827}')
    assert msg.amount == "0.1000000000000000055511151231257827"
    assert decode('{"amount": 12}').amount == "12"
    assert decode('{"amount": 12.50}').amount == "12.50"
    assert decode('{"amount": 1e2}').amount == "1e2"


def test_decimal_number_rejects_strings_and_bools() -> None:
    assert errors_of('{"amount": "12.50"}') == {"amount": "must be a number"}
    assert errors_of('{"amount": true}') == {"amount": "must be a number"}
    assert errors_of('{"amount": {}}') == {"amount": "must be a number"}


def test_decimal_number_is_printed_as_a_raw_json_number() -> None:
    raw = orjson.dumps(CODEC.encode(Sample(amount="12.50")))
    assert b'"amount":12.50' in raw
    raw = orjson.dumps(CODEC.encode(Sample(amount="0.1000000000000000055511151231257827")))
    assert b'"amount":0.1000000000000000055511151231257827' in raw
    # A backend's Decimal("1E+2") is still valid JSON; junk is dropped rather than emitted.
    assert orjson.loads(orjson.dumps(CODEC.encode(Sample(amount="1E+2"))))["amount"] == 100
    assert "amount" not in encode(Sample(amount="abc"))
    assert "amount" not in encode(Sample(amount=""))
    assert Decimal(str(encode(Sample(amount="+5"))["amount"])) == 5


def test_decimal_string_is_a_json_string_validated_as_decimal() -> None:
    assert decode('{"totalAmount": "-10.25"}').total_amount == "-10.25"
    assert decode('{"totalAmount": 10.25}').total_amount == "10.25"
    assert encode(Sample(total_amount="10.25"))["totalAmount"] == "10.25"
    assert errors_of('{"totalAmount": "ten"}') == {"totalAmount": "must be a decimal string"}
    assert errors_of('{"totalAmount": false}') == {"totalAmount": "must be a decimal string"}
    assert errors_of('{"items": [{"unitPrice": "1"}, {"unitPrice": "x"}]}') == {
        "items[1].unitPrice": "must be a decimal string"
    }


# -- integers, floats, bools, bytes ----------------------------------------------------


def test_int64_is_a_json_number_and_accepts_numeric_strings() -> None:
    assert decode('{"big": 9223372036854775807}').big == 2**63 - 1
    assert decode('{"big": "-42"}').big == -42
    assert decode('{"ubig": 18446744073709551615}').ubig == 2**64 - 1
    assert encode(Sample(big=2**63 - 1))["big"] == 2**63 - 1
    assert errors_of('{"big": "4x"}') == {"big": "must be an integer"}
    assert errors_of('{"big": 1.5}') == {"big": "must be an integer"}
    assert errors_of('{"big": 9223372036854775808}') == {
        "big": "must be between -9223372036854775808 and 9223372036854775807"
    }
    assert errors_of('{"ubig": -1}') == {"ubig": "must be between 0 and 18446744073709551615"}


def test_int32_is_range_checked_and_rejects_bools() -> None:
    assert decode('{"small": 2147483647}').small == 2**31 - 1
    assert decode('{"small": 3.0}').small == 3
    assert errors_of('{"small": 2147483648}') == {
        "small": "must be between -2147483648 and 2147483647"
    }
    assert errors_of('{"small": true}') == {"small": "must be an integer"}


def test_bool_is_strict() -> None:
    assert decode('{"flag": true}').flag is True
    assert errors_of('{"flag": "true"}') == {"flag": "must be a boolean"}
    assert errors_of('{"flag": 1}') == {"flag": "must be a boolean"}


def test_double_and_bytes() -> None:
    assert decode('{"ratio": 0.25}').ratio == 0.25
    assert decode('{"ratio": 3}').ratio == 3.0
    assert encode(Sample(ratio=0.5))["ratio"] == 0.5
    assert encode(Sample(ratio=float("inf")))["ratio"] == "Infinity"
    assert errors_of('{"ratio": "abc"}') == {"ratio": "must be a number"}
    assert decode('{"blob": "aGk="}').blob == b"hi"
    assert decode('{"blob": "aGk"}').blob == b"hi"
    assert encode(Sample(blob=b"hi"))["blob"] == "aGk="
    assert errors_of('{"blob": "***"}') == {"blob": "must be a base64 string"}


def test_non_optional_scalars_are_always_printed() -> None:
    out = encode(Sample())
    assert out["flag"] is False
    assert out["big"] == 0
    assert out["small"] == 0
    assert out["totalAmount"] == ""
    assert out["tags"] == []
    assert out["items"] == []
    assert out["counts"] == {}
    pagination = encode(
        expense_pb2.Pagination(), codec_for(expense_pb2.Pagination.DESCRIPTOR, SNAKE)
    )
    assert pagination == {"limit": 0, "offset": 0, "total": 0, "has_more": False}


# -- strings and UUIDs -----------------------------------------------------------------


def test_strings_must_be_strings() -> None:
    assert errors_of('{"tags": ["a", 1]}') == {"tags[1]": "must be a string"}
    assert errors_of('{"item": {"name": 5}}') == {"item.name": "must be a string"}


def test_strings_must_not_hold_nul() -> None:
    # PostgreSQL text cannot store NUL: refused at the edge, naming the field.
    assert errors_of('{"item": {"name": "a\\u0000b"}}') == {
        "item.name": "must not contain NUL characters"
    }


def test_uuid_fields_must_be_uuids() -> None:
    value = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    assert decode(f'{{"id": "{value}"}}').id == value.lower()
    assert errors_of('{"id": "42"}') == {"id": "must be a UUID"}
    assert errors_of('{"id": 42}') == {"id": "must be a UUID"}


# -- timestamps and dates --------------------------------------------------------------


def test_timestamp_is_rfc3339_utc_with_z() -> None:
    msg = decode('{"at": "2026-01-31T10:00:00+02:00"}')
    assert msg.at.seconds == timestamp_pb2.Timestamp(seconds=msg.at.seconds).seconds
    assert encode(msg)["at"] == "2026-01-31T08:00:00Z"
    assert encode(Sample(at=timestamp_pb2.Timestamp(seconds=0, nanos=5_000_000)))["at"] == (
        "1970-01-01T00:00:00.005Z"
    )
    assert "at" not in encode(Sample())
    reason = "must be an RFC 3339 date-time (e.g. 2026-01-31T09:30:00Z)"
    assert errors_of('{"at": "2026-01-31"}') == {"at": reason}
    assert errors_of('{"at": 5}') == {"at": reason}
    assert errors_of('{"stamps": ["2026-01-31T00:00:00Z", "x"]}') == {"stamps[1]": reason}


def test_date_is_a_real_calendar_date() -> None:
    msg = decode('{"day": "2024-02-29"}')
    assert (msg.day.year, msg.day.month, msg.day.day) == (2024, 2, 29)
    assert encode(msg)["day"] == "2024-02-29"
    assert errors_of('{"day": "2026-02-30"}') == {
        "day": "is not a valid calendar date (YYYY-MM-DD)"
    }
    assert errors_of('{"day": "2026-2-3"}') == {"day": "must be a date (YYYY-MM-DD)"}
    assert errors_of('{"day": 20260203}') == {"day": "must be a date (YYYY-MM-DD)"}


def test_duration() -> None:
    assert decode('{"dur": "1.5s"}').dur.nanos == 500_000_000
    assert encode(Sample(dur={"seconds": 3}))["dur"] == "3s"
    assert "dur" in errors_of('{"dur": "soon"}')


# -- presence: optional, nullable ------------------------------------------------------


def test_optional_unset_is_omitted_or_null_when_nullable() -> None:
    out = encode(Sample())
    assert "note" not in out
    assert out["maybe"] is None
    assert "count" not in out
    assert encode(Sample(note="", count=0))["note"] == ""
    assert encode(Sample(count=0))["count"] == 0
    assert decode('{"maybe": null}').HasField("maybe") is False
    assert decode('{"count": 0}').HasField("count") is True


# -- nested, repeated, maps, free-form -------------------------------------------------


def test_nested_and_repeated_messages() -> None:
    msg = decode('{"items": [{"name": "a", "unitPrice": "1.10"}], "item": {"name": "b"}}')
    assert msg.items[0] == Item(name="a", unit_price="1.10")
    assert encode(msg)["items"] == [{"name": "a", "unitPrice": "1.10"}]
    assert encode(msg)["item"] == {"name": "b", "unitPrice": ""}
    assert "item" not in encode(Sample())
    assert errors_of('{"items": {}}') == {"items": "must be an array"}
    assert errors_of('{"items": [5]}') == {"items[0]": "must be an object"}
    assert errors_of('{"item": []}') == {"item": "must be an object"}
    assert errors_of('{"tags": [null]}') == {"tags[0]": "must not be null"}


def test_maps() -> None:
    msg = decode('{"counts": {"a": 1, "b": "2"}}')
    assert dict(msg.counts) == {"a": 1, "b": 2}
    assert encode(msg)["counts"] == {"a": 1, "b": 2}
    assert errors_of('{"counts": {"a": "x"}}') == {"counts.a": "must be an integer"}
    assert errors_of('{"counts": []}') == {"counts": "must be an object"}


def test_struct_value_and_list_value_are_free_form() -> None:
    body = '{"extra": {"a": [1, 2.5, "x", null, {"b": true}]}, "any": 7, "list": [1, "y"]}'
    msg = decode(body)
    out = encode(msg)
    assert out["extra"] == {"a": [1, 2.5, "x", None, {"b": True}]}
    assert out["any"] == 7
    assert out["list"] == [1, "y"]
    assert errors_of('{"extra": [1]}') == {"extra": "must be an object"}
    assert errors_of('{"list": {}}') == {"list": "must be an array"}


def test_wrappers_are_bare_values() -> None:
    msg = decode('{"wrapped": 5}')
    assert msg.wrapped.value == 5
    assert encode(msg)["wrapped"] == 5
    assert "wrapped" not in encode(Sample())
    assert decode('{"wrapped": null}').HasField("wrapped") is False
    assert errors_of('{"wrapped": "x"}') == {"wrapped": "must be an integer"}


# -- bodies ----------------------------------------------------------------------------


def test_unknown_fields_are_ignored_and_all_errors_are_reported() -> None:
    assert decode('{"nope": 1, "flag": true}').flag is True
    assert errors_of('{"flag": 1, "small": "x", "day": "2026-13-01"}') == {
        "flag": "must be a boolean",
        "small": "must be an integer",
        "day": "is not a valid calendar date (YYYY-MM-DD)",
    }


def test_cookie_fields_never_appear_in_json() -> None:
    assert "refreshToken" not in encode(Sample(refresh_token="secret"))
    assert decode('{"refreshToken": "x"}').refresh_token == ""


def test_malformed_json_is_reported_without_echoing() -> None:
    for exact in (True, False):
        with pytest.raises(MalformedJson, match="not valid JSON"):
            loads(b'{"a": ', exact=exact)
    with pytest.raises(MalformedJson):
        loads(b'{"a": NaN}', exact=True)
    with pytest.raises(MalformedJson, match="UTF-8"):
        loads(b'{"a": "\xff"}', exact=True)


def test_violation_paths_translate_to_json_names() -> None:
    assert CODEC.json_path("items[2].unit_price") == "items[2].unitPrice"
    assert CODEC.json_path("total_amount") == "totalAmount"
    assert CODEC.json_path("item.unit_price") == "item.unitPrice"
    assert CODEC.json_path("mystery.field") == "mystery.field"


def test_exact_parsing_is_chosen_only_where_decimals_live() -> None:
    assert CODEC.exact_numbers() is True
    assert codec_for(expense_pb2.ListCategoriesRequest.DESCRIPTOR, SNAKE).exact_numbers() is False
    assert codec_for(expense_pb2.CreateExpenseRequest.DESCRIPTOR, SNAKE).exact_numbers() is True
