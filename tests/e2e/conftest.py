"""The browser tests' fixtures: the real app on uvicorn in a thread (a socket bound to a
free loopback port, a fresh SQLite database, bots thinking 0.05-0.1 s), and Debian's
Chromium driven by Playwright (Playwright's own browser download is not available, so it
is pointed at the system's executable: ``GLOAM_CHROMIUM``, else ``chromium`` on PATH).

Without a Chromium the tests skip, saying why, unless ``GLOAM_E2E_REQUIRED=1`` (CI),
when they fail. Screenshots go to ``tests/e2e/artifacts/`` (not committed)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install 'gloam[web]'")
pytest.importorskip("playwright", reason="the browser tests need playwright: pip install 'gloam[test]'")

from playwright.sync_api import sync_playwright  # noqa: E402

from gloam.server.settings import Settings  # noqa: E402
from web_client import LiveServer as WebServer  # noqa: E402

ARTIFACTS = Path(__file__).with_name("artifacts")
CHROMIUM_ARGS = ["--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def chromium_executable() -> str | None:
    return os.environ.get("GLOAM_CHROMIUM") or shutil.which("chromium")


def LiveServer(folder: Path, port: int = 0) -> WebServer:
    """The app on uvicorn in a thread on 127.0.0.1 (port 0: a free one; a restart passes
    the same port and folder again), bots quick, the rate limit loose for the clicking."""
    settings = Settings(db_url=f"sqlite:///{folder / 't.db'}", think=(0.05, 0.1), rate_burst=100, rate_per_s=100.0)
    return WebServer(settings, port)


@pytest.fixture(scope="session")
def live(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("e2e")).start()
    yield server
    server.stop()


@pytest.fixture
def servers():
    """``servers(folder, port=0)``: a server of this test's own (to stop and start again);
    every one still running is stopped at the end."""
    started: list[WebServer] = []

    def start(folder: Path, port: int = 0) -> WebServer:
        server = LiveServer(folder, port).start()
        started.append(server)
        return server
    yield start
    for server in started:
        if not server.server.should_exit:
            server.stop()


@pytest.fixture(scope="session")
def browser():
    exe = chromium_executable()
    if not exe:
        message = "no Chromium for the browser tests: apt-get install -y chromium (or set GLOAM_CHROMIUM)"
        if os.environ.get("GLOAM_E2E_REQUIRED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Pages:
    """New browser contexts (each a browser with its own localStorage), with the page's
    errors collected: a test fails if the page threw."""

    def __init__(self, browser, live: WebServer) -> None:
        self.browser, self.live = browser, live
        self.contexts: list = []
        self.errors: list[str] = []
        self.allowed: list[str] = []

    def new(self, screen: str = "phone", locale: str = "en-US", pace: str | None = "instant",
            motion: str = "reduce", server: WebServer | None = None):
        """A page in a fresh browser context (its paths relative to ``server``, else the
        session's); ``pace`` is the log's pace setting (the tests play at "instant": no
        hold between moves), ``motion`` the reduced-motion setting."""
        context = self.browser.new_context(viewport=VIEWPORTS[screen], locale=locale, reduced_motion=motion,
                                           base_url=(server or self.live).url)
        if pace:
            context.add_init_script(f"localStorage.setItem('gloam.pace', {json.dumps(json.dumps(pace))});")
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{page.url}: {exc}"))
        page.on("console", lambda m: self.console(page, m))
        return page

    def allow(self, text: str) -> None:
        """A console error the test expects (e.g. a refused connection while the server is down)."""
        self.allowed.append(text)

    def console(self, page, message) -> None:
        if message.type == "error" and not any(text in message.text for text in self.allowed):
            self.errors.append(f"{page.url}: console {message.text}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser, live):
    made = Pages(browser, live)
    yield made
    made.close()
    assert not made.errors, "the page reported errors:\n" + "\n".join(made.errors)


@pytest.fixture
def shot():
    """``shot(page, name)``: a full-page screenshot in tests/e2e/artifacts/."""
    def take(page, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    return take
