"""Each game owns its parts: nothing outside a kind's own modules and templates names a game."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from scorekeeper.engine import (
    GameError,
    all_rulesets,
    find_kind,
    find_ruleset,
    kind_names,
    load_game,
)
from scorekeeper.engine.describe import describe
from scorekeeper.engine.kinds import TARGET_OPTION, module_name
from scorekeeper.engine.options import option_values
from scorekeeper.web.entry import entry_for

ROOT = Path(__file__).resolve().parent.parent
NAMES = re.compile(
    r"\b(spades|hearts|spitzer|oh[-_ ]?hell|euchre|wizard|bridge|rubber|chicago|pinochle)\b",
    re.IGNORECASE,
)
# What the games are about: a bid of nothing, overtricks kept, shooting the moon, the
# cards that score, who declares. Only a kind's own files may speak of them.
CONCEPTS = re.compile(
    r"\b(nils?|bags?|bagged|sandbag\w*|moons?|queen of spades|queen_of_spades|hearts_taken"
    r"|declarers?|schneider|zola|blind nil|blind_nil|trumps?|2♣|Q♠"
    r"|hook|exact_bonus|exact bonus|miss_penalty|max_cards|trick_points|trick_value"
    r"|zero_bids?|exact zeros?"
    r"|whole_pack|largest_repeat|miss_value|zero_made|zero_missed|zero_value|hook_scope|jesters?"
    r"|makers?|euchred|marche?s?|bowers?|loners?|defend_alone|defender_alone"
    r"|vulnerab\w*|honours?|undertricks?|matchpoints?|imps|neuberg|butler"
    r"|melds?|meld_\w+|dix|run_extras|throw-ins?)\b",
    re.IGNORECASE,
)


def own_files(kind: str) -> set[Path]:
    """Where a kind lives: its engine package, its presets (under the game's name), its
    web entry and its templates (under its package's name)."""
    module = module_name(kind)
    return {
        *(ROOT / "scorekeeper" / "engine" / module).rglob("*"),
        *(ROOT / "scorekeeper" / "presets" / kind).rglob("*"),
        ROOT / "scorekeeper" / "web" / "entry" / f"{module}.py",
        *(ROOT / "templates" / "kinds" / module).rglob("*"),
    }


def _outside_the_kinds() -> list[tuple[Path, int, str]]:
    """Every line of code and templates outside the kinds' own files."""
    owned = set().union(*(own_files(kind) for kind in kind_names()))
    lines = []
    for folder, pattern in (
        ("scorekeeper", "*.py"),
        ("templates", "*.html"),
        ("static", "*.[cj]s"),
    ):
        for path in (ROOT / folder).rglob(pattern):
            if path in owned or not path.is_file() or "translations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                lines.append((path, number, line))
    return lines


def test_no_code_outside_a_kind_speaks_of_a_games_concepts():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path, number, line in _outside_the_kinds()
        if CONCEPTS.search(line)
    ]
    assert found == [], "\n".join(found)


def test_no_code_outside_a_kind_reads_a_kinds_options():
    """The pages, the sheet and the game loop ask a kind what its game is (its shape, its
    target…); only a kind reads its options. Every ruleset's seat count is the engine's."""
    names = {
        field.name
        for kind in kind_names()
        for field in dataclasses.fields(find_kind(kind).facts.options)
    } - {"players"}
    # An endpoint's name in quotes ('rules.compare') is a page, not an option read.
    read = re.compile(r"(?<!['\"])\b(?:options|rules)\.(" + "|".join(sorted(names)) + r")\b")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path, number, line in _outside_the_kinds()
        if read.search(line)
    ]
    assert found == [], "\n".join(found)


def test_every_kind_supplies_its_statistics_markers_and_carried_words():
    for kind in kind_names():
        game = find_kind(kind)
        columns = game.facts.stat_columns
        assert columns and all(column.label and column.counts for column in columns)
        assert all(marker.label for marker in game.facts.markers.values())
        if game.facts.carried:
            singular, plural = game.facts.carried_words
            assert "%(num)s" in singular and "%(num)s" in plural


def test_no_code_outside_a_kind_names_a_game():
    registry = ROOT / "scorekeeper" / "engine" / "kinds.py"
    entries = ROOT / "scorekeeper" / "web" / "entry" / "registry.py"  # names only
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path, number, line in _outside_the_kinds()
        if NAMES.search(line)
        and not (path == registry and "scorekeeper.engine." in line)
        and not (
            path == entries
            and re.fullmatch(r'from \. import [\w, ]+|"[\w-]+": \w+\.ENTRY,', line.strip())
        )
    ]
    # The source titles of the seeds name the games they describe: data, not logic.
    found = [f for f in found if not f.startswith("scorekeeper/engine/ruleset.py")]
    assert found == [], "\n".join(found)


def test_every_kind_has_its_parts_and_its_featured_preset():
    for kind in kind_names():
        game = find_kind(kind)
        assert find_ruleset(game.facts.featured).game == kind
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


# Who sits where and how many cards each holds: what a table cannot change once dealt.
SEATING = {
    "spades": {"players", "partnership", "tricks_per_hand"},
    "hearts": {"players", "widow", "removed_cards"},
    "spitzer": {"players"},
    "oh-hell": {"players"},
    "euchre": {"players"},
    "bridge": {"players", "form"},
    "pinochle": {"players", "deck"},
}


@pytest.mark.parametrize(
    ("kind", "option"), [(kind, option) for kind, names in SEATING.items() for option in names]
)
def test_what_decides_the_seating_cannot_change_during_a_game(kind, option):
    ruleset = find_ruleset(find_kind(kind).facts.featured)
    players = [f"P{n}" for n in range(ruleset.options.players)]
    current = option_values(ruleset.options)[option]
    doc = {
        "ruleset": ruleset.id,
        "players": players,
        "option_changes": [{"from_hand": 2, "options": {option: current}}],
    }
    with pytest.raises(GameError, match=f"option '{option}' cannot change during a game"):
        load_game(doc)


@pytest.mark.parametrize("kind", kind_names())
def test_the_other_options_may_change_during_a_game(kind):
    ruleset = find_ruleset(find_kind(kind).facts.featured)
    values = option_values(ruleset.options)
    # Every option its rule sheet lists (a kind scored in several forms lists its form's).
    listed = {line.option for line in describe(ruleset).lines}
    free = sorted(listed - SEATING[kind])
    doc = {
        "ruleset": ruleset.id,
        "players": [f"P{n}" for n in range(ruleset.options.players)],
        "option_changes": [{"from_hand": 2, "options": {name: values[name] for name in free}}],
    }
    assert load_game(doc).changes[0].options.keys() == set(free)


def test_every_game_that_ends_at_a_total_lets_play_on_raise_it():
    """ "Play on" raises the target by one name every kind with a target gives it."""
    for ruleset in all_rulesets():
        target = ruleset.kind.target(ruleset.options)
        if target is not None:
            raised = ruleset.with_options({TARGET_OPTION: target + 10})
            assert ruleset.kind.target(raised.options) == target + 10, ruleset.id
