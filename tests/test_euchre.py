"""Euchre (RULES.md §5): the worked examples E1–E10, the presets and options, the decider
of a fixed-length game and each error of GAME-FORMAT.md, computed by hand."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    HandError,
    find_ruleset,
    load_game,
    result_to_json,
    score_game,
)
from scorekeeper.engine.euchre import HAND, EuchreOptions
from scorekeeper.engine.euchre.scoring import play, start
from scorekeeper.engine.options import OptionError, apply_options, option_types

PLAYERS = ["Ann", "Ben", "Cho", "Dee"]


def game(ruleset="euchre", played=(), **options):
    return {
        "game": "euchre",
        "ruleset": ruleset,
        "options": options,
        "players": PLAYERS,
        "hands": list(played),
    }


class End:
    def __init__(self, out):
        self.finished, self.winner = out["finished"], out["winner"]


def replay(ruleset, played, **options):
    """(points per hand, totals per hand, the end) of a game file scored."""
    out = result_to_json(score_game(load_game(game(ruleset, played, **options))))
    return [h["points"] for h in out["hands"]], [h["totals"] for h in out["hands"]], End(out)


def rules(preset="euchre", **changes):
    return apply_options(find_ruleset(preset).options, changes)


@pytest.mark.parametrize(
    ("example", "options", "hand", "points"),
    [
        ("E1", {}, {"maker": 0, "tricks": 3}, [1, 0]),
        ("E1, 4 tricks", {}, {"maker": 0, "tricks": 4}, [1, 0]),
        ("E2", {}, {"maker": 1, "tricks": 5}, [0, 2]),
        ("E3", {}, {"maker": 2, "alone": True, "tricks": 5}, [4, 0]),
        ("E4", {}, {"maker": 3, "alone": True, "tricks": 4}, [0, 1]),
        ("E5", {}, {"maker": 0, "tricks": 2}, [0, 2]),
        ("E5 alone", {}, {"maker": 0, "alone": True, "tricks": 2}, [0, 2]),
        (
            "E7",
            {"defend_alone": "against_loner"},
            {"maker": 0, "alone": True, "tricks": 2, "defender_alone": 1},
            [0, 4],
        ),
        ("E8", {"super_euchre_points": 4}, {"maker": 3, "tricks": 0}, [4, 0]),
        (
            "E8, one trick: no super euchre",
            {"super_euchre_points": 4},
            {"maker": 3, "tricks": 1},
            [2, 0],
        ),
        # Several euchre values never add up: the largest (4), not 2 + 4 + 4.
        (
            "largest, not the sum",
            {"defend_alone": "any", "super_euchre_points": 4, "lone_euchre_points": 4},
            {"maker": 1, "alone": True, "tricks": 0, "defender_alone": 2},
            [4, 0],
        ),
        (
            "defend alone any",
            {"defend_alone": "any"},
            {"maker": 1, "tricks": 1, "defender_alone": 0},
            [4, 0],
        ),
        (
            "a lone defender beaten",
            {"defend_alone": "any"},
            {"maker": 1, "tricks": 5, "defender_alone": 0},
            [0, 2],
        ),
    ],
)
def test_worked_examples(example, options, hand, points):
    assert replay("euchre", [hand], **options)[0] == [points]


def test_e6_a_euchred_lone_hand_under_the_1888_laws():
    assert replay("euchre-1888", [{"maker": 1, "alone": True, "tricks": 1}])[0] == [[4, 0]]
    # With a partner it is the usual 2.
    assert replay("euchre-1888", [{"maker": 1, "tricks": 1}])[0] == [[2, 0]]


def test_game_format_example():
    hands = [
        {"maker": 0, "tricks": 3},
        {"maker": 3, "alone": True, "tricks": 5},
        {"maker": 2, "tricks": 1},
    ]
    points, totals, end = replay("euchre", hands)
    assert points == [[1, 0], [0, 4], [0, 2]]
    assert totals[-1] == [1, 6]
    assert not end.finished and end.winner is None


def test_e9_the_hand_that_reaches_the_target_ends_the_game():
    # 4 + 4 + 1 = 9: side 0 at 9 makes 3 tricks and reaches 10.
    nine = [{"maker": 0, "alone": True, "tricks": 5}] * 2 + [{"maker": 0, "tricks": 3}]
    _, totals, end = replay("euchre", nine)
    assert totals[-1] == [9, 0] and not end.finished
    _, totals, end = replay("euchre", [*nine, {"maker": 2, "tricks": 3}])
    assert totals[-1] == [10, 0] and end.finished and end.winner == 0
    with pytest.raises(HandError):
        replay("euchre", [*nine, {"maker": 2, "tricks": 3}, {"maker": 1, "tricks": 3}])


def test_totals_may_pass_the_target():
    hands = [{"maker": 1, "alone": True, "tricks": 5}] * 2 + [{"maker": 1, "tricks": 3}]
    hands.append({"maker": 3, "alone": True, "tricks": 5})  # 9 + 4 = 13
    _, totals, end = replay("euchre", hands)
    assert totals[-1] == [0, 13] and end.finished and end.winner == 1


def level_eight():
    """8 hands ending 6–6: each side marches twice (+2) and makes twice (+1)."""
    hands = []
    for _ in range(2):
        hands += [{"maker": 0, "tricks": 5}, {"maker": 1, "tricks": 5}]  # +2 each
        hands += [{"maker": 2, "tricks": 3}, {"maker": 3, "tricks": 4}]  # +1 each
    return hands


def test_e10_a_level_tournament_game_goes_to_a_decider_that_is_not_added():
    points, totals, end = replay("euchre-tournament", level_eight())
    assert totals[-1] == [6, 6] and not end.finished and end.winner is None
    points, totals, end = replay("euchre-tournament", [*level_eight(), {"maker": 1, "tricks": 3}])
    assert points[-1] == [0, 1] and totals[-1] == [6, 6]
    assert end.finished and end.winner == 1
    with pytest.raises(HandError):
        replay(
            "euchre-tournament",
            [*level_eight(), {"maker": 1, "tricks": 3}, {"maker": 0, "tricks": 3}],
        )


def test_a_euchre_in_the_decider_wins_it_for_the_defenders():
    points, totals, end = replay("euchre-tournament", [*level_eight(), {"maker": 0, "tricks": 2}])
    assert points[-1] == [0, 2] and totals[-1] == [6, 6] and end.winner == 1


def test_a_tournament_game_not_level_ends_after_hand_8():
    hands = level_eight()
    hands[-1] = {"maker": 1, "tricks": 5}  # side 1 marches instead: 6–7
    _, totals, end = replay("euchre-tournament", hands)
    assert totals[-1] == [6, 7] and end.finished and end.winner == 1


def test_target_and_hands_the_first_reached_ends_the_game():
    _, totals, end = replay(
        "euchre", [{"maker": 0, "alone": True, "tricks": 5}], target=3, hands=8
    )
    assert totals[-1] == [4, 0] and end.finished and end.winner == 0


def test_no_hands_is_a_valid_game():
    assert replay("euchre", [])[:2] == ([], [])
    assert not replay("euchre", [])[2].finished


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"tricks": 3}, "a Euchre hand needs 'maker' and 'tricks'"),
        ({"maker": 4, "tricks": 3}, "'maker' must be a seat of the file (0 to 3), got 4"),
        ({"maker": 0, "tricks": 6}, "'tricks' (the makers' side) must be 0 to 5, got 6"),
        ({"maker": 0, "tricks": 3, "alone": "yes"}, "'alone' must be true or false"),
        (
            {"maker": 0, "tricks": 3, "defender_alone": 1},
            "defending alone is not played under these rules (defend_alone is off)",
        ),
    ],
)
def test_each_hand_error(hand, message):
    with pytest.raises(HandError) as error:
        replay("euchre", [hand])
    assert str(error.value) == f"hand 1: {message}"


@pytest.mark.parametrize(
    ("options", "hand", "message"),
    [
        (
            {"defend_alone": "against_loner"},
            {"maker": 0, "tricks": 2, "defender_alone": 1},
            "a defender may defend alone only against a lone maker",
        ),
        (
            {"defend_alone": "any"},
            {"maker": 0, "tricks": 2, "defender_alone": 2},
            "the lone defender must sit on the defenders' side",
        ),
    ],
)
def test_defending_alone_errors(options, hand, message):
    with pytest.raises(HandError) as error:
        replay("euchre", [hand], **options)
    assert str(error.value) == f"hand 1: {message}"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"target": 0, "hands": 0},
            "options target, hands: a game needs a target, a number of hands, or both",
        ),
        ({"players": 3}, "Euchre is for 4 players, got 3"),
        (
            {"defend_alone": "never"},
            "option defend_alone must be one of off, against_loner, any",
        ),
        ({"march_points": -1}, "option march_points must be 0 or more"),
    ],
)
def test_option_errors(changes, message):
    with pytest.raises(OptionError) as error:
        rules(**changes)
    assert str(error.value.located).startswith(message)


def test_the_presets():
    assert rules().target == 10 and rules().hands == 0 and rules().lone_euchre_points == 2
    assert (rules("euchre-1888").target, rules("euchre-1888").lone_euchre_points) == (5, 4)
    tournament = rules("euchre-tournament")
    assert (tournament.target, tournament.hands, tournament.lone_euchre_points) == (0, 8, 4)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.booleans(), st.integers(0, 5)), min_size=1, max_size=30
    )
)
def test_exactly_one_side_scores_each_hand_and_the_other_stays(hands):
    options = rules(target=0, hands=40)
    state = start(options, PLAYERS)  # the engine itself, hand after hand
    for maker, alone, tricks in hands:
        result = play(
            options, state, HAND.parse({"maker": maker, "alone": alone, "tricks": tricks}, options)
        )
        scored = [side for side in (0, 1) if result.points[side]]
        assert len(scored) == 1
        assert (scored[0] == maker % 2) == (tricks >= 3)
        assert result.totals[1 - scored[0]] == state.totals[1 - scored[0]]
        state = result.state


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_line_scores_the_game_format_example():
    hands = [
        {"maker": 0, "tricks": 3},
        {"maker": 3, "alone": True, "tricks": 5},
        {"maker": 2, "tricks": 1},
    ]
    done = run_cli("score", "-", stdin=json.dumps(game(played=hands)))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["sides"] == [
        {"name": "Ann & Cho", "seats": [0, 2]},
        {"name": "Ben & Dee", "seats": [1, 3]},
    ]
    assert [h["points"] for h in out["hands"]] == [[1, 0], [0, 4], [0, 2]]
    assert out["totals"] == [1, 6] and out["finished"] is False and out["winner"] is None
    assert "bags" not in out


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (dict(game(), players=PLAYERS[:3]), "game: Euchre is for 4 players, got 3"),
        (
            game(target=0, hands=0),
            "game: options target, hands: a game needs a target, a number of hands, or both",
        ),
        (
            game(played=[{"maker": 4, "tricks": 3}]),
            "hand 1: 'maker' must be a seat of the file (0 to 3), got 4",
        ),
    ],
)
def test_the_command_line_refuses_with_one_line(doc, message):
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == message


@pytest.mark.parametrize("ruleset_id", ["euchre", "euchre-1888", "euchre-tournament"])
def test_rules_json_lists_every_option(ruleset_id):
    done = run_cli("rules", ruleset_id, "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["game"] == "euchre" and doc["source"]["file"] is None
    assert {o["name"] for o in doc["options"]} == set(option_types(EuchreOptions))
    for option in doc["options"]:
        if option["origin"] in ("stated", "inherited", "chosen"):
            assert option["quote"].startswith(doc["source"]["url"] + " (")


def test_the_sheet_names_who_made_the_suit_and_who_defended_alone():
    doc = game(
        defend_alone="against_loner",
        played=[
            {"maker": 2, "alone": True, "tricks": 5},
            {"maker": 1, "alone": True, "tricks": 2, "defender_alone": 0},
        ],
    )
    from scorekeeper.scoresheet import rows as sheet_rows

    rows = sheet_rows(PLAYERS, doc["hands"], score_game(load_game(doc)))
    assert [cell.detail for cell in rows[0].sides] == ["Cho alone 5/5", ""]
    assert [cell.detail for cell in rows[1].sides] == ["Ann defended alone", "Ben alone 2/5"]


def test_in_the_csv_playing_alone_is_the_makers_own_row():
    from scorekeeper.stats import csv_rows

    doc = game(played=[{"maker": 2, "alone": True, "tricks": 5}])
    rows = list(csv_rows([("g", "2026-11-28", PLAYERS, doc["hands"], score_game(load_game(doc)))]))
    marks = {row[5]: row[-1].split() for row in rows[1:]}
    assert marks["Cho"] == ["march", "alone"] and marks["Ann"] == ["march"]
    assert {row[5]: (row[7], row[8]) for row in rows[1:]}["Cho"] == ("alone", "5")


def test_a_lone_defender_in_the_first_seat_is_written_back():
    options = load_game(game(defend_alone="against_loner")).ruleset.options
    body = {"maker": 1, "tricks": 2, "alone": True, "defender_alone": 0}
    written = HAND.to_json(HAND.parse(body, options))
    assert list(written.items()) == list(body.items())
