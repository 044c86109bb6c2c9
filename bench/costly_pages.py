"""Costly pages under one phone's loops, against the real server (as `make run` starts
it), each phone from a loopback address of its own (bench/serving.py):

- What if…: one phone asks What if… of twelve 200-hand games in twelve loops at once;
  another phone polls its scoresheet's version every 0.2 s: its wait, beside the same
  poll on a quiet server.
- PDFs: ten phones ask at once for the summary PDF of a 60-game evening: how long the
  tenth waits for its PDF (a 429 page asks again a second later, as a browser does on
  its Refresh), and the longest /healthz asked every 0.2 s meanwhile.

Everything stays on 127.0.0.1; every loop is bounded in time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.serving import Phone, free_port

LOOPS = 12
DURATION = 15.0
SUMMARIES = 10
HAND = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def build(instance: Path) -> dict[str, Any]:
    """Twelve 200-hand games and an evening of 60 games (ten rounds at six tables)."""
    from scorekeeper.store import create_evening, import_game
    from scorekeeper.store.db import open_instance, writing
    from scorekeeper.store.ids import new_token

    db = open_instance(instance / "scorekeeper.db")
    long_doc = {
        "ruleset": "yahoo-normal",
        "options": {"target": 99999},
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [HAND] * 200,
    }
    long_games = [import_game(db, long_doc) for _ in range(LOOPS + 1)]
    evening = create_evening(db, "Club night", "bench-organizer")
    names = [f"P{n}" for n in range(24)]
    with writing(db):
        for table in range(1, 7):
            db.execute(
                "INSERT INTO evening_tables (evening, number, name, token, created_at)"
                " VALUES (?, ?, '', ?, '2026-11-28T19:00:00')",
                [evening, table, new_token()],
            )
    for round_ in range(10):
        for table in range(1, 7):
            seats = [names[(round_ * 5 + table * 4 + k) % 24] for k in range(4)]
            doc = {**long_doc, "players": seats, "hands": [HAND] * 12}
            game = import_game(db, doc)
            with writing(db):
                db.execute(
                    "UPDATE games SET evening = ?, table_number = ? WHERE id = ?",
                    [evening, table, game],
                )
    tokens = {row[0]: row[1] for row in db.execute("SELECT id, watch_token FROM games").fetchall()}
    (evening_token,) = db.execute(
        "SELECT watch_token FROM evenings WHERE id = ?", [evening]
    ).fetchone()
    db.close()
    return {
        "long": long_games,
        "tokens": tokens,
        "evening": evening,
        "evening_token": evening_token,
    }


def watcher(port: int, links: list[str]) -> Phone:
    phone = Phone(port)
    for link in links:
        phone.request("GET", link)
    return phone


def what_if(port: int, built: dict[str, Any]) -> dict[str, float]:
    games = built["long"][:LOOPS]
    watched = built["long"][LOOPS]
    looper = watcher(port, [f"/w/{built['tokens'][g]}" for g in games])
    other = watcher(port, [f"/w/{built['tokens'][watched]}"])
    quiet = [other.request("GET", f"/g/{watched}/version")[2] for _ in range(20)]
    stop = time.monotonic() + DURATION
    asked: list[int] = []

    def loop(game_id: str) -> None:
        phone = Phone(port)  # a connection of its own, from the same phone's address
        phone.conn = looper.conn.__class__(
            "127.0.0.1", port, timeout=60, source_address=looper.conn.source_address
        )
        phone.cookies = dict(looper.cookies)
        while time.monotonic() < stop:
            status, page, _ = phone.request("GET", f"/g/{game_id}/whatif")
            asked.append(status)
            if status not in (200, 429):
                print(status, page[:300].replace("\n", " "), file=sys.stderr)
                return
            if status == 429:
                time.sleep(1)  # the page's Refresh

    threads = [threading.Thread(target=loop, args=(g,)) for g in games]
    for thread in threads:
        thread.start()
    polls = []
    time.sleep(1)
    while time.monotonic() < stop:
        polls.append(other.request("GET", f"/g/{watched}/version")[2])
        time.sleep(0.2)
    for thread in threads:
        thread.join(60)
    return {
        "quiet": statistics.median(quiet) * 1000,
        "median": statistics.median(polls) * 1000,
        "max": max(polls) * 1000,
        "answered": sum(1 for s in asked if s == 200),
        "waited": sum(1 for s in asked if s == 429),
    }


def summaries(port: int, built: dict[str, Any]) -> dict[str, float]:
    url = f"/e/{built['evening']}/summary.pdf"
    phones = [watcher(port, [f"/v/{built['evening_token']}"]) for _ in range(SUMMARIES)]
    probe = Phone(port)
    waits: list[float] = []
    health: list[float] = []
    done = threading.Event()

    def get(phone: Phone) -> None:
        start = time.monotonic()
        while time.monotonic() - start < 300:
            status, page, _ = phone.request("GET", url)
            if status not in (200, 429):
                print(status, page[:300].replace("\n", " "), file=sys.stderr)
                return
            if status == 200:
                waits.append(time.monotonic() - start)
                return
            time.sleep(1)  # the 429 page's Refresh

    def healthz() -> None:
        while not done.is_set():
            health.append(probe.request("GET", "/healthz")[2])
            time.sleep(0.2)

    checker = threading.Thread(target=healthz)
    checker.start()
    threads = [threading.Thread(target=get, args=(p,)) for p in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(400)
    done.set()
    checker.join(10)
    return {
        "tenth": max(waits),
        "first": min(waits),
        "got": len(waits),
        "healthz_max": max(health) * 1000,
        "healthz_median": statistics.median(health) * 1000,
    }


def run() -> dict[str, dict[str, float]]:
    instance = Path(tempfile.mkdtemp())
    built = build(instance)
    port = free_port()
    log = (instance / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(instance)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if Phone(port).request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        time.sleep(3)  # the renderers it starts are warm
        if os.environ.get("ONLY") == "pdf":
            return {"what_if": {}, "summaries": summaries(port, built)}
        return {"what_if": what_if(port, built), "summaries": summaries(port, built)}
    finally:
        server.terminate()
        server.wait(10)
        log.close()


def main() -> None:
    r = run()
    w, s = r["what_if"], r["summaries"]
    if w:
        print(
            f"What if… in {LOOPS} loops on {LOOPS} 200-hand games from one phone, {DURATION:.0f} s:"
            f" another phone's poll median {w['median']:.1f} ms, slowest {w['max']:.0f} ms"
            f" (quiet {w['quiet']:.1f} ms); {w['answered']:.0f} answered, {w['waited']:.0f} told"
            " to wait"
        )
    print(
        f"{SUMMARIES} phones asking a 60-game evening's summary PDF at once:"
        f" the first has it in {s['first']:.1f} s, the tenth in {s['tenth']:.1f} s"
        f" ({s['got']:.0f} got it); /healthz meanwhile median {s['healthz_median']:.0f} ms,"
        f" slowest {s['healthz_max']:.0f} ms"
    )


if __name__ == "__main__":
    main()
