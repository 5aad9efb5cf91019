"""Request binding (path, body, query, cookies) and response rendering, per route."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from finplat.api.v1 import annotations_pb2
from finplat.expense.v1 import expense_pb2

from edge.binding import BadBody, NotJson, RequestBinder, is_json_media_type
from edge.codec import DecodeFailed
from edge.descriptors import discover_routes
from edge.rendering import ResponseRenderer
from edge.transcoder import compile_route
from tests.edge.testproto import (
    SERVICE,
    DownloadResponse,
    Sample,
    SampleResponse,
    SavedSampleResponse,
)

SNAKE = annotations_pb2.JSON_NAMING_SNAKE_CASE
CAMEL = annotations_pb2.JSON_NAMING_LOWER_CAMEL_CASE
ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
REQ = SERVICE.methods_by_name["GetSample"].input_type
JSON = "application/json"


def binder(body: str = "", path: tuple[str, ...] = ()) -> RequestBinder:
    return RequestBinder(REQ, CAMEL, body, path)


def field_errors(call: Any) -> dict[str, str]:
    with pytest.raises(DecodeFailed) as info:
        call()
    return {e.field: e.reason for e in info.value.errors}


def test_path_variables_bind_and_are_validated() -> None:
    b = binder(path=("id",))
    assert b.bind({"id": ID}, b"", b"").id == ID
    assert field_errors(lambda: b.bind({"id": "nope"}, b"", b"")) == {"id": "must be a UUID"}


def test_nested_path_variable() -> None:
    b = binder(path=("sample.id",))
    assert b.bind({"sample.id": ID}, b"", b"").sample.id == ID
    assert field_errors(lambda: b.bind({"sample.id": "x"}, b"", b"")) == {
        "sample.id": "must be a UUID"
    }


def test_query_scalars_repeated_enums_dates_and_nested() -> None:
    b = binder()
    msg = b.bind(
        {}, b"period=monthly&day=2026-01-31&tags=a&tags=b&limit=5&sample.flag=true&x=1", b""
    )
    assert msg.period == 2
    assert (msg.day.year, msg.day.month, msg.day.day) == (2026, 1, 31)
    assert list(msg.tags) == ["a", "b"]
    assert msg.limit == 5 and msg.HasField("limit")
    assert msg.sample.flag is True
    assert field_errors(lambda: b.bind({}, b"period=daily&day=2026-02-30&limit=x", b"")) == {
        "period": "must be one of: weekly, monthly",
        "day": "is not a valid calendar date (YYYY-MM-DD)",
        "limit": "must be an integer",
    }
    assert field_errors(lambda: b.bind({}, b"sample.amount=abc", b"")) == {
        "sample.amount": "must be a number"
    }
    assert b.bind({}, b"sample.amount=12.50", b"").sample.amount == "12.50"


def test_blank_query_values_mean_unset() -> None:
    assert not binder().bind({}, b"limit=&period=", b"").HasField("limit")


def test_body_field_binding_reports_paths_inside_the_body() -> None:
    b = binder(body="sample", path=("id",))
    msg = b.bind({"id": ID}, b"", b'{"amount": 12.50, "items": [{"name": "a"}]}', JSON)
    assert msg.id == ID and msg.sample.amount == "12.50"
    bad = b'{"items": [{}, {"name": 3}]}'
    assert field_errors(lambda: b.bind({"id": ID}, b"", bad, JSON)) == {
        "items[1].name": "must be a string"
    }


def test_body_star_takes_the_whole_message_and_path_wins() -> None:
    b = binder(body="*", path=("id",))
    other = "00000000-0000-0000-0000-000000000000"
    body = f'{{"id": "{other}", "name": "n"}}'.encode()
    msg = b.bind({"id": ID}, b"period=weekly", body, JSON)
    assert msg.id == ID  # the URL wins over the body
    assert msg.name == "n"
    assert msg.period == 0  # no query binding when the body is "*"


def test_unusable_bodies() -> None:
    b = binder(body="sample")
    with pytest.raises(BadBody, match="not valid JSON"):
        b.bind({}, b"", b"{nope", JSON)
    with pytest.raises(BadBody, match="must be a JSON object"):
        b.bind({}, b"", b"[1, 2]", JSON)
    assert b.bind({}, b"", b"").HasField("sample")  # an empty body is an empty object


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/merge-patch+json",
        "application/vnd.finplat.v1+json ; q=1",
    ],
)
def test_json_media_types_are_accepted(content_type: str) -> None:
    assert is_json_media_type(content_type)
    assert binder(body="*").bind({}, b"", b'{"name": "n"}', content_type).name == "n"


@pytest.mark.parametrize(
    "content_type",
    [
        "",
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonp",
        "json",
        "application/",
    ],
)
def test_a_body_without_a_json_media_type_is_refused(content_type: str) -> None:
    b = binder(body="*")
    assert not is_json_media_type(content_type)
    with pytest.raises(NotJson):
        b.bind({}, b"", b'{"name": "n"}', content_type)
    # Nothing to parse, nothing to refuse: an empty body binds nothing.
    assert b.bind({}, b"", b"", content_type).name == ""
    # Blank is not empty, and not JSON either.
    with pytest.raises(BadBody, match="blank"):
        b.bind({}, b"", b"  ", content_type)


def test_cookie_bound_fields_come_from_cookies_only() -> None:
    b = binder(body="*")
    body = b'{"refreshToken": "from-body"}'
    msg = b.bind({}, b"", body, JSON, cookie_header="a=1; refresh_token=abc")
    assert msg.refresh_token == "abc"


def test_violation_paths_strip_the_body_field_and_use_json_names() -> None:
    b = binder(body="sample", path=("id",))
    assert b.client_path("sample.items[1].unit_price") == "items[1].unitPrice"
    assert b.client_path("sample.total_amount") == "totalAmount"
    assert b.client_path("id") == "id"
    star = binder(body="*")
    assert star.client_path("sample.total_amount") == "sample.totalAmount"
    expense = RequestBinder(expense_pb2.CreateExpenseRequest.DESCRIPTOR, SNAKE, "expense", ())
    assert expense.client_path("expense.amount") == "amount"


def test_render_selected_body_status_and_location() -> None:
    renderer = ResponseRenderer(SampleResponse.DESCRIPTOR, CAMEL, "sample", 201, "/v1/samples/{id}")
    out = renderer.render(SampleResponse(sample=Sample(id=ID, amount="1.5")))
    assert out.status == 201
    assert (b"location", f"/v1/samples/{ID}".encode()) in out.headers
    body = orjson.loads(out.body)
    assert body["id"] == ID and body["amount"] == 1.5


def test_a_location_may_name_a_path_variable_the_response_lacks() -> None:
    # An action answering an empty object (POST /api/approvals/{id}/approve → 201 {})
    # still points at what it acted on.
    renderer = ResponseRenderer(
        SampleResponse.DESCRIPTOR,
        CAMEL,
        "sample",
        201,
        "/v1/things/{thing_id}/samples/{id}",
        path_variables=("thing_id",),
    )
    out = renderer.render(SampleResponse(sample=Sample(id=ID)), {"thing_id": "a b"})
    assert (b"location", f"/v1/things/a%20b/samples/{ID}".encode()) in out.headers


def test_a_location_naming_neither_a_field_nor_a_path_variable_fails_at_compile_time() -> None:
    with pytest.raises(ValueError, match="neither a field of the response nor a path variable"):
        ResponseRenderer(SampleResponse.DESCRIPTOR, CAMEL, "sample", 201, "/v1/{nope}")


def test_an_idempotent_repeat_answers_200_with_the_same_body_and_location() -> None:
    renderer = ResponseRenderer(
        SavedSampleResponse.DESCRIPTOR,
        CAMEL,
        "sample",
        201,
        "/v1/samples/{id}",
        created_field="created",
    )
    sample = Sample(id=ID, amount="1.5")
    first = renderer.render(SavedSampleResponse(sample=sample, created=True))
    repeat = renderer.render(SavedSampleResponse(sample=sample, created=False))
    assert (first.status, repeat.status) == (201, 200)
    assert repeat.body == first.body and "created" not in orjson.loads(repeat.body)
    assert (b"location", f"/v1/samples/{ID}".encode()) in repeat.headers


@pytest.mark.parametrize("name", ["missing", "sample"])
def test_created_field_must_name_a_bool_of_the_response(name: str) -> None:
    with pytest.raises(ValueError, match="created_field"):
        ResponseRenderer(
            SavedSampleResponse.DESCRIPTOR, CAMEL, "sample", 201, "", created_field=name
        )


def test_render_204_has_no_body() -> None:
    out = ResponseRenderer(SampleResponse.DESCRIPTOR, CAMEL, "", 204, "").render(SampleResponse())
    assert (out.status, out.body) == (204, b"")


def test_render_cookie_fields_as_set_cookie() -> None:
    out = ResponseRenderer(SampleResponse.DESCRIPTOR, CAMEL, "", 0, "").render(
        SampleResponse(refresh_token="t0k", sample=Sample())
    )
    assert (
        b"set-cookie",
        b"refresh_token=t0k; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=60",
    ) in out.headers
    assert "refreshToken" not in orjson.loads(out.body)


def test_render_clears_cookies_with_their_path() -> None:
    from edge.rendering import cookie_paths

    paths = cookie_paths([SampleResponse.DESCRIPTOR])
    assert paths == {"refresh_token": "/api/auth"}
    out = ResponseRenderer(
        SampleResponse.DESCRIPTOR, CAMEL, "", 204, "", ("refresh_token",), paths
    ).render(SampleResponse())
    assert (
        b"set-cookie",
        b"refresh_token=; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=0",
    ) in out.headers


def test_render_http_body_passes_through() -> None:
    renderer = ResponseRenderer(DownloadResponse.DESCRIPTOR, CAMEL, "file", 0, "")
    out = renderer.render(DownloadResponse(file={"content_type": "text/csv", "data": b"a,b\n"}))
    assert out.body == b"a,b\n"
    assert (b"content-type", b"text/csv") in out.headers


def test_compile_route_from_annotations() -> None:
    from edge.descriptors import routes_of_service

    specs = {(s.http_method, s.template): s for s in routes_of_service(SERVICE)}
    assert ("GET", "/v1/things/{id}") in specs  # additional binding
    route = compile_route(specs[("POST", "/v1/samples")])
    assert route.renderer.status == 201
    assert route.style == annotations_pb2.ERROR_STYLE_ANALYTICS
    assert route.needs_credential is False  # edgetest is not a finplat package: public
    assert specs[("POST", "/v1/samples")].backend == "samples"


def test_a_declared_cache_control_is_rendered_on_success() -> None:
    routes = {spec.template: spec for spec in discover_routes()}
    jwks = routes["/.well-known/jwks.json"]
    rendered = compile_route(jwks).renderer.render(jwks.response_class())
    assert (b"cache-control", b"public, max-age=15") in rendered.headers
    # Nothing declared: nothing here; the security headers add "no-store".
    login = routes["/api/auth/login"]
    rendered = compile_route(login).renderer.render(login.response_class())
    assert all(name != b"cache-control" for name, _ in rendered.headers)
