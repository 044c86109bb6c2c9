"""Invalid game files: every kind of error GAME-FORMAT.md lists, through the real command.

Each must exit 2, print nothing on standard output, and one line on standard error that
names the hand (1-based) or the game and says what is wrong.
"""

from __future__ import annotations

import json

import pytest

from .conftest import game_file, hand, run_cli

OK = hand([3, 3, 3, 3], [4, 3, 3, 3])


def bad_hand_at_3(bad: dict) -> dict:
    return game_file("yahoo-normal", [OK, OK, bad])


CASES = [
    # (name, game file, expected stderr line — or a part of it)
    (
        "tricks do not add up",
        bad_hand_at_3(hand([3, 3, 3, 3], [4, 3, 3, 2])),
        "hand 3: tricks add up to 12, expected 13",
    ),
    (
        "tricks not a list",
        bad_hand_at_3({"bids": [3, 3, 3, 3], "tricks": "4332"}),
        "hand 3: 'tricks' needs one entry for each of the 4 seats",
    ),
    (
        "bids missing",
        bad_hand_at_3({"tricks": [4, 3, 3, 3]}),
        "hand 3: a Spades hand needs 'bids' and 'tricks'",
    ),
    (
        "three bids for four seats",
        bad_hand_at_3(hand([3, 3, 3], [4, 3, 3, 3])),
        "hand 3: 'bids' needs one entry for each of the 4 seats",
    ),
    (
        "negative tricks",
        bad_hand_at_3(hand([3, 3, 3, 3], [-1, 5, 5, 4])),
        "hand 3: seat 1: tricks -1 must be a whole number 0–13",
    ),
    (
        "fractional tricks",
        bad_hand_at_3(hand([3, 3, 3, 3], [3.5, 3.5, 3, 3])),
        "hand 3: seat 1: tricks 3.5",
    ),
    (
        "boolean tricks",
        bad_hand_at_3(hand([3, 3, 3, 3], [True, 4, 4, 4])),
        "hand 3: seat 1: tricks true",
    ),
    (
        # Bids read well are kept by exact type: after seat 1's 1, true and "1" must
        # still be refused.
        "boolean bid after a bid of 1",
        bad_hand_at_3(hand([1, True, 3, 3], [4, 3, 3, 3])),
        "hand 3: seat 2: bid true is not a number",
    ),
    (
        "a number in quotes after a bid of 1",
        bad_hand_at_3(hand([1, "1", 3, 3], [4, 3, 3, 3])),
        'hand 3: seat 2: bid "1" is not a number',
    ),
    (
        "bid of 14",
        bad_hand_at_3(hand([14, 3, 3, 3], [4, 3, 3, 3])),
        "hand 3: seat 1: bid 14 is outside 0–13",
    ),
    (
        "unknown bid word",
        bad_hand_at_3(hand(["pass", 3, 3, 3], [4, 3, 3, 3])),
        'hand 3: seat 1: bid "pass" is not a number',
    ),
    (
        "nil where nil is off",
        game_file("joker-barmore", [hand(["nil", 3, 4, 3], [0, 4, 5, 4])]),
        "hand 1: Ann (seat 1) bid nil: not allowed by these rules",
    ),
    (
        "blind nil not far enough behind",
        game_file("pagat-standard", [hand(["blind_nil", 3, 4, 3], [0, 4, 5, 4])]),
        "hand 1: Ann (seat 1) bid blind nil: needs the side to be 100 behind; the scores are level",
    ),
    (
        "team bid below the minimum",
        game_file("dan-brad", [hand([2, 4, 1, 4], [3, 4, 2, 4])]),
        "hand 1: Ann & Cho bid 3; the partnership must bid at least 4",
    ),
    (
        "both nil below the minimum",
        game_file("dan-brad", [hand(["nil", 4, "nil", 4], [0, 7, 0, 6])]),
        "hand 1: Ann & Cho: both partners bid nil, but the partnership must bid at least 4",
    ),
    (
        "individual bid below the minimum",
        game_file("spaceways", [hand([1, 4, 4, 4], [1, 4, 4, 4])]),
        "hand 1: Ann (seat 1) bid 1: each bid must be at least 2 (or a nil)",
    ),
    (
        "suicide partnership without a nil",
        game_file("yahoo-suicide", [hand(["nil", 3, 4, 3], [0, 4, 5, 4])]),
        "hand 1: Suicide: Ben & Dee must include at least one nil bid",
    ),
    (
        "mirror bids do not total 13",
        game_file("yahoo-mirror", [hand([3, 3, 3, 3], [4, 3, 3, 3])]),
        "hand 1: Mirror bids must total 13 (every spade once); they total 12",
    ),
    (
        "roulette bid that is not blind nil",
        game_file(
            "yahoo-roulette", [hand([3, "blind_nil", "blind_nil", "blind_nil"], [4, 3, 3, 3])]
        ),
        "hand 1: Ann (seat 1) bid 3: Roulette: everybody bids blind nil",
    ),
    (
        "two numbers in a team_total partnership",
        game_file("akagiri-standard", [hand([3, 3, 3, 0], [4, 3, 3, 3])]),
        "hand 1: Ann & Cho: with a team total the team's number stands on one partner",
    ),
    (
        "moon where moon is off",
        game_file("yahoo-normal", [hand(["moon", 3, 0, 3], [13, 0, 0, 0])]),
        "hand 1: Ann (seat 1) bid moon: not allowed by these rules",
    ),
    (
        "blind bid where blind bids are off",
        game_file("yahoo-normal", [hand(["blind 7", 3, 0, 3], [7, 3, 0, 3])]),
        "hand 1: Ann (seat 1) bid a blind bid: not allowed by these rules",
    ),
    (
        "blind bid below the minimum",
        game_file(
            "joker-barmore",
            [hand([1, 11, 0, 0], [1, 12, 0, 0]), hand(["blind 6", 3, 0, 3], [6, 3, 1, 3])],
        ),
        "hand 2: Ann (seat 1) bid blind 6: a blind bid is 7 to 13 tricks",
    ),
    (
        "blind bid beside a partner's number",
        game_file(
            "joker-barmore",
            [hand([1, 11, 0, 0], [1, 12, 0, 0]), hand(["blind 7", 3, 2, 3], [7, 3, 0, 3])],
        ),
        "hand 2: Ann & Cho: a blind or moon bid is the partnership's whole contract",
    ),
    (
        "hand after the game is over",
        game_file(
            "cardsite-individual",
            [hand([13, 0, 0, 0], [13, 0, 0, 0]), hand([13, 0, 0, 0], [13, 0, 0, 0]), OK],
        ),
        "hand 3: the game is already over: Ann won after hand 2",
    ),
    (
        "unknown ruleset",
        {**game_file("yahoo-normal", []), "ruleset": "yahoo-norml"},
        "game: unknown ruleset 'yahoo-norml'",
    ),
    (
        "wrong number of players",
        {**game_file("yahoo-normal", []), "players": ["Ann", "Ben", "Cho"]},
        "game: 3 players given, ruleset 'yahoo-normal' needs 4",
    ),
    (
        "unknown option",
        game_file("yahoo-normal", [], options={"nil_pionts": 50}),
        "game: unknown option 'nil_pionts'",
    ),
    (
        "option of the wrong type",
        game_file("yahoo-normal", [], options={"target": "500"}),
        "game: option 'target' must be a whole number, got \"500\"",
    ),
    (
        "option outside its choices",
        game_file("yahoo-normal", [], options={"overtricks": "plus_two"}),
        "game: option overtricks must be one of plus_one, minus_one, minus_ten",
    ),
    (
        "options that no table could play",
        game_file("yahoo-normal", [], options={"players": 3}),
        "game: options partnership, players: A partnership game needs 4 players",
    ),
    (
        "empty player name",
        {**game_file("yahoo-normal", []), "players": ["Ann", " ", "Cho", "Dee"]},
        "game: the player in seat 2 needs a name",
    ),
    (
        "the widow game for 3: it says what it allows",
        {**game_file("hearts-widow", []), "game": "hearts", "players": ["Ann", "Ben", "Cho"]},
        "game: 3 players given, ruleset 'hearts-widow' needs 4 or 5",
    ),
    (
        "wrong format",
        {**game_file("yahoo-normal", []), "format": "scorekeeper-game/9"},
        'game: unknown format "scorekeeper-game/9"',
    ),
    (
        "game kind does not match the ruleset",
        {**game_file("yahoo-normal", []), "game": "hearts"},
        "game: ruleset 'yahoo-normal' is for spades, not \"hearts\"",
    ),
    (
        "hands not a list",
        {**game_file("yahoo-normal", []), "hands": {"1": OK}},
        "game: 'hands' must be a list",
    ),
    ("not an object", [1, 2, 3], "game: the file must hold one JSON object"),
]


@pytest.mark.parametrize(("name", "doc", "expected"), CASES, ids=[case[0] for case in CASES])
def test_invalid_file_exits_2_with_one_line(cli_score, name, doc, expected):
    code, out, err = cli_score(doc)
    assert code == 2
    assert out is None
    assert err.count("\n") == 1, err
    assert err.startswith(expected), err


def test_not_json():
    done = run_cli("score", "-", stdin="{not json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("game: not valid JSON")


def test_missing_file(tmp_path):
    done = run_cli("score", str(tmp_path / "nope.json"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("game: cannot read")


def test_file_argument_and_stdin_agree(tmp_path):
    doc = game_file("yahoo-normal", [OK])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    by_file = run_cli("score", str(path))
    by_stdin = run_cli("score", "-", stdin=json.dumps(doc))
    assert by_file.returncode == by_stdin.returncode == 0
    assert json.loads(by_file.stdout) == json.loads(by_stdin.stdout)
