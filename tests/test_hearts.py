"""Hearts (RULES.md §2; seed 004_f4957de8961efdc3.txt, pagat.com for Omnibus and Black Maria)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import HandError, find_ruleset, load_game, score_game
from scorekeeper.engine.hearts import pass_direction

from .conftest import PLAYERS, score


def game(ruleset, hands, players=4, options=None):
    return {
        "ruleset": ruleset,
        "players": PLAYERS.get(players, ["Ann", "Ben", "Cho", "Dee", "Eve"]),
        "hands": hands,
        "options": options or {},
    }


def h(hearts, queen, **extra):
    return {"hearts": hearts, "queen_of_spades": queen, **extra}


def error(doc) -> str:
    with pytest.raises(HandError) as caught:
        score_game(load_game(doc))
    return str(caught.value)


def test_hearts_and_the_queen_score_against_their_taker():
    result = score(game("hearts-standard", [h([3, 4, 5, 1], 2)]))
    assert result["hands"][0]["points"] == [3, 4, 18, 1]
    assert result["hands"][0]["explanation"][2] == ["5 hearts: +5", "Q♠: +13"]
    assert "bags" not in result


@pytest.mark.parametrize(
    ("choice", "points", "line"),
    [
        ("subtract", [-26, 0, 0, 0], "Shot the moon: chose −26 for self"),
        ("add", [0, 26, 26, 26], "Shot the moon: chose +26 for everyone else"),
    ],
)
def test_shoot_the_moon_the_shooter_chooses(choice, points, line):
    """Seed 004: −26 to self or +26 to every other player."""
    result = score(game("hearts-standard", [h([13, 0, 0, 0], 0, moon_choice=choice)]))
    assert result["hands"][0]["points"] == points
    assert result["hands"][0]["explanation"][0] == [line]


def test_moon_choice_is_required_when_the_preset_lets_the_shooter_choose():
    assert error(game("hearts-standard", [h([0, 13, 0, 0], 1)])).startswith(
        "hand 1: seat 2 shot the moon: 'moon_choice' must be"
    )


def test_moon_choice_is_ignored_when_nobody_shot():
    result = score(game("hearts-standard", [h([13, 0, 0, 0], 1, moon_choice="add")]))
    assert result["hands"][0]["points"] == [13, 13, 0, 0]


@pytest.mark.parametrize(
    ("moon", "points"), [("subtract", [-26, 0, 0, 0]), ("add", [0, 26, 26, 26])]
)
def test_a_preset_may_fix_the_moon(moon, points):
    result = score(game("hearts-standard", [h([13, 0, 0, 0], 0)], options={"moon": moon}))
    assert result["hands"][0]["points"] == points


def test_without_a_moon_taking_everything_scores_26():
    result = score(game("hearts-standard", [h([13, 0, 0, 0], 0)], options={"moon": "none"}))
    assert result["hands"][0]["points"] == [26, 0, 0, 0]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (h([3, 4, 5, 0], 2), "hand 1: hearts add up to 12, expected 13"),
        ({"hearts": [3, 4, 5, 1]}, "hand 1: nobody took Q♠"),
        (h([3, 4, 5, 1], None), "hand 1: nobody took Q♠"),
        (h([3, 4, 5, 1], [1, 2]), "hand 1: exactly one player takes Q♠"),
        (
            h([3, 4, 5, 1], 4),
            "hand 1: 'queen_of_spades' must name a seat: 0 for seat 1 to 3 for seat 4, got 4",
        ),
        (h([3, 4, -1, 7], 1), "hand 1: seat 3: hearts -1 must be a whole number 0–13"),
        (h([3, 4, 5], 1), "hand 1: 'hearts' needs one entry for each of the 4 seats"),
    ],
)
def test_invalid_hearts_hands(hand, message):
    assert error(game("hearts-standard", [hand])).startswith(message)


def test_game_ends_at_100_lowest_wins():
    hands = [
        h([0, 0, 0, 13], 3, moon_choice="add")
    ] * 4  # Dee shoots four times: everyone else +104
    result = score(game("hearts-standard", hands))
    assert result["totals"] == [104, 104, 104, 0]
    assert (result["finished"], result["winner"]) == (True, 3)


def test_tie_for_lowest_at_the_end_plays_on():
    """RULES.md §2: a tie for lowest at the end plays another hand."""
    hands = [h([13, 0, 0, 0], 1)] * 8  # Ann and Ben take 13 a hand; Cho and Dee nothing
    result = score(game("hearts-standard", hands))
    assert result["totals"] == [104, 104, 0, 0]
    assert (result["finished"], result["winner"]) == (False, None)
    assert result["outcome"] == "tie at 0 between Cho, Dee — play another hand"
    more = [*hands, h([0, 0, 1, 12], 1)]
    result = score(game("hearts-standard", more))
    assert result["totals"] == [104, 117, 1, 12]
    assert (result["finished"], result["winner"]) == (True, 2)
    with pytest.raises(HandError):
        score_game(load_game(game("hearts-standard", [*more, h([13, 0, 0, 0], 1)])))


def test_widow_game_is_one_deal_each_and_has_no_moon():
    """Seed 004 variation: as many hands as players; no moon."""
    hands = [h([13, 0, 0, 0], 0), h([0, 5, 4, 4], 1), h([0, 5, 4, 4], 2)]
    result = score(game("hearts-widow", hands))
    assert result["hands"][0]["points"] == [26, 0, 0, 0]
    assert result["finished"] is False
    result = score(game("hearts-widow", [*hands, h([0, 0, 6, 7], 3)]))
    assert result["totals"] == [26, 23, 27, 28]
    assert (result["finished"], result["winner"]) == (True, 1)


def test_widow_game_for_five():
    hands = [h([1, 2, 3, 3, 4], 0)] * 5
    result = score(game("hearts-widow", hands, players=5, options={"players": 5}))
    assert result["finished"] is True and result["winner"] == 1
    assert find_ruleset("hearts-widow").with_options({"players": 5}).options.cards_each == 10


def test_omnibus_bonus_card_counts_minus_ten():
    result = score(game("hearts-omnibus", [h([3, 4, 5, 1], 2, jack_of_diamonds=0)]))
    assert result["hands"][0]["points"] == [3 - 10, 4, 18, 1]
    assert error(game("hearts-omnibus", [h([3, 4, 5, 1], 2)])).startswith("hand 1: nobody took J♦")


def test_omnibus_slam_keeps_the_bonus_card():
    result = score(
        game("hearts-omnibus", [h([13, 0, 0, 0], 0, jack_of_diamonds=0, moon_choice="subtract")])
    )
    assert result["hands"][0]["points"] == [-36, 0, 0, 0]
    assert result["hands"][0]["markers"][0] == ["moon", "slam"]


def test_black_maria_spade_cards():
    hand = h([6, 4, 3], 0, king_of_spades=1, ace_of_spades=2)
    result = score(game("black-maria", [hand], players=3))
    assert result["hands"][0]["points"] == [6 + 13, 4 + 10, 3 + 7]


@pytest.mark.parametrize(
    ("players", "removed", "ok"),
    [(3, "2d", True), (3, "none", False), (5, "2d_2c", True), (5, "2c", False), (4, "none", True)],
)
def test_packs_for_three_and_five(players, removed, ok):
    ruleset = find_ruleset("hearts-standard")
    if ok:
        assert ruleset.with_options(
            {"players": players, "removed_cards": removed}
        ).options.cards_each in (17, 13, 10)
    else:
        with pytest.raises(ValueError, match="do not deal out evenly"):
            ruleset.with_options({"players": players, "removed_cards": removed})


def test_pass_directions():
    standard = find_ruleset("hearts-standard").options
    assert [str(pass_direction(standard, n)) for n in range(1, 6)] == [
        "pass 3 to the left",
        "pass 3 to the right",
        "pass 3 across",
        "hold: no passing this hand",
        "pass 3 to the left",
    ]
    three = (
        find_ruleset("hearts-standard").with_options({"players": 3, "removed_cards": "2d"}).options
    )
    assert str(pass_direction(three, 3)) == "hold: no passing this hand"
    widow = find_ruleset("hearts-widow").options
    assert str(pass_direction(widow, 1)) == "pass 2 to the left, look, then 1 more to the left"
    assert str(pass_direction(widow, 2)) == "pass 2 to the right, look, then 1 more to the right"
    assert str(pass_direction(find_ruleset("black-maria").options, 2)) == "pass 3 to the right"
