"""What the browser tests share: a served companion, Debian's Chromium, a page at a
phone's size that fails its test on any script error."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
chromium_needed = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium installed")
PHONE = {"width": 360, "height": 780}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from waitress import create_server

    from companion.web.app import create_app

    app = create_app(tmp_path_factory.mktemp("data"))
    serving = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=serving.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{serving.effective_port}"
    serving.close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@contextmanager
def opened_page(browser, tmp_path: Path, viewport: dict, locale: str) -> Iterator:
    """A page in a fresh browser context: its screenshot kept in the test's folder, and
    any script error fails the test."""
    context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True)
    opened = context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    yield opened
    opened.screenshot(path=str(tmp_path / "page.png"), full_page=True)
    context.close()
    assert not problems, problems


@pytest.fixture()
def page(browser, tmp_path: Path):
    with opened_page(browser, tmp_path, PHONE, "en-GB") as opened:
        yield opened
