"""'What do we need': each kind says before a hand what each side needs, in numbers
taken from the rules in force (the target, the bag limit, the losing score)."""

from __future__ import annotations

from scorekeeper.engine import load_game, score_game

PLAYERS = ["Ann", "Ben", "Cho", "Dee"]


def needs(ruleset: str, hands, players=PLAYERS, **options) -> dict[str, list[str]]:
    result = score_game(
        load_game({"ruleset": ruleset, "players": players, "hands": hands, "options": options})
    )
    game = result.game
    return {
        need.who: [str(part) for part in need.parts]
        for need in game.kind.scoring.needs(game.current_ruleset.options, result.state)
    }


SEVEN_BAGS = {"bids": [3, 4, 2, 4], "tricks": [6, 3, 4, 0]}  # Ann & Cho 5 bid, 10 taken: 55


def test_spades_points_to_the_target_and_bags_to_the_penalty():
    said = needs("yahoo-normal", [SEVEN_BAGS])
    assert said["Ann & Cho"] == ["445 more to reach 500", "Bags 5: 5 more cost −100"]
    assert said["Ben & Dee"] == ["580 more to reach 500", "Bags 0: 10 more cost −100"]


def test_spades_numbers_come_from_the_rules_in_force():
    said = needs("yahoo-normal", [SEVEN_BAGS], target=300, sandbag_limit=7, sandbag_penalty=70)
    assert said["Ann & Cho"] == ["245 more to reach 300", "Bags 5: 2 more cost −70"]
    no_bag_rule = needs("akagiri-standard", [{"bids": [5, 8, 0, 0], "tricks": [7, 3, 3, 0]}])
    assert no_bag_rule["Ann & Cho"] == ["445 more to reach 500"]  # 5 bid, 10 taken: 55


def test_spades_says_what_set_reaches_a_losing_score():
    # Ann & Cho bid 12 and take 6: −120; a set on a bid of 8 takes them to −200.
    said = needs(
        "yahoo-normal", [{"bids": [6, 1, 6, 0], "tricks": [3, 4, 3, 3]}], losing_score=True
    )
    assert "a set on a bid of 8 puts you at −200: −200 or below ends the game" in said["Ann & Cho"]
    assert not any("set" in part for part in said["Ben & Dee"])  # 16: no set reaches −200
    # A set costing its shortfall: 6 short, −60; 9 tricks short more would reach −150.
    short = needs(
        "yahoo-normal",
        [{"bids": [6, 1, 6, 0], "tricks": [3, 4, 3, 3]}],
        losing_score=True,
        losing_limit=-150,
        set_penalty="shortfall",
    )
    assert (
        "a set 9 tricks short puts you at −150: −150 or below ends the game" in short["Ann & Cho"]
    )


def test_spades_winning_lead_and_error_scoring():
    said = needs("yahoo-suicide", [{"bids": ["nil", 4, 5, "nil"], "tricks": [0, 5, 5, 3]}])
    assert "a lead of 500 wins: 294 more" in said["Ann & Cho"]
    assert needs("yahoo-lefty", [{"bids": [3, 4, 2, 4], "tricks": [3, 4, 2, 4]}]) == {
        "": ["3 hands to go; the lowest error wins"]
    }


def test_hearts_the_player_closest_to_the_end_score():
    hand = {"hearts": [3, 4, 5, 1], "queen_of_spades": 2}
    assert needs("hearts-standard", [hand]) == {
        "Cho": ["82 more to reach 100, the closest: reaching it ends the game"]
    }
    assert needs("hearts-standard", [hand], target=50) == {
        "Cho": ["32 more to reach 50, the closest: reaching it ends the game"]
    }


def test_spitzer_points_to_its_target():
    deal = {"contract": "normal", "declarers": [0, 2], "points": 61, "tricks": 4}
    said = needs("spitzer", [deal])
    assert said["Ann"] == [f"{42 - score_of(deal)} more to reach 42"]
    assert needs("spitzer", [deal], target=60)["Ben"] == [
        f"{60 - other_of(deal)} more to reach 60"
    ]


def score_of(deal) -> int:
    result = score_game(load_game({"ruleset": "spitzer", "players": PLAYERS, "hands": [deal]}))
    return result.totals[0]


def other_of(deal) -> int:
    result = score_game(load_game({"ruleset": "spitzer", "players": PLAYERS, "hands": [deal]}))
    return result.totals[1]


def test_one_bag_and_one_more_read_as_english():
    said = needs("yahoo-normal", [{"bids": [3, 4, 3, 2], "tricks": [4, 4, 3, 2]}])
    assert said["Ann & Cho"][1] == "Bags 1: 9 more cost −100"
    said = needs("yahoo-normal", [SEVEN_BAGS], sandbag_limit=6)
    assert said["Ann & Cho"][1] == "Bags 5: 1 more costs −100"
