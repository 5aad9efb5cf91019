"""gRPC servicer of CategoryService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import categories_pb2

from services.analytics.categories import usecases
from services.analytics.categories.domain import Category, CategoryChanges, NewCategory
from services.runtime.clock import Clock
from services.runtime.principal import current_user_id
from services.runtime.protoconv import parse_uuid, timestamp

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory


def category_pb(category: Category) -> categories_pb2.Category:
    return categories_pb2.Category(
        id=str(category.id),
        name=category.name,
        parent_id=None if category.parent_id is None else str(category.parent_id),
        color=category.color,
        icon_name=category.icon_name,
        is_default=category.is_default,
        created_at=timestamp(category.created_at),
        updated_at=timestamp(category.updated_at),
    )


def new_category(request: categories_pb2.CreateCategoryRequest) -> NewCategory:
    return NewCategory(
        name=request.name,
        parent_id=(
            parse_uuid(request.parent_id, "parent_id") if request.HasField("parent_id") else None
        ),
        color=request.color if request.HasField("color") else None,
        icon_name=request.icon_name if request.HasField("icon_name") else None,
    )


def category_changes(request: categories_pb2.UpdateCategoryRequest) -> CategoryChanges:
    return CategoryChanges(
        name=request.name if request.HasField("name") else None,
        color=request.color if request.HasField("color") else None,
        icon_name=request.icon_name if request.HasField("icon_name") else None,
    )


class CategoryServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def ListCategories(
        self, request: categories_pb2.ListCategoriesRequest, context: grpc.ServicerContext
    ) -> categories_pb2.ListCategoriesResponse:
        found = usecases.list_categories(self._uow(), current_user_id())
        return categories_pb2.ListCategoriesResponse(data=[category_pb(c) for c in found])

    def CreateCategory(
        self, request: categories_pb2.CreateCategoryRequest, context: grpc.ServicerContext
    ) -> categories_pb2.CreateCategoryResponse:
        user_id = current_user_id()
        category = usecases.create_category(
            self._uow(), user_id, new_category(request), self._clock
        )
        return categories_pb2.CreateCategoryResponse(category=category_pb(category))

    def GetCategory(
        self, request: categories_pb2.GetCategoryRequest, context: grpc.ServicerContext
    ) -> categories_pb2.GetCategoryResponse:
        user_id = current_user_id()
        category = usecases.get_category(self._uow(), user_id, parse_uuid(request.id, "id"))
        return categories_pb2.GetCategoryResponse(category=category_pb(category))

    def UpdateCategory(
        self, request: categories_pb2.UpdateCategoryRequest, context: grpc.ServicerContext
    ) -> categories_pb2.UpdateCategoryResponse:
        user_id = current_user_id()
        category = usecases.update_category(
            self._uow(),
            user_id,
            parse_uuid(request.id, "id"),
            category_changes(request),
            self._clock,
        )
        return categories_pb2.UpdateCategoryResponse(category=category_pb(category))

    def DeleteCategory(
        self, request: categories_pb2.DeleteCategoryRequest, context: grpc.ServicerContext
    ) -> categories_pb2.DeleteCategoryResponse:
        user_id = current_user_id()
        usecases.delete_category(self._uow(), user_id, parse_uuid(request.id, "id"), self._clock)
        return categories_pb2.DeleteCategoryResponse()

    def EnsureDefaultCategories(
        self,
        request: categories_pb2.EnsureDefaultCategoriesRequest,
        context: grpc.ServicerContext,
    ) -> categories_pb2.EnsureDefaultCategoriesResponse:
        ensured = usecases.ensure_default_categories(self._uow(), current_user_id(), self._clock)
        return categories_pb2.EnsureDefaultCategoriesResponse(
            status="ok", created=ensured.created, total=ensured.total
        )
