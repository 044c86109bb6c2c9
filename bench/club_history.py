"""A club's history against the real server: the organiser's pages at 1,000 to 30,000
games, and a server started after an upgrade.

The stores are bench/club_store.py's (Spades, Hearts, Oh Hell, Euchre; 150 players;
evenings of 3 to 8 tables, most games started by the tables' phones; seasons), built
once and kept on disk. Each size gets a real server (`scorekeeper serve`, waitress) and
a phone that keeps its connection alive and asks for gzip, holding the organiser's
cookie. For each page: its first view in the fresh server and the median of five more,
each by the clock and by the server's own processor time (summed over its threads, in
nanoseconds, from /proc), beside two floors in the same run: a bare route of the same
server, and a raw SQLite read, in this process, of the rows the page shows.

Then the same store with every summary stamped by other code (an upgrade): how long
`serve` takes to answer, how long the players page then takes, and how long the server
takes to catch up.

    python -m bench.club_history [GAMES ...]     # default: 1000 2500 10000 30000
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import club_store, serving

SIZES = (1000, 2500, 10_000, 30_000)
AGAIN = 5


def server_cpu(pid: int) -> float:
    """The server's processor time so far, in ms (every thread's, from schedstat)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):  # a thread just ended
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e6


class Phone:
    """A keep-alive client that asks for gzip and holds a cookie."""

    def __init__(self, port: int, cookie: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.cookie = cookie

    def get(self, path: str) -> tuple[int, bytes]:
        headers = {"Cookie": self.cookie, "Accept-Encoding": "gzip"}
        self.conn.request("GET", path, headers=headers)
        response = self.conn.getresponse()
        body = response.read()
        if response.getheader("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        return response.status, body


def cookie_for(instance: Path, device: str) -> str:
    """The session cookie of a phone holding `device`, signed with the instance's key."""
    from scorekeeper.web import create_app

    app = create_app({"INSTANCE_PATH": str(instance)})
    signed = app.session_interface.get_signing_serializer(app).dumps({"device": device})  # type: ignore[attr-defined]
    return f"{app.config['SESSION_COOKIE_NAME']}={signed}"


def start(instance: Path) -> tuple[subprocess.Popen[bytes], int, float]:
    """A real server on the instance, and how long it took to answer (s)."""
    port = serving.free_port()
    log = (instance / "server.log").open("wb")
    began = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(instance)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if serving.Phone(port).request("GET", "/healthz")[0] == 200:
                return server, port, time.perf_counter() - began
        except OSError:
            time.sleep(0.02)
    server.kill()
    raise RuntimeError("the server did not start")


def settle(pid: int, seconds: float = 120) -> None:
    """Wait until the server is idle: its warm-up and its worker's first look run beside
    the first pages, and would be counted as theirs (and a thread that ends takes its
    processor time out of the sum)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        before = server_cpu(pid)
        time.sleep(0.5)
        if 0 <= server_cpu(pid) - before < 5:
            return


def stop(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()


def measure(pid: int, fetch: Callable[[], Any]) -> tuple[float, float]:
    """(ms by the clock, ms of the server's processor) of one request."""
    cpu, began = server_cpu(pid), time.perf_counter()
    fetch()
    return (time.perf_counter() - began) * 1000, server_cpu(pid) - cpu


def raw_reads(path: Path, built: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    """A raw SQLite read, per page, of the rows it shows (the floor beside it)."""
    db = sqlite3.connect(path)
    device, player = built["device"], built["player"]
    evening = built["evenings"][len(built["evenings"]) // 2]
    return {
        "home": lambda: db.execute(
            "SELECT games.* FROM games JOIN grants ON grants.game_id = games.id"
            " WHERE grants.device = ? ORDER BY games.updated_at DESC LIMIT 90",
            [device],
        ).fetchall(),
        "players page": lambda: db.execute(
            "SELECT players FROM span_totals WHERE scope = ?", [f"device:{device}"]
        ).fetchall(),
        "one player": lambda: db.execute(
            "SELECT players FROM span_totals WHERE scope = ?",
            [f"player:{device}:{player.lower()}"],
        ).fetchall(),
        "organiser's evening": lambda: db.execute(
            "SELECT * FROM hands WHERE game_id IN (SELECT id FROM games WHERE evening = ?)",
            [evening],
        ).fetchall(),
    }


def pages(built: dict[str, Any]) -> dict[str, str]:
    evening = built["evenings"][len(built["evenings"]) // 2]
    return {
        "home": "/",
        "players page": "/players/",
        "one player": f"/players/{urllib.parse.quote(built['player'])}",
        "organiser's evening": f"/e/{evening}",
    }


def organiser_pages(games: int) -> list[dict[str, Any]]:
    """Each page's first view and again (clock, server processor), with the floors."""
    instance, built = club_store.club(games)
    cookie = cookie_for(instance, built["device"])
    server, port, _took = start(instance)
    settle(server.pid)
    ever: dict[str, tuple[float, float]] = {}
    try:  # the club's visits before a restart: the kept figures are made
        phone = Phone(port, cookie)
        for name, url in pages(built).items():
            ever[name] = measure(server.pid, lambda url=url: phone.get(url))
    finally:
        stop(server)
    server, port, _took = start(instance)
    settle(server.pid)
    rows = []
    try:
        phone = Phone(port, cookie)
        reads = raw_reads(instance / "scorekeeper.db", built)
        for name, url in pages(built).items():
            first = measure(server.pid, lambda url=url: phone.get(url))
            again = [measure(server.pid, lambda url=url: phone.get(url)) for _ in range(AGAIN)]
            floor = [measure(server.pid, lambda: phone.get("/healthz")) for _ in range(AGAIN)]
            raw = []
            for _ in range(AGAIN):
                began = time.process_time()
                reads[name]()
                raw.append((time.process_time() - began) * 1000)
            assert phone.get(url)[0] == 200, (name, url)
            rows.append(
                {
                    "games": games,
                    "page": name,
                    "ever": ever[name],
                    "first": first,
                    "again": tuple(statistics.median(t[i] for t in again) for i in (0, 1)),
                    "bare": tuple(statistics.median(t[i] for t in floor) for i in (0, 1)),
                    "raw": statistics.median(raw),
                }
            )
    finally:
        stop(server)
        shutil.rmtree(instance, ignore_errors=True)  # a copy: up to 400 MB
    return rows


def upgraded(games: int) -> dict[str, Any]:
    """A server started on the store with every summary made by other code: seconds
    until it answers, until the players page answers (right), and until it caught up."""
    instance, built = club_store.club(games)
    cookie = cookie_for(instance, built["device"])
    db = sqlite3.connect(instance / "scorekeeper.db")
    db.execute("UPDATE game_summaries SET stamp = 'an-older-version'")
    db.commit()
    db.close()
    load = os.getloadavg()[0]  # the machine's, beside the figures: the cores are shared
    server, port, answered = start(instance)
    try:
        phone = Phone(port, cookie)
        began = time.perf_counter()
        status = 503
        while status == 503:  # "catching up", then the page itself
            status, _page = phone.get("/players/")
        players = time.perf_counter() - began + answered
        assert status == 200
        log = instance / "server.log"
        while b"Caught up" not in log.read_bytes():
            time.sleep(0.2)
        caught_up = time.perf_counter() - began + answered
    finally:
        stop(server)
        shutil.rmtree(instance, ignore_errors=True)
    return {
        "answers": answered,
        "players": players,
        "caught_up": caught_up,
        "load": (load, os.getloadavg()[0]),
    }


def run(
    sizes: tuple[int, ...] = SIZES,
) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    rows = [row for games in sizes for row in organiser_pages(games)]
    starts = {games: upgraded(games) for games in sizes if games >= 10_000}
    return rows, starts


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The pages' figures as a Markdown table (each: clock / the server's processor)."""
    lines = [
        "| games | page | first view ever | first view after a restart | again (median of 5)"
        " | bare route | raw SQLite read |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['games']:,} | {row['page']} | {row['ever'][0]:.0f} / {row['ever'][1]:.0f} ms"
            f" | {row['first'][0]:.0f} / {row['first'][1]:.0f} ms"
            f" | {row['again'][0]:.0f} / {row['again'][1]:.0f} ms"
            f" | {row['bare'][0]:.1f} / {row['bare'][1]:.1f} ms | {row['raw']:.1f} ms |"
        )
    return lines


if __name__ == "__main__":
    chosen = tuple(int(a) for a in sys.argv[1:]) or SIZES
    print("\n".join(table([])), flush=True)
    for games in chosen:
        print("\n".join(table(organiser_pages(games))[2:]), flush=True)
    for games in chosen:
        if games >= 10_000:
            took = upgraded(games)
            print(
                f"{games:,} games, every summary made by other code: serve answers in"
                f" {took['answers']:.1f} s, the players page in {took['players']:.1f} s,"
                f" caught up in {took['caught_up']:.0f} s (load average {took['load'][0]:.1f}"
                f" before, {took['load'][1]:.1f} after)",
                flush=True,
            )
