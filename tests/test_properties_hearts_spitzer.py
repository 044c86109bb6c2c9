"""Properties over random valid Hearts and Spitzer games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import HandError, find_ruleset, load_game, score_game
from scorekeeper.engine.hearts.scoring import scoring_cards
from scorekeeper.engine.spitzer.scoring import TWO_DECLARERS, Contract

NAMES = ["Ann", "Ben", "Cho", "Dee", "Eve"]


@st.composite
def hearts_hand(draw, ruleset_id):
    options = find_ruleset(ruleset_id).options
    seats = options.players
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=seats - 1, max_size=seats - 1)))
    edges = [0, *cuts, 13]
    hand = {"hearts": [edges[i + 1] - edges[i] for i in range(seats)]}
    for card in scoring_cards(options):
        hand[card] = draw(st.integers(0, seats - 1))
    hand["moon_choice"] = draw(st.sampled_from(["subtract", "add"]))
    return hand


@st.composite
def spitzer_hand(draw):
    contract = draw(st.sampled_from(list(Contract)))
    declarers = draw(st.permutations(range(4)))[: 2 if contract in TWO_DECLARERS else 1]
    tricks = draw(st.integers(0, 8))
    points = 0 if tricks == 0 else 120 if tricks == 8 else draw(st.integers(0, 120))
    return {
        "contract": contract.value,
        "declarers": list(declarers),
        "points": points,
        "tricks": tricks,
    }


def play_out(ruleset_id, hands):
    """Score as many hands as the game allows (it may end early)."""
    players = NAMES[: find_ruleset(ruleset_id).options.players]
    for count in range(len(hands), -1, -1):
        try:
            return score_game(
                load_game({"ruleset": ruleset_id, "players": players, "hands": hands[:count]})
            )
        except HandError:
            continue
    raise AssertionError("an empty game always scores")


def check(result):
    running = [0] * len(result.sides)
    for hand in result.hands:
        running = [t + p for t, p in zip(running, hand.points, strict=True)]
        assert list(hand.totals) == running
        for side, lines in enumerate(hand.explanation):
            assert sum(line.points for line in lines) == hand.points[side]


@pytest.mark.parametrize(
    "ruleset_id", ["hearts-standard", "hearts-widow", "hearts-omnibus", "black-maria"]
)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_hearts_totals_and_lines(ruleset_id, data):
    hands = data.draw(st.lists(hearts_hand(ruleset_id), max_size=12))
    result = play_out(ruleset_id, hands)
    check(result)
    options = find_ruleset(ruleset_id).options
    for hand in result.hands:
        # Every hand hands out 26 points (more with K♠/A♠, less with a bonus card), or a moon.
        total = sum(hand.points)
        assert total in (
            26
            + options.spade_king_points
            + options.spade_ace_points
            - (10 if options.bonus_card.value != "none" else 0),
            -26,
            -36,
            78,
            68,
        )


@settings(max_examples=60, deadline=None)
@given(hands=st.lists(spitzer_hand(), max_size=15))
def test_spitzer_totals_and_lines(hands):
    check(play_out("spitzer", hands))
