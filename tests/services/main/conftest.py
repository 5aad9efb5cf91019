"""The fixtures the tenant-owned families' tests share (tests.services.main.support)."""

from tests.services.main.support import tenant, uow

__all__ = ["tenant", "uow"]
