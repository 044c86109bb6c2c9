"""The command line against the game-file interface for Euchre and the Oh Hell family:
every example, output shape and error line GAME-FORMAT.md gives, and the worked examples
and presets of RULES.md §4–§6, through the real `scorekeeper` command."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import run_cli

PLAYERS = ["Ann", "Ben", "Cho", "Dee"]
SIDES = [{"name": "Ann & Cho", "seats": [0, 2]}, {"name": "Ben & Dee", "seats": [1, 3]}]


def euchre(hands: list[Any], ruleset: str = "euchre", **top: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "scorekeeper-game/1",
        "game": "euchre",
        "ruleset": ruleset,
        "options": {},
        "players": PLAYERS,
        "hands": hands,
    }
    return {**doc, **top}


def oh_hell(hands: list[Any], ruleset: str = "wizard", players: int = 4, **top: Any) -> dict:
    doc: dict[str, Any] = {
        "format": "scorekeeper-game/1",
        "game": "oh-hell",
        "ruleset": ruleset,
        "options": {},
        "players": PLAYERS[:players] if players <= 4 else [f"P{n}" for n in range(players)],
        "hands": hands,
    }
    return {**doc, **top}


def score(doc: dict[str, Any]) -> dict[str, Any]:
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def refused(doc: dict[str, Any]) -> str:
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert done.stderr.count("\n") == 1, done.stderr
    return done.stderr.strip()


MADE = {"maker": 0, "tricks": 3}


def test_the_euchre_example_scores_as_game_format_says():
    """GAME-FORMAT.md, Euchre output: hands [1, 0], [0, 4], [0, 2]; totals [1, 6]."""
    out = score(
        euchre(
            [
                {"maker": 0, "tricks": 3},
                {"maker": 3, "alone": True, "tricks": 5},
                {"maker": 2, "tricks": 1},
            ]
        )
    )
    assert out["game"] == "euchre" and out["ruleset"] == "euchre"
    assert out["sides"] == SIDES
    assert [hand["points"] for hand in out["hands"]] == [[1, 0], [0, 4], [0, 2]]
    assert [hand["totals"] for hand in out["hands"]] == [[1, 0], [1, 4], [1, 6]]
    assert all("bags" not in hand for hand in out["hands"]) and "bags" not in out
    assert out["totals"] == [1, 6]
    assert out["finished"] is False and out["winner"] is None


# GAME-FORMAT.md, "Errors": the Euchre and Oh Hell lines, exactly.
ERRORS = [
    (euchre([], players=PLAYERS[:3]), "game: Euchre is for 4 players, got 3"),
    (
        euchre([], options={"target": 0, "hands": 0}),
        "game: options target, hands: a game needs a target, a number of hands, or both",
    ),
    (
        euchre([], options={"defend_alone": "sometimes"}),
        "game: option defend_alone must be one of off, against_loner, any",
    ),
    (euchre([MADE, MADE, {"tricks": 3}]), "hand 3: a Euchre hand needs 'maker' and 'tricks'"),
    (
        euchre([MADE, MADE, {"maker": 4, "tricks": 3}]),
        "hand 3: 'maker' must be a seat of the file (0 to 3), got 4",
    ),
    (
        euchre([MADE, MADE, {"maker": 1, "tricks": 6}]),
        "hand 3: 'tricks' (the makers' side) must be 0 to 5, got 6",
    ),
    (
        euchre([MADE, MADE, {"maker": 1, "tricks": 3, "alone": "yes"}]),
        "hand 3: 'alone' must be true or false",
    ),
    (
        euchre([MADE, MADE, {"maker": 1, "alone": True, "tricks": 2, "defender_alone": 0}]),
        "hand 3: defending alone is not played under these rules (defend_alone is off)",
    ),
    (
        euchre(
            [MADE, MADE, {"maker": 1, "tricks": 2, "defender_alone": 0}],
            options={"defend_alone": "against_loner"},
        ),
        "hand 3: a defender may defend alone only against a lone maker",
    ),
    (
        euchre(
            [MADE, MADE, {"maker": 1, "alone": True, "tricks": 2, "defender_alone": 3}],
            options={"defend_alone": "any"},
        ),
        "hand 3: the lone defender must sit on the defenders' side",
    ),
    (
        euchre([MADE] * 9 + [{"maker": 1, "tricks": 3}, MADE, MADE]),
        "hand 12: the game is already over: Ann & Cho won after hand 11",
    ),
    (oh_hell([], options={"pack": 54}), "game: option pack must be 52 or 60"),
    (
        oh_hell([], ruleset="oh-hell", players=7, options={"pack": 60}),
        "game: options pack, players: a 60-card pack is for 3 to 6 players",
    ),
    (
        oh_hell([], options={"max_cards": 16}),
        "game: options max_cards, players: the whole 60-card pack deals at most 15 cards "
        "each to 4 players",
    ),
    (oh_hell([], options={"largest_repeat": 0}), "game: option largest_repeat must be 1 or more"),
    # The Canadian rule (RULES.md §6.1): the dealer, seat 2, leads 30 to −10, −10 and
    # deals hand 2; bidding from seat 0: 1, 0, then the dealer's 1 would make it even.
    (
        oh_hell(
            [{"bids": [1, 1, 1], "tricks": [0, 0, 1]}, {"bids": [1, 0, 1], "tricks": [1, 0, 1]}],
            ruleset="wizard-canadian",
            players=3,
            first_dealer=1,
        ),
        "hand 2: the dealer, leading, may not bid 1: the bids would add up to 2",
    ),
    # GAME-FORMAT.md, Oh Hell hand: hand 3 of a 7-card game deals 5 and seat 2 deals it.
    (
        oh_hell(
            [
                {"bids": [1, 2, 2, 1], "tricks": [1, 2, 2, 2]},
                {"bids": [1, 2, 2, 0], "tricks": [1, 2, 2, 1]},
                {"bids": [1, 1, 2, 1], "tricks": [1, 1, 2, 1]},
            ],
            ruleset="oh-hell",
            options={"max_cards": 7},
        ),
        "hand 3: the dealer may not bid 2: the bids would add up to 5",
    ),
    (
        oh_hell(
            [{"bids": [n, 0, 0], "tricks": [n, 0, 0]} for n in range(1, 22)],
            players=3,
        ),
        "hand 21: the game has 20 hands: there is no hand 21",
    ),
]


@pytest.mark.parametrize(("doc", "line"), ERRORS, ids=[line for _, line in ERRORS])
def test_each_error_line_game_format_gives(doc, line):
    assert refused(doc) == line


# RULES.md §5.4, E1–E8: one hand's points for sides 0 (seats 0 + 2) and 1 (seats 1 + 3).
WORKED = [
    ("E1", "euchre", {}, {"maker": 0, "tricks": 3}, [1, 0]),
    ("E1, 4 tricks", "euchre", {}, {"maker": 0, "tricks": 4}, [1, 0]),
    ("E2", "euchre", {}, {"maker": 1, "tricks": 5}, [0, 2]),
    ("E3", "euchre", {}, {"maker": 2, "alone": True, "tricks": 5}, [4, 0]),
    ("E4", "euchre", {}, {"maker": 3, "alone": True, "tricks": 4}, [0, 1]),
    ("E5", "euchre", {}, {"maker": 0, "tricks": 2}, [0, 2]),
    ("E5, alone", "euchre", {}, {"maker": 0, "alone": True, "tricks": 2}, [0, 2]),
    ("E6", "euchre-1888", {}, {"maker": 1, "alone": True, "tricks": 1}, [4, 0]),
    (
        "E7",
        "euchre",
        {"defend_alone": "against_loner"},
        {"maker": 0, "alone": True, "defender_alone": 1, "tricks": 2},
        [0, 4],
    ),
    ("E8", "euchre", {"super_euchre_points": 4}, {"maker": 3, "tricks": 0}, [4, 0]),
    (
        "§5.2 largest, not the sum",
        "euchre",
        {"defend_alone": "any", "super_euchre_points": 4},
        {"maker": 1, "alone": True, "defender_alone": 2, "tricks": 0},
        [4, 0],
    ),
]


@pytest.mark.parametrize(
    ("name", "ruleset", "options", "hand", "points"), WORKED, ids=[w[0] for w in WORKED]
)
def test_euchre_worked_examples(name, ruleset, options, hand, points):
    out = score(euchre([hand], ruleset, options=options))
    assert out["hands"][0]["points"] == points
    assert out["totals"] == points


def test_e9_the_hand_that_reaches_the_target_ends_the_game():
    """RULES.md §5.4 E9: side 0 at 9 makes 3 tricks: 10, finished, side 0 wins."""
    march = {"maker": 2, "tricks": 5}
    out = score(euchre([march] * 4 + [MADE, MADE]))
    assert out["hands"][-2]["totals"] == [9, 0] and out["totals"] == [10, 0]
    assert out["finished"] is True and out["winner"] == 0


LEVEL = [{"maker": 0, "tricks": 5}] * 2 + [MADE] * 2 + [{"maker": 1, "tricks": 5}] * 2
LEVEL += [{"maker": 3, "tricks": 3}] * 2


def test_e10_a_level_tournament_game_waits_for_the_decider():
    """RULES.md §5.2 and §5.4 E10; GAME-FORMAT.md: the decider's points show, its totals
    repeat the previous ones, and the side that scored in it wins."""
    level = score(euchre(LEVEL, "euchre-tournament"))
    assert level["totals"] == [6, 6]
    assert level["finished"] is False and level["winner"] is None
    out = score(euchre([*LEVEL, {"maker": 1, "tricks": 3}], "euchre-tournament"))
    assert out["hands"][-1]["points"] == [0, 1] and out["hands"][-1]["totals"] == [6, 6]
    assert out["totals"] == [6, 6] and out["finished"] is True and out["winner"] == 1
    # The defenders scoring in the decider win it too.
    out = score(euchre([*LEVEL, {"maker": 1, "tricks": 1}], "euchre-tournament"))
    assert out["hands"][-1]["points"] == [2, 0] and out["winner"] == 0
    line = refused(euchre([*LEVEL, MADE, MADE], "euchre-tournament"))
    assert line == "hand 10: the game is already over: Ann & Cho won after hand 9"


def test_a_euchre_file_with_no_hands_is_level_and_goes_on():
    """RULES.md §5.5: a game file with no hands is valid (0–0, not finished)."""
    out = score(euchre([]))
    assert out["hands"] == [] and out["totals"] == [0, 0] and out["finished"] is False


def test_a_defender_alone_may_be_null():
    """GAME-FORMAT.md: `defender_alone` absent or null when nobody defended alone."""
    out = score(euchre([{"maker": 1, "tricks": 2, "defender_alone": None}]))
    assert out["totals"] == [2, 0]


# RULES.md §4 and §6.3: one hand's points, per seat.
OH_HELL = [
    (
        "§4 oh-hell",
        "oh-hell",
        4,
        {},
        [{"bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 0]}],
        [13, 0, 14, 10],
    ),
    (
        "§4 oh-hell-basic",
        "oh-hell-basic",
        4,
        {},
        [{"bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 0]}],
        [13, 3, 14, 10],
    ),
    (
        "§4 oh-hell-penalty",
        "oh-hell-penalty",
        4,
        {},
        [{"bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 0]}],
        [13, -2, 14, 10],
    ),
    # W1 (bid 2 took 2), W2 (0, 0), W3 (1 took 3; 3 took 0): hand 5 of a 4-player game.
    (
        "W1 W2 W3",
        "wizard",
        4,
        {},
        [{"bids": [0, 0, 0, 0], "tricks": [n, 0, 0, 0]} for n in range(1, 5)]
        + [{"cards": 5, "bids": [2, 0, 1, 3], "tricks": [2, 0, 3, 0]}],
        [40, 20, -20, -30],
    ),
    # W5: the bids may add up to the cards under the official rules.
    (
        "W5",
        "wizard",
        4,
        {},
        [
            {"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]},
            {"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0]},
            {"bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 1]},
        ],
        [30, 30, 20, 30],
    ),
    (
        "W8",
        "oh-hell",
        4,
        {"trick_value": 5, "miss_penalty": "per_trick", "miss_value": 5},
        [{"bids": [2, 3, 4, 0], "tricks": [0, 3, 4, 3]}],
        [-10, 25, 30, -15],
    ),
    (
        "W9",
        "oh-hell",
        4,
        {"zero_made": "plus_cards", "max_cards": 7},
        [{"cards": 7, "bids": [0, 3, 3, 0], "tricks": [0, 3, 3, 1]}],
        [12, 13, 13, 0],
    ),
]


@pytest.mark.parametrize(
    ("name", "ruleset", "players", "options", "hands", "points"),
    OH_HELL,
    ids=[case[0] for case in OH_HELL],
)
def test_oh_hell_worked_examples(name, ruleset, players, options, hands, points):
    out = score(oh_hell(hands, ruleset, players, options=options))
    assert out["hands"][-1]["points"] == points
    assert [side["seats"] for side in out["sides"]] == [[seat] for seat in range(players)]
    assert "bags" not in out


def test_w4_a_three_player_wizard_game_is_twenty_hands():
    """RULES.md §6.3 W4: hands of 1 … 20 cards, finished after hand 20."""
    hands = [{"cards": n, "bids": [n, 0, 0], "tricks": [n, 0, 0]} for n in range(1, 21)]
    out = score(oh_hell(hands, players=3))
    assert out["finished"] is True and out["winner"] == 0


def test_w6_the_hook_binds_the_dealer_in_wizard_hook():
    """RULES.md §6.3 W6: hand 2, dealt by seat 1; seat 2 bids 1, seat 0 bids 0."""
    hands = [{"bids": [0, 0, 0], "tricks": [0, 1, 0]}, {"bids": [0, 1, 1], "tricks": [0, 1, 1]}]
    line = refused(oh_hell(hands, "wizard-hook", 3))
    assert line == "hand 2: the dealer may not bid 1: the bids would add up to 2"
    assert score(oh_hell(hands, "wizard", 3))["totals"] == [40, 20, 50]


def test_w7_the_canadian_rule_binds_only_a_leading_dealer_and_never_a_0():
    """RULES.md §6.3 W7 and §6.1 `hook_scope` `leader`: after hand 1 seat 2 leads 30 to
    −10, −10. Dealing hand 2 it may bid 0 though 0 makes the bids even; seat 1, dealing
    hand 2 without the lead, may make them even."""
    first = {"bids": [1, 1, 1], "tricks": [0, 0, 1]}
    leading = [first, {"bids": [1, 1, 0], "tricks": [1, 1, 0]}]
    assert score(oh_hell(leading, "wizard-canadian", 3, first_dealer=1))["totals"] == [20, 20, 50]
    trailing = [first, {"bids": [0, 1, 1], "tricks": [0, 1, 1]}]
    assert score(oh_hell(trailing, "wizard-canadian", 3))["totals"] == [10, 20, 60]


# RULES.md §5.3 and §6.2: the presets' option values.
PRESETS = [
    (
        "euchre",
        {
            "make_points": 1,
            "march_points": 2,
            "lone_march_points": 4,
            "euchre_points": 2,
            "lone_euchre_points": 2,
            "defend_alone": "off",
            "super_euchre_points": 0,
            "target": 10,
            "hands": 0,
        },
    ),
    ("euchre-1888", {"target": 5, "hands": 0, "lone_euchre_points": 4, "euchre_points": 2}),
    ("euchre-tournament", {"target": 0, "hands": 8, "lone_euchre_points": 4, "make_points": 1}),
    (
        "wizard",
        {
            "pack": 60,
            "whole_pack": True,
            "players": 4,
            "deal": "up",
            "max_cards": 0,
            "hook": False,
            "trick_points": "if_exact",
            "trick_value": 10,
            "exact_bonus": 20,
            "miss_penalty": "ten_per_trick",
        },
    ),
    ("wizard-hook", {"pack": 60, "whole_pack": True, "hook": True, "hook_scope": "every_hand"}),
    ("wizard-canadian", {"pack": 60, "hook": True, "hook_scope": "leader", "exact_bonus": 20}),
]
EUCHRE_OPTIONS = {
    "target",
    "hands",
    "make_points",
    "march_points",
    "lone_march_points",
    "euchre_points",
    "lone_euchre_points",
    "defend_alone_points",
    "super_euchre_points",
    "defend_alone",
}
FAMILY_OPTIONS = {
    "pack",
    "whole_pack",
    "largest_repeat",
    "miss_penalty",
    "miss_value",
    "zero_made",
    "zero_value",
    "zero_missed",
    "hook_scope",
}
ORIGINS = {"stated", "inherited", "chosen", "interpreted", "default"}


@pytest.mark.parametrize(("ruleset", "values"), PRESETS, ids=[p[0] for p in PRESETS])
def test_rules_json_lists_every_option_with_its_origin(ruleset, values):
    """GAME-FORMAT.md, `rules ID --json`: every option of the ruleset, named and valued as a
    game file takes it, with its origin; the source is a URL, the quote names it."""
    done = run_cli("rules", ruleset, "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["id"] == ruleset and doc["name"]
    assert doc["source"]["file"] is None and doc["source"]["url"].startswith("http")
    options = {option["name"]: option for option in doc["options"]}
    assert {name: options[name]["value"] for name in values} == values
    expected = EUCHRE_OPTIONS if doc["game"] == "euchre" else FAMILY_OPTIONS
    assert expected <= options.keys()
    for option in doc["options"]:
        assert option["origin"] in ORIGINS and option["text"]
        if option["origin"] in {"stated", "inherited", "chosen"}:
            assert "http" in option["quote"], option
        if option["origin"] == "interpreted":
            assert option["why"], option
    # A game file takes the listed values as they stand.
    game = "euchre" if doc["game"] == "euchre" else "oh-hell"
    file = {
        "format": "scorekeeper-game/1",
        "game": game,
        "ruleset": ruleset,
        "options": {name: option["value"] for name, option in options.items()},
        "players": PLAYERS,
        "hands": [],
    }
    assert score(file)["ruleset"] == ruleset


def test_rules_json_of_an_unknown_id_exits_2():
    done = run_cli("rules", "euchre-x", "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "game: unknown ruleset 'euchre-x'"


def test_stats_json_counts_euchre_and_wizard_players(tmp_path):
    """GAME-FORMAT.md, `stats --json`: one entry per player (case and spaces ignored)."""
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    marches = euchre([{"maker": 0, "tricks": 5}, {"maker": 2, "tricks": 5}, MADE], "euchre-1888")
    wizard = oh_hell([{"bids": [0, 0, 0], "tricks": [0, 1, 0]}], players=3)
    wizard["players"] = [" ann", "Ben", "Cho"]
    for doc in (marches, wizard):
        assert run_cli("import", "-", stdin=json.dumps(doc), env=env).returncode == 0
    done = run_cli("stats", "--json", env=env)
    assert done.returncode == 0, done.stderr
    players = {
        player["name"].strip().lower(): player for player in json.loads(done.stdout)["players"]
    }
    assert set(players) == {"ann", "ben", "cho", "dee"}
    ann = players["ann"]
    assert ann["games"] == 2 and ann["hands"] == 4 and ann["won"] == 1  # 2 + 2 + 1 = 5
    assert players["dee"]["games"] == 1 and players["dee"]["won"] == 0
    for player in players.values():
        assert {"name", "games", "won", "hands", "nil", "blind_nil", "moons"} <= player.keys()


def test_score_takes_json_as_rules_and_stats_do(tmp_path):
    """GAME-FORMAT.md: `score` prints one JSON object; `--json` asks for what it prints."""
    path = tmp_path / "euchre.json"
    path.write_text(json.dumps(euchre([MADE])), encoding="utf-8")
    for args in (("score", str(path), "--json"), ("score", "--json", str(path))):
        done = run_cli(*args)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["totals"] == [1, 0]


def test_a_tie_after_the_last_hand_is_a_shared_win():
    """RULES.md §4 End; GAME-FORMAT.md: `winners` on a shared win, `winner` null."""
    one_hand = {"max_cards": 1, "deal": "up", "hook": False}
    out = score(
        oh_hell([{"bids": [0, 0, 0], "tricks": [1, 0, 0]}], "oh-hell", 3, options=one_hand)
    )
    assert out["totals"] == [0, 10, 10]
    assert out["finished"] is True and out["winner"] is None and out["winners"] == [1, 2]


def test_oh_hell_500_deals_the_largest_hand_twice():
    """RULES.md §6.1 `largest_repeat`: up_down to 13 with the 13 dealt twice, 26 hands."""
    options = {"whole_pack": True, "max_cards": 13, "deal": "up_down", "largest_repeat": 2}
    sizes = [*range(1, 14), *range(13, 0, -1)]
    hands = [{"cards": n, "bids": [n, 0, 0, 0], "tricks": [n, 0, 0, 0]} for n in sizes]
    doc = oh_hell(hands, "oh-hell", options={**options, "hook": False})
    assert score(doc)["finished"] is True
    doc["hands"].append({"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]})
    assert refused(doc) == "hand 27: the game has 26 hands: there is no hand 27"
