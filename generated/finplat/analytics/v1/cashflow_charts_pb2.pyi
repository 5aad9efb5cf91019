from finplat.analytics.v1 import cashflow_pb2 as _cashflow_pb2
from finplat.analytics.v1 import charts_pb2 as _charts_pb2
from finplat.analytics.v1 import common_pb2 as _common_pb2
from finplat.analytics.v1 import insights_pb2 as _insights_pb2
from finplat.analytics.v1 import recurring_pb2 as _recurring_pb2
from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_info_pb2 as _field_info_pb2
from google.type import date_pb2 as _date_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetBalanceProjectionChartRequest(_message.Message):
    __slots__ = ("months", "chart_type")
    MONTHS_FIELD_NUMBER: _ClassVar[int]
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    months: int
    chart_type: _charts_pb2.BalanceChartType
    def __init__(self, months: _Optional[int] = ..., chart_type: _Optional[_Union[_charts_pb2.BalanceChartType, str]] = ...) -> None: ...

class GetBalanceProjectionChartResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "currency", "current_balance", "lowest_balance", "confidence")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    CURRENT_BALANCE_FIELD_NUMBER: _ClassVar[int]
    LOWEST_BALANCE_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    currency: str
    current_balance: str
    lowest_balance: _cashflow_pb2.BalancePoint
    confidence: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., currency: _Optional[str] = ..., current_balance: _Optional[str] = ..., lowest_balance: _Optional[_Union[_cashflow_pb2.BalancePoint, _Mapping]] = ..., confidence: _Optional[_Iterable[float]] = ...) -> None: ...

class GetTransactionBreakdownChartRequest(_message.Message):
    __slots__ = ("period", "chart_type")
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    period: _insights_pb2.SummaryPeriod
    chart_type: _charts_pb2.BreakdownChartType
    def __init__(self, period: _Optional[_Union[_insights_pb2.SummaryPeriod, str]] = ..., chart_type: _Optional[_Union[_charts_pb2.BreakdownChartType, str]] = ...) -> None: ...

class GetTransactionBreakdownChartResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "currency", "period", "total_expenses", "categories")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    TOTAL_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    currency: str
    period: _common_pb2.DateRange
    total_expenses: str
    categories: _containers.RepeatedCompositeFieldContainer[_insights_pb2.CategoryAmount]
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., currency: _Optional[str] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., total_expenses: _Optional[str] = ..., categories: _Optional[_Iterable[_Union[_insights_pb2.CategoryAmount, _Mapping]]] = ...) -> None: ...

class GetHealthIndicatorRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class HealthScore(_message.Message):
    __slots__ = ("key", "label", "value", "unit", "score", "weight", "status", "explanation")
    KEY_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    WEIGHT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    key: str
    label: str
    value: str
    unit: str
    score: int
    weight: float
    status: str
    explanation: str
    def __init__(self, key: _Optional[str] = ..., label: _Optional[str] = ..., value: _Optional[str] = ..., unit: _Optional[str] = ..., score: _Optional[int] = ..., weight: _Optional[float] = ..., status: _Optional[str] = ..., explanation: _Optional[str] = ...) -> None: ...

class Recommendation(_message.Message):
    __slots__ = ("source", "kind", "title", "message", "priority", "potential_savings", "suggestion_id")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    PRIORITY_FIELD_NUMBER: _ClassVar[int]
    POTENTIAL_SAVINGS_FIELD_NUMBER: _ClassVar[int]
    SUGGESTION_ID_FIELD_NUMBER: _ClassVar[int]
    source: str
    kind: str
    title: str
    message: str
    priority: str
    potential_savings: str
    suggestion_id: str
    def __init__(self, source: _Optional[str] = ..., kind: _Optional[str] = ..., title: _Optional[str] = ..., message: _Optional[str] = ..., priority: _Optional[str] = ..., potential_savings: _Optional[str] = ..., suggestion_id: _Optional[str] = ...) -> None: ...

class GetHealthIndicatorResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "overall_score", "grade", "scores", "recommendations", "period", "currency")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    OVERALL_SCORE_FIELD_NUMBER: _ClassVar[int]
    GRADE_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RECOMMENDATIONS_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    overall_score: int
    grade: str
    scores: _containers.RepeatedCompositeFieldContainer[HealthScore]
    recommendations: _containers.RepeatedCompositeFieldContainer[Recommendation]
    period: _common_pb2.DateRange
    currency: str
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., overall_score: _Optional[int] = ..., grade: _Optional[str] = ..., scores: _Optional[_Iterable[_Union[HealthScore, _Mapping]]] = ..., recommendations: _Optional[_Iterable[_Union[Recommendation, _Mapping]]] = ..., period: _Optional[_Union[_common_pb2.DateRange, _Mapping]] = ..., currency: _Optional[str] = ...) -> None: ...

class GetAlertsDigestRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetAlertsDigestResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "alerts", "total_active", "pending")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    ALERTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    alerts: _containers.RepeatedCompositeFieldContainer[_cashflow_pb2.CashFlowAlert]
    total_active: int
    pending: int
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., alerts: _Optional[_Iterable[_Union[_cashflow_pb2.CashFlowAlert, _Mapping]]] = ..., total_active: _Optional[int] = ..., pending: _Optional[int] = ...) -> None: ...

class GetRecommendationsDigestRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetRecommendationsDigestResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "recommendations", "total_potential_savings", "currency")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    RECOMMENDATIONS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_POTENTIAL_SAVINGS_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    recommendations: _containers.RepeatedCompositeFieldContainer[Recommendation]
    total_potential_savings: str
    currency: str
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., recommendations: _Optional[_Iterable[_Union[Recommendation, _Mapping]]] = ..., total_potential_savings: _Optional[str] = ..., currency: _Optional[str] = ...) -> None: ...

class GetRecurringTransactionsChartRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FormattedRecurringTransaction(_message.Message):
    __slots__ = ("pattern_id", "merchant_name", "category_id", "transaction_type", "cadence", "cadence_label", "amount", "monthly_amount", "next_date", "next_date_label", "confidence")
    PATTERN_ID_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_NAME_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_ID_FIELD_NUMBER: _ClassVar[int]
    TRANSACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    CADENCE_FIELD_NUMBER: _ClassVar[int]
    CADENCE_LABEL_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    NEXT_DATE_FIELD_NUMBER: _ClassVar[int]
    NEXT_DATE_LABEL_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    pattern_id: str
    merchant_name: str
    category_id: str
    transaction_type: _common_pb2.TransactionType
    cadence: _recurring_pb2.Cadence
    cadence_label: str
    amount: str
    monthly_amount: str
    next_date: _date_pb2.Date
    next_date_label: str
    confidence: float
    def __init__(self, pattern_id: _Optional[str] = ..., merchant_name: _Optional[str] = ..., category_id: _Optional[str] = ..., transaction_type: _Optional[_Union[_common_pb2.TransactionType, str]] = ..., cadence: _Optional[_Union[_recurring_pb2.Cadence, str]] = ..., cadence_label: _Optional[str] = ..., amount: _Optional[str] = ..., monthly_amount: _Optional[str] = ..., next_date: _Optional[_Union[_date_pb2.Date, _Mapping]] = ..., next_date_label: _Optional[str] = ..., confidence: _Optional[float] = ...) -> None: ...

class GetRecurringTransactionsChartResponse(_message.Message):
    __slots__ = ("chart_type", "labels", "datasets", "transactions", "monthly_income", "monthly_expenses", "currency")
    CHART_TYPE_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    TRANSACTIONS_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_INCOME_FIELD_NUMBER: _ClassVar[int]
    MONTHLY_EXPENSES_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    chart_type: str
    labels: _containers.RepeatedScalarFieldContainer[str]
    datasets: _containers.RepeatedCompositeFieldContainer[_charts_pb2.ChartDataset]
    transactions: _containers.RepeatedCompositeFieldContainer[FormattedRecurringTransaction]
    monthly_income: str
    monthly_expenses: str
    currency: str
    def __init__(self, chart_type: _Optional[str] = ..., labels: _Optional[_Iterable[str]] = ..., datasets: _Optional[_Iterable[_Union[_charts_pb2.ChartDataset, _Mapping]]] = ..., transactions: _Optional[_Iterable[_Union[FormattedRecurringTransaction, _Mapping]]] = ..., monthly_income: _Optional[str] = ..., monthly_expenses: _Optional[str] = ..., currency: _Optional[str] = ...) -> None: ...
