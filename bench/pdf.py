"""PDF benchmark: a 30-hand scoresheet against WeasyPrint rendering a bare one-page table.

Rendered directly, and served by the app: each request there is the first for its game.
Machines here are shared and noisy, so the floor, the sheet and the served PDF run in
turn, each timed by the processor time it takes, and each ratio is the median of the
rounds' ratios.
"""

from __future__ import annotations

import gc
import io
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from pypdf import PdfReader

from scorekeeper.engine import find_kind, load_game, score_game
from scorekeeper.pdf import render_pdf, scoresheet_pdf
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


def seconds(work: Callable[[], object]) -> float:
    """The processor time `work` takes: on a machine shared with other work, the clock
    also counts the other programs' turns (2.35× the floor by the clock under a load
    of 8, when the processor's own figure held at the quiet machine's)."""
    gc.collect()  # the last render's garbage is not this one's to collect
    start = time.process_time()
    work()
    return time.process_time() - start


def served_pdf(client: Any, doc: dict[str, Any]) -> Callable[[], object]:
    """GET /g/ID/scoresheet.pdf of a freshly imported copy of the game: the first request
    for its game, so no kept PDF answers it."""
    response = client.post("/import", data={"text": json.dumps(doc)})
    url = response.headers["Location"] + "/scoresheet.pdf"

    def fetch() -> None:
        assert client.get(url).data.startswith(b"%PDF")

    return fetch


def served_ratio() -> tuple[float, float]:
    """(served PDF / floor, the floor in ms): the median of the rounds' ratios."""
    times, ratio, _pages = _measure()
    return ratio["served"], statistics.median(times["floor"]) * 1000


def run() -> list[tuple[str, str]]:
    times, ratio, pages = _measure()
    median = {name: statistics.median(values) for name, values in times.items()}
    return [
        ("PDF: 30-hand scoresheet (median of 9)", f"{median['sheet'] * 1000:.0f} ms"),
        ("PDF: bare one-page table, the floor (median of 9)", f"{median['floor'] * 1000:.0f} ms"),
        ("PDF: scoresheet / floor (median of the 9 rounds' ratios)", f"{ratio['sheet']:.2f}×"),
        (
            "PDF: served, first request for each game (median of 9)",
            f"{median['served'] * 1000:.0f} ms ({ratio['served']:.2f}× floor)",
        ),
        ("PDF: scoresheet pages", str(pages)),
    ]


def _measure() -> tuple[dict[str, list[float]], dict[str, float], int]:
    game = thirty_hand_game()
    result = score_game(game)
    assert len(result.hands) == 30 and not result.outcome.finished
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp(), "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    kind = find_kind(game.ruleset.game)
    doc = {
        "ruleset": game.ruleset.id,
        "options": {"target": game.ruleset.options.target},
        "players": list(game.players),
        "hands": [kind.scoring.hand_to_json(hand) for hand in game.hands],
    }

    def sheet() -> bytes:
        return scoresheet_pdf(game, result=result)

    def floor() -> bytes:
        return render_pdf(bare_table())

    sheet(), floor(), served_pdf(client, doc)()  # warm up: imports, fonts
    # The three in turn, round after round: this machine's speed drifts by up to 2x
    # over a minute, and a ratio is only fair between runs made at the same moment.
    times: dict[str, list[float]] = {"sheet": [], "floor": [], "served": []}
    for _ in range(RUNS):
        times["floor"].append(seconds(floor))
        times["sheet"].append(seconds(sheet))
        times["served"].append(seconds(served_pdf(client, doc)))
    ratio = {
        name: statistics.median(t / f for t, f in zip(times[name], times["floor"], strict=True))
        for name in ("sheet", "served")
    }
    pages = len(PdfReader(io.BytesIO(sheet())).pages)
    return times, ratio, pages
