"""The referee's what-if: what it can know of the end under other rules, and what not."""

from __future__ import annotations

from scorekeeper.engine import GameError, find_ruleset, load_game
from scorekeeper.engine.outcome import individual_sides
from scorekeeper.engine.referee import other_ruleset, outcome_words, verdict, what_if
from scorekeeper.engine.types import Outcome, Side

PLAYERS = ["Ann", "Ben", "Cho", "Dee"]


def game(ruleset: str, hands, **options):
    return load_game({"ruleset": ruleset, "players": PLAYERS, "hands": hands, "options": options})


def test_a_pair_wins_and_a_player_wins():
    pair = (Side("Ann & Cho", (0, 2)), Side("Ben & Dee", (1, 3)))
    assert str(outcome_words(Outcome(True, 0), pair)) == "Ann & Cho win"
    assert str(outcome_words(Outcome(True, 1), individual_sides(PLAYERS))) == "Ben wins"


def test_a_refused_hand_gives_no_verdict_on_a_finished_game():
    finished = game(
        "yahoo-normal",
        [
            {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]},
            {"bids": ["nil", 3, 4, 3], "tricks": [0, 4, 5, 4]},
        ],
        target=150,
    )
    result = what_if(finished, find_ruleset("joker-barmore"))
    assert result.refused and not result.winner_changes
    said = str(verdict(result))
    assert said.startswith("No verdict: these rules cannot score hand 2")
    assert "not be over" not in said


def test_a_game_that_ends_sooner_under_the_other_rules_still_has_a_verdict():
    """Stopping because the game is already over is an outcome, not a refusal."""
    played = game(
        "yahoo-normal",
        [{"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]}] * 3,
    )
    short = find_ruleset("yahoo-normal").with_options({"target": 100})
    result = what_if(played, short)
    assert result.stopped is not None and not result.refused
    assert str(verdict(result)) == "Under these rules the game would already be over."


def test_team_total_rules_take_the_sum_of_partners_bids():
    played = game("yahoo-normal", [{"bids": [3, 4, 2, 4], "tricks": [3, 4, 2, 4]}])
    result = what_if(played, find_ruleset("akagiri-standard"))
    assert result.stopped is None
    assert result.rows[0].other == result.rows[0].actual == (50, 80)
    assert [c.hands for c in result.carried] == [(1,)]


def test_the_first_preset_offered_is_another_one_that_seats_the_players():
    offered = other_ruleset(game("yahoo-normal", []))
    assert offered is not None and offered.id != "yahoo-normal"
    assert offered.seated(4).options.players == 4
    hearts = load_game({"ruleset": "hearts-standard", "players": PLAYERS, "hands": []})
    offered = other_ruleset(hearts)
    assert offered is not None and offered.id not in ("hearts-standard", "black-maria")


def test_a_game_each_for_themselves_is_compared_only_with_rules_that_seat_it_so():
    hands = [{"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]}]
    alone = game("cardsite-individual", hands)
    offered = other_ruleset(alone)
    assert offered is not None and not offered.options.partnership
    result = what_if(alone, offered)
    assert len(result.rows[0].other or ()) == 4  # a total for every player
    try:
        what_if(alone, find_ruleset("yahoo-normal"))
    except GameError as error:
        said = str(error)
    assert said == (
        "game: ruleset 'yahoo-normal' plays in partnerships;"
        " this game was played each for themselves"
    )
