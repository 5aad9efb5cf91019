"""google.api.HttpBody answers: raw bytes, their type, and the declared file name
(HttpRules.filename_field) as Content-Disposition (edge/rendering.py)."""

from __future__ import annotations

import pytest
from finplat.accounting.v1 import reports_pb2
from finplat.api.v1 import annotations_pb2
from finplat.projectfinance.v1 import exports_pb2
from google.api import httpbody_pb2

from edge.rendering import ResponseRenderer

SNAKE = annotations_pb2.JSON_NAMING_SNAKE_CASE


def renderer(filename_field: str = "filename") -> ResponseRenderer:
    return ResponseRenderer(
        exports_pb2.DESCRIPTOR.message_types_by_name["DownloadExportResponse"],
        SNAKE,
        "file",
        0,
        "",
        filename_field=filename_field,
    )


def test_a_file_is_its_bytes_type_and_name() -> None:
    response = exports_pb2.DownloadExportResponse(
        file=httpbody_pb2.HttpBody(content_type="text/csv", data=b"a,b\r\n"),
        filename='pf "q1".csv',
    )
    rendered = renderer().render(response)
    assert rendered.status == 200 and rendered.body == b"a,b\r\n"
    assert dict(rendered.headers) == {
        b"content-type": b"text/csv",
        b"content-disposition": b'attachment; filename="pf \\"q1\\".csv"; '
        b"filename*=UTF-8''pf%20%22q1%22.csv",
    }


def test_an_empty_name_sends_no_disposition_and_no_type_is_octet_stream() -> None:
    rendered = renderer().render(exports_pb2.DownloadExportResponse())
    assert dict(rendered.headers) == {b"content-type": b"application/octet-stream"}


def test_without_the_declaration_no_disposition_is_sent() -> None:
    response = exports_pb2.DownloadExportResponse(filename="x.csv")
    assert b"content-disposition" not in dict(renderer("").render(response).headers)


@pytest.mark.parametrize("name", ["file", "missing"])
def test_a_declaration_naming_no_string_field_stops_the_route(name: str) -> None:
    with pytest.raises(ValueError, match="filename_field"):
        renderer(name)


def test_a_declaration_on_a_json_answer_stops_the_route() -> None:
    with pytest.raises(ValueError, match="filename_field"):
        ResponseRenderer(
            reports_pb2.DESCRIPTOR.message_types_by_name["GetExportAvailabilityResponse"],
            SNAKE, "", 0, "",
            filename_field="csv",
        )  # fmt: skip
