"""The budgets a player feels, each beside a floor measured in the same run.

1. The first view of a 20-hand scoresheet in a freshly started server (`scorekeeper
   serve` on an instance holding 40 such games; each game's page asked for once).
2. Entering a hand (the bids, the tricks, the new scoresheet) with 50 tables playing
   on this 2-core machine, the database holding a club's 10,000 games: p99.
3. A club's years (bench/club_year.py: 1,000 and 10,000 stored ~20-hand games): the
   players page, one player, an evening and a season's table, each the first view in
   a freshly started process (≤ 300 ms at 10,000), and the all-games CSV (≤ 2 s).
4. A 30-hand scoresheet PDF served, against WeasyPrint rendering a bare table.
5. `scorekeeper score` of a normal game (20 hands), against starting Python.
6. No phone slows the others (bench/costly_pages.py): another phone's scoresheet poll
   while one phone loops What if… over twelve 200-hand games; ten phones asking an
   evening's summary PDF at once, and /healthz meanwhile.
7. One device cannot shut the others out (bench/slow_clients.py): new phones arriving
   while one address holds 2,000 connections, sending a byte on each every 20 s.

Everything stays on 127.0.0.1; every loop is bounded in time.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import club_year, costly_pages, pdf, serving, slow_clients

HANDS = [
    {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]},
    {"bids": [4, 3, 2, 3], "tricks": [5, 3, 2, 3]},
] * 10  # 20 hands: a whole evening's game
GAME = {"ruleset": "yahoo-normal", "options": {"target": 10**6}, "hands": HANDS}


def _median_ms(command: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _start_server(instance: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = serving.free_port()
    log = (instance / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env={**os.environ, "SCOREKEEPER_INSTANCE": str(instance)},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            status = serving.Phone(port).request("GET", "/healthz")[0]
            if status == 200:
                return server, port
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("the server did not start")


def first_views() -> tuple[float, float, float]:
    """(median, p90, floor) ms: each of 40 stored games' first view in a fresh server."""
    from scorekeeper import store
    from scorekeeper.store.db import open_instance

    instance = Path(tempfile.mkdtemp())
    db = open_instance(instance / "scorekeeper.db")
    tokens = []
    for n in range(40):
        game_id = store.import_game(db, {**GAME, "players": [f"P{n}", "Ben", "Cho", "Dee"]})
        tokens.append((game_id, store.get_game(db, game_id).scorer_token))
    db.close()
    server, port = _start_server(instance)
    try:
        phone = serving.Phone(port)
        times, floors = [], []
        for game_id, token in tokens:
            phone.request("GET", f"/s/{token}")  # the scorer link: this phone may edit
            status, _page, elapsed = phone.request("GET", f"/g/{game_id}")
            assert status == 200, status
            times.append(elapsed * 1000)
            floors.append(phone.request("GET", "/healthz")[2] * 1000)
    finally:
        server.terminate()
        server.wait(10)
    ordered = sorted(times)
    return statistics.median(times), ordered[int(0.9 * len(ordered))], statistics.median(floors)


def hand_entry(tables: int = 50, instance: Path | None = None) -> tuple[float, float, int]:
    """(p99 of entering a hand, p99 of the floor, hands) at `tables` tables, on a new
    instance or on `instance`."""
    instance = instance or Path(tempfile.mkdtemp())
    server, port = _start_server(instance)
    try:
        serving.warm_up(port)
        times = serving.run_level(port, tables, serving.DURATION)
    finally:
        server.terminate()
        server.wait(10)
    entry = times["entry"] + times["sheet"]
    return serving.pct(entry, 0.99), serving.pct(times["floor"], 0.99), len(times["sheet"])


def score_command() -> tuple[float, float]:
    """(`scorekeeper score` of a 20-hand game, starting Python) in ms."""
    path = Path(tempfile.mkdtemp()) / "game.json"
    path.write_text(json.dumps({**GAME, "players": ["Ann", "Ben", "Cho", "Dee"]}))
    score = _median_ms([sys.executable, "-m", "scorekeeper", "score", str(path)])
    return score, _median_ms([sys.executable, "-c", "pass"])


def run() -> list[tuple[str, str, str]]:
    """(what, figure beside its floor, budget and whether it holds) per budget."""
    rows = []
    median, p90, floor = first_views()
    rows.append(
        (
            "first view of a 20-hand scoresheet, fresh server (40 games)",
            f"median {median:.1f} ms, p90 {p90:.1f} ms (bare route {floor:.1f} ms)",
            f"≤ 20 ms: {'holds' if p90 <= 20 else 'OVER'}",
        )
    )
    club = {games: Path(tempfile.mkdtemp()) for games in (1000, 10_000)}
    built = {games: club_year.build(games, instance) for games, instance in club.items()}
    p99, floor99, hands = hand_entry(instance=club[10_000])
    rows.append(
        (
            "entering a hand at 50 tables, 10,000 games stored (bids, tricks, new sheet)",
            f"p99 {p99:.1f} ms over {hands} hands (bare route p99 {floor99:.1f} ms)",
            f"≤ 50 ms: {'holds' if p99 <= 50 else 'OVER'}",
        )
    )
    for games in (1000, 10_000):
        club_year.fresh_view(club[games], "/players/")  # the club's visits before a restart
        for name, url in club_year.pages(built[games]).items():
            if name == "home":
                continue
            first, _again, cpu = club_year.fresh_view(club[games], url)
            most = 2000 if "CSV" in name else 300
            rows.append(
                (
                    f"{name}, {games:,} games, first view in a fresh process",
                    f"{first:.0f} ms (processor {cpu:.0f} ms)",
                    f"≤ {most:,} ms: {'holds' if first <= most else 'OVER'}"
                    if games == 10_000
                    else "(growth)",
                )
            )
    served, floor = pdf.served_ratio()
    rows.append(
        (
            "30-hand scoresheet PDF, served",
            f"{served:.2f}× the bare WeasyPrint table ({floor:.0f} ms)",
            f"≤ 2×: {'holds' if served <= 2 else 'OVER'}",
        )
    )
    score, start = score_command()
    rows.append(
        (
            "`scorekeeper score`, a 20-hand game",
            f"{score:.0f} ms, {score / start:.1f}× starting Python ({start:.0f} ms)",
            f"≤ 4×: {'holds' if score / start <= 4 else 'OVER'}",
        )
    )
    rows += no_phone_slows_the_others()
    return rows


def no_phone_slows_the_others() -> list[tuple[str, str, str]]:
    """Budgets 6 and 7: one phone's costly loops, one address's held connections."""
    rows: list[tuple[str, str, str]] = []
    costly = costly_pages.run()
    what_if, pdfs = costly["what_if"], costly["summaries"]
    rows.append(
        (
            "another phone's poll, one phone looping What if… over 12 long games",
            f"median {what_if['median']:.1f} ms, slowest {what_if['max']:.0f} ms"
            f" (quiet {what_if['quiet']:.1f} ms)",
            f"≤ 50 ms: {'holds' if what_if['median'] <= 50 else 'OVER'}",
        )
    )
    rows.append(
        (
            "ten phones asking a 60-game evening's summary PDF at once",
            f"the tenth has it in {pdfs['tenth']:.1f} s (the first {pdfs['first']:.1f} s);"
            f" /healthz meanwhile at most {pdfs['healthz_max']:.0f} ms",
            f"/healthz ≤ 1 s: {'holds' if pdfs['healthz_max'] <= 1000 else 'OVER'}",
        )
    )
    held = slow_clients.run()
    rows.append(
        (
            "new phones while one address holds 2,000 trickled connections",
            f"{held['answered']:.0f} of {held['phones']:.0f} answered, median"
            f" {held['median_ms']:.0f} ms, slowest {held['max_ms']:.0f} ms"
            f" (quiet {held['quiet_ms']:.1f} ms)",
            f"all ≤ 1 s: {'holds' if held['answered'] == held['phones'] and held['max_ms'] <= 1000 else 'OVER'}",
        )
    )
    return rows
