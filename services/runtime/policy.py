"""Who may call a method and under which quota, read from the proto options.

Shared by the backends' auth interceptor and the edge, so it knows nothing about
servers: it only turns `(finplat.api.v1.service)` / `(finplat.api.v1.auth)` options
found in the default descriptor pool into a `MethodPolicy`.

Rules:
- a method's own `auth` option replaces the service's default `auth` (no merging, so
  a method can be made *less* strict, e.g. public, than its service);
- services outside the `finplat.` package (grpc.health.v1, reflection) are public;
- a finplat method with no auth declared anywhere needs an authenticated caller
  (deny by default: forgetting the option must not open an endpoint);
- `backend` defaults to the package's domain segment (finplat.expense.v1 → "expense");
- a token acting for a user (RFC 8693 `act` claim) passes only methods that require
  scopes, or that say `delegated` (services.runtime.auth).
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from finplat.api.v1 import annotations_pb2
from google.protobuf import descriptor, descriptor_pool

OWN_PACKAGE_PREFIX = "finplat."


@dataclass(frozen=True)
class QuotaRule:
    """A per-caller fixed-window quota; `limit_setting` names a settings field overriding it."""

    limit: int
    window_seconds: int
    limit_setting: str | None = None


@dataclass(frozen=True)
class MethodPolicy:
    full_method: str
    service_name: str
    method_name: str
    public: bool
    api_key: bool
    roles: frozenset[str]
    scopes: frozenset[str]
    quota: QuotaRule | None
    backend: str
    # Tokens acting for a user (an `act` claim) may call it without a scope.
    delegated: bool = False


def split_full_method(full_method: str) -> tuple[str, str]:
    """Split "/pkg.Service/Method" into ("pkg.Service", "Method")."""
    service, sep, method = full_method.lstrip("/").partition("/")
    if not sep or not service or not method or "/" in method:
        raise ValueError(f"not a gRPC method path: {full_method!r}")
    return service, method


@lru_cache(maxsize=4096)
def policy_for(full_method: str) -> MethodPolicy:
    """The policy of one RPC. Cached: it sits on every request's path."""
    service_name, method_name = split_full_method(full_method)
    package = service_name.rpartition(".")[0]
    if not service_name.startswith(OWN_PACKAGE_PREFIX):
        return MethodPolicy(
            full_method=f"/{service_name}/{method_name}",
            service_name=service_name,
            method_name=method_name,
            public=True,
            api_key=False,
            roles=frozenset(),
            scopes=frozenset(),
            quota=None,
            backend=_default_backend(package),
        )
    service = _find_service(service_name)
    rules = _service_rules(service)
    auth = _method_auth(service, method_name) or (
        rules.auth if rules is not None and rules.HasField("auth") else None
    )
    quota = None
    if rules is not None and rules.HasField("quota") and rules.quota.window_seconds > 0:
        quota = QuotaRule(
            limit=int(rules.quota.limit),
            window_seconds=int(rules.quota.window_seconds),
            limit_setting=rules.quota.limit_setting or None,
        )
    backend = rules.backend if rules is not None and rules.backend else ""
    return MethodPolicy(
        full_method=f"/{service_name}/{method_name}",
        service_name=service_name,
        method_name=method_name,
        # No declared auth → not public: deny by default.
        public=bool(auth and auth.public),
        api_key=bool(auth and auth.api_key),
        roles=frozenset(auth.roles) if auth else frozenset(),
        scopes=frozenset(auth.scopes) if auth else frozenset(),
        quota=quota,
        backend=backend or _default_backend(package),
        delegated=bool(auth and auth.delegated),
    )


# The generated .pyi types extensions as plain FieldDescriptors, which the protobuf
# stubs refuse as extension keys; the runtime objects are the right ones.
_SERVICE_EXT: Any = annotations_pb2.service
_AUTH_EXT: Any = annotations_pb2.auth


def _service_rules(
    service: descriptor.ServiceDescriptor | None,
) -> annotations_pb2.ServiceRules | None:
    if service is None:
        return None
    options = service.GetOptions()
    if not options.HasExtension(_SERVICE_EXT):
        return None
    rules: annotations_pb2.ServiceRules = options.Extensions[_SERVICE_EXT]
    return rules


def _method_auth(
    service: descriptor.ServiceDescriptor | None, method_name: str
) -> annotations_pb2.AuthPolicy | None:
    method = service.methods_by_name.get(method_name) if service is not None else None
    if method is None:
        return None
    options = method.GetOptions()
    if not options.HasExtension(_AUTH_EXT):
        return None
    auth: annotations_pb2.AuthPolicy = options.Extensions[_AUTH_EXT]
    return auth


def _default_backend(package: str) -> str:
    parts = package.split(".")
    return parts[1] if len(parts) > 1 else package


def _find_service(service_name: str) -> descriptor.ServiceDescriptor | None:
    pool = descriptor_pool.Default()
    try:
        return pool.FindServiceByName(service_name)
    except KeyError:
        pass
    # The generated modules register their descriptors on import; the caller may not
    # have imported the one holding this service yet (the edge discovers services by
    # name), so import every *_pb2 of the service's package and look again.
    _import_generated_package(service_name.rpartition(".")[0])
    try:
        return pool.FindServiceByName(service_name)
    except KeyError:
        return None


def _import_generated_package(package: str) -> None:
    try:
        module = importlib.import_module(package)
    except ImportError:
        return
    for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
        if info.name.endswith("_pb2"):
            importlib.import_module(f"{package}.{info.name}")
