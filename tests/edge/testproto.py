"""A throw-away proto package built at run time, covering every JSON-mapping rule.

The real protos do not (yet) use every field shape the codec supports, so the tests
declare one here, with our options set, in the default descriptor pool.
"""

from __future__ import annotations

from typing import Any

from finplat.api.v1 import annotations_pb2
from google.api import annotations_pb2 as http_annotations
from google.api import field_info_pb2, httpbody_pb2
from google.protobuf import (
    descriptor_pb2,
    descriptor_pool,
    duration_pb2,
    message_factory,
    struct_pb2,
    timestamp_pb2,
    wrappers_pb2,
)
from google.type import date_pb2

FDP = descriptor_pb2.FieldDescriptorProto
PACKAGE = "edgetest.v1"

_ = (duration_pb2, struct_pb2, timestamp_pb2, wrappers_pb2, date_pb2, httpbody_pb2)


def _field(
    msg: descriptor_pb2.DescriptorProto,
    name: str,
    number: int,
    kind: int,
    type_name: str = "",
    *,
    repeated: bool = False,
    json_name: str = "",
    proto3_optional: bool = False,
    **rules: Any,
) -> FDP:
    field = msg.field.add(name=name, number=number, type=kind)  # type: ignore[arg-type]
    field.label = FDP.LABEL_REPEATED if repeated else FDP.LABEL_OPTIONAL
    if type_name:
        field.type_name = type_name
    if json_name:
        field.json_name = json_name
    if proto3_optional:
        field.proto3_optional = True
        field.oneof_index = len(msg.oneof_decl)
        msg.oneof_decl.add(name=f"_{name}")
    uuid = rules.pop("uuid", False)
    if uuid:
        field.options.Extensions[field_info_pb2.field_info].format = field_info_pb2.FieldInfo.UUID4
    for key, value in rules.items():
        setattr(field.options.Extensions[annotations_pb2.field], key, value)
    return field


def _build() -> descriptor_pb2.FileDescriptorProto:
    f = descriptor_pb2.FileDescriptorProto(
        name="edgetest/v1/sample.proto", package=PACKAGE, syntax="proto3"
    )
    f.dependency.extend(
        [
            "finplat/api/v1/annotations.proto",
            "google/api/annotations.proto",
            "google/api/field_info.proto",
            "google/api/httpbody.proto",
            "google/protobuf/timestamp.proto",
            "google/protobuf/duration.proto",
            "google/protobuf/struct.proto",
            "google/protobuf/wrappers.proto",
            "google/type/date.proto",
        ]
    )
    period = f.enum_type.add(name="BudgetPeriod")
    for number, name in enumerate(["UNSPECIFIED", "WEEKLY", "MONTHLY"]):
        period.value.add(name=f"BUDGET_PERIOD_{name}", number=number)

    item = f.message_type.add(name="Item")
    _field(item, "name", 1, FDP.TYPE_STRING)
    _field(item, "unit_price", 2, FDP.TYPE_STRING, decimal_string=True)

    s = f.message_type.add(name="Sample")
    _field(s, "id", 1, FDP.TYPE_STRING, uuid=True)
    _field(s, "amount", 2, FDP.TYPE_STRING, decimal_number=True)
    _field(s, "total_amount", 3, FDP.TYPE_STRING, decimal_string=True)
    _field(s, "big", 4, FDP.TYPE_INT64)
    _field(s, "ubig", 5, FDP.TYPE_UINT64)
    _field(s, "small", 6, FDP.TYPE_INT32)
    _field(s, "flag", 7, FDP.TYPE_BOOL)
    _field(s, "at", 8, FDP.TYPE_MESSAGE, ".google.protobuf.Timestamp")
    _field(s, "day", 9, FDP.TYPE_MESSAGE, ".google.type.Date")
    _field(s, "period", 10, FDP.TYPE_ENUM, f".{PACKAGE}.BudgetPeriod")
    _field(s, "items", 13, FDP.TYPE_MESSAGE, f".{PACKAGE}.Item", repeated=True)
    entry = s.nested_type.add(name="CountsEntry")
    entry.options.map_entry = True
    _field(entry, "key", 1, FDP.TYPE_STRING)
    _field(entry, "value", 2, FDP.TYPE_INT32)
    _field(s, "counts", 14, FDP.TYPE_MESSAGE, f".{PACKAGE}.Sample.CountsEntry", repeated=True)
    _field(s, "extra", 15, FDP.TYPE_MESSAGE, ".google.protobuf.Struct")
    _field(s, "wrapped", 16, FDP.TYPE_MESSAGE, ".google.protobuf.Int32Value")
    _field(s, "tags", 17, FDP.TYPE_STRING, repeated=True)
    _field(s, "ratio", 18, FDP.TYPE_DOUBLE)
    _field(s, "blob", 19, FDP.TYPE_BYTES)
    _field(s, "amount_minor", 20, FDP.TYPE_INT64, json_name="AmountMinor")
    _field(s, "item", 21, FDP.TYPE_MESSAGE, f".{PACKAGE}.Item")
    _field(s, "any", 22, FDP.TYPE_MESSAGE, ".google.protobuf.Value")
    _field(s, "list", 23, FDP.TYPE_MESSAGE, ".google.protobuf.ListValue")
    _field(s, "refresh_token", 24, FDP.TYPE_STRING, cookie="refresh_token")
    _field(s, "periods", 25, FDP.TYPE_ENUM, f".{PACKAGE}.BudgetPeriod", repeated=True)
    _field(s, "dur", 26, FDP.TYPE_MESSAGE, ".google.protobuf.Duration")
    _field(s, "stamps", 27, FDP.TYPE_MESSAGE, ".google.protobuf.Timestamp", repeated=True)
    # proto3 `optional` fields last: their synthetic oneofs must follow real fields' order.
    _field(s, "note", 11, FDP.TYPE_STRING, proto3_optional=True)
    _field(s, "maybe", 12, FDP.TYPE_STRING, proto3_optional=True, nullable=True)
    _field(s, "count", 28, FDP.TYPE_INT32, proto3_optional=True)

    req = f.message_type.add(name="SampleRequest")
    _field(req, "id", 1, FDP.TYPE_STRING, uuid=True)
    _field(req, "sample", 2, FDP.TYPE_MESSAGE, f".{PACKAGE}.Sample")
    _field(req, "period", 3, FDP.TYPE_ENUM, f".{PACKAGE}.BudgetPeriod")
    _field(req, "day", 4, FDP.TYPE_MESSAGE, ".google.type.Date")
    _field(req, "tags", 5, FDP.TYPE_STRING, repeated=True)
    _field(req, "limit", 6, FDP.TYPE_INT32, proto3_optional=True)
    _field(req, "refresh_token", 7, FDP.TYPE_STRING, cookie="refresh_token")
    _field(req, "name", 8, FDP.TYPE_STRING)

    resp = f.message_type.add(name="SampleResponse")
    _field(resp, "sample", 1, FDP.TYPE_MESSAGE, f".{PACKAGE}.Sample")
    _field(
        resp,
        "refresh_token",
        2,
        FDP.TYPE_STRING,
        cookie="refresh_token",
        cookie_path="/api/auth",
        cookie_max_age_seconds=60,
    )

    # what an idempotent create answers (HttpRules.created_field)
    saved = f.message_type.add(name="SavedSampleResponse")
    _field(saved, "sample", 1, FDP.TYPE_MESSAGE, f".{PACKAGE}.Sample")
    _field(saved, "created", 2, FDP.TYPE_BOOL)

    file_resp = f.message_type.add(name="DownloadResponse")
    _field(file_resp, "file", 1, FDP.TYPE_MESSAGE, ".google.api.HttpBody")

    svc = f.service.add(name="SampleService")
    rules = svc.options.Extensions[annotations_pb2.service]
    rules.json_naming = annotations_pb2.JSON_NAMING_LOWER_CAMEL_CASE
    rules.error_style = annotations_pb2.ERROR_STYLE_ANALYTICS
    rules.backend = "samples"
    rules.auth.public = True

    def rpc(name: str, kind: str, path: str, out: str = "SampleResponse", **http: str) -> Any:
        method = svc.method.add(
            name=name, input_type=f".{PACKAGE}.SampleRequest", output_type=f".{PACKAGE}.{out}"
        )
        rule = method.options.Extensions[http_annotations.http]
        setattr(rule, kind, path)
        for key, value in http.items():
            setattr(rule, key, value)
        return method

    create = rpc("CreateSample", "post", "/v1/samples", body="sample", response_body="sample")
    create_rules = create.options.Extensions[annotations_pb2.http_rules]
    create_rules.success_status = 201
    create_rules.location = "/v1/samples/{id}"
    get = rpc("GetSample", "get", "/v1/samples/{id}", response_body="sample")
    get.options.Extensions[http_annotations.http].additional_bindings.add(get="/v1/things/{id}")
    rpc("ReplaceSample", "put", "/v1/samples/{id}", body="*")
    rpc(
        "Download", "get", "/v1/samples/{id}:download", out="DownloadResponse", response_body="file"
    )
    rpc("Login", "post", "/v1/login", body="*")
    delete = rpc("DeleteSample", "delete", "/v1/samples/{id}")
    delete.options.Extensions[annotations_pb2.http_rules].success_status = 204
    return f


FILE = descriptor_pool.Default().Add(_build())
SERVICE = FILE.services_by_name["SampleService"]
Sample: Any = message_factory.GetMessageClass(FILE.message_types_by_name["Sample"])
Item: Any = message_factory.GetMessageClass(FILE.message_types_by_name["Item"])
SampleRequest: Any = message_factory.GetMessageClass(FILE.message_types_by_name["SampleRequest"])
SampleResponse: Any = message_factory.GetMessageClass(FILE.message_types_by_name["SampleResponse"])
SavedSampleResponse: Any = message_factory.GetMessageClass(
    FILE.message_types_by_name["SavedSampleResponse"]
)
DownloadResponse: Any = message_factory.GetMessageClass(
    FILE.message_types_by_name["DownloadResponse"]
)
