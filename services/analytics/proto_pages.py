"""A page's `pagination` object as the analytics protos spell it (common.Pagination)."""

from __future__ import annotations

from typing import Any

from finplat.analytics.v1 import common_pb2

from services.runtime.paging import Page


def pagination_pb(page: Page[Any]) -> common_pb2.Pagination:
    return common_pb2.Pagination(
        limit=page.limit, offset=page.offset, total=page.total, has_more=page.has_more
    )
