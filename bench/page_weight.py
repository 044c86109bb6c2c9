"""Page weight of the scoresheet on a phone: bytes and requests, cold and warm (Chromium)."""

from __future__ import annotations

import tempfile
import threading
from typing import Any

from werkzeug.serving import make_server

from scorekeeper import store
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app
from tests.browser.conftest import ARGS, CHROMIUM, PHONE  # the browser tests' Chromium


def run() -> list[tuple[str, str]]:
    from playwright.sync_api import sync_playwright

    app = create_app({"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp()})
    db = open_database(app.config["DATABASE"])
    hands = [
        {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]},
        {"bids": [4, 3, 2, 3], "tricks": [5, 3, 2, 3]},
    ] * 10
    game_id = store.import_game(
        db,
        {
            "ruleset": "yahoo-normal",
            "options": {"target": 5000},
            "players": ["山田", "Zoë", "O'Brien", "Dee"],
            "hands": hands,
        },
    )
    watch = store.get_game(db, game_id).watch_token
    counter = ByteCounter(app)
    server = make_server("127.0.0.1", 0, counter, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            seen: list = []
            page.on("requestfinished", lambda request: seen.append(request))
            # A phone opening the watch link for the first time: redirect, scoresheet, assets.
            page.goto(base + f"/w/{watch}", wait_until="networkidle")
            cold = (counter.take(), *_counts(seen, base))
            seen.clear()
            page.reload(wait_until="networkidle")
            warm = (counter.take(), *_counts(seen, base))
            browser.close()
    finally:
        server.shutdown()
    return [
        (
            "page weight: watch link of a 20-hand game, first visit (bytes the server sent)",
            f"{cold[0] / 1024:.1f} KB in {cold[1]} requests, {cold[2]} to other hosts",
        ),
        (
            "page weight: the same, warm (reload; cached assets revalidated)",
            f"{warm[0] / 1024:.1f} KB in {warm[1]} requests, {warm[2]} to other hosts",
        ),
    ]


class ByteCounter:
    """WSGI middleware counting the bytes the server sent (bodies and headers)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.sent = 0
        self.lock = threading.Lock()

    def __call__(self, environ: dict, start_response: Any) -> Any:
        def counting_start(status: str, headers: list, *args: Any) -> Any:
            size = len(status) + sum(len(k) + len(v) + 4 for k, v in headers)
            with self.lock:
                self.sent += size
            return start_response(status, headers, *args)

        for chunk in self.app(environ, counting_start):
            with self.lock:
                self.sent += len(chunk)
            yield chunk

    def take(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


def _counts(requests: list, base: str) -> tuple[int, int]:
    """Requests the page made, and how many went to hosts other than the app."""
    others = sum(1 for request in requests if not request.url.startswith(base))
    return len(requests), others
