"""CategoryService's proto ⇄ use case mapping, called as the auth interceptor leaves a
call: with the caller bound."""

from __future__ import annotations

import uuid

import pytest
from finplat.analytics.v1 import categories_pb2 as pb

from services.analytics.categories import CAPABILITY
from services.analytics.categories.domain import DEFAULTS
from services.analytics.categories.servicer import CategoryServicer
from services.runtime.errors import InvalidArgument, PermissionDenied, Unauthenticated
from tests.services.analytics.categories.support import ALICE, BOB, CONTEXT, calling_as, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.serving import registered


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.CategoryService",)


def test_crud_through_protos(uow: UowFactory) -> None:
    servicer = CategoryServicer(uow, clock)
    with calling_as(ALICE):
        ensured = servicer.EnsureDefaultCategories(pb.EnsureDefaultCategoriesRequest(), CONTEXT)
        assert ensured == pb.EnsureDefaultCategoriesResponse(
            status="ok", created=len(DEFAULTS), total=len(DEFAULTS)
        )
        listed = servicer.ListCategories(pb.ListCategoriesRequest(), CONTEXT).data
        food = next(c for c in listed if c.name == "Food")
        assert food.is_default and not food.HasField("parent_id")

        created = servicer.CreateCategory(
            pb.CreateCategoryRequest(name="Bakery", parent_id=food.id, color="#a52"), CONTEXT
        ).category
        assert (created.name, created.parent_id, created.color) == ("Bakery", food.id, "#AA5522")
        assert not created.is_default and not created.HasField("icon_name")
        assert created.created_at.seconds > 0 and created.created_at == created.updated_at

        got = servicer.GetCategory(pb.GetCategoryRequest(id=created.id), CONTEXT).category
        assert got == created
        renamed = servicer.UpdateCategory(
            pb.UpdateCategoryRequest(id=created.id, name="Bakeries", icon_name="bakery_dining"),
            CONTEXT,
        ).category
        assert (renamed.name, renamed.color, renamed.icon_name) == (
            "Bakeries", "#AA5522", "bakery_dining"
        )  # fmt: skip
        assert servicer.DeleteCategory(pb.DeleteCategoryRequest(id=created.id), CONTEXT) == (
            pb.DeleteCategoryResponse()
        )
    with calling_as(BOB):
        assert servicer.ListCategories(pb.ListCategoriesRequest(), CONTEXT).data == []
        with pytest.raises(PermissionDenied):
            servicer.GetCategory(pb.GetCategoryRequest(id=food.id), CONTEXT)


def test_bad_ids_name_their_field(uow: UowFactory) -> None:
    servicer = CategoryServicer(uow, clock)
    with calling_as(ALICE):
        for call in (
            lambda: servicer.GetCategory(pb.GetCategoryRequest(id="42"), CONTEXT),
            lambda: servicer.UpdateCategory(pb.UpdateCategoryRequest(id="x"), CONTEXT),
            lambda: servicer.DeleteCategory(pb.DeleteCategoryRequest(id=""), CONTEXT),
        ):
            with pytest.raises(InvalidArgument) as caught:
                call()
            assert [v.field for v in caught.value.violations] == ["id"]
        with pytest.raises(InvalidArgument) as caught:
            servicer.CreateCategory(pb.CreateCategoryRequest(name="x", parent_id="nope"), CONTEXT)
        assert [v.field for v in caught.value.violations] == ["parent_id"]
        with pytest.raises(InvalidArgument) as caught:
            servicer.CreateCategory(
                pb.CreateCategoryRequest(name="x", parent_id=str(uuid.uuid4())), CONTEXT
            )
        assert [v.field for v in caught.value.violations] == ["parent_id"]


def test_a_caller_is_required(uow: UowFactory) -> None:
    with pytest.raises(Unauthenticated):
        CategoryServicer(uow, clock).ListCategories(pb.ListCategoriesRequest(), CONTEXT)
