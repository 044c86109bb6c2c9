"""PDF benchmark: a 30-hand scoresheet against WeasyPrint rendering a bare one-page table.

Machines here are shared and noisy, so the figure that matters is the median and its
ratio to the floor measured in the same run.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from pypdf import PdfReader

from scorekeeper.engine import load_game, score_game
from scorekeeper.pdf import render_pdf, scoresheet_html

RUNS = 9


def thirty_hand_game():
    hands = []
    for n in range(30):
        bids = [3 + n % 3, "nil" if n % 5 == 0 else 3, 4, 2 + n % 2]
        tricks = [4 + n % 3, 0 if n % 5 == 0 else 3, 4, 2]
        tricks[3] = 13 - sum(tricks[:3])
        hands.append({"bids": bids, "tricks": tricks})
    doc = {
        "ruleset": "yahoo-normal",
        "options": {"target": 100000},
        "players": ["山田", "Zoë", "O'Brien", "Dee"],
        "hands": hands,
    }
    return load_game(doc)


def bare_table() -> str:
    rows = "".join(
        f"<tr><td>{n}</td><td>Ann</td><td>+{n * 7}</td><td>{n * 61}</td><td>Ben</td><td>{n * 60}</td></tr>"
        for n in range(1, 31)
    )
    return f"<html><body><table>{rows}</table></body></html>"


def median_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    work()  # warm up: imports, font loading
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run() -> list[tuple[str, str]]:
    game = thirty_hand_game()
    result = score_game(game)
    assert len(result.hands) == 30 and not result.outcome.finished
    sheet = median_seconds(lambda: render_pdf(scoresheet_html(game, result=result)))
    floor = median_seconds(lambda: render_pdf(bare_table()))
    pages = len(PdfReader(io.BytesIO(render_pdf(scoresheet_html(game, result=result)))).pages)
    return [
        ("PDF: 30-hand scoresheet (median of 9)", f"{sheet * 1000:.0f} ms"),
        ("PDF: bare one-page table, the floor (median of 9)", f"{floor * 1000:.0f} ms"),
        ("PDF: scoresheet / floor", f"{sheet / floor:.2f}×"),
        ("PDF: scoresheet pages", str(pages)),
    ]
