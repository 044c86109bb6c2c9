"""Every preset of RULES.md §1.2 ships, loads, cites its source, and plays as its source says.

Each test names the preset and the rule that makes it different; the source is in the
preset file (seed file name or page) and in the docstring.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import HandError, find_ruleset, load_game, preset_ids, score_game
from scorekeeper.engine.options import option_types
from scorekeeper.engine.spades.options import SpadesOptions

from .conftest import game_file, hand, score

RULES_MD_PRESETS = {
    "akagiri-standard", "akagiri-sandbag", "hoyle", "cardgames-hwa", "joker-barmore",
    "three-wong", "dan-brad", "network-spades", "windswept", "spaceways", "winspades",
    "yahoo-normal", "yahoo-suicide", "yahoo-dnp", "yahoo-suicide-dnp", "yahoo-mirror",
    "yahoo-200-limit", "yahoo-roulette", "yahoo-lefty", "yahoo-righty",
    "cardsite-individual", "pagat-standard",
}  # fmt: skip
SEEDS = {"000_c8606a6002be44e6.txt", "001_49a9ae39a8965b8f.txt", "002_2c4efcea9dfb6ab4.txt"}


def test_every_spades_preset_ships():
    assert set(preset_ids("spades")) == RULES_MD_PRESETS


@pytest.mark.parametrize("ruleset_id", sorted(RULES_MD_PRESETS))
def test_preset_names_its_source_and_what_it_states(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    assert ruleset.name and ruleset.description
    assert ruleset.source_file in SEEDS or (
        ruleset.source_file is None and ruleset.source_url.startswith("https://www.pagat.com/")
    )
    assert set(ruleset.provenance) == set(option_types(SpadesOptions))
    if ruleset.source_file:
        assert any(p.origin == "stated" for p in ruleset.provenance.values())
    assert ruleset.changed() == []


def final(ruleset, hands, **kwargs):
    return score(game_file(ruleset, hands, **kwargs))


def error(ruleset, hands, **kwargs) -> str:
    with pytest.raises(HandError) as caught:
        score_game(load_game(game_file(ruleset, hands, **kwargs)))
    return str(caught.value)


# 1. Nil and blind nil: who may bid them, and what they score.


def test_akagiri_standard_team_total_and_no_sandbagging():
    """002 part 1: the later partner states the team total; no sandbag rule, bags just count."""
    hands = [hand([2, 4, 0, 0], [6, 4, 3, 0])] * 3  # Ann & Cho: contract 2, 7 overtricks each hand
    result = final("akagiri-standard", hands)
    assert result["totals"][0] == 3 * 27
    assert result["bags"][0] == 21


def test_akagiri_sandbag_rolls_over():
    """002 part 1, optional rule: 10 bags cost 100."""
    hands = [hand([2, 4, 0, 0], [6, 4, 3, 0])] * 2  # 7 + 7 bags
    result = final("akagiri-sandbag", hands)
    assert result["hands"][1]["points"][0] == 27 - 100
    assert result["bags"][0] == 4


def test_hoyle_blind_nil_open_at_any_score():
    """002 part 3 (Hoyle): nil and blind nil are always possible."""
    result = final("hoyle", [hand(["blind_nil", 5, 4, 0], [0, 5, 5, 3])])
    assert result["hands"][0]["points"][0] == 200 + 41


def test_cardgames_hwa_nil_is_worth_50_and_blind_nil_100():
    """002 part 3 (Hwa): nil 50, blind nil 100 when 100 behind."""
    first = hand(["nil", 10, 4, 0], [0, 10, 3, 0])  # Ann's nil +50, Cho's 4 set by shortfall −10
    assert final("cardgames-hwa", [first])["hands"][0]["points"] == [40, 100]
    second = hand(["blind_nil", 3, 4, 0], [0, 4, 5, 4])  # Ann & Cho are 60 behind: not allowed
    assert "needs the side to be 100 behind; it is 60 behind" in error(
        "cardgames-hwa", [first, second]
    )
    deeper = hand(
        ["nil", 10, 4, 0], [2, 10, 1, 0]
    )  # nil fails −50, contract 4 set −10: 60 + 60 behind
    result = final("cardgames-hwa", [first, deeper, second])
    assert result["hands"][2]["points"][0] == 100 + 41


def test_joker_barmore_blind_7_doubles_when_100_behind():
    """002 part 3 (Barmore): blind 7 doubles the bid's score."""
    behind = hand([1, 11, 0, 0], [1, 12, 0, 0])  # 10 against 111
    made = hand(["blind 7", 3, 0, 2], [5, 3, 3, 2])
    assert final("joker-barmore", [behind, made])["hands"][1]["points"][0] == 141 + 0
    set_ = hand(["blind 7", 3, 0, 2], [4, 3, 2, 4])
    assert final("joker-barmore", [behind, set_])["hands"][1]["points"][0] == -140


def test_three_wong_seventeen_tricks_and_costly_overtricks():
    """002 part 3 (Wong): 3 players, 17 cards each, overtricks −10."""
    result = final("three-wong", [hand([5, 6, 4], [7, 6, 4])], players=3)
    assert result["hands"][0]["points"] == [30, 60, 40]
    assert "tricks add up to 13, expected 17" in error(
        "three-wong", [hand([5, 4, 4], [5, 4, 4])], players=3
    )


def test_dan_brad_blind_nil_and_minimum_beside_a_nil():
    """002 part 3 (Dan & Brad): blind nil +200/−100 when 200 behind; team bids at least 4."""
    assert "must bid at least 4" in error("dan-brad", [hand(["nil", 4, 3, 4], [0, 5, 5, 3])])
    far_behind = [hand([4, 8, 0, 0], [1, 8, 0, 4])] * 2  # −40 and +84 twice: 248 behind
    failed = hand(["blind_nil", 4, 5, 4], [1, 3, 5, 4])
    result = final("dan-brad", [*far_behind, failed])
    assert result["hands"][2]["points"][0] == -100 + 51


def test_dan_brad_ten_for_two_and_all_thirteen_wins():
    """002 part 3 (Dan & Brad): 10+ made doubles; all 13 tricks ends the game."""
    result = final("dan-brad", [hand([5, 4, 5, 0], [6, 0, 7, 0])])
    assert result["hands"][0]["points"][0] == 200 + 3
    assert (result["finished"], result["winner"]) == (True, 0)


def test_dan_brad_all_thirteen_beats_the_other_side_passing_500():
    """RULES.md §1.4: all 13 tricks wins even if the other side passed the target that hand."""
    climb = [hand([4, 6, 0, 6], [1, 6, 0, 6])] * 2  # Ben & Dee 12 made, doubled: +240 a hand
    last = hand(
        [4, "nil", 0, 4], [13, 0, 0, 0]
    )  # Ben's nil +100, Dee's 4 set −40: 540; Ann & Cho take all
    result = final("dan-brad", [*climb, last])
    assert result["totals"][1] >= 500
    assert (result["finished"], result["winner"]) == (True, 0)


def test_network_spades_individual_to_300():
    """002 part 3 (Network Spades): individual, 300 points."""
    hands = [hand([10, 1, 1, 1], [10, 1, 1, 1])] * 3
    result = final("network-spades", hands)
    assert result["sides"][0] == {"name": "Ann", "seats": [0]}
    assert (result["totals"][0], result["finished"], result["winner"]) == (300, True, 0)


def test_windswept_zero_is_nil_and_exact_bonus():
    """002 part 3 (Windswept): a bid of 0 is a nil; +20 for the exact bid."""
    result = final("windswept", [hand([0, 4, 5, 4], [0, 4, 6, 3])])
    assert result["hands"][0]["points"] == [100, 60, 51, -40]


def test_spaceways_minimum_bid_and_ten_for_200():
    """002 part 3 (Spaceways): minimum bid 2; 10+ made +200."""
    result = final("spaceways", [hand([10, 2, "nil", 2], [10, 2, 0, 1])])
    assert result["hands"][0]["points"] == [300, 20, 100, -20]


def test_winspades_blind_bonus_ten_for_100_and_plus_one():
    """002 part 3 (WinSpades): blind 7 +100, 10+ ±100, overtricks +1 (no sandbag rule)."""
    assert (
        final("winspades", [hand([5, 2, 5, 2], [6, 2, 5, 0])])["hands"][0]["points"][0] == 200 + 1
    )
    assert final("winspades", [hand([5, 2, 5, 2], [4, 4, 5, 0])])["hands"][0]["points"][0] == -200
    behind = hand([2, 8, 2, 0], [0, 9, 0, 4])  # −40 against +75
    made = hand(["blind 7", 2, 0, 2], [7, 2, 2, 2])
    assert final("winspades", [behind, made])["hands"][1]["points"][0] == 70 + 2 + 100


# Ann & Cho 61, Ben & Dee 60; then the other way round: equal after every second hand.
SEESAW = [hand([6, 6, 0, 0], [7, 6, 0, 0]), hand([6, 6, 0, 0], [6, 7, 0, 0])] * 2


@pytest.mark.parametrize("ruleset_id", ["yahoo-normal", "pagat-standard"])
def test_tie_past_the_target_plays_another_hand(ruleset_id):
    """001 標準 and pagat.com: equal totals past the target on the same hand: another hand."""
    result = final(ruleset_id, SEESAW, options={"target": 200})
    assert result["totals"] == [242, 242]
    assert (result["finished"], result["winner"]) == (False, None)
    result = final(ruleset_id, [*SEESAW, SEESAW[1]], options={"target": 200})
    assert (result["totals"], result["finished"], result["winner"]) == ([302, 303], True, 1)


def test_yahoo_suicide_ends_on_a_500_point_lead():
    """001 スーサイド: 500 points or a 500-point lead."""
    one = hand(
        ["nil", 2, 6, "nil"], [0, 7, 6, 0]
    )  # Ann & Cho +160, Ben & Dee 2 made with 7: +25, nil +100
    result = final("yahoo-suicide", [one])
    assert result["hands"][0]["points"] == [160, 125]
    lead = hand(["blind_nil", "nil", 13, "nil"], [0, 0, 13, 0])
    assert final("yahoo-suicide", [lead])["hands"][0]["points"] == [330, 200]


def test_yahoo_suicide_margin_win():
    """001 スーサイド: a 500-point lead ends the game before 500 points."""
    # Ann's blind nil fails (−200) and Cho's 10 is set (−100); Ben's nil +100, Dee 3 with 12: +39.
    loses = hand(["blind_nil", "nil", 10, 3], [1, 0, 0, 12])
    result = final("yahoo-suicide", [loses])
    assert (result["totals"], result["finished"]) == ([-300, 139], False)
    result = final("yahoo-suicide", [loses, loses])
    assert result["totals"] == [-600, 178]  # Ben & Dee: 18 bags cost 100
    assert (result["finished"], result["winner"]) == (True, 1)


def test_yahoo_dnp_blind_nil_needs_200_behind():
    """001 ダブルニルパス: blind nil only for a side at least 200 behind."""
    down = hand([3, 10, 0, 0], [0, 13, 0, 0])  # Ann & Cho set −30, Ben & Dee +103
    attempt = hand(["blind_nil", 3, 4, 3], [0, 4, 5, 4])
    assert "needs the side to be 200 behind; it is 133 behind" in error(
        "yahoo-dnp", [down, attempt]
    )
    result = final("yahoo-dnp", [down, down, attempt])
    assert result["hands"][2]["points"][0] == 200 + 41


def test_yahoo_suicide_dnp_combines_both():
    """001 スーサイドダブルニルパス: a nil in every partnership, blind nil only 200 behind."""
    assert "Suicide" in error("yahoo-suicide-dnp", [hand([3, "nil", 4, 3], [4, 0, 5, 4])])
    assert "200 behind" in error(
        "yahoo-suicide-dnp", [hand(["blind_nil", "nil", 4, 3], [0, 0, 5, 8])]
    )


def test_yahoo_mirror_zero_is_nil_and_bids_total_13():
    """001 ミラー: each bids their spades; no spades is nil; the bids total 13."""
    result = final("yahoo-mirror", [hand([0, 4, 5, 4], [0, 4, 6, 3])])
    assert result["hands"][0]["points"] == [100 + 51, -80]


def test_yahoo_200_limit_window():
    """001 200リミット: 200–205 after a hand wins at once; above 205 play on."""
    hit = [
        hand([10, 0, 0, 0], [10, 3, 0, 0]),
        hand([10, 0, 0, 0], [10, 3, 0, 0]),
    ]  # 100 + 100 = 200
    result = final("yahoo-200-limit", hit)
    assert (result["totals"][0], result["finished"], result["winner"]) == (200, True, 0)
    past = [hand([10, 0, 0, 0], [13, 0, 0, 0])] * 2  # 103 + 103 = 206
    result = final("yahoo-200-limit", past)
    assert (result["totals"][0], result["finished"]) == (206, False)


def test_yahoo_roulette_everybody_blind_nil():
    """001 ルーレット: everybody bids blind nil; tricks are bags; a 500-point lead wins."""
    result = final("yahoo-roulette", [hand(["blind_nil"] * 4, [0, 6, 7, 0])])
    # Ann +200, Cho −200 and 7 tricks as overtricks; Ben −200 and 6 overtricks, Dee +200.
    assert result["hands"][0]["points"] == [7, 6]
    assert result["bags"] == [7, 6]


@pytest.mark.parametrize("ruleset_id", ["yahoo-lefty", "yahoo-righty"])
def test_lefty_righty_error_scoring_over_four_hands(ruleset_id):
    """001 レフティー/ライティ: lowest accumulated |bid − tricks| wins."""
    hands = [hand([3, 3, "nil", 4], [4, 3, 1, 5])] * 3
    result = final(ruleset_id, hands)
    assert result["totals"] == [3, 0, 3, 3]
    assert result["finished"] is False
    result = final(ruleset_id, [*hands, hand([3, 3, "nil", 4], [4, 3, 1, 5])])
    assert (result["finished"], result["winner"]) == (True, 1)
    tie = [hand([3, 3, 3, 4], [4, 3, 3, 3])] * 4
    assert final(ruleset_id, tie)["finished"] is False


def test_cardsite_individual_highest_wins_when_several_pass_250():
    """000: 250 points; when several reach it, the higher score wins."""
    hands = [hand([6, 5, 1, 1], [7, 5, 1, 0])] * 4 + [hand([1, 6, 1, 1], [1, 10, 1, 1])]
    result = final("cardsite-individual", hands)
    assert result["totals"][:2] == [254, 264]
    assert (result["finished"], result["winner"]) == (True, 1)


def test_cardsite_individual_zero_is_the_nil_bid():
    """000: 「「ニルビッド」(0トリック)」: a bid of 0 is nil, +100 made and −100 failed."""
    result = final("cardsite-individual", [hand([0, 5, 4, 4], [0, 5, 4, 4])])
    assert result["hands"][0]["points"] == [100, 50, 40, 40]
    result = final("cardsite-individual", [hand([0, 5, 4, 4], [1, 5, 4, 3])])
    assert result["hands"][0]["points"][0] == -100 + 1  # the accidental trick is a bag
    assert result["bags"][0] == 1


def test_network_spades_all_thirteen_tricks_score_200():
    """002 part 3: 「13トリック取ると200点のボーナス(なし)」: +200 is the default, none the option."""
    result = final("network-spades", [hand([5, 3, 3, 2], [13, 0, 0, 0])])
    assert result["hands"][0]["points"][0] == 50 + 8 + 200
    plain = final(
        "network-spades", [hand([5, 3, 3, 2], [13, 0, 0, 0])], options={"all_tricks": "none"}
    )
    assert plain["hands"][0]["points"][0] == 58


def test_what_if_known_totals_under_two_presets():
    """The referee's what-if: the same hands under yahoo-normal and pagat-standard (S17)."""
    from scorekeeper.engine.referee import what_if

    game = load_game(game_file("yahoo-normal", [hand(["nil", 5, 3, 5], [1, 5, 2, 5])]))
    under_pagat = what_if(game, find_ruleset("pagat-standard"))
    assert under_pagat.rows[0].actual == (-70, 100)
    assert under_pagat.rows[0].other == (-130, 100)
    assert under_pagat.rows[0].difference == (-60, 0)
    assert under_pagat.stopped is None and not under_pagat.winner_changes
    under_barmore = what_if(game, find_ruleset("joker-barmore"))
    assert under_barmore.stopped is not None and under_barmore.stopped.hand == 1


@pytest.mark.parametrize("preset", preset_ids("spades"))
def test_guidance_says_of_each_special_bid_what_bid_choices_says(preset):
    """The guidance box names each special bid the rules have, open or closed and why,
    exactly as bid_choices judges it for a seat of that side, at totals around every
    margin a rule can ask."""
    from scorekeeper.engine.spades.bids import bid_choices
    from scorekeeper.engine.spades.guidance import KIND_NAMES, _known, guidance

    options = find_ruleset(preset).options
    players = list("ABCDEF")[: options.players]
    result = score_game(load_game({"ruleset": preset, "players": players}))
    known = _known(options)  # the special bids these rules have
    for gap in (-250, -100, -1, 0, 1, 99, 100, 101, 150, 199, 200, 201, 500):
        totals = (gap, *[0] * (len(result.sides) - 1))
        guide = guidance(options, result.sides, players, totals, 0)
        for side, said in zip(result.sides, guide.sides, strict=True):
            choices = bid_choices(options, result.sides, side.seats[0], totals)
            expected = [(KIND_NAMES[c.kind], c.open, c.reason) for c in choices if c.kind in known]
            assert [(name.template, open_, why) for name, open_, why in said.bids] == expected
