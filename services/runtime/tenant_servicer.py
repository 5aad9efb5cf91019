"""What the servicers of every backend's tenant-owned families share: each call runs one
use case on a fresh unit of work for the caller's tenant (the token's `tid`, refused
before the request's own fields are read), with the backend's clock.

A backend binds it to its own kernel and unit of work once
(`class TenantServicer(tenant_servicer.TenantServicer[Kernel, Uow])`) and adds what
only it needs (project finance: the actor of a change)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar, cast

from services.runtime.clock import Clock
from services.runtime.tenancy import current_tenant_id


class TenantKernel(Protocol):
    """The part of a backend's kernel a tenant servicer uses."""

    @property
    def unit_of_work(self) -> Callable[[], Any]: ...

    @property
    def clock(self) -> Clock: ...


K = TypeVar("K", bound=TenantKernel)
U = TypeVar("U")


class TenantServicer(Generic[K, U]):
    def __init__(self, kernel: K) -> None:
        self._kernel = kernel

    @property
    def _clock(self) -> Clock:
        return self._kernel.clock

    def _scope(self) -> tuple[U, uuid.UUID]:
        """A use case's first two arguments: a fresh unit of work and the caller's
        tenant."""
        return cast(U, self._kernel.unit_of_work()), current_tenant_id()
