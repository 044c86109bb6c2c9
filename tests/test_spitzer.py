"""Spitzer (RULES.md §3; seed 003_a58955c3664a05e5.txt): the score table and the game to 42."""

from __future__ import annotations

import pytest

from scorekeeper.engine import HandError, find_ruleset, load_game, score_game
from scorekeeper.engine.spitzer import column, settlement

from .conftest import score

PLAYERS = ["Ann", "Ben", "Cho", "Dee"]
PAIR = [0, 2]
SOLO = [1]

# (contract, declarers, card points, tricks) -> the table value (positive: each declarer)
TABLE = {
    "normal": (-9, -9, -6, 3, 6, 9),
    "schneider": (-18, -15, -12, -9, 9, 12),
    "sneaker": (-9, -9, -6, 9, 12, 15),
    "zola": (-15, -12, -9, 18, 27, 36),
    "zola_schneider": (-42, -36, -24, -18, 36, 39),
    "zola_schneider_schwarz": (-42, -42, -39, -33, -27, 42),
}
COLUMNS = [(0, 0), (20, 3), (45, 4), (75, 5), (100, 6), (120, 8)]


def deal(contract, points, tricks, declarers=None):
    declarers = declarers or (PAIR if contract in ("normal", "schneider") else SOLO)
    return {"contract": contract, "declarers": declarers, "points": points, "tricks": tricks}


def game(hands, options=None):
    return {"ruleset": "spitzer", "players": PLAYERS, "hands": hands, "options": options or {}}


@pytest.mark.parametrize("contract", TABLE)
@pytest.mark.parametrize("col", range(6))
def test_every_row_and_column_of_the_table(contract, col):
    points, tricks = COLUMNS[col]
    value = TABLE[contract][col]
    result = score(game([deal(contract, points, tricks)]))
    declarers = PAIR if contract in ("normal", "schneider") else SOLO
    expected = [
        (value if value > 0 else 0) if seat in declarers else (-value if value < 0 else 0)
        for seat in range(4)
    ]
    assert result["hands"][0]["points"] == expected


@pytest.mark.parametrize(
    ("points", "tricks", "expected"),
    [
        (30, 3, "0-30"),
        (31, 3, "31-60"),
        (60, 4, "31-60"),
        (61, 4, "61-89"),
        (89, 6, "61-89"),
        (90, 6, "90-120"),
        (120, 7, "90-120"),
        (0, 0, "no_trick"),
        (0, 2, "0-30"),
        (120, 8, "all_tricks"),
    ],
)
def test_bracket_boundaries(points, tricks, expected):
    assert column(points, tricks) == expected


def test_sixty_sixty_scores_for_the_defenders():
    result = score(game([deal("normal", 60, 4)]))
    assert result["hands"][0]["points"] == [0, 6, 0, 6]


def test_the_dash_can_be_minus_42():
    result = score(game([deal("sneaker", 0, 0)], options={"no_trick_dash": "minus_42"}))
    assert result["hands"][0]["points"] == [42, 0, 42, 42]


def test_explanation_names_the_row_and_column():
    result = score(game([deal("zola", 75, 5)]))
    assert result["hands"][0]["explanation"][1] == [
        "Zola: 75 card points in 5 tricks → column 61–89, +18: +18 to the declarer"
    ]


def test_the_table_lookup_is_said_once_and_each_player_hears_their_part():
    lines = score(game([deal("normal", 60, 4)]))["hands"][0]["explanation"]
    where = "Queens partnership: 60 card points in 4 tricks → column 31–60, −6"
    assert lines == [
        [f"{where}: the opponents score 6 each"],
        ["+6 as an opponent"],
        ["Nothing as a declarer: the opponents score 6 each"],
        ["+6 as an opponent"],
    ]
    solo = score(game([deal("sneaker", 65, 4, [1])]))["hands"][0]["explanation"]
    assert sum("column" in line[0] for line in solo) == 1
    assert solo[0] == ["Nothing as an opponent: Ben scores 9"]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (deal("zola", 121, 5), "hand 1: card points 121 must be a whole number 0–120"),
        (deal("zola", -1, 5), "hand 1: card points -1 must be a whole number 0–120"),
        (deal("zola", 50, 9), "hand 1: tricks 9 must be a whole number 0–8"),
        (deal("zola", 10, 0), "hand 1: a side with no trick has no card points, but 10 are given"),
        (deal("zola", 110, 8), "hand 1: a side with all 8 tricks has all 120 card points"),
        (deal("normal", 70, 5, [0]), "hand 1: Queens partnership has 2 declarer(s), 1 given"),
        (deal("zola", 70, 5, [0, 1]), "hand 1: Zola has 1 declarer(s), 2 given"),
        (deal("normal", 70, 5, [0, 0]), "hand 1: a seat is named twice in 'declarers'"),
        (
            deal("normal", 70, 5, [0, 4]),
            "hand 1: 'declarers' must list seats: 0 for seat 1 to 3 for seat 4",
        ),
        (deal("grand", 70, 5, [0]), 'hand 1: contract "grand" is not one of normal'),
    ],
)
def test_invalid_deals(hand, message):
    with pytest.raises(HandError) as caught:
        score_game(load_game(game([hand])))
    assert str(caught.value).startswith(message)


def test_game_to_42_highest_wins_and_ties_play_on():
    result = score(game([deal("zola", 100, 6)] * 2))  # Ben 27 + 27
    assert (result["totals"], result["finished"], result["winner"]) == ([0, 54, 0, 0], True, 1)
    tie = [deal("normal", 100, 6)] * 7  # Ann and Cho +6 each deal: 42 each
    result = score(game(tie))
    assert result["totals"] == [42, 0, 42, 0]
    assert (result["finished"], result["winner"]) == (False, None)
    result = score(game([*tie, deal("zola", 100, 6, [0])]))
    assert (result["finished"], result["winner"]) == (True, 0)


def test_settlement_stake_plus_difference():
    options = (
        find_ruleset("spitzer").with_options({"stake_per_game": 5, "stake_per_point": 1}).options
    )
    payments = settlement(options, [54, 10, 0, 3], 0)
    assert [(p.payer, p.payee, p.amount) for p in payments] == [(1, 0, 49), (2, 0, 59), (3, 0, 56)]


def test_score_prints_the_settlement_when_stakes_are_in_the_file():
    """RULES.md §3: each loser pays the winner the stake plus the difference."""
    hands = [deal("zola", 100, 6, [0]), deal("zola", 100, 6, [0])]  # Ann 54, the others 0
    staked = score(game(hands, options={"stake_per_game": 5, "stake_per_point": 1}))
    assert staked["winner"] == 0
    assert staked["settlement"] == [
        {"payer": 1, "payee": 0, "amount": 59},
        {"payer": 2, "payee": 0, "amount": 59},
        {"payer": 3, "payee": 0, "amount": 59},
    ]
    assert "settlement" not in score(game(hands))  # no stakes agreed, nothing to settle
    assert "settlement" not in score(game(hands[:1], options={"stake_per_game": 5}))  # not over
