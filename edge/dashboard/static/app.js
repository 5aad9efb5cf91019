// The dashboard: sign in (with the MFA step when the account needs it), then draw the
// cash-flow, health, alert and goal charts from the public REST API with the user's own
// token. Plain DOM (text only, never HTML from the API), no framework, no build step.

import * as api from "./api.js";
import { ChartPanel, chartJsAvailable, configureDefaults, formats, moneyFormat } from "./charts.js";

const $ = (id) => document.getElementById(id);

/** An element with text and children; API data only ever becomes text. */
function el(tag, { className, text, attrs } = {}, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

const DAY = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-23" → "23 Nov 2026" (a civil date: no time zone shift). */
function dateText(value) {
  if (!value) return "—";
  const [year, month, day] = value.split("-").map(Number);
  return DAY.format(new Date(Date.UTC(year, month - 1, day)));
}

function rangeText(range) {
  return range ? `${dateText(range.startDate)} – ${dateText(range.endDate)}` : "";
}

function signed(node, value) {
  node.classList.toggle("negative", Number(value) < 0);
}

function pill(text, kind) {
  return el("span", { className: `pill pill-${kind}`, text });
}

// --- views, notices, errors ------------------------------------------------------------

function showView(name) {
  document.body.dataset.view = name;
  $("sign-in").hidden = name !== "sign-in";
  $("dashboard").hidden = name !== "dashboard";
  $("account").hidden = name !== "dashboard";
}

let noticeTimer = null;
function notify(text, kind = "info") {
  const notice = $("notice");
  notice.textContent = text;
  notice.dataset.kind = kind;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  if (kind !== "error") noticeTimer = setTimeout(() => (notice.hidden = true), 5000);
}

/** The error of a failed call as the page shows it: the message, the fields it names,
 * and the status, code and request id to quote to support. */
function errorNodes(error, what) {
  const nodes = [el("strong", { text: what })];
  const message = error.message || "Something went wrong.";
  nodes.push(el("span", {
    className: "error-message",
    text: message.charAt(0).toUpperCase() + message.slice(1),
  }));
  if (error instanceof api.ApiError) {
    const fields = Object.entries(error.details || {});
    if (fields.length) {
      nodes.push(
        el("ul", { className: "error-fields" },
          ...fields.map(([field, reason]) => el("li", { text: `${field}: ${reason}` }))),
      );
    }
    const meta = [
      error.status ? `HTTP ${error.status}` : "",
      error.code,
      error.requestId ? `request ${error.requestId}` : "",
    ].filter(Boolean).join(" · ");
    if (meta) nodes.push(el("span", { className: "error-meta", text: meta }));
  } else {
    // A bug in this page, not an API answer: keep it visible to developers too.
    console.error(error);
  }
  return nodes;
}

function showError(box, error, what) {
  box.replaceChildren(...errorNodes(error, what));
  box.hidden = false;
}

// --- charts ----------------------------------------------------------------------------

const panels = {};
const state = {
  balanceType: "line",
  breakdownType: "pie",
  breakdownPeriod: "monthly",
  goalId: "",
  pendingLogin: null,
};

/** Run one card's loading: its charts show "loading", and a failure is shown in the
 * card (never swallowed) with its charts cleared. */
async function section(cardId, charts, what, work) {
  const card = $(cardId);
  const errorBox = card.querySelector(".card-error");
  card.setAttribute("aria-busy", "true");
  errorBox.hidden = true;
  delete card.dataset.failed;
  for (const chart of charts) chart.loading();
  try {
    await work();
  } catch (error) {
    if (error instanceof api.SessionEnded) return;
    for (const chart of charts) chart.failed();
    card.dataset.failed = "true";
    showError(errorBox, error, what);
  } finally {
    card.removeAttribute("aria-busy");
  }
}

function setSegmented(groupId, value) {
  for (const button of $(groupId).querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.value === value));
  }
}

function onSegmented(groupId, change) {
  $(groupId).addEventListener("click", (event) => {
    const button = event.target.closest("button[data-value]");
    if (!button || button.getAttribute("aria-pressed") === "true") return;
    setSegmented(groupId, button.dataset.value);
    change(button.dataset.value);
  });
}

function loadBalance() {
  return section("card-balance", [panels.balance], "Could not load the balance projection.", async () => {
    const answer = await api.get("/api/cashflow/ui/balance-projection", {
      months: 12,
      chartType: state.balanceType,
    });
    const money = moneyFormat(answer.currency);
    $("balance-current").textContent = money.format(answer.currentBalance);
    signed($("balance-current"), answer.currentBalance);
    const lowest = answer.lowestBalance;
    $("balance-lowest").textContent = lowest ? money.format(lowest.balance) : "—";
    if (lowest) signed($("balance-lowest"), lowest.balance);
    $("balance-lowest-on").textContent = lowest ? dateText(lowest.date) : "—";
    panels.balance.draw(answer, money);
  });
}

function loadBreakdown() {
  return section("card-breakdown", [panels.breakdown], "Could not load the spending breakdown.", async () => {
    const answer = await api.get("/api/cashflow/ui/transaction-breakdown", {
      period: state.breakdownPeriod,
      chartType: state.breakdownType,
    });
    const money = moneyFormat(answer.currency);
    $("breakdown-total").textContent = money.format(answer.totalExpenses);
    $("breakdown-period").textContent = rangeText(answer.period);
    const bars = answer.chartType === "bar";
    panels.breakdown.draw(answer, money, { legend: !bars, horizontal: bars });
  });
}

function indicatorItem(score) {
  const unit = score.unit === "months" ? " months" : "%";
  const measured = score.value !== null && score.value !== undefined;
  const value = measured
    ? `${Number(score.value).toLocaleString(undefined, { maximumFractionDigits: 1 })}${unit}`
    : "not enough history";
  const bar = el("span", { className: "meter-fill" });
  bar.style.width = `${Math.max(0, Math.min(100, score.score))}%`;
  return el("li", { className: "indicator", attrs: { "data-key": score.key } },
    el("div", { className: "indicator-head" },
      el("span", { className: "indicator-label", text: score.label }),
      measured ? pill(score.status, score.status) : pill("not measured", "none")),
    el("div", { className: "indicator-value" },
      el("span", { text: value }),
      el("span", { className: "muted", text: measured ? `${score.score}/100` : "" })),
    measured ? el("span", { className: `meter meter-${score.status}` }, bar) : null,
    el("p", { className: "indicator-text", text: score.explanation }));
}

function recommendationItem(recommendation, money) {
  const saving = recommendation.potentialSavings
    ? el("span", { className: "saving", text: `Could save ${money.format(recommendation.potentialSavings)} a month` })
    : null;
  return el("li", { className: "recommendation" },
    el("div", { className: "recommendation-head" },
      el("strong", { text: recommendation.title }),
      pill(`${recommendation.priority} priority`, recommendation.priority)),
    el("p", { text: recommendation.message }),
    saving);
}

function loadHealth() {
  return section("card-health", [panels.health], "Could not load the health indicator.", async () => {
    const answer = await api.get("/api/cashflow/ui/health-indicator");
    const money = moneyFormat(answer.currency);
    // Nothing measured yet (too little history): no score to show or draw.
    const measured = (answer.scores || []).some((s) => s.value !== null && s.value !== undefined);
    $("health-overall").textContent = measured ? String(answer.overallScore) : "—";
    $("health-grade").textContent = measured ? answer.grade : "not measured";
    $("health-score").dataset.grade = measured ? answer.grade : "";
    $("health-period").textContent = answer.period ? `Measured over ${rangeText(answer.period)}` : "";
    $("health-indicators").replaceChildren(...(answer.scores || []).map(indicatorItem));
    const recommendations = answer.recommendations || [];
    $("health-recommendations").replaceChildren(
      ...(recommendations.length
        ? recommendations.map((r) => recommendationItem(r, money))
        : [el("li", { className: "none", text: "Nothing to improve right now." })]),
    );
    panels.health.draw(measured ? answer : { ...answer, labels: [] }, formats.score);
  });
}

function alertItem(alert) {
  const money = moneyFormat(alert.currency);
  const item = el("li", {
    className: "alert",
    attrs: { "data-alert-id": alert.id, "data-status": alert.status, "data-severity": alert.severity },
  },
  el("div", { className: "alert-head" },
    pill(alert.severity, alert.severity),
    el("strong", { className: "alert-title", text: alert.title })),
  el("p", { className: "alert-message", text: alert.message }),
  el("div", { className: "alert-meta" },
    el("span", { text: `${dateText(alert.periodStart)} – ${dateText(alert.periodEnd)}` }),
    el("span", { text: money.format(alert.amount) }),
    el("span", { className: `status status-${alert.status}`, text: alert.status })));
  if (alert.status === "pending") {
    const button = el("button", {
      className: "button small ack",
      text: "Acknowledge",
      attrs: { type: "button", "data-alert-id": alert.id },
    });
    button.addEventListener("click", () => acknowledge(alert.id, button));
    item.querySelector(".alert-meta").append(button);
  }
  return item;
}

function loadAlerts() {
  return section("card-alerts", [panels.alerts], "Could not load the alerts.", async () => {
    const answer = await api.get("/api/cashflow/ui/alerts-digest");
    $("alerts-summary").textContent =
      `${answer.totalActive} active · ${answer.pending} awaiting acknowledgement`;
    const alerts = answer.alerts || [];
    $("alerts-list").replaceChildren(
      ...(alerts.length
        ? alerts.map(alertItem)
        : [el("li", { className: "none", text: "Nothing needs your attention right now." })]),
    );
    panels.alerts.draw(answer, formats.count);
  });
}

async function acknowledge(id, button) {
  button.disabled = true;
  button.textContent = "Acknowledging…";
  const errorBox = $("card-alerts").querySelector(".card-error");
  try {
    await api.post(`/api/cashflow/alerts/${encodeURIComponent(id)}/acknowledge`);
  } catch (error) {
    if (error instanceof api.SessionEnded) return;
    button.disabled = false;
    button.textContent = "Acknowledge";
    showError(errorBox, error, "Could not acknowledge the alert.");
    return;
  }
  notify("Alert acknowledged.", "success");
  await loadAlerts();
}

const amounts = moneyFormat("");

function milestoneItem(milestone) {
  const when = milestone.reached
    ? milestone.reachedOn ? `reached ${dateText(milestone.reachedOn)}` : "reached"
    : milestone.projectedOn ? `expected ${dateText(milestone.projectedOn)}` : "no projection yet";
  return el("li", { className: milestone.reached ? "milestone reached" : "milestone" },
    el("span", { className: "milestone-mark", attrs: { "aria-hidden": "true" } }),
    el("span", { className: "milestone-percent", text: `${milestone.percent}%` }),
    el("span", { className: "milestone-amount", text: amounts.format(milestone.amount) }),
    el("span", { className: "milestone-when", text: when }));
}

function projectionText(answer) {
  const projection = answer.projection || {};
  const parts = [];
  if (projection.projectedDate) {
    let timing = "";
    if (projection.onTime === true) timing = " — on time";
    else if (projection.onTime === false) {
      timing = ` — ${projection.monthsFromTarget} month${projection.monthsFromTarget === 1 ? "" : "s"} late`;
    }
    parts.push(`Reached around ${dateText(projection.projectedDate)}${timing}`);
  } else if (projection.reason) {
    parts.push(projection.reason);
  }
  const required = answer.required || {};
  if (required.monthlyAmount) parts.push(`needs ${amounts.format(required.monthlyAmount)} a month`);
  return parts.join(" · ") || "\u00a0";
}

const goalPanels = () => [panels.goalProgress, panels.goalContributions, panels.goalProjection];

async function drawGoal(id) {
  const path = encodeURIComponent(id);
  const [visualization, contributions, projection] = await Promise.all([
    api.get(`/api/goals/ui/visualization/${path}`),
    api.get(`/api/goals/ui/contributions/${path}`, { months: 12 }),
    api.get(`/api/goals/ui/projections/${path}`),
  ]);
  const goal = visualization.goal;
  $("goal-name").textContent = `${goal.name} · ${Number(goal.progressPercent).toFixed(0)}%`;
  $("goal-milestones").replaceChildren(...(visualization.milestones || []).map(milestoneItem));
  panels.goalProgress.draw(visualization, amounts, { legend: false });
  $("goal-contributions-total").textContent =
    `${amounts.format(contributions.total)} over 12 months · ${amounts.format(contributions.monthlyAverage)} a month on average`;
  panels.goalContributions.draw(contributions, amounts);
  $("goal-projection-text").textContent = projectionText(projection);
  panels.goalProjection.draw(projection, amounts);
}

function clearGoal() {
  $("goal-name").textContent = "Progress";
  $("goal-milestones").replaceChildren();
  $("goal-contributions-total").textContent = "\u00a0";
  $("goal-projection-text").textContent = "\u00a0";
  const none = { chartType: "bar", labels: [], datasets: [] };
  for (const panel of goalPanels()) panel.draw(none, amounts);
}

function loadGoals() {
  return section("card-goals", [panels.goalsSummary, ...goalPanels()], "Could not load the goals.", async () => {
    const summary = await api.get("/api/goals/ui/summary");
    const goals = summary.goals || [];
    const counts = summary.counts || {};
    $("goals-summary").textContent = goals.length
      ? `${amounts.format(summary.totalSaved)} saved of ${amounts.format(summary.totalTarget)} (${summary.overallPercent}%) · ${counts.active || 0} active, ${counts.achieved || 0} achieved`
      : "Create a goal to follow its progress here.";
    const select = $("goal-select");
    if (!goals.some((goal) => goal.id === state.goalId)) state.goalId = goals.length ? goals[0].id : "";
    select.replaceChildren(
      ...(goals.length
        ? goals.map((goal) => el("option", { text: goal.name, attrs: { value: goal.id } }))
        : [el("option", { text: "No goals yet", attrs: { value: "" } })]),
    );
    select.value = state.goalId;
    select.disabled = !goals.length;
    $("card-goals").dataset.hasGoals = String(goals.length > 0);
    panels.goalsSummary.draw(summary, amounts, { stacked: true });
    if (state.goalId) await drawGoal(state.goalId);
    else clearGoal();
  });
}

function loadGoal(id) {
  state.goalId = id;
  return section("card-goals", goalPanels(), "Could not load the goal.", () => drawGoal(id));
}

async function loadProfile() {
  try {
    const profile = await api.get("/api/auth/profile");
    $("account-name").textContent = profile.full_name || profile.username || "";
    $("account-email").textContent = profile.email || "";
  } catch (error) {
    if (!(error instanceof api.SessionEnded)) notify(`Could not load your profile: ${error.message}`, "error");
  }
}

async function loadAll() {
  document.body.dataset.loaded = "false";
  await Promise.all([loadBalance(), loadBreakdown(), loadHealth(), loadAlerts(), loadGoals()]);
  const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date());
  $("updated-at").textContent = `Updated at ${time}`;
  document.body.dataset.loaded = "true";
}

// --- signing in and out ------------------------------------------------------------------

function authError(error) {
  const box = $("auth-error");
  if (error) showError(box, error, "Could not sign in.");
  else box.hidden = true;
}

function showSignIn(message) {
  for (const panel of Object.values(panels)) panel.reset("idle");
  state.pendingLogin = null;
  $("mfa-form").hidden = true;
  $("login-form").hidden = false;
  $("password").value = "";
  $("mfa-code").value = "";
  authError(null);
  showView("sign-in");
  if (message) notify(message, "info");
  $("email").focus();
}

async function enterDashboard() {
  state.pendingLogin = null;
  $("password").value = "";
  $("mfa-code").value = "";
  authError(null);
  showView("dashboard");
  await Promise.all([loadProfile(), loadAll()]);
}

async function busy(button, work) {
  button.disabled = true;
  try {
    await work();
  } finally {
    button.disabled = false;
  }
}

function wireSignIn() {
  $("login-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const email = $("email").value.trim();
    const password = $("password").value;
    busy($("login-submit"), async () => {
      authError(null);
      try {
        const { mfaRequired } = await api.signIn(email, password);
        if (mfaRequired) {
          state.pendingLogin = { email, password };
          $("mfa-email").textContent = email;
          $("login-form").hidden = true;
          $("mfa-form").hidden = false;
          $("mfa-code").focus();
          return;
        }
      } catch (error) {
        authError(error);
        return;
      }
      await enterDashboard();
    });
  });
  $("mfa-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const pending = state.pendingLogin;
    if (!pending) return showSignIn();
    busy($("mfa-submit"), async () => {
      authError(null);
      try {
        await api.signInWithCode(pending.email, pending.password, $("mfa-code").value.trim());
      } catch (error) {
        authError(error);
        return;
      }
      await enterDashboard();
    });
  });
  $("mfa-back").addEventListener("click", () => showSignIn());
  $("sign-out").addEventListener("click", () => {
    busy($("sign-out"), async () => {
      try {
        await api.signOut();
      } catch (error) {
        notify(`Signing out failed on the server: ${error.message}`, "error");
      }
      showSignIn("You have signed out.");
    });
  });
  api.onSessionEnded((ended) => {
    if (document.body.dataset.view === "dashboard") showSignIn(ended.message);
  });
}

function wireDashboard() {
  onSegmented("balance-type", (value) => {
    state.balanceType = value;
    loadBalance();
  });
  onSegmented("breakdown-type", (value) => {
    state.breakdownType = value;
    loadBreakdown();
  });
  $("breakdown-period-select").addEventListener("change", (event) => {
    state.breakdownPeriod = event.target.value;
    loadBreakdown();
  });
  $("goal-select").addEventListener("change", (event) => loadGoal(event.target.value));
  $("refresh-all").addEventListener("click", () => busy($("refresh-all"), loadAll));
}

async function start() {
  if (!chartJsAvailable()) {
    showView("unavailable");
    notify("Chart.js is not installed — run make up (it installs Chart.js from the npm registry).", "error");
    return;
  }
  configureDefaults();
  panels.balance = new ChartPanel("chart-balance");
  panels.breakdown = new ChartPanel("chart-breakdown");
  panels.health = new ChartPanel("chart-health");
  panels.alerts = new ChartPanel("chart-alerts");
  panels.goalsSummary = new ChartPanel("chart-goals-summary");
  panels.goalProgress = new ChartPanel("chart-goal-progress");
  panels.goalContributions = new ChartPanel("chart-goal-contributions");
  panels.goalProjection = new ChartPanel("chart-goal-projection");
  wireSignIn();
  wireDashboard();
  if (await api.resume()) await enterDashboard();
  else showSignIn();
}

start();
