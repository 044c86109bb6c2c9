"""Oh Hell (RULES.md §4): the worked examples, every preset and option, the schedule,
the hook, shared wins and each error, computed by hand."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.engine import (
    GameError,
    HandError,
    find_kind,
    find_ruleset,
    load_game,
    result_to_json,
    score_game,
)
from scorekeeper.engine.oh_hell import OhHellOptions
from scorekeeper.engine.options import OptionError, apply_options
from scorekeeper.engine.referee import what_if

NAMES = ["Ann", "Ben", "Cho", "Dee", "Eve", "Fay", "Gus"]


def game(ruleset="oh-hell", players=4, hands=(), first_dealer=None, **options):
    doc = {
        "game": "oh-hell",
        "ruleset": ruleset,
        "players": NAMES[:players],
        "options": options,
        "hands": list(hands),
    }
    if first_dealer is not None:
        doc["first_dealer"] = first_dealer
    return doc


def scored(doc):
    return result_to_json(score_game(load_game(doc)))


# RULES.md §4's worked example: 4 players, hand 1 of 10 cards, seat 0 deals and bids last.
EXAMPLE = {"cards": 10, "bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 0]}


@pytest.mark.parametrize(
    ("ruleset", "points"),
    [
        ("oh-hell", [13, 0, 14, 10]),
        ("oh-hell-basic", [13, 3, 14, 10]),
        ("oh-hell-penalty", [13, -2, 14, 10]),
    ],
)
def test_rules_worked_example(ruleset, points):
    out = scored(game(ruleset, hands=[EXAMPLE]))
    assert out["hands"][0]["points"] == points
    assert out["hands"][0]["markers"] == [["made"], ["missed"], ["made"], ["made"]]
    assert not out["finished"]


def test_explanation_lines_say_how_each_score_was_made():
    out = scored(game(hands=[EXAMPLE]))
    assert out["hands"][0]["explanation"] == [
        ["Bid 3, took 3: exact → 10 + 3 = +13"],
        ["Bid 2, took 3: missed → 0"],
        ["Bid 4, took 4: exact → 10 + 4 = +14"],
        ["Bid 0, took 0: exact → +10"],
    ]


def test_the_dealer_may_not_bid_what_makes_the_bids_add_up_worked_example():
    bad = {"cards": 10, "bids": [4, 2, 4, 0], "tricks": [4, 2, 4, 0]}
    with pytest.raises(HandError) as error:
        score_game(load_game(game(hands=[bad])))
    assert str(error.value) == "hand 1: the dealer may not bid 4: the bids would add up to 10"
    assert error.value.seat == 0


def test_game_format_hook_wording_with_a_first_dealer():
    # deal "down" from 7: hand 3 has 5 cards; first_dealer 1 makes seat 3 its dealer, and
    # the others bid 1 + 1 + 1, so seat 3 may not bid 2 (GAME-FORMAT.md's example).
    hands = [
        {"bids": [0, 0, 0, 0], "tricks": [7, 0, 0, 0]},
        {"bids": [0, 0, 0, 0], "tricks": [6, 0, 0, 0]},
        {"bids": [1, 1, 1, 2], "tricks": [5, 0, 0, 0]},
    ]
    doc = game(hands=hands, first_dealer=1, deal="down", max_cards=7)
    with pytest.raises(HandError) as error:
        score_game(load_game(doc))
    assert str(error.value) == "hand 3: the dealer may not bid 2: the bids would add up to 5"
    assert error.value.seat == 3
    # Dealt from seat 0 instead, seat 2 deals hand 3 and may bid 1 + 1 + 2 … but not 1.
    doc["first_dealer"] = 0
    with pytest.raises(HandError) as error:
        score_game(load_game(doc))
    assert str(error.value) == "hand 3: the dealer may not bid 1: the bids would add up to 5"


def test_without_the_hook_the_dealer_bids_anything():
    bad = {"cards": 10, "bids": [4, 2, 4, 0], "tricks": [4, 2, 4, 0]}
    out = scored(game(hands=[bad], hook=False))
    assert out["hands"][0]["points"] == [14, 12, 14, 10]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            {"bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 1]},
            "hand 1: tricks add up to 11, expected 10",
        ),
        (
            {"cards": 9, "bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 0]},
            "hand 1: 'cards' is 9, but hand 1 deals 10",
        ),
        (
            {"bids": [11, 2, 4, 0], "tricks": [3, 3, 4, 0]},
            "hand 1: seat 1: a bid is 0 to 10, got 11",
        ),
        (
            {"bids": [3, 2, -1, 0], "tricks": [3, 3, 4, 0]},
            "hand 1: seat 3: bids must be a whole number of 0 or more, got -1",
        ),
        (
            {"bids": [3, 2, 4], "tricks": [3, 3, 4, 0]},
            "hand 1: 'bids' needs one entry for each of the 4 seats",
        ),
        ({"tricks": [3, 3, 4, 0]}, "hand 1: an Oh Hell hand needs 'bids' and 'tricks'"),
    ],
)
def test_each_hand_error(hand, message):
    with pytest.raises(HandError) as error:
        score_game(load_game(game(hands=[hand])))
    assert str(error.value) == message


def full_game(options: OhHellOptions, exact_for=0):
    """A hand per schedule entry: seat `exact_for` bids and takes every trick, the others
    bid 0 and take none."""
    hands = []
    for cards in options.schedule:
        bids = [0] * options.players
        bids[exact_for] = cards
        tricks = [0] * options.players
        tricks[exact_for] = cards
        hands.append({"cards": cards, "bids": bids, "tricks": tricks})
    return hands


@pytest.mark.parametrize(
    ("players", "largest", "hands"),
    [(3, 10, 19), (4, 10, 19), (5, 10, 19), (6, 8, 15), (7, 7, 13)],
)
def test_the_schedule_for_3_to_7_players(players, largest, hands):
    ruleset = find_ruleset("oh-hell").seated(players)
    options = ruleset.options
    assert options.players == players
    assert options.largest == largest
    assert len(options.schedule) == hands
    assert options.schedule[0] == largest and options.schedule[largest - 1] == 1


@pytest.mark.parametrize(
    ("deal", "schedule"),
    [
        ("down_up", (3, 2, 1, 2, 3)),
        ("up_down", (1, 2, 3, 2, 1)),
        ("down", (3, 2, 1)),
        ("up", (1, 2, 3)),
    ],
)
def test_each_deal(deal, schedule):
    options = apply_options(OhHellOptions(), {"deal": deal, "max_cards": 3})
    assert options.schedule == schedule


@pytest.mark.parametrize(("players", "most"), [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7)])
def test_max_cards_at_most_51_over_players(players, most):
    apply_options(OhHellOptions(), {"players": players, "max_cards": most})
    with pytest.raises(OptionError):
        apply_options(OhHellOptions(), {"players": players, "max_cards": most + 1})


@pytest.mark.parametrize("players", [2, 8])
def test_three_to_seven_players(players):
    with pytest.raises(OptionError):
        apply_options(OhHellOptions(), {"players": players})


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_a_whole_game_for_each_table_size_ends_after_the_schedule(players):
    options = find_ruleset("oh-hell").seated(players).options
    # Seat 0 bids and takes everything; a dealer bidding 0 beside it makes the bids add
    # up, so the hook is off here (the hook has its own tests).
    doc = game(players=players, hook=False, hands=full_game(options))
    out = scored(doc)
    expected = sum(10 + cards for cards in options.schedule)
    assert out["totals"][0] == expected
    assert out["totals"][1:] == [10 * len(options.schedule)] * (players - 1)
    assert out["finished"] is True and out["winner"] == 0
    assert "winners" not in out
    # One more hand is an error.
    doc["hands"].append({"bids": [0] * players, "tricks": [1] + [0] * (players - 1)})
    with pytest.raises(HandError) as error:
        score_game(load_game(doc))
    assert error.value.hand == len(options.schedule) + 1
    assert f"the game has {len(options.schedule)} hands" in str(error.value)


def test_a_tie_for_the_top_after_the_last_hand_is_a_shared_win():
    # 3 players, hands of 2 and 1 cards (deal "down", max 2); dealer seat 0 then seat 1.
    hands = [
        {"bids": [1, 1, 1], "tricks": [1, 1, 0]},  # Ann +11, Ben +11, Cho 0
        {"bids": [0, 0, 0], "tricks": [0, 0, 1]},  # dealer Ben: 0+0+0 ≠ 1; Ann +10, Ben +10
    ]
    out = scored(game(players=3, deal="down", max_cards=2, hands=hands))
    assert out["totals"] == [21, 21, 0]
    assert out["finished"] is True
    assert out["winner"] is None
    assert out["winners"] == [0, 1]


@pytest.mark.parametrize(
    ("options", "bid", "took", "points"),
    [
        ({}, 3, 3, 13),
        ({}, 3, 2, 0),
        ({"trick_points": "always"}, 3, 1, 1),
        ({"trick_points": "always"}, 3, 3, 13),
        ({"trick_points": "never"}, 3, 3, 10),
        ({"trick_value": 2}, 3, 3, 16),
        ({"exact_bonus": 5}, 2, 2, 7),
        ({"miss_penalty": "bid"}, 3, 1, -3),
        ({"miss_penalty": "bid", "trick_value": 10}, 3, 1, -30),
        ({"miss_penalty": "difference"}, 3, 1, -2),
        ({"miss_penalty": "difference", "trick_points": "always"}, 1, 3, 3 - 2),
        ({"miss_penalty": "ten_per_trick"}, 3, 1, -20),
        ({"miss_penalty": "ten_per_trick"}, 0, 2, -20),
    ],
)
def test_every_scoring_option(options, bid, took, points):
    # 3 players, seat 1 is scored; seat 0 deals hand 1 (3 cards, deal "down").
    rest = 3 - took
    hand = {"bids": [0, bid, 0], "tricks": [rest, took, 0]}
    out = scored(game(players=3, deal="down", max_cards=3, hook=False, hands=[hand], **options))
    assert out["hands"][0]["points"][1] == points


def test_what_if_compares_the_presets():
    doc = game(hands=[EXAMPLE])
    result = what_if(load_game(doc), find_ruleset("oh-hell-penalty"))
    assert result.other.totals == (13, -2, 14, 10)


def test_first_dealer_must_be_a_seat():
    with pytest.raises(GameError):
        load_game(game(first_dealer=4))


def test_statistics_count_bids_made_and_exact_zeros():
    kind = find_kind("oh-hell")
    result = score_game(load_game(game(hands=[EXAMPLE])))
    hand = result.game.hands[0]
    options = result.game.ruleset.options
    tallies = [kind.tally(options, hand, result.hands[0], seat, seat) for seat in range(4)]
    assert tallies[1] == {"bids": 1, "tricks_taken": 3}
    assert tallies[3] == {"bids": 1, "bids_made": 1, "zero_bids": 1, "zero_bids_made": 1}
    assert kind.stats_json(tallies[3]) == {
        "bids": {"bid": 1, "made": 1},
        "zero_bids": {"bid": 1, "made": 1},
        "tricks_taken": 0,
    }


def test_the_command_line_scores_and_describes():
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "-"],
        input=json.dumps(game("oh-hell-basic", hands=[EXAMPLE])),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["totals"] == [13, 3, 14, 10]
    rules = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "rules", "oh-hell", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    doc = json.loads(rules.stdout)
    assert doc["game"] == "oh-hell"
    assert doc["source"]["file"] is None and doc["source"]["url"].startswith("https://")
    hook = next(o for o in doc["options"] if o["name"] == "hook")
    assert hook["value"] is True and hook["quote"].startswith("https://en.wikipedia.org/")


@pytest.mark.parametrize(("players", "largest"), [(3, 17), (6, 8)])
def test_a_file_may_deal_the_largest_hand_its_own_table_allows(players, largest):
    """max_cards is checked against the players the file names, not the preset's four."""
    doc = {
        "game": "oh-hell",
        "ruleset": "oh-hell",
        "options": {"max_cards": largest},
        "players": [f"P{n}" for n in range(players)],
        "hands": [],
    }
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
