"""Real-browser tests: Playwright driving Debian's Chromium against a live server.

No browser is downloaded: Chromium comes from Debian (`apt-get install chromium`, done by
.ci/run). Without it the tests skip on a developer's machine but fail in CI.

Phones reach the app as plain HTTP on a LAN address, which browsers treat as an insecure
context (no service worker, no Screen Wake Lock). So the pages are opened as they are at
the table: by a LAN-style name (LAN_NAME, mapped to 127.0.0.1 inside Chromium; traffic
stays on loopback). `loopback_server` opens the same server as 127.0.0.1, a secure
context, for the few tests of what only works there.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from waitress import create_server, wasyncore

from scorekeeper.web import create_app

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
LAN_NAME = "table.lan"
ARGS = [
    f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1",
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


@contextmanager
def served(app: Flask) -> Iterator[int]:
    """`app` served on a free port of 127.0.0.1 by waitress (what `make run` serves with)."""
    channels: dict[int, Any] = {}
    server = create_server(app, map=channels, host="127.0.0.1", port=0, threads=8)
    stopped = threading.Event()

    def serve() -> None:  # the server's loop, in turns short enough to stop between
        while not stopped.is_set():
            wasyncore.loop(timeout=0.05, map=channels, use_poll=True, count=1)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server.effective_port
    finally:
        stopped.set()
        thread.join(timeout=5)
        server.task_dispatcher.shutdown()
        for channel in list(channels.values()):  # the loop has stopped: close from here
            channel.close()


@pytest.fixture
def server_port(tmp_path) -> Iterator[int]:
    """The app served in a thread, as `make run` serves it."""
    # Share links name a network address when the page was opened as 127.0.0.1 (here:
    # a documentation address, so what a phone would be told is known).
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "SHARE_HOST": "192.0.2.7"})
    with served(app) as port:
        yield port


@pytest.fixture
def live_server(server_port: int) -> str:
    """The app as a phone at the table opens it: plain HTTP on a LAN name (insecure)."""
    return f"http://{LAN_NAME}:{server_port}"


@pytest.fixture
def loopback_server(server_port: int) -> str:
    """The same app opened as 127.0.0.1: a secure context (service worker, wake lock)."""
    return f"http://127.0.0.1:{server_port}"


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
