"""A big night on the TVs: an evening of 50 tables (200 players, each table's game 8
hands in), its phones entering hands as serving.py's tables do, and
200 TVs (and guests' phones) watching the evening's page, against the real server.

A TV does what the page's script does: it asks the evening's version every 2 s with
the one it last saw (If-None-Match: unchanged, a 304) and, when it changed, fetches the
page. Each phone and TV comes from a loopback address of its own. Figures: entering a
hand (the two posts and the new scoresheet, as budgets.py counts it) with and without
the TVs, the TVs' polls and pages, and what one TV's page costs the server's processor
after a hand (one hand stored, then one page, on the quiet server).

    python -m bench.tv_night [TVS]     # default: 200

Everything stays on 127.0.0.1; every loop is bounded in time.
"""

from __future__ import annotations

import http.client
import random
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
POLL = 2.0  # the evening page's script asks every 2 s
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
    return {"evening": evening, "games": games, "watch": watch}


class TV(serving.Phone):
    """A TV on the evening's watch link: polls as the page's script does."""

    def __init__(self, port: int, watch: str, evening: str) -> None:
        super().__init__(port)
        self.request("GET", f"/v/{watch}")
        self.evening = evening
        self.seen = ""

    def poll(self) -> tuple[int, float]:
        """(status, seconds) of one version poll, with the version last seen."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if self.seen:
            headers["If-None-Match"] = f'"{self.seen}"'
        start = time.perf_counter()
        self.conn.request("GET", f"/e/{self.evening}/version", headers=headers)
        response = self.conn.getresponse()
        response.read()
        elapsed = time.perf_counter() - start
        etag = (response.getheader("ETag") or "").strip('"')
        if response.status == 200 and etag:
            self.seen = etag
        return response.status, elapsed


def scorer(port: int, token: str) -> serving.Phone:
    phone = serving.Phone(port)
    phone.request("GET", f"/s/{token}")  # the scorer link: this phone may edit
    return phone


def run_load(
    port: int, built: dict[str, Any], tvs: int, duration: float
) -> dict[str, list[float]]:
    """The tables entering hands and `tvs` TVs watching, for `duration` seconds."""
    phones = [(scorer(port, token), game_id) for game_id, token in built["games"]]
    screens = [TV(port, built["watch"], built["evening"]) for _ in range(tvs)]
    times: dict[str, list[float]] = {"entry": [], "poll": [], "page": [], "errors": []}
    lock = threading.Lock()
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
                status, polled = tv.poll()
                with lock:
                    times["poll"].append(polled)
                if status == 200:
                    status, _, fetched = tv.request("GET", f"/e/{tv.evening}")
                    with lock:
                        times["page"].append(fetched)
                if status not in (200, 304):
                    with lock:
                        times["errors"].append(1.0)
                time.sleep(max(0.0, POLL - (time.monotonic() - began)))
        except (OSError, http.client.HTTPException):
            with lock:
                times["errors"].append(1.0)

    threads = [threading.Thread(target=table, args=p) for p in phones]
    threads += [threading.Thread(target=watch, args=(tv, n)) for n, tv in enumerate(screens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=duration + 120)
    return times


def page_cost(pid: int, port: int, built: dict[str, Any]) -> tuple[float, float, int]:
    """(server processor ms of a TV's page after a hand, median of 5; the same page
    again, unchanged; its size in bytes)."""
    tv = TV(port, built["watch"], built["evening"])
    game_id, token = built["games"][0]
    phone = scorer(port, token)
    after, again, size = [], [], 0
    for _ in range(5):
        _, page, _ = phone.request("GET", f"/g/{game_id}/bids")
        form = {**form_values(page), **{f"bid_{s}": "3" for s in range(4)}}
        phone.request("POST", f"/g/{game_id}/bids", form)
        club_history.settle(pid, 10)
        _, cpu = club_history.measure(pid, lambda: tv.request("GET", f"/e/{built['evening']}"))
        after.append(cpu)
        _, cpu = club_history.measure(pid, lambda: tv.request("GET", f"/e/{built['evening']}"))
        again.append(cpu)
        size = len(tv.request("GET", f"/e/{built['evening']}")[1].encode())
    return statistics.median(after), statistics.median(again), size


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
        alone = run_load(port, built, 0, duration)
        cpu = club_history.server_cpu(server.pid)
        watched = run_load(port, built, tvs, duration)
        cpu = club_history.server_cpu(server.pid) - cpu
    finally:
        club_history.stop(server)
    return {
        "tvs": tvs,
        "alone": alone,
        "watched": watched,
        "page_cpu": cost[0],
        "page_again_cpu": cost[1],
        "page_bytes": cost[2],
        "server_cpu_share": cpu / 1000 / duration,
    }


def main() -> None:
    tvs = int(sys.argv[1]) if len(sys.argv) > 1 else TVS
    found = run(tvs)
    alone, watched = found["alone"], found["watched"]
    print(f"{TABLES} tables entering hands, {found['tvs']} TVs polling every {POLL:.0f} s:")
    print(f"  a TV's page after a hand: server processor {found['page_cpu']:.1f} ms")
    print(f"  the same page unchanged:  server processor {found['page_again_cpu']:.1f} ms")
    print(f"  page size {found['page_bytes'] / 1000:.0f} KB")
    print(f"  hand entry, no TV:  {summary(alone['entry'])} ({len(alone['entry']) // 3} hands)")
    print(
        f"  hand entry, TVs:    {summary(watched['entry'])} ({len(watched['entry']) // 3} hands)"
    )
    print(f"  TV version polls:   {summary(watched['poll'])} ({len(watched['poll'])})")
    print(f"  TV page fetches:    {summary(watched['page'])} ({len(watched['page'])})")
    print(f"  server processor while watched: {found['server_cpu_share']:.2f} cores")
    print(f"  errors: {len(alone['errors'])} alone, {len(watched['errors'])} watched")


if __name__ == "__main__":
    main()
