"""The worked examples of RULES.md §1.3 (S1–S17), each inside a real game file.

Sources: seed 001_49a9ae39a8965b8f.txt (Yahoo! scoring examples), seed
002_2c4efcea9dfb6ab4.txt (Akagiri 1996), seed 000_c8606a6002be44e6.txt (card site),
pagat.com Spades.
"""

from __future__ import annotations

import pytest

from .conftest import game_file, hand, score

# Side 0 is seats 0+2 (Ann & Cho), side 1 is seats 1+3 (Ben & Dee).


def side0(ruleset, hands, **kwargs):
    result = score(game_file(ruleset, hands, **kwargs))
    last = result["hands"][-1]
    return last["points"][0], last["totals"][0], last["bags"][0], result


@pytest.mark.parametrize(
    ("example", "bids", "tricks", "points", "bags"),
    [
        ("S1 bid 4 took 6", [2, 3, 2, 4], [3, 3, 3, 4], 42, 2),
        ("S2 bid 4 took 3", [2, 4, 2, 5], [1, 5, 2, 5], -40, 0),
        ("S3 4 + nil made, 6 taken", [4, 3, "nil", 3], [6, 3, 0, 4], 142, 2),
        ("S4 4 + nil failed, 6 taken", [4, 3, "nil", 3], [4, 3, 2, 4], -58, 2),
        ("S5 4 + blind nil made, 6 taken", [4, 3, "blind_nil", 3], [6, 3, 0, 4], 242, 2),
        ("S6 4 + blind nil failed, 6 taken", [4, 3, "blind_nil", 3], [3, 3, 3, 4], -158, 2),
    ],
)
def test_yahoo_normal_examples(example, bids, tricks, points, bags):
    got_points, _, got_bags, _ = side0("yahoo-normal", [hand(bids, tricks)])
    assert (got_points, got_bags) == (points, bags), example


def test_s7_yahoo_bag_rollover_from_249_with_9_bags():
    history = [
        hand([4, 1, 4, 0], [6, 1, 6, 0]),  # 84, 4 bags
        hand([4, 1, 4, 0], [6, 1, 6, 0]),  # 168, 8 bags
        hand([4, 2, 4, 0], [5, 2, 4, 2]),  # 249, 9 bags
    ]
    _, total, bags, result = side0("yahoo-normal", history)
    assert (total, bags) == (249, 9)
    points, total, bags, result = side0(
        "yahoo-normal", [*history, hand([2, 3, 2, 4], [3, 3, 3, 4])]
    )
    assert (points, total, bags) == (42 - 100, 191, 1)
    assert "9 + 2 = 11" in result["hands"][-1]["explanation"][0][-1]


@pytest.mark.parametrize(
    ("example", "bids", "tricks", "points"),
    [
        ("S8 bid 6 took 8", [6, 5, 0, 0], [4, 3, 4, 2], 62),
        ("S9 bid 7 took 5", [7, 5, 0, 0], [3, 4, 2, 4], -70),
    ],
)
def test_akagiri_standard_examples(example, bids, tricks, points):
    assert side0("akagiri-standard", [hand(bids, tricks)])[0] == points, example


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [("cardgames-hwa", {}), ("yahoo-normal", {"set_penalty": "shortfall"})],
)
def test_s10_set_scores_the_shortfall(ruleset, options):
    bids = [8, 5, 0, 0] if ruleset == "cardgames-hwa" else [4, 3, 4, 2]
    got = side0(ruleset, [hand(bids, [3, 4, 3, 3])], options=options)[0]
    assert got == -20


def test_s11_overtricks_minus_one():
    # WinSpades' bracketed option (002 part 3): every overtrick costs 1 point.
    minus_one = {"overtricks": "minus_one"}
    assert side0("winspades", [hand([3, 2, 2, 2], [4, 2, 4, 3])], options=minus_one)[0] == 47


def test_winspades_default_has_no_sandbag_rule():
    # 002 part 3: 「サンドバッグルールは採用しない(オーバートリックは1トリックにつき マイナス1点)」:
    # the program's default counts each overtrick +1; −1 is its option.
    points, _, bags, _ = side0("winspades", [hand([3, 2, 2, 2], [4, 2, 4, 3])])
    assert (points, bags) == (53, 3)


def test_s12_overtricks_minus_ten():
    # Three-handed (Wong): every overtrick costs 10 points.
    result = score(game_file("three-wong", [hand([5, 4, 5], [8, 4, 5])], players=3))
    assert result["hands"][0]["points"] == [20, 40, 50]


def test_s13_cardsite_set_by_shortfall():
    result = score(game_file("cardsite-individual", [hand([4, 3, 3, 3], [2, 4, 4, 3])]))
    assert result["hands"][0]["points"][0] == -20


def test_s14_cardsite_seven_bags_then_three_overtricks():
    result = score(
        game_file(
            "cardsite-individual",
            [hand([3, 1, 1, 1], [10, 1, 1, 1]), hand([2, 3, 3, 3], [5, 3, 3, 2])],
        )
    )
    first, second = result["hands"]
    assert (first["points"][0], first["bags"][0]) == (37, 7)
    assert (second["points"][0], second["bags"][0]) == (23 - 100, 0)


def test_s15_blind_6_doubles():
    behind_by_100 = hand([1, 11, 5], [1, 11, 5])  # Ann 10, Ben 110, Cho 50
    result = score(
        game_file("three-wong", [behind_by_100, hand(["blind 6", 5, 6], [6, 5, 6])], players=3)
    )
    assert result["hands"][1]["points"][0] == 120


PAGAT_337_WITH_7_BAGS = [
    hand([5, 0, 5, 0], [7, 0, 6, 0]),  # 103, 3 bags
    hand([5, 0, 5, 0], [7, 0, 6, 0]),  # 206, 6 bags
    hand([3, 4, "nil", 5], [4, 4, 0, 5]),  # 100 + 31 = 337, 7 bags
]


@pytest.mark.parametrize(("took", "total", "bags"), [(7, 389, 9), (8, 290, 0), (9, 291, 1)])
def test_s16_pagat_rollover(took, total, bags):
    _, before, before_bags, _ = side0("pagat-standard", PAGAT_337_WITH_7_BAGS)
    assert (before, before_bags) == (337, 7)
    last = hand([3, 4, 2, 4], [took - 2, 13 - took, 2, 0])
    _, got_total, got_bags, _ = side0("pagat-standard", [*PAGAT_337_WITH_7_BAGS, last])
    assert (got_total, got_bags) == (total, bags)


@pytest.mark.parametrize(
    ("options", "points", "bags"),
    [({}, -130, 1), ({"failed_nil_tricks": "count_for_team"}, -70, 0)],
)
def test_s17_failed_nil_tricks(options, points, bags):
    # Ann bids nil and takes 1 trick; Cho bid 3 and took 2.
    got_points, _, got_bags, _ = side0(
        "pagat-standard", [hand(["nil", 5, 3, 5], [1, 5, 2, 5])], options=options
    )
    assert (got_points, got_bags) == (points, bags)
