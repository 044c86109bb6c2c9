"""Wizard and the Oh Hell family (RULES.md §6): the presets, every option §6.1 adds, the
worked examples of §6.3 and more computed by hand, and the refusals that name the cards."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import GameError, HandError, find_ruleset, load_game, score_game
from scorekeeper.engine.oh_hell import OhHellOptions
from scorekeeper.engine.options import OptionError, apply_options, option_types
from scorekeeper.engine.referee import what_if

from .test_oh_hell import game, scored

WIZARDS = ("wizard", "wizard-hook", "wizard-canadian")


def hands_points(ruleset, players, hands, **options):
    return [h["points"] for h in scored(game(ruleset, players, hands, **options))["hands"]]


def refused(doc) -> str:
    with pytest.raises((HandError, GameError)) as error:
        score_game(load_game(doc))
    return str(error.value)


# §6.3 W1–W3: 4 players, hand 3 (3 cards; seat 2 deals). Wizard: exact 20 + 10 a trick,
# missed −10 a trick over or under. Seat 0 is scored; the others take the rest.
@pytest.mark.parametrize(
    ("example", "bid", "took", "points"),
    [
        ("W1", 2, 2, 20 + 2 * 10),
        ("W2", 0, 0, 20),
        ("W3 over", 1, 3, -20),
        ("W3 under", 3, 0, -30),
        ("exact 3", 3, 3, 50),
        ("missed by one", 2, 3, -10),
    ],
)
def test_wizard_scoring_worked_examples(example, bid, took, points):
    early = [
        {"bids": [0, 0, 0, 0], "tricks": [0, 1, 0, 0]},
        {"bids": [0] * 4, "tricks": [2, 0, 0, 0]},
    ]
    hand = {"cards": 3, "bids": [bid, 0, 0, 0], "tricks": [took, 3 - took, 0, 0]}
    assert hands_points("wizard", 4, [*early, hand])[2][0] == points


@pytest.mark.parametrize(("players", "hands"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_wizard_deals_one_card_more_each_hand_up_to_the_whole_pack(players, hands):
    """§6.3 W4 for each table: hand k has k cards, the last uses all 60; one more is an error."""
    options = find_ruleset("wizard").seated(players).options
    assert options.schedule == tuple(range(1, hands + 1))
    assert options.uses_every_card(hands)
    # Seat 0 bids and takes every trick (no hook in Wizard): 20 + 10k a hand; the others
    # bid 0 and take none: 20 a hand.
    doc = game(
        "wizard",
        players,
        [
            {"cards": k, "bids": [k] + [0] * (players - 1), "tricks": [k] + [0] * (players - 1)}
            for k in range(1, hands + 1)
        ],
    )
    out = scored(doc)
    assert out["finished"] is True and out["winner"] == 0
    assert out["totals"][0] == sum(20 + 10 * k for k in range(1, hands + 1))
    assert out["totals"][1:] == [20 * hands] * (players - 1)
    doc["hands"].append({"bids": [0] * players, "tricks": [1] + [0] * (players - 1)})
    with pytest.raises(HandError) as error:
        score_game(load_game(doc))
    assert error.value.hand == hands + 1


def test_w5_wizard_bids_may_add_up_to_the_cards():
    # 4 players, hand 3 (3 cards, seat 2 deals): 1 + 1 + 0 + 1 = 3 is allowed.
    early = [{"bids": [0] * 4, "tricks": [1, 0, 0, 0]}, {"bids": [0] * 4, "tricks": [2, 0, 0, 0]}]
    hand = {"bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 1]}
    assert hands_points("wizard", 4, [*early, hand])[2] == [30, 30, 20, 30]


def test_w6_wizard_hook_forbids_the_bids_adding_up():
    # 3 players, hand 2 (2 cards): seat 1 deals; seat 2 bids 1, seat 0 bids 0, the dealer 1.
    hands = [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}, {"bids": [0, 1, 1], "tricks": [0, 1, 1]}]
    assert refused(game("wizard-hook", 3, hands)) == (
        "hand 2: the dealer may not bid 1: the bids would add up to 2"
    )
    hands[1] = {"bids": [0, 0, 1], "tricks": [0, 1, 1]}
    assert hands_points("wizard-hook", 3, hands)[1] == [20, -10, 30]


# W7: hand 1 (1 card, seat 0 deals) leaves seat 1 leading 30 to −10, −10; seat 1 deals
# hand 2 (2 cards) after seat 2 and seat 0 have bid.
LEAD = {"bids": [1, 1, 1], "tricks": [0, 1, 0]}


@pytest.mark.parametrize(
    ("hand1", "bids", "allowed"),
    [
        (LEAD, [0, 1, 1], False),  # 1 + 0 + the dealer's 1 = 2: the leader may not
        (LEAD, [0, 0, 1], True),  # the leader bids 0: always allowed
        (LEAD, [0, 2, 1], True),  # 1 + 0 + 2 = 3: not the cards
        (LEAD, [0, 0, 2], True),  # the others bid 2: the leader's 0 makes 2, and 0 is allowed
        (
            {"bids": [1, 1, 1], "tricks": [1, 0, 0]},
            [0, 1, 1],
            True,
        ),  # seat 0 leads, not the dealer
        ({"bids": [0, 0, 0], "tricks": [1, 0, 0]}, [0, 1, 1], True),  # 20, 20 vs −10: ...
    ],
)
def test_w7_the_canadian_rule_binds_only_a_leading_dealer(hand1, bids, allowed):
    hands = [hand1, {"bids": bids, "tricks": [0, 2, 0]}]
    doc = game("wizard-canadian", 3, hands)
    if allowed:
        score_game(load_game(doc))
    else:
        assert (
            refused(doc)
            == "hand 2: the dealer, leading, may not bid 1: the bids would add up to 2"
        )


def test_the_canadian_rule_a_tie_for_the_lead_is_no_lead():
    # Hand 1: seats 0 and 1 both made 0 (+20), seat 2 took the trick after bidding 0 (−10).
    # Seat 1 deals hand 2 level with seat 0: the bids may add up.
    hands = [{"bids": [0, 0, 0], "tricks": [0, 0, 1]}, {"bids": [0, 1, 1], "tricks": [0, 1, 1]}]
    assert hands_points("wizard-canadian", 3, hands)[1] == [20, 30, 30]


def test_the_canadian_rule_binds_nobody_in_hand_1():
    hands = [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}]  # seat 0 deals: 0 + 0 + 1 = 1
    assert hands_points("wizard-canadian", 3, hands)[0] == [30, 20, 20]


@pytest.mark.parametrize(
    ("example", "options", "bid", "took", "cards", "points"),
    [
        # W8: oh-hell with trick_value 5 and a per_trick penalty of 5.
        ("W8", {"trick_value": 5, "miss_penalty": "per_trick", "miss_value": 5}, 2, 0, 3, -10),
        ("W8 made", {"trick_value": 5, "miss_penalty": "per_trick", "miss_value": 5}, 2, 2, 3, 20),
        # W9: a made 0 scores the zero value plus the hand's cards.
        ("W9", {"zero_made": "plus_cards"}, 0, 0, 7, 5 + 7),
        ("plus_cards 3", {"zero_made": "plus_cards", "zero_value": 10}, 0, 0, 3, 13),
        ("fixed", {"zero_made": "fixed"}, 0, 0, 3, 5),
        ("fixed: other bids as ever", {"zero_made": "fixed"}, 2, 2, 3, 12),
        ("minus_value", {"zero_missed": "minus_value"}, 0, 2, 3, -5),
        (
            "minus_value, tricks always score",
            {"zero_missed": "minus_value", "trick_points": "always"},
            0,
            2,
            3,
            2 - 5,
        ),
        (
            "minus_value, not other misses",
            {"zero_missed": "minus_value", "miss_penalty": "bid"},
            2,
            1,
            3,
            -2,
        ),
        ("zero missed, normal", {"miss_penalty": "ten_per_trick"}, 0, 2, 3, -20),
        ("flat under", {"miss_penalty": "flat"}, 3, 1, 3, -10),
        ("flat over: our reading", {"miss_penalty": "flat"}, 0, 3, 3, -10),
        ("flat of 7", {"miss_penalty": "flat", "miss_value": 7}, 1, 3, 3, -7),
        ("flat, made", {"miss_penalty": "flat"}, 2, 2, 3, 12),
        ("per_trick 10 = ten_per_trick", {"miss_penalty": "per_trick"}, 3, 0, 3, -30),
        ("per_trick 1 = difference", {"miss_penalty": "per_trick", "miss_value": 1}, 3, 0, 3, -3),
        # Wh3g's table: exact 10 + 5 a trick, −5 a trick over or under.
        (
            "Wh3g",
            {"trick_value": 5, "exact_bonus": 10, "miss_penalty": "per_trick", "miss_value": 5},
            1,
            3,
            3,
            -10,
        ),
    ],
)
def test_the_new_scoring_options(example, options, bid, took, cards, points):
    # 3 players, deal "down" from `cards`: hand 1 has `cards` cards; seat 1 is scored.
    hand = {"bids": [0, bid, 0], "tricks": [cards - took, took, 0]}
    doc = game(players=3, deal="down", max_cards=cards, hook=False, hands=[hand], **options)
    assert scored(doc)["hands"][0]["points"][1] == points


def test_a_zero_bid_explains_its_own_rule():
    doc = game(players=3, deal="down", max_cards=7, hook=False, zero_made="plus_cards")
    doc["hands"] = [{"bids": [0, 7, 0], "tricks": [0, 7, 0]}]
    out = scored(doc)
    assert out["hands"][0]["explanation"][0] == ["Bid 0, took 0: exact → 5 + 7 = +12"]


@pytest.mark.parametrize(
    ("options", "schedule"),
    [
        # Oh Hell – 500: up to 13, the 13 dealt twice, then down (4 players, every card).
        (
            {"deal": "up_down", "max_cards": 13, "whole_pack": True, "largest_repeat": 2},
            (*range(1, 14), 13, *range(12, 0, -1)),
        ),
        # The early Wikipedia four-player version: 1 up to 13 and back, the whole pack.
        ({"deal": "up_down", "whole_pack": True}, (*range(1, 14), *range(12, 0, -1))),
        # down_up reaches its largest hand twice: both ends are repeated.
        ({"deal": "down_up", "max_cards": 3, "largest_repeat": 2}, (3, 3, 2, 1, 2, 3, 3)),
        ({"deal": "down", "max_cards": 3, "largest_repeat": 3}, (3, 3, 3, 2, 1)),
        ({"deal": "up", "max_cards": 2, "largest_repeat": 2}, (1, 2, 2)),
        ({"deal": "down_up", "max_cards": 1, "largest_repeat": 2}, (1, 1)),
    ],
)
def test_largest_repeat_and_the_whole_pack(options, schedule):
    assert apply_options(OhHellOptions(), options).schedule == schedule


@pytest.mark.parametrize(
    ("options", "largest"),
    [
        ({}, 10),
        ({"players": 6}, 8),
        ({"players": 7}, 7),
        ({"whole_pack": True}, 13),
        ({"whole_pack": True, "players": 3}, 17),
        ({"whole_pack": True, "players": 7}, 7),
        ({"pack": 60}, 14),
        ({"pack": 60, "players": 6}, 9),
        ({"pack": 60, "whole_pack": True}, 15),
        ({"pack": 60, "whole_pack": True, "players": 3}, 20),
        ({"pack": 60, "whole_pack": True, "players": 5}, 12),
    ],
)
def test_the_usual_largest_hand(options, largest):
    assert apply_options(OhHellOptions(), options).largest == largest


@pytest.mark.parametrize(
    ("options", "message"),
    [
        # Issue 38: the refusal names the cards, never the player count.
        (
            {"players": 7, "max_cards": 8},
            "options max_cards, players: one pack deals at most 7 cards each to 7 players",
        ),
        (
            {"players": 5, "max_cards": 11},
            "options max_cards, players: one pack deals at most 10 cards each to 5 players",
        ),
        (
            {"players": 6, "max_cards": 9},
            "options max_cards, players: one pack deals at most 8 cards each to 6 players",
        ),
        (
            {"whole_pack": True, "max_cards": 14},
            "options max_cards, players: the whole 52-card pack deals at most 13 cards each to 4 players",
        ),
        (
            {"pack": 60, "whole_pack": True, "max_cards": 16},
            "options max_cards, players: the whole 60-card pack deals at most 15 cards each to 4 players",
        ),
        (
            {"pack": 60, "max_cards": 15},
            "options max_cards, players: one 60-card pack deals at most 14 cards each to 4 players",
        ),
        ({"pack": 53}, "option pack must be 52 or 60"),
        (
            {"pack": 60, "players": 7},
            "options pack, players: a 60-card pack is for 3 to 6 players",
        ),
        ({"largest_repeat": 0}, "option largest_repeat must be 1 or more"),
        ({"miss_value": -1}, "option miss_value must be 0 or more"),
        ({"zero_value": -5}, "option zero_value must be 0 or more"),
        ({"zero_made": "half"}, "option zero_made must be one of normal, fixed, plus_cards"),
        ({"hook_scope": "dealer"}, "option hook_scope must be every_hand or leader"),
        ({"miss_penalty": "double"}, "option miss_penalty must be one of none, bid"),
    ],
)
def test_each_option_refusal(options, message):
    with pytest.raises(OptionError) as error:
        apply_options(OhHellOptions(), options)
    assert str(error.value.located).startswith(message)


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(("players", "cards", "most"), [(7, 8, 7), (5, 11, 10), (6, 9, 8)])
def test_a_file_whose_table_cannot_be_dealt_so_many_cards(players, cards, most):
    """Issue 38: the preset is for 4 and allows 3 to 7; 7 players with 8 cards is refused
    because of the cards, not because of the players."""
    doc = game("oh-hell-basic", players, max_cards=cards)
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(
        f"game: options max_cards, players: one pack deals at most {most} cards each to "
        f"{players} players"
    )
    assert "players given" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_seven_players_with_the_60_card_pack_are_refused_by_the_pack():
    done = run_cli("score", "-", stdin=json.dumps(game("oh-hell", 7, pack=60)))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "game: options pack, players: a 60-card pack is for 3 to 6 players"
    )
    # The Wizard presets name the tables their source allows.
    done = run_cli("score", "-", stdin=json.dumps(game("wizard", 7)))
    assert done.returncode == 2
    assert done.stderr.strip() == "game: 7 players given, ruleset 'wizard' needs 3, 4, 5 or 6"


def test_the_command_line_scores_a_wizard_file():
    hands = [
        {"cards": 1, "bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 0]},
        {"cards": 2, "bids": [1, 0, 0, 0], "tricks": [2, 0, 0, 0]},
    ]
    done = run_cli("score", "-", stdin=json.dumps(game("wizard", hands=hands)))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "oh-hell" and out["ruleset"] == "wizard"
    assert [h["points"] for h in out["hands"]] == [[20, 20, 30, 20], [-10, 20, 20, 20]]
    assert out["totals"] == [10, 40, 50, 40]
    assert "bags" not in out and out["finished"] is False


@pytest.mark.parametrize("ruleset_id", WIZARDS)
def test_rules_json_lists_every_option_with_its_origin(ruleset_id):
    done = run_cli("rules", ruleset_id, "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["game"] == "oh-hell"
    ruleset = find_ruleset(ruleset_id)
    assert doc["source"]["file"] is None and doc["source"]["url"] == ruleset.source_url
    options = {o["name"]: o for o in doc["options"]}
    assert set(options) == set(option_types(OhHellOptions))
    assert options["pack"]["value"] == 60 and options["whole_pack"]["value"] is True
    assert options["deal"]["value"] == "up" and options["trick_value"]["value"] == 10
    assert options["exact_bonus"]["value"] == 20
    assert options["miss_penalty"]["value"] == "ten_per_trick"
    for option in options.values():
        if option["origin"] in ("stated", "inherited", "chosen"):
            assert option["quote"].startswith(doc["source"]["url"] + " (")
    hooks = {
        "wizard": (False, "every_hand"),
        "wizard-hook": (True, "every_hand"),
        "wizard-canadian": (True, "leader"),
    }
    assert (options["hook"]["value"], options["hook_scope"]["value"]) == hooks[ruleset_id]


def test_rules_json_japanese_names_wizard():
    done = run_cli("rules", "wizard", "--json", "--lang", "ja")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "ウィザード"


def test_what_if_compares_wizard_with_and_without_the_hook():
    """The same hands under another preset: a hand the hook forbids stops the comparison;
    the Canadian rule binds nobody in hand 1."""
    hands = [{"bids": [0, 0, 1], "tricks": [0, 0, 1]}]  # seat 0 deals: 0 + 0 + 1 = 1
    game_played = load_game(game("wizard", 3, hands))
    with_hook = what_if(game_played, find_ruleset("wizard-hook").seated(3))
    assert with_hook.stopped is not None and with_hook.stopped.hand == 1
    canadian = what_if(game_played, find_ruleset("wizard-canadian").seated(3))
    assert canadian.stopped is None and canadian.other.totals == (20, 20, 30)
    # An Oh Hell table scoring a Wizard score sheet its own way (house options).
    flat = (
        find_ruleset("wizard").seated(3).with_options({"miss_penalty": "flat", "miss_value": 25})
    )
    missed = load_game(game("wizard", 3, [{"bids": [1, 0, 1], "tricks": [0, 0, 1]}]))
    assert what_if(missed, flat).other.totals == (-25, 20, 30)


def test_the_rule_sheet_says_every_new_option_in_both_languages():
    import gettext

    from scorekeeper.engine import find_kind
    from scorekeeper.paths import TRANSLATIONS

    kind = find_kind("oh-hell")
    ruleset = find_ruleset("wizard-canadian")
    groups = kind.words().describe(ruleset.options)
    named = {name: words for _, rules in groups for name, _, words in rules}
    assert set(named) == set(option_types(OhHellOptions))
    assert "60 cards" in str(named["pack"])
    assert "Canadian" in str(named["hook_scope"])
    ja = gettext.translation("messages", TRANSLATIONS, languages=["ja"])
    assert "ウィザード" in named["pack"].render(ja)
    answers = " ".join(
        str(line) for a in kind.words().answers(ruleset.options) for line in a.lines
    )
    assert "without trumps" in answers and "except by bidding 0" in answers
    assert "Bid 2 and take 2: +40. Bid 2 and take 1: −10." in answers


@settings(max_examples=60, deadline=None)
@given(
    pack=st.sampled_from([52, 60]),
    players=st.integers(3, 7),
    whole=st.booleans(),
    deal=st.sampled_from(["down_up", "up_down", "down", "up"]),
    repeat=st.integers(1, 3),
)
def test_every_schedule_fits_the_pack_and_repeats_its_largest_hand(
    pack, players, whole, deal, repeat
):
    try:
        options = apply_options(
            OhHellOptions(),
            {
                "pack": pack,
                "players": players,
                "whole_pack": whole,
                "deal": deal,
                "largest_repeat": repeat,
            },
        )
    except OptionError:
        assert pack == 60 and players == 7
        return
    top = options.largest
    reaches = 2 if deal in ("down_up",) and top > 1 else 1
    assert max(options.schedule) == top <= options.most_cards
    assert top * players <= (pack if whole else pack - 1)
    assert options.schedule.count(top) == reaches * repeat
    assert (
        len(options.schedule)
        == {"down_up": 2 * top - 1, "up_down": 2 * top - 1}.get(deal, top) + (repeat - 1) * reaches
    )
