"""One OpenAPI operation per route binding, from the same compiled pieces the transcoder
uses: the RequestBinder says which fields the path, query, body and cookies bind, the
method policy says who may call, the HttpRules say the success status, Location and
cookies, the service rules say the naming and the error body.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from google.protobuf import descriptor

from edge.binding import RequestBinder
from edge.codec import codec_for, field_rules
from edge.codec.constraints import is_required
from edge.descriptors import RouteSpec
from edge.downloads.declaration import is_http_body
from edge.openapi.comments import Comments
from edge.openapi.responses import COMMON_HEADERS, error_response_name, header_refs
from edge.openapi.schemas import HTTP_BODY, Schema, Schemas, binary
from edge.rendering import cookie_attributes
from edge.routing import parse_template
from edge.uploads.declaration import multipart_fields
from edge.uploads.limits import UploadLimits
from services.runtime.policy import MethodPolicy, policy_for

_VARIABLE = re.compile(r"\{([^}=]+)(?:=([^}]*))?\}")


@dataclass
class Operation:
    path: str
    method: str
    body: Schema
    error_responses: set[tuple[int, int]] = field(default_factory=set)  # (style, status)


def build_operation(
    spec: RouteSpec,
    schemas: Schemas,
    comments: Comments,
    operation_id: str,
    upload_limits: UploadLimits | None = None,
) -> Operation:
    naming = spec.service_rules.json_naming
    template = parse_template(spec.template)
    path_fields = tuple(v.field_path for v in template.variables)
    binder = RequestBinder(spec.method.input_type, naming, spec.body, path_fields)
    policy = policy_for(spec.full_method)

    parameters = _path_parameters(spec.template, binder, schemas, comments, naming)
    path = _openapi_path(spec.template, binder)
    parameters += _query_parameters(binder, schemas, comments, naming)
    parameters += [
        {
            "name": cookie,
            "in": "cookie",
            "description": comments(f"{spec.method.input_type.full_name}.{name}")
            or f"The {cookie} cookie.",
            "schema": {"type": "string"},
        }
        for name, cookie in binder.cookies.items()
    ]

    body: Schema = {
        "tags": [spec.method.containing_service.name],
        "operationId": operation_id,
        "summary": _summary(comments(spec.method.full_name), spec.method.name),
        "description": _describe(comments(spec.method.full_name), policy),
    }
    if parameters:
        body["parameters"] = parameters
    request_body = _request_body(spec, binder, schemas, naming, upload_limits)
    if request_body is not None:
        body["requestBody"] = request_body

    operation = Operation(path, spec.http_method.lower(), body)
    success = spec.http_rules.success_status or 200
    responses = {str(success): _success(spec, schemas, naming, success)}
    if spec.http_rules.created_field and success != 200:
        # an idempotent create: a repeat answers 200 with what the first call created
        responses["200"] = _success(spec, schemas, naming, 200, _REPEAT_TEXT)
    style = spec.service_rules.error_style
    for status in _error_statuses(spec, binder, policy, bool(path_fields)):
        operation.error_responses.add((style, status))
        responses[str(status)] = {
            "$ref": f"#/components/responses/{error_response_name(style, status)}"
        }
    body["responses"] = responses
    body["security"] = _security(policy)
    return operation


def _client_name(binder: RequestBinder, field_path: str) -> str:
    return binder.path_targets[field_path].json_path


def _openapi_path(template: str, binder: RequestBinder) -> str:
    """`/v1/{goal_id}` → `/v1/{goalId}`: variables named as the client's JSON names them."""
    return _VARIABLE.sub(lambda m: "{" + _client_name(binder, m.group(1).strip()) + "}", template)


def _path_parameters(
    template: str, binder: RequestBinder, schemas: Schemas, comments: Comments, naming: int
) -> list[Schema]:
    parameters: list[Schema] = []
    for match in _VARIABLE.finditer(template):
        target = binder.path_targets[match.group(1).strip()]
        text = comments(target.codec.field.full_name)
        if match.group(2) and match.group(2) != "*":
            text = f"{text} Matches `{match.group(2)}` (may contain '/').".strip()
        parameter: Schema = {"name": target.json_path, "in": "path", "required": True}
        if text:
            parameter["description"] = text
        parameter["schema"] = schemas.value(target.codec, naming)
        parameters.append(parameter)
    return parameters


def _query_parameters(
    binder: RequestBinder, schemas: Schemas, comments: Comments, naming: int
) -> list[Schema]:
    parameters: list[Schema] = []
    seen: set[int] = set()
    for target in binder.query.values():
        if id(target) in seen:
            continue  # indexed under its JSON path and its proto path: list it once
        seen.add(id(target))
        field = target.codec.field
        parameter: Schema = {"name": target.json_path, "in": "query"}
        if is_required(field):
            parameter["required"] = True
        else:
            # The binder drops blank values: `?start_date=` counts as not sent.
            parameter["allowEmptyValue"] = True
        text = comments(field.full_name)
        if text:
            parameter["description"] = text
        parameter["schema"] = schemas.value(target.codec, naming)
        parameters.append(parameter)
    return parameters


def _request_body(
    spec: RouteSpec,
    binder: RequestBinder,
    schemas: Schemas,
    naming: int,
    upload_limits: UploadLimits | None,
) -> Schema | None:
    if not spec.body:
        return None
    request_type = spec.method.input_type
    if spec.body == "*":
        target: descriptor.Descriptor | None = request_type
        without = frozenset(p.split(".")[0] for p in binder.path_targets)
        required = any(is_required(f) for f in request_type.fields if f.name not in without)
    else:
        body_field = request_type.fields_by_name[spec.body]
        target, without, required = body_field.message_type, frozenset(), is_required(body_field)
    if target is not None and target.full_name == HTTP_BODY:
        return {"required": True, "content": {"*/*": {"schema": binary()}}}
    if target is not None and multipart_fields(target):
        form = _multipart(target, naming, schemas, upload_limits)
        return {"required": True, "content": {"multipart/form-data": form}}
    with schemas.requests():
        if spec.body == "*":
            schema = schemas.body(request_type, naming, without)
        else:
            schema = schemas.value(binder.codec.by_name[spec.body], naming)
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def _multipart(
    message_type: descriptor.Descriptor,
    naming: int,
    schemas: Schemas,
    upload_limits: UploadLimits | None,
) -> Schema:
    """Files as binary parts (`maxLength`: the limit in bytes, when known); the other
    fields as form fields. The gateway fills the file-name and detected-type fields
    itself, so the client does not send them."""
    codec = codec_for(message_type, naming)
    files = multipart_fields(message_type)
    filled = set()
    for f in files:
        rules: Any = field_rules(f)
        declared = rules.multipart
        filled |= {declared.filename_field, declared.content_type_field, declared.end_field}
    properties: Schema = {}
    encoding: Schema = {}
    for f in message_type.fields:
        field_codec = codec.by_name.get(f.name)
        if field_codec is None or f.name in filled:
            continue
        if f in files:
            multipart: Any = field_rules(f).multipart  # type: ignore[union-attr]
            allowed = list(multipart.allowed_types)
            properties[field_codec.key] = part = binary(allowed)
            limit = upload_limits.file_limit(multipart) if upload_limits else multipart.max_bytes
            if limit:
                part["maxLength"] = int(limit)
            if is_required(f):
                part["minLength"] = 1  # a required file is not an empty part
            if allowed:
                encoding[field_codec.key] = {"contentType": ", ".join(allowed)}
        else:
            properties[field_codec.key] = schemas.property(field_codec, naming)
    schema: Schema = {"type": "object", "properties": properties}
    required = [
        codec.by_name[f.name].key
        for f in message_type.fields
        if is_required(f) and f.name in codec.by_name and f.name not in filled
    ]
    if required:
        schema["required"] = required
    media: Schema = {"schema": schema}
    if encoding:
        media["encoding"] = encoding
    return media


def _success(
    spec: RouteSpec, schemas: Schemas, naming: int, status: int, description: str = ""
) -> Schema:
    headers = header_refs(*COMMON_HEADERS)
    if spec.http_rules.location:
        headers["Location"] = {
            "description": f"The {'resource' if description else 'new resource'}: "
            f"`{spec.http_rules.location}`.",
            "schema": {"type": "string"},
        }
    cookies = _set_cookies(spec)
    if cookies:
        headers["Set-Cookie"] = {"description": cookies, "schema": {"type": "string"}}
    text = description or _STATUS_TEXT.get(status, "Success.")
    response: Schema = {"description": text, "headers": headers}
    if status == 204:
        return response
    output = spec.method.output_type
    if is_http_body(output, spec.response_body):
        return _file_response(spec, response)
    if spec.response_body:
        codec = codec_for(output, naming).by_name[spec.response_body]
        schema = schemas.value(codec, naming)
    else:
        schema = schemas.message_ref(output, naming)
    response["content"] = {"application/json": {"schema": schema}}
    return response


def _file_schema(media_type: str) -> Schema:
    """Bytes, except a JSON file: that is a JSON document (any; a client parsing it would
    otherwise be told to expect a string)."""
    essence = media_type.split(";", 1)[0].strip().lower()
    if essence == "application/json" or essence.endswith("+json"):
        return {}
    return binary([media_type])


def _file_response(spec: RouteSpec, response: Schema) -> Schema:
    """A file (google.api.HttpBody): raw bytes in each declared media type (any, when
    none is declared), its name in Content-Disposition when declared; a streamed one
    says it is sent in chunks."""
    rules = spec.http_rules
    if rules.content_types:
        response["content"] = {m: {"schema": _file_schema(m)} for m in rules.content_types}
    else:
        response["content"] = {"*/*": {"schema": binary()}}
    if rules.filename_field:
        response["headers"]["Content-Disposition"] = {
            "description": "`attachment; filename=\"<name>\"; filename*=UTF-8''<name>` "
            "(RFC 6266): the file's suggested name, ASCII in `filename`, exact in "
            "`filename*`.",
            "schema": {"type": "string"},
        }
    if spec.method.server_streaming:
        response["description"] = (
            f"{response['description']} The file is streamed (chunked transfer encoding, "
            "no Content-Length); a failure after the first bytes ends the connection "
            "before the last chunk, so a cut-off download is never taken for a whole one."
        )
    return response


_STATUS_TEXT = {200: "Success.", 201: "Created.", 202: "Accepted.", 204: "Done; no content."}
_REPEAT_TEXT = "Already there: a repeat of an earlier call, answered with what it created."


def _set_cookies(spec: RouteSpec) -> str:
    lines: list[str] = []
    for f in spec.method.output_type.fields:
        rules = field_rules(f)
        if rules is not None and rules.cookie:
            max_age = int(rules.cookie_max_age_seconds) or None
            attributes = cookie_attributes(rules.cookie_path, max_age)
            lines.append(f"`{rules.cookie}=<{f.name}>{attributes}` when issued.")
    lines += [
        f"`{name}=` with Max-Age=0: clears the cookie." for name in spec.http_rules.clear_cookies
    ]
    return " ".join(lines)


def _error_statuses(
    spec: RouteSpec, binder: RequestBinder, policy: MethodPolicy, has_path: bool
) -> list[int]:
    """Every error status the operation can answer, derived from what its declarations
    say about it (see docs/gateway.md, "The API document")."""
    statuses: list[int] = []
    if has_path or binder.query or spec.body or binder.cookies:
        statuses.append(400)
    if not policy.public or binder.cookies or _issues_cookie(spec):
        # A cookie credential can be refused; an operation that issues one (login,
        # refresh) checks the credential it is given.
        statuses.append(401)
    statuses.append(403)  # authorization, and the gateway's address blocking
    if has_path or spec.http_method != "GET":
        # A named resource may not exist; a change may conflict with the current state.
        statuses += [404, 409]
    if spec.http_rules.gone:
        statuses.append(410)  # declared: what the call names can have expired
    if spec.body:
        statuses += [408, 413, 415, 422]  # slow body, size, media type, malware scan
    elif spec.http_rules.query_rules:
        statuses.append(422)  # query values each valid, together breaking a rule
    statuses += [429, 500, 503, 504]
    return sorted(statuses)


def _issues_cookie(spec: RouteSpec) -> bool:
    return any(
        (rules := field_rules(f)) is not None and bool(rules.cookie)
        for f in spec.method.output_type.fields
    )


def _security(policy: MethodPolicy) -> list[Schema]:
    if policy.public:
        return []  # explicitly none: no credential needed
    if policy.api_key:
        return [{"apiKey": []}]
    # OpenAPI 3.1 lets non-OAuth schemes list the roles (here: roles and scopes) required.
    return [{"bearerJwt": sorted(policy.roles | policy.scopes)}]


def _summary(comment: str, method_name: str) -> str:
    if not comment:
        return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", method_name)
    first = comment.split("\n\n")[0].replace("\n", " ")
    sentence = re.split(r"(?<=\.)\s", first, maxsplit=1)[0]
    return sentence.rstrip(".")


def _describe(comment: str, policy: MethodPolicy) -> str:
    if policy.public:
        who = "Public: no credential."
    elif policy.api_key:
        who = "Needs an API key: `Authorization: Bearer <key>`."
    else:
        needs = [f"role `{r}`" for r in sorted(policy.roles)]
        needs += [f"scope `{s}`" for s in sorted(policy.scopes)]
        who = "Needs an access token (`Authorization: Bearer <JWT>`)"
        who += f" with {', '.join(needs)}." if needs else "."
    return f"{comment}\n\n{who}" if comment else who
