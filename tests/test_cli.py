"""The `scorekeeper` command: GAME-FORMAT.md's example, `rules`, and a light import path."""

from __future__ import annotations

import json
import subprocess
import sys

from scorekeeper.engine import preset_ids

from .conftest import run_cli

FORMAT_EXAMPLE = {
    "format": "scorekeeper-game/1",
    "game": "spades",
    "ruleset": "yahoo-normal",
    "options": {},
    "players": ["Ann", "Ben", "Cho", "Dee"],
    "hands": [
        {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]},
        {"bids": ["blind_nil", 5, 2, 3], "tricks": [0, 6, 3, 4]},
    ],
}


def test_game_format_example_scores_as_documented():
    done = run_cli("score", "-", stdin=json.dumps(FORMAT_EXAMPLE))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "spades"
    assert out["ruleset"] == "yahoo-normal"
    assert out["sides"] == [
        {"name": "Ann & Cho", "seats": [0, 2]},
        {"name": "Ben & Dee", "seats": [1, 3]},
    ]
    assert [(h["points"], h["totals"], h["bags"]) for h in out["hands"]] == [
        ([72, -78], [72, -78], [2, 2]),
        ([221, 82], [293, 4], [3, 4]),
    ]
    assert (out["totals"], out["bags"], out["finished"], out["winner"]) == (
        [293, 4],
        [3, 4],
        False,
        None,
    )
    assert (
        out["hands"][0]["explanation"][0][0] == "Contract 7, took 9: 7 × 10 + 2 overtricks = +72"
    )


def test_file_with_only_the_documented_fields_and_no_hands():
    doc = {"ruleset": "pagat-standard", "players": ["A", "B", "C", "D"], "hands": []}
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (out["totals"], out["bags"], out["finished"], out["winner"], out["hands"]) == (
        [0, 0],
        [0, 0],
        False,
        None,
        [],
    )


def test_rules_lists_every_preset():
    done = run_cli("rules")
    assert done.returncode == 0
    listed = [line.split()[0] for line in done.stdout.splitlines()]
    assert listed == preset_ids()


def test_rules_id_reads_like_a_rule_sheet():
    done = run_cli("rules", "pagat-standard")
    assert done.returncode == 0
    out = done.stdout
    assert out.startswith("Pagat standard Spades\n")
    assert "Source: pagat.com" in out
    assert (
        "- A failed nil's tricks: are bags only: no points, no help to the partner's contract\n"
        in out
    )
    assert "- Blind nil may be bid: only when 100 or more behind\n" in out
    assert "[not stated by the source — our default]" in out


def test_rules_marks_a_chosen_default_but_not_a_stated_option():
    out = run_cli("rules", "joker-barmore").stdout
    sandbag = next(line for line in out.splitlines() if line.startswith("- Sandbag penalty"))
    jokers = next(line for line in out.splitlines() if line.startswith("- Jokers"))
    assert sandbag.endswith("[not stated by the source — our default]")
    assert "2♣ and 2♥ removed" in jokers
    assert "not stated" not in jokers


def test_rules_unknown_id():
    done = run_cli("rules", "nope")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("game: unknown ruleset 'nope'")


def test_score_and_rules_import_neither_flask_nor_weasyprint(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(FORMAT_EXAMPLE), encoding="utf-8")
    probe = (
        "import sys, io, contextlib\n"
        "from scorekeeper.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['score', {str(path)!r}]); main(['rules']); main(['rules', 'yahoo-normal'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'weasyprint', 'sqlite_utils', 'werkzeug'))\n"
        "print(heavy)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
