"""The dashboard page (/app) in a real browser: Debian's headless Chromium driven through
its chromedriver (selenium), against main + analytics + the edge on PostgreSQL.

A user with three years of the deterministic generator's history, a goal with
contributions and a planned expense large enough to raise a low-balance alert signs in
on /app; every chart canvas must have been drawn by Chart.js with data, an alert is
acknowledged from the page (and the REST API confirms it), and screenshots are saved
(pytest's tmp path, copied to var/screenshots/). A second user signs in with MFA (a
TOTP code). Any error in the browser console (a failed request included) fails the test.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.e2e.analytics_support import AnalyticsUser, utc_today
from tests.e2e.conftest import RunningStack
from tests.e2e.identity_support import Account, IdentityClient, away_from_step_boundary
from tests.support.system import require_program
from tools.bench.history_gen import History, generate_history

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
SHARED_SCREENSHOTS = REPO / "var" / "screenshots"
CENT = Decimal("0.01")
# Headless Chromium as root on a machine without network: no sandbox (root), no GPU,
# nothing that phones home.
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1440,1000",
)
CHARTS = {
    "chart-balance": "balance projection",
    "chart-breakdown": "transaction breakdown",
    "chart-health": "health indicator",
    "chart-alerts": "alerts digest",
    "chart-goals-summary": "goals summary",
    "chart-goal-progress": "goal visualization",
    "chart-goal-contributions": "goal contributions",
    "chart-goal-projection": "goal projection",
}
WAIT_SECONDS = 90
# The colours a person might give their categories (the breakdown draws each category
# in its own colour).
CATEGORY_COLORS = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#8C6D31",
    "#6B6ECF",
    "#B5CF6B",
    "#E7969C",
    "#7B4173",
    "#17BECF",
)


# --- the browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """One Chromium for the module (Debian's, through Debian's chromedriver: selenium
    downloads nothing), with a fresh profile."""
    chromium = require_program("chromium", override="FINPLAT_TEST_CHROMIUM")
    chromedriver = require_program("chromedriver", override="FINPLAT_TEST_CHROMEDRIVER")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: WebDriver, analytics_stack: RunningStack) -> Iterator[WebDriver]:
    """The browser on a signed-out /app; afterwards, no error in its console."""
    browser.get(f"{analytics_stack.edge_url}/app")
    browser.delete_all_cookies()
    browser.execute_script("sessionStorage.clear(); localStorage.clear();")
    browser.refresh()
    console(browser)  # start from a clean console
    yield browser
    severe = [entry for entry in console(browser) if entry["level"] == "SEVERE"]
    assert severe == [], severe


def console(driver: WebDriver) -> list[dict[str, Any]]:
    """The browser console's entries since the last call (failed requests included)."""
    entries: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[no-untyped-call]
    return entries


PROBLEMS = (
    "return [...document.querySelectorAll('.card-error:not([hidden]), "
    '.form-error:not([hidden]), .notice[data-kind="error"]:not([hidden])\')]'
    ".map(e => e.innerText)"
)


def wait(driver: WebDriver, script: str, what: str, *args: Any) -> Any:
    """Until `script` returns something truthy (explicit wait, no sleeps); an error the
    page shows (a card's, the sign-in form's) ends the wait at once as a failure."""

    def done(d: WebDriver) -> Any:
        problems = d.execute_script(PROBLEMS)
        if problems:
            raise AssertionError(f"waiting for {what}, the page shows errors: {problems}")
        return d.execute_script(script, *args)

    try:
        return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(done)
    except TimeoutException:
        raise AssertionError(f"timed out waiting for {what}") from None


def wait_view(driver: WebDriver, view: str) -> None:
    wait(driver, "return document.body.dataset.view === arguments[0]", f"the {view} view", view)


def sign_in(driver: WebDriver, account: Account, mfa_code: str | None = None) -> None:
    wait_view(driver, "sign-in")
    driver.find_element(By.ID, "email").send_keys(account.email)
    driver.find_element(By.ID, "password").send_keys(account.password)
    driver.find_element(By.ID, "login-submit").click()
    if mfa_code is not None:
        wait(driver, "return !document.getElementById('mfa-form').hidden", "the MFA step")
        driver.find_element(By.ID, "mfa-code").send_keys(mfa_code)
        driver.find_element(By.ID, "mfa-submit").click()
    wait_view(driver, "dashboard")
    wait(driver, "return document.body.dataset.loaded === 'true'", "the dashboard to load")


def chart_state(driver: WebDriver, canvas_id: str) -> dict[str, Any]:
    """What a canvas says about itself, what its Chart.js instance holds, and how many
    of its pixels are painted."""
    state: dict[str, Any] = driver.execute_script(
        """
        const canvas = document.getElementById(arguments[0]);
        const chart = Chart.getChart(canvas);
        let painted = 0;
        if (canvas.width && canvas.height) {
          const pixels = canvas.getContext('2d')
            .getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++;
        }
        return {
          state: canvas.parentElement.dataset.state,
          rendered: canvas.dataset.rendered,
          points: Number(canvas.dataset.points),
          type: chart ? chart.config.type : null,
          firstDataset: chart ? chart.data.datasets[0].data.length : 0,
          fill: chart ? Boolean(chart.data.datasets[0].fill) : null,
          painted,
        };
        """,
        canvas_id,
    )
    return state


def wait_rendered(driver: WebDriver, canvas_id: str) -> dict[str, Any]:
    wait(
        driver,
        "return document.getElementById(arguments[0]).dataset.rendered === 'true'",
        f"{CHARTS[canvas_id]} to be drawn",
        canvas_id,
    )
    return chart_state(driver, canvas_id)


def screenshot(driver: WebDriver, folder: Path, name: str) -> Path:
    """The whole page as a PNG in `folder` and in var/screenshots/: the window is made
    as tall as the page (charts redraw for the new layout: waited for), then restored."""
    size = driver.get_window_size()
    for _ in range(3):
        missing = driver.execute_script(
            "return document.documentElement.scrollHeight - window.innerHeight"
        )
        if missing <= 0:
            break
        driver.set_window_size(size["width"], driver.get_window_size()["height"] + missing)
    wait(
        driver,
        "return [...document.querySelectorAll('.chart-box canvas')].every(c => c.hidden"
        " || !Chart.getChart(c) || Math.abs(c.getBoundingClientRect().width"
        " - c.parentElement.clientWidth) < 2)",
        "the charts to fit the resized window",
    )
    path = folder / f"{name}.png"
    path.write_bytes(driver.get_screenshot_as_png())
    driver.set_window_size(size["width"], size["height"])
    SHARED_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shared = SHARED_SCREENSHOTS / path.name
    shutil.copyfile(path, shared)
    print(f"screenshot: {path} (copy: {shared})")
    return path


# --- the users -------------------------------------------------------------------------


@dataclass
class Prepared:
    account: Account
    user: AnalyticsUser
    goal_id: str


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def _month_start(today: date, months_back: int) -> date:
    index = today.year * 12 + today.month - 1 - months_back
    return date(index // 12, index % 12 + 1, 1)


def _categorize_current_month(
    user: AnalyticsUser, document_id: str, history: History, today: date
) -> None:
    """File this month's imported transactions under their generated categories (as a
    person would, one correction each), and add one categorized purchase today, so the
    breakdown of every current period has categories, even on the 1st of a month."""
    month_start = today.replace(day=1)
    truth = {
        (t.booked_on.isoformat(), str(t.amount), t.description): t.category
        for t in history.transactions
        if t.booked_on >= month_start
    }
    ids: dict[str, str] = {}

    def category(key: str) -> str:
        if key not in ids:
            body = {
                "name": key.replace("_", " ").capitalize(),
                "color": CATEGORY_COLORS[len(ids) % len(CATEGORY_COLORS)],
            }
            ids[key] = _ok(user.http.post("/api/categories", json=body), 201)["id"]
        return ids[key]

    for row in user.transactions(document_id):
        key = (
            row["transactionDate"][:10],
            str(Decimal(row["amount"]).quantize(CENT)),
            row["description"],
        )
        if key in truth:
            _ok(
                user.http.patch(
                    f"/api/transactions/{row['id']}/category",
                    json={"categoryId": category(truth[key]), "learnFromCorrection": False},
                )
            )
    _ok(
        user.http.post(
            "/api/transactions",
            json={
                "transactionDate": f"{today.isoformat()}T08:00:00Z",
                "description": "CARD 4821 CORNER BAKERY",
                "amount": "-12.40",
                "categoryId": category("groceries"),
            },
        ),
        201,
    )


def _prepare(user: AnalyticsUser) -> str:
    """Import the generated history, categorize the current month, save towards a goal,
    plan a large expense, and generate the predictions that raise the low-balance alert;
    the goal's id. Every date is from one reading of today, so they agree however long
    the preparation takes."""
    today = utc_today()
    history = generate_history(seed=7, end=today - timedelta(days=1))
    document = user.imported_history(history)
    _categorize_current_month(user, document["id"], history, today)

    goal = _ok(
        user.http.post(
            "/api/v1/goals",
            json={
                "name": "Emergency fund",
                "goalType": "emergency_fund",
                "targetAmount": "6000.00",
                "startDate": _month_start(today, 6).isoformat(),
                "targetDate": _month_start(today, -12).isoformat(),
            },
        ),
        201,
    )
    for months_back, amount in ((5, "400"), (4, "350"), (3, "500"), (2, "450"), (1, "400")):
        _ok(
            user.http.post(
                f"/api/v1/goals/{goal['id']}/contributions",
                json={
                    "amount": amount,
                    "contributionDate": _month_start(today, months_back).isoformat(),
                },
            ),
            201,
        )

    balance = Decimal(_ok(user.http.get("/api/cashflow/ui/balance-projection"))["currentBalance"])
    _ok(
        user.http.post(
            "/api/planning/expenses",
            json={
                "title": "New roof",
                "amount": str(max(balance, Decimal(0)) + Decimal("5000.00")),
                "dueDate": (today + timedelta(days=20)).isoformat(),
            },
        ),
        201,
    )
    _ok(user.http.post("/api/cashflow/predictions/generate"))
    pending = _ok(user.http.get("/api/cashflow/alerts", params={"status": "pending"}))["data"]
    assert any(a["alertType"] == "low_balance" for a in pending), pending
    return str(goal["id"])


@pytest.fixture(scope="module")
def prepared(
    analytics_stack: RunningStack, analytics_identity: IdentityClient
) -> Iterator[Prepared]:
    account = analytics_identity.verified("dashboard")
    session = analytics_identity.session(account)
    user = AnalyticsUser(analytics_stack.edge_url, session.access_token)
    try:
        yield Prepared(account, user, _prepare(user))
    finally:
        user.close()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


# --- the tests -------------------------------------------------------------------------


def test_signed_in_every_chart_is_drawn_and_an_alert_is_acknowledged(
    page: WebDriver, prepared: Prepared, screenshots: Path
) -> None:
    sign_in(page, prepared.account)
    # The token lives in memory only.
    assert page.execute_script("return localStorage.length") == 0
    stored = page.execute_script("return JSON.stringify(sessionStorage)")
    assert "eyJ" not in stored, stored  # no JWT

    for canvas_id, what in CHARTS.items():
        state = wait_rendered(page, canvas_id)
        assert state["state"] == "rendered", (what, state)
        assert state["points"] > 0 and state["firstDataset"] > 0, (what, state)
        assert state["painted"] > 500, (what, state)  # Chart.js painted the canvas
    assert chart_state(page, "chart-breakdown")["points"] >= 2  # several categories
    assert chart_state(page, "chart-health")["type"] == "radar"
    assert chart_state(page, "chart-alerts")["type"] == "doughnut"
    assert page.find_element(By.ID, "health-overall").text.isdigit()
    assert page.find_element(By.ID, "goal-select").get_attribute("value") == prepared.goal_id
    screenshot(page, screenshots, "dashboard-signed-in")

    # The switches ask the API again and redraw.
    page.find_element(By.CSS_SELECTOR, '#balance-type button[data-value="area"]').click()
    wait(
        page,
        "const c = Chart.getChart(document.getElementById('chart-balance'));"
        "return c && c.data.datasets[0].fill === true"
        " && document.getElementById('chart-balance').dataset.rendered === 'true'",
        "the area chart",
    )
    page.find_element(By.CSS_SELECTOR, '#breakdown-type button[data-value="bar"]').click()
    wait(
        page,
        "const c = Chart.getChart(document.getElementById('chart-breakdown'));"
        "return c && c.config.type === 'bar'"
        " && document.getElementById('chart-breakdown').dataset.rendered === 'true'",
        "the breakdown as bars",
    )

    # Acknowledge the first pending alert from the page.
    button = page.find_element(By.CSS_SELECTOR, "#alerts-list li[data-status='pending'] button.ack")
    alert_id = button.get_attribute("data-alert-id")
    assert alert_id
    button.click()
    wait(
        page,
        "const item = document.querySelector(`#alerts-list li[data-alert-id='${arguments[0]}']`);"
        "return item && item.dataset.status === 'acknowledged'",
        "the alert to show as acknowledged",
        alert_id,
    )
    wait_rendered(page, "chart-alerts")
    acknowledged = _ok(
        prepared.user.http.get("/api/cashflow/alerts", params={"status": "acknowledged"})
    )
    assert alert_id in [a["id"] for a in acknowledged["data"]], acknowledged
    screenshot(page, screenshots, "dashboard-alert-acknowledged")

    # A reload keeps the session through the refresh_token cookie (nothing stored).
    page.refresh()
    wait_view(page, "dashboard")
    wait_rendered(page, "chart-balance")

    page.find_element(By.ID, "sign-out").click()
    wait_view(page, "sign-in")
    assert page.execute_script("return sessionStorage.length") == 0


def test_an_mfa_account_signs_in_with_its_code_and_sees_empty_states(
    page: WebDriver, analytics_identity: IdentityClient, screenshots: Path
) -> None:
    account = analytics_identity.verified("dashboard-mfa")
    mfa = analytics_identity.enable_mfa(analytics_identity.session(account))
    away_from_step_boundary(margin=10)
    sign_in(page, account, mfa_code=mfa.code())
    states = {
        canvas_id: wait(
            page,
            "const s = document.getElementById(arguments[0]).parentElement.dataset.state;"
            "return ['rendered', 'empty'].includes(s) && s",
            f"{what} to settle",
            canvas_id,
        )
        for canvas_id, what in CHARTS.items()
    }
    # No goals: the summary says so rather than draw an empty canvas, and the chosen
    # goal's charts are empty and out of the way.
    summary = page.find_element(By.ID, "chart-goals-summary")
    assert not summary.is_displayed()
    empty = summary.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".empty")
    assert empty.is_displayed() and empty.text == "No data yet"
    for canvas_id in CHARTS:
        if canvas_id.startswith("chart-goal"):
            assert states[canvas_id] == "empty", states
    assert not page.find_element(By.ID, "goal-milestones").is_displayed()
    screenshot(page, screenshots, "dashboard-mfa-new-user")
    page.find_element(By.ID, "sign-out").click()
    wait_view(page, "sign-in")
