"""A chart's fields on a response message: every chart response of the analytics protos
starts with `chart_type`, `labels` and `datasets` (charts.proto)."""

from __future__ import annotations

from typing import Any

from finplat.analytics.v1 import charts_pb2

from services.analytics.chart_shapes import Chart, Dataset


def dataset_pb(dataset: Dataset) -> charts_pb2.ChartDataset:
    message = charts_pb2.ChartDataset(
        label=dataset.label,
        data=[format(value, "f") for value in dataset.data],
        border_color=dataset.border_color,
        background_color=list(dataset.background_color),
        fill=dataset.fill,
    )
    if dataset.type is not None:
        message.type = dataset.type
    return message


def fill_chart(message: Any, chart: Chart) -> Any:
    """Sets the chart's three fields on `message` (any chart response) and returns it."""
    message.chart_type = chart.chart_type
    message.labels.extend(chart.labels)
    message.datasets.extend(dataset_pb(dataset) for dataset in chart.datasets)
    return message
