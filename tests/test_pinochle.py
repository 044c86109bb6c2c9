"""Pinochle (RULES.md §8): the worked examples of §8.7, the meld calculator in every pack,
and the game file's errors (GAME-FORMAT.md, Pinochle)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GameError, HandError, load_game, score_game
from scorekeeper.engine.game import result_to_json

FOUR = ["Ann", "Ben", "Cho", "Dee"]
THREE = ["Ann", "Ben", "Cho"]


def score(ruleset, hands, options=None, players=None):
    doc = {
        "format": "scorekeeper-game/1",
        "game": "pinochle",
        "ruleset": ruleset,
        "options": options or {},
        "players": players or (THREE if "cutthroat" in ruleset else FOUR),
        "hands": hands,
    }
    return result_to_json(score_game(load_game(doc)))


def error(ruleset, hands, options=None, players=None):
    with pytest.raises((GameError, HandError)) as caught:
        score(ruleset, hands, options, players)
    return str(caught.value)


def meld_of(ruleset, cards, trump, options=None, seat=0):
    """The meld the calculator finds for one player's cards."""
    laid = [""] * (3 if "cutthroat" in ruleset else 4)
    laid[seat] = cards
    hand = {"bidder": seat, "bid": 0, "trump": trump, "meld_cards": laid, "conceded": True}
    floor = {"min_bid": 0, "bidder_short_meld": "play"}
    result = score(ruleset, [hand], {**floor, **(options or {})})
    return result["hands"][0]["meld"][seat % 2 if len(laid) == 4 else seat]


# PN1: one hand, four trumps (sdzpinochle)
@pytest.mark.parametrize(
    ("trump", "meld"), [("spades", 47), ("hearts", 34), ("clubs", 34), ("diamonds", 47)]
)
def test_pn1_meld_depends_on_trump(trump, meld):
    cards = "JD QD KD AD TD JD QS QS KS AS TS JS"
    assert meld_of("pinochle-partnership-ones", cards, trump) == meld


def test_pn2_run_with_an_extra_pair_a_marriage_and_a_pinochle():
    cards = "AD TD KD KD QD QD JD AS KS TH QS 9H"
    assert meld_of("pinochle-partnership-ones", cards, "D") == 25


@pytest.mark.parametrize(("extra", "meld"), [("", 150), ("KH", 190), ("QH", 190), ("KH QH", 230)])
def test_pn3_pagats_run_with_extra_kings_and_queens(extra, meld):
    assert meld_of("pinochle-partnership", f"AH TH KH QH JH {extra}", "hearts") == meld


def test_pn4_run_extras_marriage_pays_only_a_pair():
    cards = "AS TS KS QS JS KS QS"
    assert meld_of("pinochle-partnership", cards, "S", {"run_extras": "marriage"}) == 190
    assert (
        meld_of("pinochle-partnership", "AS TS KS QS JS KS", "S", {"run_extras": "marriage"})
        == 150
    )


def test_pn5_run_extras_included_counts_the_runs_own_pair():
    assert (
        meld_of("pinochle-partnership", "AS TS KS QS JS", "S", {"run_extras": "included"}) == 190
    )


@pytest.mark.parametrize(("copies", "meld"), [(1, 10), (2, 100), (3, 150), (4, 200)])
def test_pn6_double_deck_aces_around_single_to_quadruple(copies, meld):
    cards = " ".join(["AS AH AD AC"] * copies)
    assert meld_of("pinochle-double-deck", cards, "clubs") == meld


@pytest.mark.parametrize(
    ("cards", "trump", "meld"),
    [
        ("AH TH KH QH JH AH TH KH QH JH", "H", 150),  # double run
        (" ".join(["AH TH KH QH JH"] * 3), "H", 225),
        (" ".join(["AH TH KH QH JH"] * 4), "H", 300),
        ("QS JD QS JD QS JD", "H", 60),  # triple pinochle
        ("QS JD QS JD QS JD QS JD", "H", 90),
        ("KS QS KS QS", "H", 4),  # two spade marriages
        ("KS QS KS QS", "S", 8),  # two royal marriages
        # a run with two more K-Q pairs of trumps: run 15 + two royal marriages
        ("AH TH KH QH JH KH QH KH QH", "H", 23),
        ("JS JH JD JC JS JH JD JC QS", "C", 44),  # double jacks around + pinochle
        # four royal pairs and the rest of one run: run 15 + three more pairs 12
        ("KH QH KH QH KH QH KH QH AH TH JH", "H", 27),
        # …and of two runs: double run 150 + two more pairs 8
        ("KH QH KH QH KH QH KH QH AH TH JH AH TH JH", "H", 158),
        ("KS QS KS QS KS QS KS QS", "H", 8),  # four spade marriages, not trump
        ("KD QD KD QD KS QS KS QS", "D", 12),  # two royal marriages, two marriages
    ],
)
def test_double_deck_multiples(cards, trump, meld):
    assert meld_of("pinochle-double-deck", cards, trump) == meld


def test_a_roundhouse_is_its_parts():
    cards = "KS QS KH QH KD QD KC QC"
    assert meld_of("pinochle-partnership", cards, "S") == 240
    assert meld_of("pinochle-partnership-ones", cards, "S") == 24


def test_dix_and_double_pinochle_in_tens():
    assert meld_of("pinochle-partnership", "9S 9S QS QS JD JD", "S") == 320


def test_singles_scheme_and_own_values():
    double_run = "AS TS KS QS JS AS TS KS QS JS"
    assert meld_of("pinochle-partnership", double_run, "S") == 1500
    assert meld_of("pinochle-partnership", double_run, "S", {"double_melds": "singles"}) == 300
    own = {"meld_values": {"run": 250, "pinochle": 150}}
    # run 250 + an extra queen of trumps pairing with the run's king 40 + pinochle 150
    assert meld_of("pinochle-partnership", "AS TS KS QS JS QS JD", "S", own) == 440


def test_partners_melds_add_into_their_side():
    hand = {
        "bidder": 0,
        "bid": 250,
        "trump": "hearts",
        "meld_cards": ["AH TH KH QH JH", "KS QS", "9H QS JD", ""],
        "counters": [200, 50],
    }
    result = score("pinochle-partnership", [hand])["hands"][0]
    assert result["meld"] == [200, 20]
    assert result["points"] == [400, 70]
    assert result["explanation"][0][:2] == ["Ann: run 150", "Cho: dix 10, pinochle 40"]


# Scoring hands (PN7–PN26)
def test_pn7_made():
    hand = {"bidder": 0, "bid": 250, "meld": [100, 50], "counters": [150, 100]}
    assert score("pinochle-partnership", [hand])["hands"][0]["points"] == [250, 150]


def test_pn8_set():
    hand = {"bidder": 0, "bid": 250, "meld": [100, 50], "counters": [100, 150]}
    result = score("pinochle-partnership", [hand])["hands"][0]
    assert result["points"] == [-250, 200]
    assert result["made"] is False
    assert result["explanation"][0][-1] == "Set: −250"


def test_pn9_defenders_without_trick_points_lose_their_meld():
    hand = {"bidder": 0, "bid": 300, "meld": [200, 100], "counters": [250, 0]}
    result = score("pinochle-partnership", [hand])["hands"][0]
    assert result["points"] == [450, 0]
    assert result["meld_counted"] == [200, 0]
    assert result["explanation"][1][0] == "Meld 100 lost: no trick points"


def test_pn10_a_trick_without_counters_saves_the_meld_under_bicycle():
    hand = {
        "bidder": 0,
        "bid": 200,
        "meld": [120, 60],
        "counters": [250, 0],
        "won_trick": [True, True],
    }
    assert score("pinochle-partnership-bicycle", [hand])["hands"][0]["points"] == [370, 60]
    del hand["won_trick"]
    result = score("pinochle-partnership-bicycle", [hand])["hands"][0]
    assert result["points"] == [370, 0]
    assert result["explanation"][1][0] == "Meld 60 lost: no trick taken"


@pytest.mark.parametrize(
    ("counters", "points"), [([27, 23], [51, 55]), ([36, 14], [60, 0]), ([18, 32], [-51, 64])]
)
def test_pn11_pn12_double_deck_twenty_counters(counters, points):
    hand = {"bidder": 0, "bid": 51, "meld": [24, 32], "counters": counters}
    assert score("pinochle-double-deck", [hand])["hands"][0]["points"] == points


@pytest.mark.parametrize("concede", ["none", "all", "half"])
def test_pn13_pn24_bidders_short_of_twenty_meld_lose_without_play(concede):
    hand = {"bidder": 0, "bid": 51, "meld": [19, 32]}
    result = score("pinochle-double-deck", [hand], {"concede_counters": concede})["hands"][0]
    assert result["points"] == [-51, 32]
    assert result["conceded"] is True
    assert result["counters"] is None


def test_pn14_bidders_under_twenty_in_tricks_are_set_whatever_their_meld():
    hand = {"bidder": 0, "bid": 60, "meld": [70, 20], "counters": [18, 32]}
    assert score("pinochle-double-deck", [hand])["hands"][0]["points"][0] == -60


@pytest.mark.parametrize(
    ("options", "others"),
    [
        ({"concede_counters": "all"}, 80),
        ({"concede_counters": "half"}, 55),
        ({"concede_counters": "none"}, 30),
        ({"concede_meld": False}, 0),
        ({"concede_counters": 25}, 55),
    ],
)
def test_pn15_throw_in_what_the_others_get(options, others):
    hand = {"bidder": 0, "bid": 70, "meld": [40, 30], "conceded": True}
    assert score("pinochle-double-deck", [hand], options)["hands"][0]["points"] == [-70, others]


PN16_GAME = [
    {"bidder": 0, "bid": 50, "meld": [215, 200], "counters": [25, 25]},
    {"bidder": 0, "bid": 50, "meld": [215, 200], "counters": [25, 25]},
    {"bidder": 1, "bid": 55, "meld": [40, 40], "counters": [25, None]},
]


def test_pn16_both_over_the_target_the_bidders_go_out_first():
    before = score("pinochle-double-deck", PN16_GAME[:2])
    assert before["totals"] == [480, 450] and not before["finished"]
    result = score("pinochle-double-deck", PN16_GAME)
    assert result["hands"][2]["points"] == [65, 65]
    assert result["totals"] == [545, 515]
    assert result["finished"] is True and result["winner"] == 1


def test_pn16_going_out_highest_names_the_higher_side():
    result = score("pinochle-double-deck", PN16_GAME, {"going_out": "highest"})
    assert result["finished"] is True and result["winner"] == 0


def test_the_side_that_did_not_bid_wins_when_only_it_reaches_the_target():
    hands = [{"bidder": 1, "bid": 50, "meld": [250, 20], "counters": [25, 25]}] * 2
    result = score("pinochle-double-deck", hands)
    assert result["totals"] == [550, -100]
    assert result["finished"] is True and result["winner"] == 0


def test_pn17_losing_score():
    hand = {"bidder": 0, "bid": 250, "meld": [0, 0], "counters": [0, 250]}
    opts = {"target": 1000, "losing_score": -1000}
    result = score("pinochle-partnership", [hand] * 3, opts)
    assert result["totals"] == [-750, 750] and not result["finished"]
    result = score("pinochle-partnership", [hand] * 4, opts)
    assert result["totals"] == [-1000, 1000]
    assert result["finished"] is True and result["winner"] == 1


def test_pn17_losing_score_checked_before_the_target():
    hand = {"bidder": 0, "bid": 250, "meld": [0, 0], "counters": [0, 250]}
    opts = {"target": 1000, "losing_score": -500}
    result = score("pinochle-partnership", [hand] * 2, opts)
    assert result["finished"] is True and result["winner"] == 1


def test_pn18_the_moon_under_win():
    opts = {"moon": "win", "moon_negative_reset": True, "margin": 1500}
    made = {"bidder": 1, "bid": 250, "moon": "made"}
    result = score("pinochle-partnership", [made], opts)
    assert result["finished"] and result["winner"] == 1
    assert result["hands"][0]["points"] == [0, 0] and result["hands"][0]["made"] is True
    failed = {"bidder": 1, "bid": 250, "moon": "failed"}
    result = score("pinochle-partnership", [failed], opts)
    assert result["finished"] and result["winner"] == 0
    set_hand = {"bidder": 0, "bid": 250, "meld": [0, 0], "counters": [0, 250]}
    moon = {"bidder": 0, "bid": 250, "moon": "made"}
    result = score("pinochle-partnership", [set_hand, moon], opts)
    assert result["totals"] == [0, 250] and not result["finished"]
    assert result["hands"][1]["explanation"][0] == ["Moon made from −250: back to 0"]


def test_pn18_margin():
    opts = {"margin": 1500, "target": 5000}
    set_hand = {"bidder": 0, "bid": 250, "meld": [0, 1000], "counters": [0, 250]}
    result = score("pinochle-partnership", [set_hand], opts)
    assert result["totals"] == [-250, 1250]
    assert result["finished"] is True and result["winner"] == 1


def test_moon_points():
    opts = {"moon": "points"}
    result = score("pinochle-partnership", [{"bidder": 2, "bid": 300, "moon": "made"}], opts)
    assert result["hands"][0]["points"] == [1500, 0]
    assert result["finished"] and result["winner"] == 0
    opts["moon_points"] = 500
    failed = {"bidder": 3, "bid": 300, "moon": "failed", "counters": [100, 150]}
    result = score("pinochle-partnership", [failed], opts)
    assert result["hands"][0]["points"] == [0, -500]
    assert result["hands"][0]["counters"] is None
    assert result["hands"][0]["explanation"][1] == [
        "The counters entered are ignored: a moon hand",
        "Moon failed: −500",
    ]


def test_pn19_cutthroat_set():
    hand = {"bidder": 0, "bid": 300, "meld": [50, 30, 0], "counters": [140, 110, 0]}
    result = score("pinochle-cutthroat", [hand])
    assert result["hands"][0]["points"] == [-300, 140, 0]
    assert [side["seats"] for side in result["sides"]] == [[0], [1], [2]]


def test_pn20_cutthroat_going_out_highest():
    # 1450 / 1350 / 1300, then seat 1 bids and makes: 1700 / 1600 / 1550
    opening = {"bidder": 0, "bid": 250, "meld": [1200, 1350, 1300], "counters": [250, 0, 0]}
    hand = {"bidder": 1, "bid": 250, "meld": [150, 200, 150], "counters": [100, 50, 100]}
    opts = {"save_meld": "none"}
    assert score("pinochle-cutthroat", [opening], opts)["totals"] == [1450, 1350, 1300]
    result = score("pinochle-cutthroat", [opening, hand], {**opts, "going_out": "highest"})
    assert result["totals"] == [1700, 1600, 1550]
    assert result["finished"] is True and result["winner"] == 0
    result = score("pinochle-cutthroat", [opening, hand], opts)
    assert result["finished"] is True and result["winner"] == 1


def test_cutthroat_a_tie_for_the_highest_plays_on():
    opening = {"bidder": 0, "bid": 250, "meld": [0, 1300, 1310], "counters": [0, 200, 50]}
    opts = {"save_meld": "none"}
    result = score("pinochle-cutthroat", [opening], opts)
    assert result["totals"] == [-250, 1500, 1360]
    assert result["finished"] is True and result["winner"] == 1
    opening["counters"] = [0, 130, 120]
    result = score("pinochle-cutthroat", [opening], {**opts, "target": 1400})
    assert result["totals"] == [-250, 1430, 1430]
    assert result["finished"] is False and result["winner"] is None
    after = {"bidder": 1, "bid": 250, "meld": [0, 250, 0], "counters": [0, 0, 250]}
    result = score("pinochle-cutthroat", [opening, after], {**opts, "target": 1400})
    assert result["finished"] is True and result["winner"] == 1


def test_cutthroat_a_loser_at_once_with_the_others_tied_plays_on():
    opts = {"losing_score": -200, "save_meld": "none"}
    opening = {"bidder": 0, "bid": 250, "meld": [0, 100, 100], "counters": [0, 120, 130]}
    result = score("pinochle-cutthroat", [opening], opts)
    assert result["totals"] == [-250, 220, 230]
    assert result["finished"] is True and result["winner"] == 2
    opening["meld"] = [0, 110, 100]
    result = score("pinochle-cutthroat", [opening], opts)
    assert result["totals"] == [-250, 230, 230] and result["finished"] is False
    # the one that gets ahead wins; the side that lost cannot, whatever it scores
    after = {"bidder": 0, "bid": 250, "meld": [900, 0, 10], "counters": [250, 0, 0]}
    result = score("pinochle-cutthroat", [opening, after], opts)
    assert result["totals"] == [900, 230, 240]
    assert result["finished"] is True and result["winner"] == 2


def test_pn21_the_bidder_goes_out_though_another_is_higher():
    opts = {"made_scores": "bid", "set_scoring": "zero", "target": 1000, "save_meld": "none"}
    hands = [
        {"bidder": 0, "bid": 900, "meld": [700, 930, 0], "counters": [200, 50, 0]},
        {"bidder": 0, "bid": 250, "meld": [200, 200, 0], "counters": [50, 0, 200]},
    ]
    result = score("pinochle-cutthroat", hands, opts)
    assert result["totals"] == [1150, 1180, 200]
    assert result["finished"] is True and result["winner"] == 0


def test_pn22_bidders_must_save_their_meld():
    hand = {"bidder": 0, "bid": 250, "meld": [300, 60], "counters": [0, 250]}
    assert score("pinochle-partnership", [hand])["hands"][0]["points"] == [-250, 310]
    opts = {"save_meld_bidders": "none"}
    assert score("pinochle-partnership", [hand], opts)["hands"][0]["points"] == [300, 310]


def test_pn23_the_other_sides_counters_derived():
    hand = {"bidder": 0, "bid": 300, "meld": [150, 60], "counters": [170, None]}
    result = score("pinochle-partnership", [hand])["hands"][0]
    assert result["counters"] == [170, 80]
    assert result["points"] == [320, 140]
    assert result["explanation"] == [
        ["Bid 300: meld 150 + counters 170 = 320, made"],
        ["Meld 60 + counters 80"],
    ]


def test_pn25_half_of_twenty_five():
    hand = {"bidder": 0, "bid": 20, "meld": [0, 8], "conceded": True}
    opts = {"concede_counters": "half"}
    assert score("pinochle-partnership-ones", [hand], opts)["hands"][0]["points"] == [-20, 20]


def test_pn26_buried_counters_without_a_trick():
    hand = {
        "bidder": 0,
        "bid": 250,
        "meld": [230, 40, 60],
        "counters": [30, 120, 100],
        "won_trick": [False, True, True],
    }
    assert score("pinochle-cutthroat", [hand])["hands"][0]["points"] == [-250, 160, 160]


def test_set_to_opponents_and_zero():
    hand = {"bidder": 1, "bid": 300, "meld": [100, 100], "counters": [150, 100]}
    opts = {"set_scoring": "bid_to_opponents"}
    assert score("pinochle-partnership", [hand], opts)["hands"][0]["points"] == [550, 0]
    opts = {"set_scoring": "zero"}
    assert score("pinochle-partnership", [hand], opts)["hands"][0]["points"] == [250, 0]
    thrown = {"bidder": 1, "bid": 300, "meld": [100, 100], "conceded": True}
    opts = {"set_scoring": "bid_to_opponents"}
    assert score("pinochle-partnership", [thrown], opts)["hands"][0]["points"] == [400, 0]


def test_hopeless_concede():
    hand = {"bidder": 0, "bid": 400, "meld": [100, 60], "counters": [200, 50]}
    result = score("pinochle-partnership", [hand], {"hopeless": "concede"})["hands"][0]
    assert result["points"] == [-400, 60]
    assert result["conceded"] is True


@pytest.mark.parametrize(
    ("ruleset", "bid", "meld", "points"),
    [
        ("pinochle-partnership", 500, [200, 50], [-500, 50]),
        ("pinochle-double-deck", 120, [60, 30], [-120, 30]),
    ],
)
def test_a_hopeless_bid_conceded_needs_no_counters(ruleset, bid, meld, points):
    hand = {"bidder": 0, "bid": bid, "meld": meld}
    result = score(ruleset, [hand], {"hopeless": "concede"})["hands"][0]
    assert result["points"] == points
    assert result["conceded"] is True


def test_bidders_short_of_meld_give_nothing_for_cards_even_when_the_hand_says_conceded():
    hand = {"bidder": 0, "bid": 51, "meld": [19, 32], "conceded": True}
    opts = {"concede_counters": "all"}
    assert score("pinochle-double-deck", [hand], opts)["hands"][0]["points"] == [-51, 32]


def test_min_meld_not_on_the_board_for_the_other_side():
    hand = {"bidder": 0, "bid": 50, "meld": [30, 19], "counters": [25, 25]}
    result = score("pinochle-double-deck", [hand])["hands"][0]
    assert result["meld_counted"] == [30, 0]
    assert result["points"] == [55, 25]
    assert result["explanation"][1][0] == "Meld 19: not on the board (under 20)"


def test_save_meld_none_keeps_every_sides_meld():
    hand = {"bidder": 0, "bid": 300, "meld": [200, 100], "counters": [250, 0]}
    opts = {"save_meld": "none"}
    assert score("pinochle-partnership", [hand], opts)["hands"][0]["points"] == [450, 100]


def test_counters_entered_on_a_throw_in_are_ignored_and_said():
    hand = {"bidder": 0, "bid": 300, "meld": [100, 60], "counters": [100, 150], "conceded": True}
    result = score("pinochle-partnership", [hand])["hands"][0]
    assert result["points"] == [-300, 60]
    assert "ignored" in result["explanation"][0][0]


def test_a_hand_after_the_game_is_over():
    hand = {"bidder": 0, "bid": 250, "meld": [1300, 0], "counters": [250, 0]}
    message = error("pinochle-partnership", [hand, hand])
    assert message == "hand 2: the game is already over: Ann & Cho won after hand 1"


@pytest.mark.parametrize(
    ("ruleset", "hand", "options", "message"),
    [
        (
            "pinochle-partnership",
            {"bidder": 4, "bid": 250},
            {},
            "hand 1: 'bidder' must be a seat of the file (0 to 3), got 4",
        ),
        (
            "pinochle-double-deck",
            {"bidder": 0, "bid": 49},
            {},
            "hand 1: bid 49 is below the minimum 50",
        ),
        (
            "pinochle-double-deck",
            {"bidder": 0, "bid": 61},
            {},
            "hand 1: bid 61: from 60 bids go up by 5",
        ),
        (
            "pinochle-double-deck",
            {"bidder": 0, "bid": 105},
            {},
            "hand 1: bid 105: from 100 bids go up by 10",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 255},
            {},
            "hand 1: bid 255: from 250 bids go up by 10",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "counters": [150, 120]},
            {},
            "hand 1: counters add up to 270, expected 250",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "counters": [125, 125]},
            {},
            "hand 1: counters 125 is not a multiple of 10",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "meld": [55, 0], "counters": [100, 150]},
            {},
            "hand 1: meld 55 is not a multiple of 10",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "meld": [0, 0], "meld_cards": ["", "", "", ""]},
            {},
            "hand 1: meld and meld_cards are both given",
        ),
        (
            "pinochle-partnership",
            {
                "bidder": 0,
                "bid": 250,
                "trump": "S",
                "meld_cards": ["X9", "", "", ""],
                "counters": [100, 150],
            },
            {},
            "hand 1: 'X9' is not a card",
        ),
        (
            "pinochle-partnership",
            {
                "bidder": 0,
                "bid": 250,
                "trump": "S",
                "meld_cards": ["", "", "AS AS AS AS AS AS AS AS AS AS AS AS AS", ""],
            },
            {},
            "hand 1: seat 2 lays down 13 cards; a hand holds 12",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "trump": "S", "meld_cards": ["QS QS", "QS", "", ""]},
            {},
            "hand 1: 3 copies of Q♠; the pack holds 2",
        ),
        (
            "pinochle-double-deck",
            {"bidder": 0, "bid": 50, "trump": "S", "meld_cards": ["9H", "", "", ""]},
            {},
            "hand 1: the double deck has no nines (9H)",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "meld_cards": ["QS", "", "", ""]},
            {},
            "hand 1: meld_cards need a trump",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "meld": [100, 0]},
            {},
            'hand 1: counters are missing (or say "conceded": true)',
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "counters": [None, None]},
            {},
            "hand 1: only one side's counters may be left out",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "moon": "made"},
            {},
            "hand 1: these rules have no moon",
        ),
        (
            "pinochle-partnership",
            {"bidder": 0, "bid": 250, "meld": [{"triple_run": 1}, 0], "conceded": True},
            {},
            "hand 1: the single deck has no triple_run",
        ),
        (
            "pinochle-double-deck",
            {"bidder": 0, "bid": 50, "meld": [{"dix": 1}, 0], "conceded": True},
            {},
            "hand 1: the double deck has no dix",
        ),
    ],
)
def test_hand_errors(ruleset, hand, options, message):
    assert error(ruleset, [hand], options) == message


@pytest.mark.parametrize(
    ("ruleset", "options", "players", "message"),
    [
        ("pinochle-partnership", {}, THREE, "game: partnership Pinochle is for 4 players, got 3"),
        (
            "pinochle-partnership",
            {"run_extras": "both"},
            None,
            "game: option run_extras must be one of marriage, king_or_queen, included",
        ),
        (
            "pinochle-double-deck",
            {"run_extras": "king_or_queen"},
            None,
            "game: option run_extras king_or_queen is for the single deck",
        ),
        (
            "pinochle-partnership",
            {"save_meld_bidders": "all"},
            None,
            "game: option save_meld_bidders must be same or none",
        ),
        (
            "pinochle-partnership",
            {"meld_values": {"triple_run": 3000}},
            None,
            "game: option meld_values: unknown meld 'triple_run' for a single deck",
        ),
        (
            "pinochle-partnership",
            {"bid_steps": [[250, 0]]},
            None,
            "game: option bid_steps must be a list of [from, step] pairs, each step 1 or more",
        ),
        (
            "pinochle-partnership",
            {"concede_counters": "some"},
            None,
            "game: option concede_counters must be none, half, all or a whole number",
        ),
        (
            "pinochle-partnership",
            {"losing_score": "low"},
            None,
            "game: option losing_score must be a whole number or null",
        ),
    ],
)
def test_game_errors(ruleset, options, players, message):
    assert error(ruleset, [], options, players) == message


def test_a_hand_file_round_trips():
    from scorekeeper.engine.game import game_to_json

    doc = {
        "ruleset": "pinochle-double-deck",
        "players": FOUR,
        "options": {"bid_steps": [[50, 1], [60, 5], [100, 10]], "concede_counters": 25},
        "hands": [
            {
                "bidder": 1,
                "bid": 65,
                "trump": "clubs",
                "meld": [{"marriage": 2}, 30],
                "counters": [None, 30],
            },
            {
                "bidder": 2,
                "bid": 51,
                "trump": "H",
                "meld_cards": ["", "", "KH QH KS QS JD", ""],
                "conceded": True,
            },
        ],
    }
    game = load_game(doc)
    again = load_game(game_to_json(game))
    assert result_to_json(score_game(again)) == result_to_json(score_game(game))


def test_a_players_pinochle_figures_stay_apart_from_oh_hells_bids():
    from scorekeeper.stats import player_stats

    pinochle = {
        "ruleset": "pinochle-partnership",
        "players": FOUR,
        "hands": [
            {"bidder": 0, "bid": 300, "meld": [150, 60], "counters": [170, 80]},
            {"bidder": 0, "bid": 300, "meld": [50, 60], "counters": [100, 150]},
            {"bidder": 0, "bid": 250, "meld": [0, 60], "conceded": True},
        ],
    }
    oh_hell = {
        "ruleset": "oh-hell",
        "players": FOUR,
        "hands": [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 9]}],
    }
    games = [(doc["players"], score_game(load_game(doc))) for doc in (pinochle, oh_hell)]
    ann = next(p for p in player_stats(games) if p.name == "Ann").to_json()
    assert ann["auctions"] == {"won": 3, "made": 1, "set": 1, "thrown_in": 1}
    assert ann["bids"] == {"bid": 1, "made": 1}


def test_the_sheet_shows_a_picked_or_laid_meld_by_its_total():
    from scorekeeper.engine import find_ruleset
    from scorekeeper.engine.pinochle import KIND

    options = find_ruleset("pinochle-partnership").options
    picked = {
        "bidder": 0,
        "bid": 250,
        "trump": "spades",
        "meld": [{"run": 1, "dix": 2}, 60],
        "counters": [200, 50],
    }
    on_sheet = KIND.on_sheet(options, picked)
    assert KIND.hand.shorthand(on_sheet, (0, 2), FOUR, str) == "250♠ · 170 (run + 2× dix) + 200"
    assert KIND.hand.shorthand(on_sheet, (1, 3), FOUR, str) == "60 + 50"
    laid = {**picked, "meld": None, "meld_cards": ["AS TS KS QS JS", "", "", "KH QH"]}
    on_sheet = KIND.on_sheet(options, laid)
    assert KIND.hand.shorthand(on_sheet, (1, 3), FOUR, str) == "20 + 50"
    wrong = {**picked, "meld": [{"run": "one"}, 60]}  # a hand that does not read: as it is
    assert KIND.on_sheet(options, wrong) == wrong


PRESETS = [
    "pinochle-partnership",
    "pinochle-partnership-ones",
    "pinochle-partnership-bicycle",
    "pinochle-double-deck",
    "pinochle-cutthroat",
    "pinochle-cutthroat-ones",
]


@pytest.mark.parametrize("ruleset", PRESETS)
@pytest.mark.parametrize("options", [{}, {"save_meld_bidders": "none"}, {"save_meld": "trick"}])
@pytest.mark.parametrize("taker", ["bidders", "others"])
def test_a_trick_decides_exactly_where_the_entry_asks_it(ruleset, options, taker):
    """`trick_decides` (the entry asks "did they take a trick?" only where it is true)
    says whether a trick without counters changes the meld the scoring counts."""
    from scorekeeper.engine.pinochle.hand import trick_decides

    players = THREE if "cutthroat" in ruleset else FOUR
    doc = {"format": "scorekeeper-game/1", "game": "pinochle", "ruleset": ruleset}
    rules = load_game({**doc, "options": options, "players": players}).ruleset.options
    sides, total = rules.sides, rules.counters_total
    side = 0 if taker == "bidders" else 1
    for meld in (0, rules.min_meld // 2, 2 * max(rules.min_meld, rules.meld_unit)):
        if meld % rules.meld_unit:
            continue
        counters = [total if s == 1 - side else 0 for s in range(sides)]  # `side` took none
        melds = [meld if s == side else 0 for s in range(sides)]
        hand = {
            "bidder": 0,
            "bid": rules.min_bid,
            "trump": "hearts",
            "meld": melds,
            "counters": counters,
        }
        if rules.min_meld and side == 0 and meld < rules.min_meld:
            continue  # the hand ends at the meld: no counters are asked
        counted = [
            score(
                ruleset,
                [{**hand, "won_trick": [c > 0 or s == side for s, c in enumerate(counters)]}],
                options,
            )["hands"][0]["meld_counted"],
            score(ruleset, [hand], options)["hands"][0]["meld_counted"],
        ]
        assert (counted[0] != counted[1]) == trick_decides(rules, side, 0, meld), (meld, counted)
