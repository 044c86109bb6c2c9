"""The budgets a player feels, each beside a floor measured in the same run.

1. The first view of a 20-hand scoresheet in a freshly started server (`scorekeeper
   serve` on an instance holding 40 such games; each game's page asked for once).
2. Entering a hand (the bids, the tricks, the new scoresheet) with 50 tables playing
   on this 2-core machine, the database holding a club's 10,000 games: p99. And the
   same with the 50 tables one evening that 200 TVs watch (bench/tv_night.py), beside
   it without them, and what a TV's look costs the server.
3. A club's history (bench/club_history.py: mixed stores of 1,000 to 30,000 games,
   the real server): the organiser's home, players page, one player and evening, each
   the first view after a restart, by the server's processor time (≤ 100 ms at 30,000
   and ≤ 1.5× their cost at 2,500), beside a bare route and a raw SQLite read; and
   `serve` after an upgrade (answers ≤ 3 s), and how long it takes to catch up.
4. `scorekeeper import -` of 10,000 game files (≤ 60 s).
5. A 30-hand scoresheet PDF served, against WeasyPrint rendering a bare table.
6. `scorekeeper score` of a normal game (20 hands), against starting Python.
7. No phone slows the others (bench/costly_pages.py): another phone's scoresheet poll
   while one phone loops What if… over twelve 200-hand games; ten phones asking an
   evening's summary PDF at once, and /healthz meanwhile.
8. One device cannot shut the others out (bench/slow_clients.py): new phones arriving
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

from bench import (
    club_history,
    club_store,
    costly_pages,
    importing,
    pdf,
    serving,
    slow_clients,
    tv_night,
)

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
    club_history.settle(server.pid)  # it warms up beside its first pages; phones come later
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
    p99, floor99, hands = hand_entry(instance=club_store.club(10_000)[0])
    rows.append(
        (
            "entering a hand at 50 tables, 10,000 games stored (bids, tricks, new sheet)",
            f"p99 {p99:.1f} ms over {hands} hands (bare route p99 {floor99:.1f} ms)",
            f"≤ 50 ms: {'holds' if p99 <= 50 else 'OVER'}",
        )
    )
    rows.append(tv_row())
    pages, starts = club_history.run()
    cost = {(row["games"], row["page"]): row["first"][1] for row in pages}
    for row in pages:
        if row["games"] not in (1000, 10_000, 30_000):
            continue
        base = cost[2500, row["page"]]
        line = "(growth)"
        if row["games"] == 30_000:
            most = 2000 if "CSV" in row["page"] else 100
            held = row["first"][1] <= most and (
                "CSV" in row["page"] or row["first"][1] <= 1.5 * max(base, 10)
            )
            line = f"≤ {most:,} ms, ≤ 1.5× at 2,500 ({base:.0f} ms): {'holds' if held else 'OVER'}"
        rows.append(
            (
                f"{row['page']}, {row['games']:,} games, first view after a restart",
                f"server processor {row['first'][1]:.0f} ms, clock {row['first'][0]:.0f} ms"
                f" (bare route {row['bare'][1]:.1f} ms; raw SQLite read {row['raw']:.1f} ms)",
                line,
            )
        )
    for games, took in starts.items():
        rows.append(
            (
                f"`serve` after an upgrade, {games:,} games (every summary made by other code)",
                f"answers in {took['answers']:.1f} s; the organiser's players page right in"
                f" {took['players']:.1f} s; caught up in {took['caught_up']:.0f} s"
                f" (load average {took['load'][0]:.1f})",
                f"answers ≤ 3 s: {'holds' if took['answers'] <= 3 else 'OVER'}"
                + (
                    f"; players page ≤ 5 s: {'holds' if took['players'] <= 5 else 'OVER'}"
                    if games == 10_000
                    else ""
                ),
            )
        )
    took, read = importing.measure(10_000)
    rows.append(
        (
            "`scorekeeper import -` of 10,000 game files, one a line",
            f"{took:.1f} s, {10_000 / took:,.0f} games/s (reading them alone {read:.1f} s)",
            f"≤ 60 s: {'holds' if took <= 60 else 'OVER'}",
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


def tv_row() -> tuple[str, str, str]:
    """Entering a hand at 50 tables of one evening that 200 TVs watch."""
    found = tv_night.run()
    watched, alone = found["watched"]["entry"], found["alone"]["entry"]
    p99 = serving.pct(watched, 0.99)
    return (
        f"entering a hand at 50 tables of one evening, {found['tvs']} TVs watching it",
        f"p99 {p99:.1f} ms over {len(watched) // 3} hands (no TV: p99"
        f" {serving.pct(alone, 0.99):.1f} ms); a TV's look after a hand"
        f" {found['page_cpu']:.1f} ms of server processor, unchanged {found['page_again_cpu']:.1f} ms;"
        f" server {found['server_cpu_alone']:.2f} → {found['server_cpu_share']:.2f} cores"
        f" ({found['polls_a_second']:.0f} TV polls a second); the disk's own commit"
        f" meanwhile (floor) p99 {serving.pct(found['watched']['floor'], 0.99):.1f} ms",
        f"≤ 50 ms: {'holds' if p99 <= 50 else 'OVER'}",
    )


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
