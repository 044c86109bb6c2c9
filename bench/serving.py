"""Serving a table night: the real server (as `make run` starts it) under N tables.

Each table is a phone entering hands (the bids page, the bids, the tricks page, the
tricks) with a short think time and then opening the scoresheet (the first view of
the new version), and another phone watching its scoresheet. In the same run the
same client (the scorer's phone: its connection and cookies) fetches a bare route of
the same server: the floor. A warm-up table plays first, as a server at a game night
has served a hand before anyone times it. Everything stays on 127.0.0.1; every loop
is bounded in time.
"""

from __future__ import annotations

import http.client
import itertools
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from tests.web.conftest import form_values, setup_form

THINK = 2.0  # seconds from opening a form to sending it: ~5 taps, as fast as a person can
POLL = 5.0  # seconds between a watching phone's version polls, as the page's script does
DURATION = 15.0  # seconds of load per level
LEVELS = (1, 10, 50, 200)
ALONE = 60.0  # one table plays longer, for more than a handful of its slow-paced hands


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_PHONES = itertools.count()


def phone_address(n: int) -> str:
    """An address of loopback's own for phone `n`: the server holds a few connections per
    address (serve.PER_ADDRESS), as each phone on a club's Wi-Fi has its own."""
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


class Phone:
    """A keep-alive HTTP client with cookies, from an address of its own."""

    def __init__(self, port: int) -> None:
        source = (phone_address(next(_PHONES)), 0)
        self.conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=60, source_address=source
        )
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str, float]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode(errors="replace")  # a PDF is read too
        elapsed = time.perf_counter() - start
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return response.status, text, elapsed


def new_table(port: int, n: int) -> tuple[Phone, Phone, str]:
    scorer = Phone(port)
    _, page, _ = scorer.request("GET", "/new/yahoo-normal")
    form = setup_form(
        "yahoo-normal", names=[f"T{n}a", f"T{n}b", f"T{n}c", f"T{n}d"], changes={"target": 99999}
    )
    status, _, _ = scorer.request(
        "POST", "/new/yahoo-normal", {**form, "csrf_token": form_values(page)["csrf_token"]}
    )
    assert status == 303, status
    games = re.findall(r'href="/g/([\w-]+)"', scorer.request("GET", "/")[1])
    game_id = games[0]
    _, page, _ = scorer.request("GET", f"/g/{game_id}")
    watch = re.search(r'href="http://[^"]+(/w/[\w-]+)"', page).group(1)
    watcher = Phone(port)
    watcher.request("GET", watch)
    return scorer, watcher, game_id


def run_level(port: int, tables: int, duration: float = DURATION) -> dict[str, list[float]]:
    setups = [new_table(port, n) for n in range(tables)]
    times: dict[str, list[float]] = {
        "entry": [],
        "sheet": [],
        "watch": [],
        "floor": [],
        "bare": [],
        "errors": [],
    }
    lock = threading.Lock()
    stop = time.monotonic() + duration

    def table(scorer: Phone, _watcher: Phone, game_id: str) -> None:
        stranger = Phone(port)  # the floor as a phone without cookies sees it, for comparison
        jitter = random.Random(game_id)  # tables are not in step with each other
        time.sleep(jitter.uniform(0, 2 * THINK))
        try:
            while time.monotonic() < stop:
                _, page, _ = scorer.request("GET", f"/g/{game_id}/bids")
                time.sleep(THINK * jitter.uniform(0.5, 1.5))
                bids = {f"bid_{s}": "3" for s in range(4)}
                form = {**form_values(page), **bids}
                status, _, posted_bids = scorer.request("POST", f"/g/{game_id}/bids", form)
                _, page, _ = scorer.request("GET", f"/g/{game_id}/tricks")
                time.sleep(THINK * jitter.uniform(0.5, 1.5))
                tricks = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
                form = {**form_values(page), **tricks}
                status2, _, posted_tricks = scorer.request("POST", f"/g/{game_id}/tricks", form)
                _, _, sheet = scorer.request("GET", f"/g/{game_id}")
                _, _, base = scorer.request("GET", "/healthz")
                _, _, bare = stranger.request("GET", "/healthz")
                with lock:
                    if status == 303 and status2 == 303:
                        times["entry"] += [posted_bids, posted_tricks]
                    else:
                        times["errors"].append(1.0)
                    times["sheet"].append(sheet)
                    times["floor"].append(base)
                    times["bare"].append(bare)
        except (OSError, http.client.HTTPException):
            with lock:
                times["errors"].append(1.0)

    def watch(_scorer: Phone, watcher: Phone, game_id: str) -> None:
        seen = ""
        time.sleep(random.Random(game_id + "w").uniform(0, POLL))
        try:
            while time.monotonic() < stop:
                _, version, polled = watcher.request("GET", f"/g/{game_id}/version")
                with lock:
                    times["watch"].append(polled)
                if version != seen:
                    seen = version
                    _, _, reloaded = watcher.request("GET", f"/g/{game_id}")
                    with lock:
                        times["watch"].append(reloaded)
                time.sleep(POLL)
        except (OSError, http.client.HTTPException):
            with lock:
                times["errors"].append(1.0)

    threads = [threading.Thread(target=f, args=s) for s in setups for f in (table, watch)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=duration + 60)
    times["_seconds"] = [time.monotonic() - started]
    return times


def warm_up(port: int) -> None:
    """One table plays three hands: every page and template has been served once."""
    scorer, _watcher, game_id = new_table(port, 999)
    for _ in range(3):
        _, page, _ = scorer.request("GET", f"/g/{game_id}/bids")
        bids = {f"bid_{s}": "3" for s in range(4)}
        scorer.request("POST", f"/g/{game_id}/bids", {**form_values(page), **bids})
        _, page, _ = scorer.request("GET", f"/g/{game_id}/tricks")
        tricks = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
        scorer.request("POST", f"/g/{game_id}/tricks", {**form_values(page), **tricks})
        scorer.request("GET", f"/g/{game_id}")
        scorer.request("GET", f"/g/{game_id}/hands/1")


def resident_mb(pid: int) -> float:
    """The server's resident memory (Linux), in MB; 0 where /proc is not there."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run() -> list[tuple[str, str]]:
    instance = Path(tempfile.mkdtemp())
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance)}
    log = (instance / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.1)
        warm_up(port)
        rows = []
        for tables in LEVELS:
            t = run_level(port, tables, ALONE if tables == 1 else DURATION)
            seconds = t["_seconds"][0]
            # Per hand: two form pages and two posts (two timed entries), the sheet and
            # two floors; each watch sample is one request (a poll or a reload).
            sampled = ("sheet", "watch", "floor", "bare")
            requests = 2 * len(t["entry"]) + sum(len(t[k]) for k in sampled)
            sheet = statistics.median(t["sheet"])
            rows.append(
                (
                    f"serving, {tables} table{'s' if tables > 1 else ''}",
                    f"entry p50 {pct(t['entry'], 0.5):.1f} / p99 {pct(t['entry'], 0.99):.1f} ms · "
                    f"scoresheet p50 {pct(t['sheet'], 0.5):.1f} / p99 {pct(t['sheet'], 0.99):.1f} ms · "
                    f"watch p50 {pct(t['watch'], 0.5):.1f} / p99 {pct(t['watch'], 0.99):.1f} ms · "
                    f"floor p50 {pct(t['floor'], 0.5):.1f} / p99 {pct(t['floor'], 0.99):.1f} ms · "
                    f"scoresheet/floor {sheet / statistics.median(t['floor']):.1f}× "
                    f"({sheet / statistics.median(t['bare']):.1f}× a cookie-less phone's "
                    f"{pct(t['bare'], 0.5):.1f} ms) · "
                    f"~{requests / seconds:.0f} req/s · {len(t['sheet'])} hands · "
                    f"{len(t['errors'])} errors · server {resident_mb(server.pid):.0f} MB",
                )
            )
        return rows
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()
