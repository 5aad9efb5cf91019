"""Every JSON-mapping rule of the codec as the document states it, on the run-time test
protos: tests/edge/testproto.py, and a small upload service declared here (in a finplat.*
package, so its auth options count) for multipart, lowerCamelCase path variables and
role/scope policies."""

from __future__ import annotations

from typing import Any

import pytest
from finplat.api.v1 import annotations_pb2
from google.api import annotations_pb2 as http_annotations
from google.protobuf import descriptor_pb2, descriptor_pool
from openapi_spec_validator import OpenAPIV31SpecValidator

from edge.descriptors import routes_of_service
from edge.openapi import build_api_document
from edge.openapi.schemas import UUID_PATTERN
from tests.edge import testproto
from tests.edge.testproto import FDP, _field

Doc = dict[str, Any]
# The generated .pyi types our extensions as plain FieldDescriptors (see edge/options.py).
FIELD_EXT: Any = annotations_pb2.field
SERVICE_EXT: Any = annotations_pb2.service


def _upload_service() -> Any:
    f = descriptor_pb2.FileDescriptorProto(
        name="finplat/openapitest/v1/upload.proto",
        package="finplat.openapitest.v1",
        syntax="proto3",
    )
    f.dependency.extend(["finplat/api/v1/annotations.proto", "google/api/annotations.proto"])
    upload = f.message_type.add(name="UploadRequest")
    part = _field(upload, "file", 1, FDP.TYPE_BYTES)
    multipart = part.options.Extensions[FIELD_EXT].multipart
    multipart.allowed_types.append("text/csv")
    multipart.filename_field, multipart.content_type_field = "file_name", "file_type"
    _field(upload, "file_name", 2, FDP.TYPE_STRING)
    _field(upload, "file_type", 3, FDP.TYPE_STRING)
    _field(upload, "note_text", 4, FDP.TYPE_STRING)
    get = f.message_type.add(name="GetUploadRequest")
    _field(get, "upload_id", 1, FDP.TYPE_STRING, uuid=True)
    f.message_type.add(name="Upload")

    svc = f.service.add(name="UploadService")
    rules = svc.options.Extensions[SERVICE_EXT]
    rules.json_naming = annotations_pb2.JSON_NAMING_LOWER_CAMEL_CASE
    rules.error_style = annotations_pb2.ERROR_STYLE_PROJECT_FINANCE
    rules.auth.roles.append("user")
    rules.auth.scopes.append("uploads:manage")
    for name, request, kind, path, body in (
        ("CreateUpload", "UploadRequest", "post", "/v1/uploads", "*"),
        ("GetUpload", "GetUploadRequest", "get", "/v1/uploads/{upload_id}", ""),
    ):
        method = svc.method.add(
            name=name,
            input_type=f".finplat.openapitest.v1.{request}",
            output_type=".finplat.openapitest.v1.Upload",
        )
        rule = method.options.Extensions[http_annotations.http]
        setattr(rule, kind, path)
        rule.body = body
    pool: Any = descriptor_pool.Default()
    return pool.Add(f).services_by_name["UploadService"]


UPLOADS = _upload_service()


@pytest.fixture(scope="module")
def document() -> Doc:
    routes = [*routes_of_service(testproto.SERVICE), *routes_of_service(UPLOADS)]
    built = build_api_document(routes)
    OpenAPIV31SpecValidator(built).validate()
    return built


def sample(document: Doc) -> Doc:
    schema: Doc = document["components"]["schemas"]["edgetest.v1.Sample"]["properties"]
    return schema


def test_names_follow_the_service_naming_and_json_name(document: Doc) -> None:
    props = sample(document)
    assert "totalAmount" in props and "total_amount" not in props  # lowerCamelCase service
    assert "AmountMinor" in props  # explicit json_name wins
    assert "refreshToken" not in props and "refresh_token" not in props  # cookie-bound


def test_scalar_and_well_known_types(document: Doc) -> None:
    props = sample(document)
    assert props["amount"]["type"] == "number"  # decimal_number
    assert props["totalAmount"]["type"] == "string"  # decimal_string
    assert props["totalAmount"]["format"] == "decimal"
    assert props["big"] == {"type": "integer", "format": "int64"}  # int64 is a number
    assert props["ubig"]["minimum"] == 0
    assert props["at"] == {"type": "string", "format": "date-time"}
    assert props["day"] == {"type": "string", "format": "date"}
    assert props["wrapped"] == {"type": "integer", "format": "int32"}
    assert props["extra"] == {"type": "object"}
    assert props["blob"]["contentEncoding"] == "base64"
    assert props["dur"]["type"] == "string"
    assert props["counts"]["additionalProperties"]["type"] == "integer"
    assert props["stamps"]["items"]["format"] == "date-time"


def test_enums_are_short_lower_case_names_without_unspecified(document: Doc) -> None:
    enum = document["components"]["schemas"]["edgetest.v1.BudgetPeriod"]
    assert enum == {"type": "string", "enum": ["weekly", "monthly"]}
    assert sample(document)["periods"]["items"] == {
        "$ref": "#/components/schemas/edgetest.v1.BudgetPeriod"
    }


def test_optional_and_nullable(document: Doc) -> None:
    props = sample(document)
    no_nul = r"^[^\u0000]*$"  # no finplat string holds NUL
    assert props["note"] == {"type": "string", "pattern": no_nul}  # optional: absent when unset
    assert props["maybe"] == {"type": ["string", "null"], "pattern": no_nul}  # nullable


def test_http_body_is_raw_bytes(document: Doc) -> None:
    download = document["paths"]["/v1/samples/{id}:download"]["get"]["responses"]["200"]
    assert download["content"] == {"*/*": {"schema": {"type": "string", "format": "binary"}}}


def test_body_field_and_additional_bindings(document: Doc) -> None:
    create = document["paths"]["/v1/samples"]["post"]
    # Sample is also a response: the request's reading (null = not set) is a component
    # of its own.
    assert create["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/edgetest.v1.Sample.request"
    }
    assert create["responses"]["201"]["headers"]["Location"]
    assert document["paths"]["/v1/samples/{id}"]["get"]["operationId"] == "SampleService_GetSample"
    assert document["paths"]["/v1/things/{id}"]["get"]["operationId"] == "SampleService_GetSample_2"
    assert "content" not in document["paths"]["/v1/samples/{id}"]["delete"]["responses"]["204"]


def test_body_star_leaves_out_what_the_path_binds(document: Doc) -> None:
    replace = document["paths"]["/v1/samples/{id}"]["put"]
    schema = replace["requestBody"]["content"]["application/json"]["schema"]
    assert "id" not in schema["properties"] and "sample" in schema["properties"]
    assert "parameters" in replace and replace["parameters"][0]["name"] == "id"


def test_path_variables_are_named_as_the_client_sees_them(document: Doc) -> None:
    operation = document["paths"]["/v1/uploads/{uploadId}"]["get"]
    assert operation["parameters"] == [
        {
            "name": "uploadId",
            "in": "path",
            "required": True,
            "schema": {"type": "string", "format": "uuid", "pattern": UUID_PATTERN},
        }
    ]
    assert "404" in operation["responses"]


def test_multipart_upload(document: Doc) -> None:
    body = document["paths"]["/v1/uploads"]["post"]["requestBody"]
    form = body["content"]["multipart/form-data"]
    assert form["schema"]["properties"] == {
        "file": {"type": "string", "format": "binary", "contentMediaType": "text/csv"},
        "noteText": {"type": "string", "pattern": r"^[^\u0000]*$"},
    }
    assert form["encoding"] == {"file": {"contentType": "text/csv"}}


def test_roles_and_scopes_and_error_style(document: Doc) -> None:
    operation = document["paths"]["/v1/uploads"]["post"]
    assert operation["security"] == [{"bearerJwt": ["uploads:manage", "user"]}]
    assert "scope `uploads:manage`" in operation["description"]
    assert operation["responses"]["403"] == {
        "$ref": "#/components/responses/ProjectFinanceError.403"
    }
    conflict = document["components"]["responses"]["ProjectFinanceError.409"]
    assert conflict["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ProjectFinanceError"
    }
    public = document["paths"]["/v1/login"]["post"]
    assert public["security"] == []
    assert "401" in public["responses"]  # its refresh_token cookie can be refused
