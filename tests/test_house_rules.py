"""House rules other scorers offer (RULES.md §1.1), each checked against the case a
peer project's own tests or rules page gives.

Side 0 is seats 0+2 (Ann & Cho), side 1 is seats 1+3 (Ben & Dee).
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.engine import all_rulesets, find_ruleset
from scorekeeper.engine.describe import describe

from .conftest import game_file, hand, run_cli, score

NO_BAG_PENALTY = {"sandbagging": False}
OVERTRICKS_ZERO = {"overtricks": "zero", **NO_BAG_PENALTY}

# (case, preset, options, bids, tricks, side 0's points, bags, side 0's lines)
CASES = [
    pytest.param(
        "yahoo-normal",
        OVERTRICKS_ZERO,
        [3, 2, 3, 4],
        [4, 2, 4, 3],
        60,
        2,
        ["Contract 6, took 8: 6 × 10, 2 overtricks worth nothing = +60"],
        id="CardsWithCats, no bag penalty: bid 6, took 8 -> 60, not 62",
    ),
    pytest.param(
        "yahoo-normal",
        {"overtricks": "zero"},
        [3, 2, 3, 4],
        [4, 2, 4, 3],
        60,
        2,
        ["Contract 6, took 8: 6 × 10, 2 overtricks worth nothing = +60", "Bags 0 + 2 = 2"],
        id="overtricks zero beside sandbagging: still bags",
    ),
    pytest.param(
        "yahoo-normal",
        OVERTRICKS_ZERO,
        [3, 2, 3, 4],
        [3, 3, 3, 4],
        60,
        0,
        ["Contract 6, took 6: 6 × 10 = +60"],
        id="overtricks zero, contract made exactly: unchanged",
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "options", "bids", "tricks", "points", "bags", "lines"), CASES
)
def test_house_rule(ruleset, options, bids, tricks, points, bags, lines):
    last = score(game_file(ruleset, [hand(bids, tricks)], options=options))["hands"][-1]
    assert (last["points"][0], last["bags"][0]) == (points, bags)
    assert last["explanation"][0] == lines


def test_overtricks_zero_still_rolls_bags_over():
    # Contract 4 with 7, then 2, then 2 over: bags 7, 9, then 11 -> the −100, 1 carried.
    seven_over = hand([2, 2, 2, 2], [6, 2, 5, 0])
    two_over = hand([2, 3, 2, 4], [3, 3, 3, 4])
    result = score(
        game_file("yahoo-normal", [seven_over, two_over, two_over], options={"overtricks": "zero"})
    )
    side0 = [(h["points"][0], h["bags"][0]) for h in result["hands"]]
    assert side0 == [(40, 7), (40, 9), (40 - 100, 1)]


# Each house rule in a game file's "options", through `scorekeeper score` in both languages:
# (options, bids, tricks, side 0's points, its lines in English, in Japanese).
GAME_FILES = [
    pytest.param(
        OVERTRICKS_ZERO,
        [3, 2, 3, 4],
        [4, 2, 4, 3],
        60,
        ["Contract 6, took 8: 6 × 10, 2 overtricks worth nothing = +60"],
        ["コントラクト6、取ったのは8：6 × 10、オーバートリック2は得点なし = +60"],
        id="overtricks zero",
    ),
]


@pytest.mark.parametrize(("options", "bids", "tricks", "points", "en", "ja"), GAME_FILES)
def test_house_rule_in_a_game_file(tmp_path, options, bids, tricks, points, en, ja):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_file("yahoo-normal", [hand(bids, tricks)], options=options)))
    for lang, lines in (("en", en), ("ja", ja)):
        done = run_cli("--lang", lang, "score", str(path))
        assert done.returncode == 0, done.stderr
        first = json.loads(done.stdout)["hands"][0]
        assert (first["points"][0], first["explanation"][0]) == (points, lines)


# Each new value on the rule sheet: (options, the option, its words, a quick answer's line).
SHEETS = [
    pytest.param(
        {"overtricks": "zero"},
        "overtricks",
        "worth nothing, but still a bag",
        "Each overtrick is worth nothing, but is still a bag.",
        id="overtricks zero",
    ),
]


@pytest.mark.parametrize(("options", "option", "words", "answer"), SHEETS)
def test_house_rule_on_the_rule_sheet(options, option, words, answer):
    sheet = describe(find_ruleset("yahoo-normal").with_options(options))
    line = next(line for line in sheet.lines if line.option == option)
    assert (str(line.value), line.relevant) == (words, True)
    assert answer in [str(said) for found in sheet.answers for said in found.lines]


HOUSE_VALUES = {"overtricks": {"zero"}}


def test_no_preset_plays_a_house_rule():
    """The new values are a table's choice: every preset's rule page stays as it was."""
    for ruleset in all_rulesets():
        for option, values in HOUSE_VALUES.items():
            if hasattr(ruleset.options, option):
                assert str(getattr(ruleset.options, option)) not in values, ruleset.id
