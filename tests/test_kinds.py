"""Each game owns its parts: nothing outside a kind's own modules and templates names a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.engine import find_kind, find_ruleset, kind_names
from scorekeeper.web.entry import entry_for

ROOT = Path(__file__).resolve().parent.parent
NAMES = re.compile(r"\b(spades|hearts|spitzer)\b", re.IGNORECASE)


def own_files(kind: str) -> set[Path]:
    """Where a kind lives: its engine package, its presets, its web entry, its templates."""
    return {
        *(ROOT / "scorekeeper" / "engine" / kind).rglob("*"),
        *(ROOT / "scorekeeper" / "presets" / kind).rglob("*"),
        ROOT / "scorekeeper" / "web" / "entry" / f"{kind}.py",
        *(ROOT / "templates" / "kinds" / kind).rglob("*"),
    }


def test_no_code_outside_a_kind_names_a_game():
    owned = set().union(*(own_files(kind) for kind in kind_names()))
    registry = ROOT / "scorekeeper" / "engine" / "kinds.py"
    found = []
    for folder, pattern in (
        ("scorekeeper", "*.py"),
        ("templates", "*.html"),
        ("static", "*.[cj]s"),
    ):
        for path in (ROOT / folder).rglob(pattern):
            if path in owned or not path.is_file() or "translations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if NAMES.search(line) and not (path == registry and "scorekeeper.engine." in line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    # The source titles of the seeds name the games they describe: data, not logic.
    found = [f for f in found if not f.startswith("scorekeeper/engine/ruleset.py")]
    assert found == [], "\n".join(found)


def test_every_kind_has_its_parts_and_its_featured_preset():
    for kind in kind_names():
        game = find_kind(kind)
        assert find_ruleset(game.featured).game == kind
        entry = entry_for(kind)
        assert entry.steps and entry.next_template
        for step in entry.steps:
            assert step in ("bids", "tricks", "play")
        assert (ROOT / "templates" / entry.next_template).exists()
        if entry.outcome_template:
            assert (ROOT / "templates" / entry.outcome_template).exists()


@pytest.mark.parametrize(
    ("ruleset_id", "step"),
    [("yahoo-normal", 100), ("network-spades", 50), ("hearts-standard", 20), ("spitzer", 10)],
)
def test_play_on_raises_the_target_by_a_step_of_the_games_scale(ruleset_id, step):
    ruleset = find_ruleset(ruleset_id)
    assert find_kind(ruleset.game).target_step(ruleset.options) == step
