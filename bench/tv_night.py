"""A big night on the TVs: an evening of 50 tables (200 players, each table's game 8
hands in), its phones entering hands as serving.py's tables do, and
200 TVs (and guests' phones) watching the evening's page, against the real server.

A TV does what the page's script does: it asks for the evening's live parts with the
version it last saw (If-None-Match: unchanged, a 304) every 2 s, or as often as the
answer's Poll-After says (each wait spread by a fifth either way), and, when it
changed, takes what the page names (data-parts: its live parts; before them, a version
and then the page itself). Each phone and TV comes from a loopback address of its own.
Figures: entering a hand (the two posts and the new scoresheet, as budgets.py counts
it) with and without the TVs, the TVs' polls, what one TV's look costs the server's
processor after a hand and when nothing changed (one at a time, on the quiet server),
and the server's processor while the tables play (counted from once every phone and TV
is set up: 200 TVs' first pages are not the night's steady cost).

    python -m bench.tv_night [TVS]     # default: 200

Everything stays on 127.0.0.1; every loop is bounded in time.
"""

from __future__ import annotations

import http.client
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench import club_history, serving
from tests.web.conftest import form_values

TABLES = 50
TVS = 200
POLL = 2.0  # the evening page's script asks every 2 s, unless told otherwise
DURATION = 20.0
HAND = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def build(instance: Path) -> dict[str, Any]:
    """The evening: 50 tables, each table's phone started its game (200 players), 8
    hands in at every table."""
    from scorekeeper import store
    from scorekeeper.store.db import open_instance

    db = open_instance(instance / "scorekeeper.db")
    evening = store.create_evening(db, "Club night", "bench-director")
    for number in range(1, TABLES + 1):
        store.add_table(db, evening, "")
        store.create_game(
            db,
            "yahoo-normal",
            [f"Player {4 * number + seat}" for seat in range(4)],
            options={"target": 99999},
            hands=[HAND] * 8,
            evening=evening,
            table=number,
            round_number=store.round_for_new_game(db, evening, number),
            created_by="bench-director",
        )
    games = [
        (row[0], row[1])
        for row in db.execute(
            "SELECT id, scorer_token FROM games WHERE evening = ? ORDER BY table_number",
            [evening],
        )
    ]
    (watch,) = db.execute("SELECT watch_token FROM evenings WHERE id = ?", [evening]).fetchone()
    db.close()
    return {"evening": evening, "games": games, "watch": watch, "instance": instance}


class TV(serving.Phone):
    """A TV on the evening's watch link, asking as the page's script does (and as a
    browser does: gzip, the version last seen as If-None-Match)."""

    def __init__(self, port: int, watch: str, evening: str) -> None:
        super().__init__(port)
        self.request("GET", f"/v/{watch}")
        self.evening = evening
        page = self.request("GET", f"/e/{evening}")[1]
        parts = re.search(r'data-parts="([^"]+)"', page)
        self.parts = parts.group(1) if parts else ""  # before them: a version, then the page
        self.seen = ""
        self.every = POLL  # as the last answer's Poll-After said

    def get(self, path: str, seen: str = "") -> tuple[int, str, float]:
        """(status, ETag, seconds) of one request."""
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept-Encoding": "gzip",
        }
        if seen:
            headers["If-None-Match"] = f'"{seen}"'
        start = time.perf_counter()
        self.conn.request("GET", path, headers=headers)
        response = self.conn.getresponse()
        response.read()
        etag = (response.getheader("ETag") or "").removeprefix("W/").strip('"')
        after = response.getheader("Poll-After")
        if after:
            self.every = float(after)
        return response.status, etag, time.perf_counter() - start

    def update(self) -> list[tuple[str, int, float]]:
        """One look: ("poll", status, seconds) while unchanged, ("update", …) for what
        was fetched because it changed."""
        if self.parts:
            status, etag, took = self.get(self.parts, self.seen)
            if status == 200:
                self.seen = etag
            return [("poll" if status == 304 else "update", status, took)]
        status, etag, took = self.get(f"/e/{self.evening}/version", self.seen)
        done = [("poll", status, took)]
        if status == 200:
            self.seen = etag
            done.append(("update", *self.get(f"/e/{self.evening}")[::2]))
        return done


def scorer(port: int, token: str) -> serving.Phone:
    phone = serving.Phone(port)
    phone.request("GET", f"/s/{token}")  # the scorer link: this phone may edit
    return phone


def run_load(
    port: int, pid: int, built: dict[str, Any], tvs: int, duration: float
) -> dict[str, list[float]]:
    """The tables entering hands and `tvs` TVs watching, for `duration` seconds (and
    "cores": the server's processor meanwhile)."""
    phones = [(scorer(port, token), game_id) for game_id, token in built["games"]]
    screens = [TV(port, built["watch"], built["evening"]) for _ in range(tvs)]
    times: dict[str, list[float]] = {
        "entry": [],
        "poll": [],
        "page": [],
        "errors": [],
        "floor": [],
    }
    lock = threading.Lock()
    cpu = club_history.server_cpu(pid)
    stop = time.monotonic() + duration

    def table(phone: serving.Phone, game_id: str) -> None:
        jitter = random.Random(game_id)
        time.sleep(jitter.uniform(0, 2 * serving.THINK))
        try:
            while time.monotonic() < stop:
                _, page, _ = phone.request("GET", f"/g/{game_id}/bids")
                time.sleep(serving.THINK * jitter.uniform(0.5, 1.5))
                form = {**form_values(page), **{f"bid_{s}": "3" for s in range(4)}}
                status, _, bids = phone.request("POST", f"/g/{game_id}/bids", form)
                _, page, _ = phone.request("GET", f"/g/{game_id}/tricks")
                time.sleep(serving.THINK * jitter.uniform(0.5, 1.5))
                tricks = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
                status2, _, trick = phone.request(
                    "POST", f"/g/{game_id}/tricks", {**form_values(page), **tricks}
                )
                _, _, sheet = phone.request("GET", f"/g/{game_id}")
                with lock:
                    if status == 303 and status2 == 303:
                        times["entry"] += [bids, trick, sheet]
                    else:
                        times["errors"].append(1.0)
        except (OSError, http.client.HTTPException):
            with lock:
                times["errors"].append(1.0)

    def watch(tv: TV, n: int) -> None:
        time.sleep(random.Random(n).uniform(0, POLL))
        try:
            while time.monotonic() < stop:
                began = time.monotonic()
                for what, status, took in tv.update():
                    with lock:
                        times["poll" if what == "poll" else "page"].append(took)
                        if status not in (200, 304):
                            times["errors"].append(1.0)
                wait = tv.every * random.uniform(0.8, 1.2)  # as the page's script waits
                time.sleep(max(0.0, wait - (time.monotonic() - began)))
        except (OSError, http.client.HTTPException):
            with lock:
                times["errors"].append(1.0)

    def disk() -> None:  # the floor: the disk's own commit, as the server makes each hand's
        floor = sqlite3.connect(built["instance"] / "floor.db", isolation_level=None)
        floor.execute("PRAGMA journal_mode = WAL")
        floor.execute("PRAGMA synchronous = FULL")  # as the app's: a hand survives a power cut
        floor.execute("CREATE TABLE IF NOT EXISTS hands (body BLOB)")
        while time.monotonic() < stop:
            began = time.perf_counter()
            floor.execute("BEGIN IMMEDIATE")
            floor.execute("INSERT INTO hands VALUES (randomblob(2000))")
            floor.execute("COMMIT")
            with lock:
                times["floor"].append(time.perf_counter() - began)
            time.sleep(0.05)
        floor.close()

    threads = [threading.Thread(target=table, args=p) for p in phones]
    threads += [threading.Thread(target=watch, args=(tv, n)) for n, tv in enumerate(screens)]
    threads.append(threading.Thread(target=disk))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=duration + 120)
    times["cores"] = [(club_history.server_cpu(pid) - cpu) / 1000 / duration]
    return times


def page_cost(pid: int, port: int, built: dict[str, Any]) -> tuple[float, float]:
    """(server processor ms of a TV's look after a hand — what its script asks and
    fetches — median of 5; its next look, nothing changed: 20 of them, each)."""
    tv = TV(port, built["watch"], built["evening"])
    game_id, token = built["games"][0]
    phone = scorer(port, token)
    after, again = [], []
    for _ in range(5):
        _, page, _ = phone.request("GET", f"/g/{game_id}/bids")
        form = {**form_values(page), **{f"bid_{s}": "3" for s in range(4)}}
        phone.request("POST", f"/g/{game_id}/bids", form)
        club_history.settle(pid, 10)
        time.sleep(1.0)  # the parts are built again at most once a second: these are new
        _, cpu = club_history.measure(pid, tv.update)
        after.append(cpu)
        _, cpu = club_history.measure(pid, lambda: [tv.update() for _ in range(20)])
        again.append(cpu / 20)
    return statistics.median(after), statistics.median(again)


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return f"p50 {serving.pct(values, 0.5):.0f} / p99 {serving.pct(values, 0.99):.0f} ms"


def run(tvs: int = TVS, duration: float = DURATION) -> dict[str, Any]:
    instance = Path(tempfile.mkdtemp())
    built = build(instance)
    server, port, _ = club_history.start(instance)
    try:
        club_history.settle(server.pid)
        serving.warm_up(port)
        cost = page_cost(server.pid, port, built)
        alone = run_load(port, server.pid, built, 0, duration)
        watched = run_load(port, server.pid, built, tvs, duration)
    finally:
        club_history.stop(server)
    return {
        "tvs": tvs,
        "alone": alone,
        "watched": watched,
        "page_cpu": cost[0],
        "page_again_cpu": cost[1],
        "server_cpu_share": watched["cores"][0],
        "server_cpu_alone": alone["cores"][0],
        "polls_a_second": (len(watched["poll"]) + len(watched["page"])) / duration,
    }


def main() -> None:
    tvs = int(sys.argv[1]) if len(sys.argv) > 1 else TVS
    found = run(tvs)
    alone, watched = found["alone"], found["watched"]
    print(f"{TABLES} tables entering hands, {found['tvs']} TVs polling as told:")
    print(f"  a TV's look after a hand:     server processor {found['page_cpu']:.1f} ms")
    print(f"  its next look, nothing new:   server processor {found['page_again_cpu']:.1f} ms")
    print(f"  hand entry, no TV:  {summary(alone['entry'])} ({len(alone['entry']) // 3} hands)")
    print(f"  the disk's own commit meanwhile (floor): {summary(alone['floor'])}")
    print(
        f"  hand entry, TVs:    {summary(watched['entry'])} ({len(watched['entry']) // 3} hands)"
    )
    print(f"  the disk's own commit meanwhile (floor): {summary(watched['floor'])}")
    print(f"  TV looks, unchanged: {summary(watched['poll'])} ({len(watched['poll'])})")
    print(f"  TV updates:          {summary(watched['page'])} ({len(watched['page'])})")
    print(f"  TV polls a second:   {found['polls_a_second']:.0f}")
    print(
        f"  server processor: {found['server_cpu_alone']:.2f} cores without TVs,"
        f" {found['server_cpu_share']:.2f} with them"
    )
    print(f"  errors: {len(alone['errors'])} alone, {len(watched['errors'])} watched")


if __name__ == "__main__":
    main()
