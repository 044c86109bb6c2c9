"""Real-browser tests: Playwright driving Debian's Chromium against a live server.

No browser is downloaded: Chromium comes from Debian (`apt-get install chromium`, done by
.ci/run). Without it the tests skip on a developer's machine but fail in CI.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from scorekeeper.web import create_app

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(tempfile.gettempdir()) / "scorekeeper-screenshots"


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message + " — browser tests must run in CI")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    SCREENSHOTS.mkdir(parents=True)
    return SCREENSHOTS


@pytest.fixture
def live_server(tmp_path) -> Iterator[str]:
    """The app served on a free port of 127.0.0.1 in a thread."""
    # Share links name a network address when the page was opened as 127.0.0.1 (here:
    # a documentation address, so what a phone would be told is known).
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SHARE_HOST": "192.0.2.7"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


def new_phone(browser, live_server: str, **options):
    """A page in a fresh phone-sized context (another phone at the table)."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, **options
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.base_url = live_server  # type: ignore[attr-defined]
    return page


@pytest.fixture
def phone(browser, live_server):
    """A page in a fresh phone-sized context."""
    page = new_phone(browser, live_server)
    yield page
    page.context.close()
