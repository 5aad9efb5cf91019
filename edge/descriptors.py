"""Every REST route the protos declare, discovered from the generated modules.

The edge has no per-endpoint code: it imports every `finplat.*._pb2` module (so future
backends appear without touching the edge) and turns each `google.api.http` rule,
additional bindings included, into a `RouteSpec`. Unary RPCs are routed, and
client-streaming RPCs whose request declares a multipart part (streamed uploads,
edge/uploads/), and server-streaming RPCs answering google.api.HttpBody (streamed
downloads, edge/downloads/); other streaming RPCs are gRPC-only.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType

from finplat.api.v1 import annotations_pb2
from google.api import annotations_pb2 as http_annotations
from google.api import http_pb2
from google.protobuf import descriptor, message, message_factory

from edge.downloads.declaration import is_streamed_download
from edge.options import option
from edge.uploads.declaration import is_streamed_upload

ROOT_PACKAGE = "finplat"


@dataclass(frozen=True)
class RouteSpec:
    """One HTTP binding of one RPC, with everything the transcoder precompiles from."""

    http_method: str
    template: str
    body: str
    response_body: str
    method: descriptor.MethodDescriptor
    full_method: str
    request_class: type[message.Message]
    response_class: type[message.Message]
    service_rules: annotations_pb2.ServiceRules
    http_rules: annotations_pb2.HttpRules
    backend: str


def import_generated(root: str = ROOT_PACKAGE) -> list[ModuleType]:
    """Import every `*_pb2` module under `root`; importing registers its descriptors."""
    package = importlib.import_module(root)
    modules: list[ModuleType] = []
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{root}."):
        if info.name.endswith("_pb2"):
            modules.append(importlib.import_module(info.name))
    return modules


def discover_routes(root: str = ROOT_PACKAGE) -> list[RouteSpec]:
    """All route specs of all services under `root`, in declaration order."""
    routes: list[RouteSpec] = []
    for module in import_generated(root):
        file_desc: descriptor.FileDescriptor = module.DESCRIPTOR
        for service in file_desc.services_by_name.values():
            routes.extend(routes_of_service(service))
    return routes


def service_rules_of(service: descriptor.ServiceDescriptor) -> annotations_pb2.ServiceRules:
    rules: annotations_pb2.ServiceRules | None = option(
        service.GetOptions(), annotations_pb2.service
    )
    return rules if rules is not None else annotations_pb2.ServiceRules()


def backend_of(service: descriptor.ServiceDescriptor, rules: annotations_pb2.ServiceRules) -> str:
    """ServiceRules.backend, else the package's domain segment (finplat.expense.v1 → expense)."""
    if rules.backend:
        return rules.backend
    parts = service.file.package.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def routes_of_service(service: descriptor.ServiceDescriptor) -> Iterable[RouteSpec]:
    rules = service_rules_of(service)
    backend = backend_of(service, rules)
    for method in service.methods:
        options = method.GetOptions()
        rule: http_pb2.HttpRule | None = option(options, http_annotations.http)
        if rule is None:
            continue
        if not _has_rest_form(method, rule):
            continue  # no REST form for other streams
        http_rules: annotations_pb2.HttpRules = (
            option(options, annotations_pb2.http_rules) or annotations_pb2.HttpRules()
        )
        request_class = message_factory.GetMessageClass(method.input_type)
        response_class = message_factory.GetMessageClass(method.output_type)
        for binding in (rule, *rule.additional_bindings):
            verb, template = _pattern(binding)
            if not template:
                continue
            yield RouteSpec(
                http_method=verb,
                template=template,
                body=binding.body,
                response_body=binding.response_body,
                method=method,
                full_method=f"/{service.full_name}/{method.name}",
                request_class=request_class,
                response_class=response_class,
                service_rules=rules,
                http_rules=http_rules,
                backend=backend,
            )


def _has_rest_form(method: descriptor.MethodDescriptor, rule: http_pb2.HttpRule) -> bool:
    """Unary, a streamed upload, or a streamed download (in every binding: a binding
    selecting another response body would have no REST form)."""
    if not (method.client_streaming or method.server_streaming):
        return True
    if is_streamed_upload(method):
        return True
    bindings = (rule, *rule.additional_bindings)
    return all(is_streamed_download(method, b.response_body) for b in bindings)


def _pattern(rule: http_pb2.HttpRule) -> tuple[str, str]:
    kind = rule.WhichOneof("pattern")
    if kind is None:
        return "", ""
    if kind == "custom":
        return rule.custom.kind.upper(), rule.custom.path
    path: str = getattr(rule, kind)
    return kind.upper(), path
