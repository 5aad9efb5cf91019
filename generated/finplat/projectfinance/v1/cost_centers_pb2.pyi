import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from finplat.projectfinance.v1 import money_pb2 as _money_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CostCenter(_message.Message):
    __slots__ = ("id", "tenant_id", "project_finance_id", "code", "name", "description", "currency", "allocated_budget", "actual_cost", "is_active", "created_at", "updated_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    ALLOCATED_BUDGET_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_COST_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    tenant_id: str
    project_finance_id: str
    code: str
    name: str
    description: str
    currency: str
    allocated_budget: _money_pb2.MoneyB
    actual_cost: _money_pb2.MoneyB
    is_active: bool
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., project_finance_id: _Optional[str] = ..., code: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., currency: _Optional[str] = ..., allocated_budget: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., actual_cost: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ..., is_active: _Optional[bool] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListCostCentersRequest(_message.Message):
    __slots__ = ("project_finance_id",)
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    project_finance_id: str
    def __init__(self, project_finance_id: _Optional[str] = ...) -> None: ...

class ListCostCentersResponse(_message.Message):
    __slots__ = ("cost_centers",)
    COST_CENTERS_FIELD_NUMBER: _ClassVar[int]
    cost_centers: _containers.RepeatedCompositeFieldContainer[CostCenter]
    def __init__(self, cost_centers: _Optional[_Iterable[_Union[CostCenter, _Mapping]]] = ...) -> None: ...

class CreateCostCenterRequest(_message.Message):
    __slots__ = ("project_finance_id", "code", "name", "description", "currency")
    PROJECT_FINANCE_ID_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    project_finance_id: str
    code: str
    name: str
    description: str
    currency: str
    def __init__(self, project_finance_id: _Optional[str] = ..., code: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., currency: _Optional[str] = ...) -> None: ...

class CreateCostCenterResponse(_message.Message):
    __slots__ = ("cost_center",)
    COST_CENTER_FIELD_NUMBER: _ClassVar[int]
    cost_center: CostCenter
    def __init__(self, cost_center: _Optional[_Union[CostCenter, _Mapping]] = ...) -> None: ...

class GetCostCenterRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class GetCostCenterResponse(_message.Message):
    __slots__ = ("cost_center",)
    COST_CENTER_FIELD_NUMBER: _ClassVar[int]
    cost_center: CostCenter
    def __init__(self, cost_center: _Optional[_Union[CostCenter, _Mapping]] = ...) -> None: ...

class UpdateCostCenterRequest(_message.Message):
    __slots__ = ("id", "description", "is_active", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    IS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    description: str
    is_active: bool
    name: str
    def __init__(self, id: _Optional[str] = ..., description: _Optional[str] = ..., is_active: _Optional[bool] = ..., name: _Optional[str] = ...) -> None: ...

class UpdateCostCenterResponse(_message.Message):
    __slots__ = ("cost_center",)
    COST_CENTER_FIELD_NUMBER: _ClassVar[int]
    cost_center: CostCenter
    def __init__(self, cost_center: _Optional[_Union[CostCenter, _Mapping]] = ...) -> None: ...

class DeleteCostCenterRequest(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class DeleteCostCenterResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AllocateCostCenterBudgetRequest(_message.Message):
    __slots__ = ("id", "amount")
    ID_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    id: str
    amount: _money_pb2.MoneyB
    def __init__(self, id: _Optional[str] = ..., amount: _Optional[_Union[_money_pb2.MoneyB, _Mapping]] = ...) -> None: ...

class AllocateCostCenterBudgetResponse(_message.Message):
    __slots__ = ("cost_center",)
    COST_CENTER_FIELD_NUMBER: _ClassVar[int]
    cost_center: CostCenter
    def __init__(self, cost_center: _Optional[_Union[CostCenter, _Mapping]] = ...) -> None: ...
