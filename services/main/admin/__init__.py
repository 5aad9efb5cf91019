"""User administration: operators grant and revoke platform roles, scopes and tenant
roles (UserAdminService and `finplat users`). No tables: it changes users through the
auth capability's repository."""

from __future__ import annotations

from collections.abc import Iterable

from finplat.identity.v1 import admin_pb2

from services.main.admin.servicer import UserAdminServicer
from services.main.kernel.dependencies import Kernel
from services.runtime.capability import Capability, Served


def _servicers(kernel: Kernel) -> Iterable[Served]:
    yield Served(
        admin_pb2.DESCRIPTOR.services_by_name["UserAdminService"],
        UserAdminServicer(kernel.unit_of_work, kernel.clock),
    )


CAPABILITY: Capability[Kernel] = Capability("admin", _servicers)
