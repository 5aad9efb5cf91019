"""The dashboard page's files on the assembled edge (edge/dashboard/): routes, content
types, caching, the /app CSP, no inline script, and what /app says while Chart.js is
not installed. The page in a real browser: tests/e2e/test_dashboard.py."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest

from edge.app import create_app
from edge.dashboard.assets import STATIC
from edge.dashboard.settings import DEFAULT_CHARTJS
from edge.security.settings import DASHBOARD_CSP
from edge.settings import EdgeSettings

CHARTJS_TEXT = b"/*! Chart.js v4 (a copy for this test) */ window.Chart = function () {};\n"
Edge = Callable[[Path], AbstractAsyncContextManager[httpx.AsyncClient]]


@asynccontextmanager
async def _edge(chartjs: Path) -> AsyncIterator[httpx.AsyncClient]:
    # Port 1 never listens: the dashboard's files need no backend.
    app = create_app(
        EdgeSettings(edge_backends={"expense": ["127.0.0.1:1"]}, edge_dashboard_chartjs=chartjs)
    )
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as client:
            yield client


@pytest.fixture
def chartjs(tmp_path: Path) -> Path:
    path = tmp_path / "chart.umd.js"
    path.write_bytes(CHARTJS_TEXT)
    return path


@pytest.fixture
async def client(chartjs: Path) -> AsyncIterator[httpx.AsyncClient]:
    async with _edge(chartjs) as c:
        yield c


class _Page(HTMLParser):
    """What a page loads and anything that would need an inline-script or -style CSP."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.inline.append(f"<{tag} {name}=…>")
            if name in ("src", "href") and value and value.startswith("/"):
                self.loads.append(value)
            if name in ("src", "href") and value and value.startswith("javascript:"):
                self.inline.append(f"<{tag} {name}={value}>")
        if tag == "style":
            self.inline.append("<style>")
        if tag == "script":
            self._in_script = True
            if not found.get("src"):
                self.inline.append("<script> without src")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append("script text")


def _parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


async def test_the_page_is_served_public_with_the_dashboard_csp(client: httpx.AsyncClient) -> None:
    for path in ("/app", "/app/"):
        response = await client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"] == "text/html; charset=utf-8"
        assert response.headers["content-security-policy"] == DASHBOARD_CSP
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["cache-control"] == "no-cache"
        assert response.content == (STATIC / "index.html").read_bytes()
    assert "script-src 'self'" in DASHBOARD_CSP and "'unsafe-inline'" not in DASHBOARD_CSP
    assert "connect-src 'self'" in DASHBOARD_CSP and "frame-ancestors 'none'" in DASHBOARD_CSP


async def test_the_page_has_no_inline_script_or_style_and_loads_only_its_own_files(
    client: httpx.AsyncClient,
) -> None:
    html = (await client.get("/app")).text
    page = _parse(html)
    assert page.inline == []
    assert "http://" not in html and "https://" not in html  # no CDN
    assert "/app/vendor/chart.umd.js" in page.loads
    assert "/app/assets/app.js" in page.loads and "/app/assets/app.css" in page.loads
    for path in page.loads:
        assert (await client.get(path)).status_code == 200, path


async def test_the_scripts_modules_resolve(client: httpx.AsyncClient) -> None:
    # app.js imports its siblings ("./api.js"): each must be served beside it.
    for name in ("app.js", "api.js", "charts.js"):
        source = (await client.get(f"/app/assets/{name}")).text
        for module in re.findall(r'from "\./([\w.-]+)"', source):
            assert (await client.get(f"/app/assets/{module}")).status_code == 200, module


@pytest.mark.parametrize(
    ("name", "content_type"),
    [
        ("app.js", "text/javascript; charset=utf-8"),
        ("api.js", "text/javascript; charset=utf-8"),
        ("charts.js", "text/javascript; charset=utf-8"),
        ("app.css", "text/css; charset=utf-8"),
        ("favicon.svg", "image/svg+xml"),
    ],
)
async def test_assets_have_their_content_types_and_are_revalidated(
    client: httpx.AsyncClient, name: str, content_type: str
) -> None:
    response = await client.get(f"/app/assets/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"] == content_type
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-security-policy"] == DASHBOARD_CSP
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.content == (STATIC / name).read_bytes()


async def test_chartjs_is_served_from_the_configured_file(client: httpx.AsyncClient) -> None:
    response = await client.get("/app/vendor/chart.umd.js")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/javascript; charset=utf-8"
    assert response.headers["cache-control"] == "public, max-age=86400"
    assert response.content == CHARTJS_TEXT


async def test_a_conditional_get_of_an_unchanged_file_is_304(client: httpx.AsyncClient) -> None:
    for path in ("/app", "/app/assets/app.js", "/app/vendor/chart.umd.js"):
        first = await client.get(path)
        etag = first.headers["etag"]
        assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
        again = await client.get(path, headers={"if-none-match": f'"other", W/{etag}'})
        assert again.status_code == 304 and again.content == b"", path
        assert again.headers["etag"] == etag
        changed = await client.get(path, headers={"if-none-match": '"other"'})
        assert changed.status_code == 200 and changed.content == first.content


async def test_head_answers_like_get_without_a_body(client: httpx.AsyncClient) -> None:
    for path in ("/app", "/app/", "/app/assets/app.css", "/app/vendor/chart.umd.js"):
        get, head = await client.get(path), await client.head(path)
        assert head.status_code == 200 and head.content == b"", path
        assert head.headers["etag"] == get.headers["etag"]
        assert head.headers["content-type"] == get.headers["content-type"]


@pytest.mark.parametrize(
    "path", ["/app/assets/nope.js", "/app/assets/index.html", "/app/assets/..%2Fsettings.py"]
)
async def test_an_unknown_asset_is_404_in_the_gateway_body(
    client: httpx.AsyncClient, path: str
) -> None:
    response = await client.get(path)
    assert response.status_code == 404
    body = response.json()
    assert set(body) == {"error", "message", "request_id"} and body["error"] == "not_found"


async def test_the_page_is_in_the_gateway_document_without_its_files(
    client: httpx.AsyncClient,
) -> None:
    paths = set((await client.get("/openapi/gateway.json")).json()["paths"])
    assert "/app" in paths
    assert not any(p.startswith("/app/") for p in paths)


async def test_without_chartjs_the_edge_starts_and_app_says_how_to_install_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "node_modules" / "chart.js" / "dist" / "chart.umd.js"
    with caplog.at_level(logging.WARNING, logger="edge.dashboard"):
        async with _edge(missing) as client:
            assert (await client.get("/health")).status_code == 200
            page = await client.get("/app")
            vendor = await client.get("/app/vendor/chart.umd.js")
            css = await client.get("/app/assets/app.css")
    assert any(str(missing) in r.getMessage() for r in caplog.records), caplog.text
    assert page.status_code == 503
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "Chart.js is not installed — run make up" in page.text
    assert str(missing) in page.text and "FINPLAT_EDGE_DASHBOARD_CHARTJS" in page.text
    assert _parse(page.text).inline == []
    assert vendor.status_code == 404 and "make up" in vendor.json()["message"]
    assert css.status_code == 200  # the explanation is styled like the page


def test_chartjs_comes_from_npm_by_default_and_the_setting_moves_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert EdgeSettings().edge_dashboard_chartjs == DEFAULT_CHARTJS
    assert DEFAULT_CHARTJS.parts[-4:] == ("node_modules", "chart.js", "dist", "chart.umd.js")
    monkeypatch.setenv("FINPLAT_EDGE_DASHBOARD_CHARTJS", str(tmp_path / "chart.umd.js"))
    assert EdgeSettings().edge_dashboard_chartjs == tmp_path / "chart.umd.js"
