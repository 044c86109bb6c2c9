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

BAGS_AND_POINTS = {"failed_nil_tricks": "bags_and_points"}
NOTHING = {"failed_nil_tricks": "nothing"}

MOON_BY_THIRTEEN = {"moon": True, "thirteen_is_moon": True}

# (case, preset, options, bids, tricks, side 0's points, bags, side 0's lines)
CASES = [
    pytest.param(
        "yahoo-normal",
        MOON_BY_THIRTEEN,
        [6, 0, 7, 0],
        [6, 0, 7, 0],
        200,
        0,
        ["Partners' bids 6 + 7 make 13: a moon", "Moon: took all 13, +200"],
        id="a rules page: 'if a team bids 13 and makes it, +200' (6 + 7)",
    ),
    pytest.param(
        "yahoo-normal",
        MOON_BY_THIRTEEN,
        [6, 0, 7, 0],
        [6, 1, 6, 0],
        -200,
        0,
        ["Partners' bids 6 + 7 make 13: a moon", "Moon set: took 12 of 13, −200"],
        id="partners' bids making 13, set: the moon's −200, not −130",
    ),
    pytest.param(
        "yahoo-normal",
        {"moon": True},
        [6, 0, 7, 0],
        [6, 0, 7, 0],
        130,
        0,
        ["Contract 13, took 13: 13 × 10 = +130"],
        id="without thirteen_is_moon, 6 + 7 is a contract of 13",
    ),
    pytest.param(
        "yahoo-normal",
        MOON_BY_THIRTEEN,
        [6, 0, 6, 0],
        [6, 0, 7, 0],
        121,
        1,
        ["Contract 12, took 13: 12 × 10 + 1 overtrick = +121", "Bags 0 + 1 = 1"],
        id="partners' bids making 12 stay a contract",
    ),
    pytest.param(
        "yahoo-normal",
        MOON_BY_THIRTEEN,
        ["nil", 0, 13, 0],
        [0, 0, 13, 0],
        300,
        0,
        ["Ann: nil made, +100", "Moon: took all 13, +200"],
        id="a nil beside a bid of 13: the moon is the bid's alone, as before",
    ),
    pytest.param(
        "yahoo-normal",
        BAGS_AND_POINTS,
        ["nil", 3, 1, 4],
        [1, 4, 0, 8],
        -100 - 10 + 1,
        1,
        [
            "Ann: nil failed (1 trick), −100",
            "1 trick of the failed nil: a bag and +1",
            "Contract 1, took 0: set, −1 × 10 = −10",
            "Bags 0 + 1 = 1",
        ],
        id="Spades-Calculator 'takes bags': nil took 1, partner bid 1 took 0 -> -109, 1 bag",
    ),
    pytest.param(
        "yahoo-normal",
        BAGS_AND_POINTS,
        ["nil", 3, 1, 4],
        [3, 4, 2, 4],
        -100 + 3 + 11,
        4,
        [
            "Ann: nil failed (3 tricks), −100",
            "3 tricks of the failed nil: bags, +1 each = +3",
            "Contract 1, took 2: 1 × 10 + 1 overtrick = +11",
            "Bags 0 + 4 = 4",
        ],
        id="bags_and_points: the nil's 3 tricks never make the partner's overtricks",
    ),
    pytest.param(
        "yahoo-normal",
        BAGS_AND_POINTS,
        ["nil", 3, "nil", 4],
        [1, 4, 2, 6],
        -200 + 3,
        3,
        [
            "Ann: nil failed (1 trick), −100",
            "Cho: nil failed (2 tricks), −100",
            "3 tricks of the failed nil: bags, +1 each = +3",
            "Bags 0 + 3 = 3",
        ],
        id="bags_and_points, both partners nil: overtricks on a 0 contract",
    ),
    pytest.param(
        "yahoo-normal",
        NOTHING,
        ["nil", 3, 1, 4],
        [3, 4, 2, 4],
        -100 + 11,
        1,
        [
            "Ann: nil failed (3 tricks), −100",
            "3 tricks of the failed nil count for nothing",
            "Contract 1, took 2: 1 × 10 + 1 overtrick = +11",
            "Bags 0 + 1 = 1",
        ],
        id="'no bags, no help': nil took 3, partner bid 1 took 2 -> -89, 1 bag",
    ),
    pytest.param(
        "yahoo-normal",
        NOTHING,
        ["nil", 3, 1, 4],
        [1, 4, 0, 8],
        -110,
        0,
        [
            "Ann: nil failed (1 trick), −100",
            "1 trick of the failed nil counts for nothing",
            "Contract 1, took 0: set, −1 × 10 = −10",
        ],
        id="nothing: the nil's trick does not save the partner's contract",
    ),
    pytest.param(
        "yahoo-normal",
        NOTHING,
        ["nil", 3, "nil", 4],
        [1, 4, 2, 6],
        -200,
        0,
        [
            "Ann: nil failed (1 trick), −100",
            "Cho: nil failed (2 tricks), −100",
            "3 tricks of the failed nil count for nothing",
        ],
        id="nothing, both partners nil: no overtricks, no bags",
    ),
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
    pytest.param(
        BAGS_AND_POINTS,
        ["nil", 3, 1, 4],
        [1, 4, 0, 8],
        -109,
        [
            "Ann: nil failed (1 trick), −100",
            "1 trick of the failed nil: a bag and +1",
            "Contract 1, took 0: set, −1 × 10 = −10",
            "Bags 0 + 1 = 1",
        ],
        [
            "Ann：ニル失敗（1トリック）、−100",
            "失敗したニルの1トリック：バッグ1個、オーバートリック扱いで+1",
            "コントラクト1、取ったのは0：セット、−1 × 10 = −10",
            "バッグ 0 + 1 = 1",
        ],
        id="failed nil's tricks: bags and points",
    ),
    pytest.param(
        NOTHING,
        ["nil", 3, 1, 4],
        [3, 4, 2, 4],
        -89,
        [
            "Ann: nil failed (3 tricks), −100",
            "3 tricks of the failed nil count for nothing",
            "Contract 1, took 2: 1 × 10 + 1 overtrick = +11",
            "Bags 0 + 1 = 1",
        ],
        [
            "Ann：ニル失敗（3トリック）、−100",
            "失敗したニルの3トリックは得点にもバッグにもならない",
            "コントラクト1、取ったのは2：1 × 10 + オーバートリック1 = +11",
            "バッグ 0 + 1 = 1",
        ],
        id="failed nil's tricks: nothing",
    ),
    pytest.param(
        MOON_BY_THIRTEEN,
        [6, 0, 7, 0],
        [6, 0, 7, 0],
        200,
        ["Partners' bids 6 + 7 make 13: a moon", "Moon: took all 13, +200"],
        ["パートナー2人のビッド6 + 7で13：ムーン", "ムーン：全13トリック、+200"],
        id="partners' bids making 13 are a moon",
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
    pytest.param(
        BAGS_AND_POINTS,
        "failed_nil_tricks",
        "are overtricks of their own: +1 and a bag each, no help to the partner's contract",
        "A failed nil's tricks score +1 and a bag each, like overtricks, but never help the"
        " partner.",
        id="failed nil's tricks: bags and points",
    ),
    pytest.param(
        NOTHING,
        "failed_nil_tricks",
        "count for nothing: no points, no bags, no help to the partner",
        "A failed nil's tricks count for nothing: no points, no bags, no help to the partner.",
        id="failed nil's tricks: nothing",
    ),
    pytest.param(
        MOON_BY_THIRTEEN,
        "thirteen_is_moon",
        "yes, and so are partners' bids adding up to 13",
        "A bid of 13, or partners' bids adding up to 13, is a moon.",
        id="partners' bids making 13 are a moon",
    ),
    pytest.param(
        {**MOON_BY_THIRTEEN, "contract": "team_total"},
        "thirteen_is_moon",
        "yes",
        "A bid of 13 is a moon.",
        id="a team total of 13 is a moon: nothing to add up",
    ),
]


@pytest.mark.parametrize(("options", "option", "words", "answer"), SHEETS)
def test_house_rule_on_the_rule_sheet(options, option, words, answer):
    sheet = describe(find_ruleset("yahoo-normal").with_options(options))
    line = next(line for line in sheet.lines if line.option == option)
    assert (str(line.value), line.relevant) == (words, True)
    assert answer in [str(said) for found in sheet.answers for said in found.lines]


HOUSE_VALUES = {
    "overtricks": {"zero"},
    "failed_nil_tricks": {"bags_and_points", "nothing"},
    "thirteen_is_moon": {"True"},  # now also partners' bids adding up to 13
}


def test_no_preset_plays_a_house_rule():
    """The new values are a table's choice: every preset's rule page stays as it was."""
    for ruleset in all_rulesets():
        for option, values in HOUSE_VALUES.items():
            if hasattr(ruleset.options, option):
                assert str(getattr(ruleset.options, option)) not in values, ruleset.id


@pytest.mark.parametrize("overtricks", ["zero", "minus_one", "minus_ten"])
def test_failed_nil_tricks_scored_plus_one_need_overtricks_worth_plus_one(cli_score, overtricks):
    options = {**BAGS_AND_POINTS, "overtricks": overtricks}
    code, out, err = cli_score(game_file("yahoo-normal", [], options=options))
    assert (code, out) == (2, None)
    assert err.startswith("game: options failed_nil_tricks, overtricks: A failed nil's tricks")


@pytest.mark.parametrize(
    ("changes", "bids", "tricks", "row"),
    [
        (["overtricks=zero"], [3, 2, 3, 4], [4, 2, 4, 3], "62 : -60  60 : -60"),
        (["failed_nil_tricks=nothing"], ["nil", 3, 1, 4], [3, 4, 2, 4], "-86 : 71  -89 : 71"),
        (
            ["failed_nil_tricks=bags_and_points"],
            ["nil", 3, 1, 4],
            [1, 4, 0, 8],
            "-90 : 75  -109 : 75",
        ),
        (
            ["moon=true", "thirteen_is_moon=true"],
            [6, 0, 7, 0],
            [6, 1, 6, 0],
            "-130 : 1  -200 : 1",
        ),
    ],
)
def test_what_if_a_table_had_played_the_house_rule(tmp_path, changes, bids, tricks, row):
    """`scorekeeper compare` re-scores a yahoo-normal game under the preset and the changes."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_file("yahoo-normal", [hand(bids, tricks)])))
    done = run_cli("compare", str(path), *(f"--option={change}" for change in changes))
    assert done.returncode == 0, done.stderr
    hand_1 = next(line for line in done.stdout.splitlines() if line.startswith("1 "))
    assert " ".join(row.split()) in " ".join(hand_1.split())
