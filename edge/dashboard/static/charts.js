// Chart.js from the API's chart answers: every one has `chartType`, `labels` and
// `datasets` (Chart.js's own data shape, values as decimal strings) at its top level.
//
// Each canvas tells tests and people where it stands: `data-rendered="true"` and
// `data-points="<labels>"` once its chart has been drawn with data, and its box's
// `data-state` (loading, rendered, empty, error). No data shows the box's "No data yet"
// text instead of an empty canvas.

const ROUND = new Set(["pie", "doughnut"]);
const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const FALLBACK_COLORS = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9"];
const INK = "#334155";
const GRID = "#e2e8f0";

export function chartJsAvailable() {
  return typeof window.Chart === "function";
}

export function configureDefaults() {
  const { defaults } = window.Chart;
  defaults.font.family =
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif';
  defaults.font.size = 12;
  defaults.color = INK;
  defaults.borderColor = GRID;
  defaults.maintainAspectRatio = false;
  defaults.plugins.legend.labels.usePointStyle = true;
  defaults.plugins.legend.labels.boxWidth = 8;
  defaults.plugins.legend.labels.boxHeight = 8;
  defaults.plugins.tooltip.backgroundColor = "rgba(15, 23, 42, 0.92)";
  defaults.plugins.tooltip.padding = 10;
  defaults.plugins.tooltip.cornerRadius = 6;
}

/** Money in `currency` (an ISO 4217 code from the answer), full and compact. */
export function moneyFormat(currency) {
  const make = (options) => {
    try {
      return new Intl.NumberFormat(undefined, { style: "currency", currency, ...options });
    } catch {
      // An unknown or missing code: the number, then the code as given.
      const plain = new Intl.NumberFormat(undefined, {
        minimumFractionDigits: options.notation ? 0 : 2,
        maximumFractionDigits: options.notation ? 1 : 2,
        notation: options.notation,
      });
      return { format: (value) => `${plain.format(value)}${currency ? ` ${currency}` : ""}` };
    }
  };
  const full = make({});
  const compact = make({ notation: "compact", maximumFractionDigits: 1 });
  return {
    format: (value) => full.format(Number(value)),
    compact: (value) => compact.format(Number(value)),
  };
}

const countFormat = { format: (v) => String(Number(v)), compact: (v) => String(Number(v)) };
const scoreFormat = { format: (v) => `${Number(v)} / 100`, compact: (v) => String(Number(v)) };
export const formats = { count: countFormat, score: scoreFormat };

// "2026-11" → "Nov 2026" on axes, "November 2026" in tooltips; other labels unchanged.
const MONTH = /^(\d{4})-(\d{2})$/;
function monthText(label, style) {
  const match = MONTH.exec(label);
  if (!match) return label;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const options = style === "short"
    ? { month: "short", year: "numeric", timeZone: "UTC" }
    : { month: "long", year: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(undefined, options).format(day);
}

function translucent(hex, alpha) {
  const match = /^#([0-9a-f]{6})$/i.exec(hex || "");
  if (!match) return hex;
  const n = Number.parseInt(match[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function dataset(source, index, chartType) {
  const seriesType = source.type || chartType;
  const given = source.backgroundColor || [];
  const border = source.borderColor || given[0] || FALLBACK_COLORS[index % FALLBACK_COLORS.length];
  const series = {
    label: source.label,
    data: (source.data || []).map(Number),
    borderColor: border,
    backgroundColor: given.length > 1 ? given : given[0] || border,
  };
  if (source.type) series.type = source.type;
  if (ROUND.has(seriesType)) {
    return { ...series, borderColor: "#ffffff", borderWidth: 2, hoverOffset: 6 };
  }
  if (seriesType === "line") {
    return {
      ...series,
      backgroundColor: source.fill ? given[0] || translucent(border, 0.18) : border,
      fill: Boolean(source.fill),
      borderWidth: 2,
      // Smooth without overshooting: a running total never seems to dip.
      cubicInterpolationMode: "monotone",
      pointRadius: 2.5,
      pointHoverRadius: 5,
      pointBackgroundColor: border,
      order: 0,
    };
  }
  if (seriesType === "radar") {
    return {
      ...series,
      backgroundColor: translucent(border, 0.2),
      borderWidth: 2,
      pointBackgroundColor: border,
      pointRadius: 3,
    };
  }
  return { ...series, borderWidth: 0, borderRadius: 4, maxBarThickness: 42, order: 1 };
}

function options(type, format, { stacked = false, legend = true, horizontal = false } = {}) {
  const tooltipLabel = (context) => {
    const value = context.raw;
    const name = context.dataset.label || context.label;
    return ROUND.has(type)
      ? ` ${context.label}: ${format.format(value)}`
      : ` ${name}: ${format.format(value)}`;
  };
  const base = {
    responsive: true,
    maintainAspectRatio: false,
    animation: REDUCED_MOTION ? false : { duration: 450 },
    plugins: {
      legend: { display: legend, position: "bottom" },
      tooltip: {
        callbacks: {
          title: (items) => (items.length ? monthText(items[0].label, "long") : ""),
          label: tooltipLabel,
        },
      },
    },
  };
  if (ROUND.has(type)) {
    return {
      ...base,
      cutout: type === "doughnut" ? "62%" : 0,
      plugins: { ...base.plugins, legend: { display: legend, position: "right" } },
    };
  }
  if (type === "radar") {
    return {
      ...base,
      plugins: { ...base.plugins, legend: { display: false } },
      scales: {
        r: {
          min: 0,
          max: 100,
          // The scores are listed beside the chart: the rings need no numbers.
          ticks: { stepSize: 25, display: false },
          pointLabels: { font: { size: 12, weight: "600" }, color: INK, padding: 12 },
          grid: { color: GRID },
          angleLines: { color: GRID },
        },
      },
    };
  }
  // Bars along a category axis read best lying down when the labels are names.
  const along = horizontal ? "y" : "x";
  const across = horizontal ? "x" : "y";
  return {
    ...base,
    indexAxis: along,
    interaction: { mode: "index", intersect: false, axis: along },
    scales: {
      [along]: {
        stacked,
        grid: { display: false },
        border: { display: false },
        ticks: {
          maxRotation: 0,
          autoSkip: !horizontal,
          callback(value) {
            return monthText(this.getLabelForValue(value), "short");
          },
        },
      },
      [across]: {
        stacked,
        grid: { color: GRID },
        border: { display: false },
        ticks: { callback: (value) => format.compact(value) },
      },
    },
  };
}

// Slice names as people read them in legends ("high" → "High", "Saved" unchanged).
function sliceName(label) {
  return typeof label === "string" && label ? label[0].toUpperCase() + label.slice(1) : label;
}

function hasData(type, labels, datasets) {
  if (!labels.length || !datasets.some((d) => (d.data || []).length)) return false;
  if (ROUND.has(type)) {
    return datasets.some((d) => (d.data || []).some((v) => Number(v) > 0));
  }
  return true;
}

/** One canvas and the Chart on it. */
export class ChartPanel {
  constructor(canvasId) {
    this.canvas = document.getElementById(canvasId);
    this.box = this.canvas.parentElement;
    this.empty = this.box.querySelector(".empty");
    this.chart = null;
    this.reset("idle");
  }

  reset(state) {
    if (this.chart) {
      this.chart.destroy();
      this.chart = null;
    }
    this.canvas.dataset.rendered = "false";
    this.canvas.dataset.points = "0";
    this.box.dataset.state = state;
    this.canvas.hidden = false;
    this.empty.hidden = true;
  }

  loading() {
    if (!this.chart) this.box.dataset.state = "loading";
  }

  failed() {
    this.reset("error");
  }

  /** Draw an API chart answer; `format` prints its values (money by default). */
  draw(answer, format, settings = {}) {
    this.reset("drawing");
    const type = answer.chartType === "area" ? "line" : answer.chartType;
    const labels = answer.labels || [];
    const datasets = answer.datasets || [];
    if (!hasData(type, labels, datasets)) {
      this.canvas.hidden = true;
      this.empty.hidden = false;
      this.box.dataset.state = "empty";
      return;
    }
    const drawn = () => {
      this.canvas.dataset.rendered = "true";
      this.canvas.dataset.points = String(labels.length);
      this.box.dataset.state = "rendered";
    };
    const config = {
      type,
      data: {
        labels: ROUND.has(type) ? labels.map(sliceName) : labels,
        datasets: datasets.map((d, i) => dataset(d, i, type)),
      },
      options: options(type, format, settings),
      plugins: [
        {
          id: "finplatDrawn",
          // Without animation the first render is the drawing; with it, onComplete.
          afterRender: () => {
            if (REDUCED_MOTION) drawn();
          },
        },
      ],
    };
    if (config.options.animation) config.options.animation.onComplete = drawn;
    this.chart = new window.Chart(this.canvas, config);
  }
}
