from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class BalanceChartType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BALANCE_CHART_TYPE_UNSPECIFIED: _ClassVar[BalanceChartType]
    BALANCE_CHART_TYPE_LINE: _ClassVar[BalanceChartType]
    BALANCE_CHART_TYPE_AREA: _ClassVar[BalanceChartType]

class BreakdownChartType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BREAKDOWN_CHART_TYPE_UNSPECIFIED: _ClassVar[BreakdownChartType]
    BREAKDOWN_CHART_TYPE_PIE: _ClassVar[BreakdownChartType]
    BREAKDOWN_CHART_TYPE_BAR: _ClassVar[BreakdownChartType]
BALANCE_CHART_TYPE_UNSPECIFIED: BalanceChartType
BALANCE_CHART_TYPE_LINE: BalanceChartType
BALANCE_CHART_TYPE_AREA: BalanceChartType
BREAKDOWN_CHART_TYPE_UNSPECIFIED: BreakdownChartType
BREAKDOWN_CHART_TYPE_PIE: BreakdownChartType
BREAKDOWN_CHART_TYPE_BAR: BreakdownChartType

class ChartDataset(_message.Message):
    __slots__ = ("label", "data", "type", "border_color", "background_color", "fill")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    BORDER_COLOR_FIELD_NUMBER: _ClassVar[int]
    BACKGROUND_COLOR_FIELD_NUMBER: _ClassVar[int]
    FILL_FIELD_NUMBER: _ClassVar[int]
    label: str
    data: _containers.RepeatedScalarFieldContainer[str]
    type: str
    border_color: str
    background_color: _containers.RepeatedScalarFieldContainer[str]
    fill: bool
    def __init__(self, label: _Optional[str] = ..., data: _Optional[_Iterable[str]] = ..., type: _Optional[str] = ..., border_color: _Optional[str] = ..., background_color: _Optional[_Iterable[str]] = ..., fill: _Optional[bool] = ...) -> None: ...
