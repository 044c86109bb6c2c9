"""An evening's standings, worked out by hand: one kind by its own measure (Hearts lowest
first), several kinds by match points, a progressive night with sit-outs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.engine import load_game, score_game
from scorekeeper.standings import (
    MATCH_POINTS,
    POINTS,
    SIT_OUT_AVERAGE,
    SIT_OUT_NOTHING,
    TableResult,
    match_points,
    measure_words,
    shown,
    standings,
    table_result,
)


def hearts(names, totals, won_by=()):
    return TableResult("hearts", True, tuple((n,) for n in names), tuple(totals), tuple(won_by))


def pairs(first, second, totals, won_by=(), kind="spades"):
    return TableResult(kind, False, (tuple(first), tuple(second)), tuple(totals), tuple(won_by))


def ranked(result):
    return [(row.rank, row.name, shown(row.score)) for row in result.rows]


def test_match_points_share_the_table_between_its_sides():
    assert match_points(pairs("AC", "BD", (520, 310), (0,))) == (1, 0)
    assert match_points(pairs("AC", "BD", (200, 200))) == (Fraction(1, 2), Fraction(1, 2))
    # Hearts: the lowest total places first, whatever the order of the seats.
    assert match_points(hearts("ABCD", (104, 40, 60, 56), (1,))) == (
        0,
        1,
        Fraction(1, 3),
        Fraction(2, 3),
    )
    # Five on their own, two sharing the win: each beats three and ties one → 3.5 / 4.
    table = TableResult("x", False, tuple((n,) for n in "EFGHI"), (52, 61, 61, 40, 30), (1, 2))
    assert match_points(table) == (
        Fraction(1, 2),
        Fraction(7, 8),
        Fraction(7, 8),
        Fraction(1, 4),
        0,
    )


def test_a_hearts_night_ranks_the_fewest_points_first_and_a_sit_out_its_average():
    # Round 1: Eve sits out; Ben goes over 100 and Ann wins. Round 2: Ann sits out.
    tables = [
        hearts(["Ann", "Ben", "Cho", "Dee"], (40, 104, 60, 56), (0,)),
        hearts(["Ben", "Cho", "Dee", "Eve"], (20, 50, 101, 30), (0,)),
    ]
    result = standings(tables, sat_out={"Eve": 1, "Ann": 1})
    assert (result.measure, result.lowest_first, result.kind) == (POINTS, True, "hearts")
    # Ann 40 + 40 (her average, for the round out); Eve 30 + 30; Cho 60 + 50; Ben 104 + 20;
    # Dee 56 + 101.
    assert ranked(result) == [
        (1, "Eve", "60"),
        (2, "Ann", "80"),
        (3, "Cho", "110"),
        (4, "Ben", "124"),
        (5, "Dee", "157"),
    ]
    ben = result.rows[3]
    assert (ben.games, ben.won, ben.sat_out) == (2, 1, 0)
    # Ben's points difference: 104 − (40+60+56)/3 = 52, then 20 − (50+101+30)/3 = −40⅓.
    assert ben.difference == Fraction(52) + Fraction(20) - Fraction(181, 3)
    assert "lowest first" in str(measure_words(result, "Hearts"))


def test_where_fewer_is_better_sitting_out_is_never_worth_nothing():
    tables = [hearts(["Ann", "Ben", "Cho", "Dee"], (40, 104, 60, 56), (0,))]
    result = standings(tables, sat_out={"Ann": 1}, sit_out=SIT_OUT_NOTHING)
    assert result.sit_out == SIT_OUT_AVERAGE  # 0 points would be a prize
    assert ranked(result)[:2] == [(1, "Dee", "56"), (2, "Cho", "60")]


def test_a_mixed_kind_evening_ranks_by_match_points_then_wins():
    tables = [
        pairs(["Ann", "Cho"], ["Ben", "Dee"], (520, 310), (0,)),
        TableResult(
            "oh-hell",
            False,
            tuple((n,) for n in ["Eve", "Fay", "Gus", "Hal", "Ivy"]),
            (52, 61, 61, 40, 30),
            (1, 2),
        ),
        hearts(["Jo", "Kai", "Lea", "Max"], (40, 104, 60, 56), (0,)),
    ]
    result = standings(tables)
    assert result.measure == MATCH_POINTS and result.kind is None
    assert all(row.difference is None for row in result.rows)  # no sum across kinds
    # Kai lost Hearts at 104: last, with the other tables' losers.
    assert ranked(result) == [
        (1, "Ann", "1"),
        (1, "Cho", "1"),
        (1, "Jo", "1"),
        (4, "Fay", "0.88"),
        (4, "Gus", "0.88"),
        (6, "Max", "0.67"),
        (7, "Eve", "0.5"),
        (8, "Lea", "0.33"),
        (9, "Hal", "0.25"),
        (10, "Ben", "0"),
        (10, "Dee", "0"),
        (10, "Ivy", "0"),
        (10, "Kai", "0"),
    ]
    assert "match points" in str(measure_words(result))


def test_wins_break_a_tie_in_match_points():
    tables = [
        pairs(["Ann", "Ben"], ["Cho", "Dee"], (300, 200), (0,)),  # Ann & Ben win
        pairs(["Cho", "Dee"], ["Ann", "Ben"], (150, 100)),  # unfinished: Cho & Dee ahead
        hearts(["Eve", "Fay", "Gus", "Hal"], (10, 20, 30, 40)),
    ]
    result = standings(tables)
    # Ann, Ben, Cho, Dee all have 1 match point; only Ann and Ben won a game.
    assert [(row.rank, row.name, row.won) for row in result.rows][:4] == [
        (1, "Ann", 1),
        (1, "Ben", 1),
        (3, "Cho", 0),
        (3, "Dee", 0),
    ]


def test_a_progressive_night_credits_each_player_with_their_sides_points():
    # Round 1: Eve sits out; round 2, new partners: Dee sits out (time was called: no
    # table finished).
    tables = [
        pairs(["Ann", "Cho"], ["Ben", "Dee"], (120, 80)),
        pairs(["Ann", "Eve"], ["Ben", "Cho"], (50, 130)),
    ]
    out = {"Eve": 1, "Dee": 1}
    average = standings(tables, sat_out=out)
    assert ranked(average) == [
        (1, "Cho", "250"),
        (2, "Ben", "210"),
        (3, "Ann", "170"),
        (4, "Dee", "160"),  # 80, and 80 for the round out
        (5, "Eve", "100"),
    ]
    assert shown(average.rows[0].difference, sign=True) == "+120"  # +40, +80
    assert shown(average.rows[2].difference, sign=True) == "−40"  # +40, −80
    nothing = standings(tables, sat_out=out, sit_out=SIT_OUT_NOTHING)
    assert ranked(nothing)[3:] == [(4, "Dee", "80"), (5, "Eve", "50")]
    assert "counts nothing" in str(measure_words(nothing, "Spades"))


def test_the_same_player_is_one_line_whatever_the_case_of_the_name():
    tables = [
        pairs(["Ann", "Cho"], ["Ben", "Dee"], (120, 80)),
        pairs(["ann ", "Ben"], "CD", (1, 0)),
    ]
    names = [row.name for row in standings(tables).rows]
    assert names.count("Ann") == 1 and "ann" not in names


def test_a_scored_game_becomes_a_table_result_with_its_kinds_direction():
    doc = {
        "ruleset": "hearts-standard",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [{"hearts": [3, 4, 5, 1], "queen_of_spades": 2}],
    }
    table = table_result(doc["players"], score_game(load_game(doc)))
    assert table is not None and table.lowest_wins and table.kind == "hearts"
    assert table.sides == (("Ann",), ("Ben",), ("Cho",), ("Dee",)) and table.won_by == ()
    assert table.totals == (3, 4, 18, 1)
    spades = {"ruleset": "yahoo-normal", "players": ["Ann", "Ben", "Cho", "Dee"], "hands": []}
    assert table_result(spades["players"], score_game(load_game(spades))) is None


def test_an_unknown_sit_out_rule_is_refused():
    with pytest.raises(ValueError, match="sit_out"):
        standings([], sit_out="half")
