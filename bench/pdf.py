"""PDF benchmark: a 30-hand scoresheet against WeasyPrint rendering a bare one-page table.

Rendered directly, and served by the app: each request there is the first for its game,
so the kept PDFs never answer it. Machines here are shared and noisy, so the figure that
matters is the median and its ratio to the floor measured in the same run.
"""

from __future__ import annotations

import io
import json
import statistics
import tempfile
import time
from collections.abc import Callable

from pypdf import PdfReader

from scorekeeper.engine import find_kind, load_game, score_game
from scorekeeper.pdf import render_pdf, scoresheet_html
from scorekeeper.web import create_app

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


def served_seconds(game, runs: int = RUNS) -> float:
    """Median time of GET /g/ID/scoresheet.pdf, each the first request for its game."""
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp(), "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    kind = find_kind(game.ruleset.game)
    doc = {
        "ruleset": game.ruleset.id,
        "options": {"target": game.ruleset.options.target},
        "players": list(game.players),
        "hands": [kind.hand_to_json(hand) for hand in game.hands],
    }
    times = []
    for run in range(runs + 1):
        response = client.post("/import", data={"text": json.dumps(doc)})
        url = response.headers["Location"] + "/scoresheet.pdf"
        start = time.perf_counter()
        pdf = client.get(url).data
        if run:  # the first warms up imports and fonts
            times.append(time.perf_counter() - start)
        assert pdf.startswith(b"%PDF")
    return statistics.median(times)


def run() -> list[tuple[str, str]]:
    game = thirty_hand_game()
    result = score_game(game)
    assert len(result.hands) == 30 and not result.outcome.finished
    sheet = median_seconds(lambda: render_pdf(scoresheet_html(game, result=result)))
    floor = median_seconds(lambda: render_pdf(bare_table()))
    served = served_seconds(game)
    pages = len(PdfReader(io.BytesIO(render_pdf(scoresheet_html(game, result=result)))).pages)
    return [
        ("PDF: 30-hand scoresheet (median of 9)", f"{sheet * 1000:.0f} ms"),
        ("PDF: bare one-page table, the floor (median of 9)", f"{floor * 1000:.0f} ms"),
        ("PDF: scoresheet / floor", f"{sheet / floor:.2f}×"),
        (
            "PDF: served, first request for each game (median of 9)",
            f"{served * 1000:.0f} ms ({served / floor:.2f}× floor)",
        ),
        ("PDF: scoresheet pages", str(pages)),
    ]
