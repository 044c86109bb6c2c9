"""Contract Bridge (RULES.md §7): the worked examples of §7.6 and GAME-FORMAT's, through
the game file and `score`'s output, and hand-checked cases of Law 77's tables."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GameError, HandError, load_game, result_to_json, score_game
from scorekeeper.engine.bridge.compare import butler_datum
from scorekeeper.engine.bridge.contract import (
    board_dealer,
    board_vulnerability,
    contract_items,
    imps,
    read_contract,
)

PLAYERS = ["Ann", "Ben", "Cho", "Dee"]


def score(ruleset, hands, **top):
    doc = {"format": "scorekeeper-game/1", "game": "bridge", "ruleset": ruleset, "hands": hands}
    if "players" not in top and not ruleset.startswith("duplicate-board"):
        doc["players"] = PLAYERS
    doc.update(top)
    return result_to_json(score_game(load_game(doc)))


def ns(ruleset, hands, **top):
    return [hand["ns_score"] for hand in score(ruleset, hands, **top)["hands"]]


def error(ruleset, hands, **top):
    with pytest.raises((GameError, HandError)) as caught:
        score(ruleset, hands, **top)
    return str(caught.value)


def deal(contract, declarer, tricks=None, **more):
    body = {"contract": contract, "declarer": declarer, **more}
    if tricks is not None:
        body["tricks"] = tricks
    return body


# --- Law 77, one contract ------------------------------------------------------------


def signed_score(code, vulnerable, tricks):
    contract = read_contract(code)
    items = contract_items(contract, 0, vulnerable, tricks, premiums=True)
    return sum(i.points if i.side == 0 else -i.points for i in items)


@pytest.mark.parametrize(
    ("code", "vulnerable", "tricks", "expected"),
    [
        ("1C", False, 7, 70),
        ("1NT", False, 7, 90),
        ("2S", False, 8, 110),
        ("3NT", False, 9, 400),
        ("3NT", True, 9, 600),
        ("4H", False, 10, 420),
        ("4S", True, 10, 620),
        ("5D", False, 11, 400),
        ("1CX", False, 7, 140),  # 40 + 50 partscore + 50 insult
        ("1CXX", False, 7, 230),  # 80 + 50 + 100
        ("1CXX", True, 8, 630),  # 80 + 400 + 100 + 50
        ("2SX", True, 8, 670),  # 120: a game
        ("1NTXX", False, 7, 560),  # 160 + 300 + 100
        ("4SX", True, 11, 990),  # 240 + 200 + 50 + 500
        ("6S", False, 12, 980),
        ("6NT", True, 12, 1440),
        ("7NT", False, 13, 1520),
        ("7NTXX", True, 13, 2980),
        ("6HX", True, 13, 1860),  # 360 + 200 + 50 + 750 + 500
        ("3NT", False, 8, -50),
        ("3NT", True, 7, -200),
        ("3NTX", False, 8, -100),
        ("3NTX", False, 7, -300),
        ("3NTX", False, 6, -500),
        ("3NTX", False, 5, -800),
        ("3NTX", False, 4, -1100),
        ("3NTX", True, 8, -200),
        ("3NTX", True, 7, -500),
        ("3NTX", True, 6, -800),
        ("3NTXX", False, 6, -1000),
        ("3NTXX", True, 6, -1600),
        ("7NT", False, 0, -650),
        ("7NTX", False, 0, -3500),
        ("7NTXX", False, 0, -7000),
        ("7NT", True, 0, -1300),
        ("7NTX", True, 0, -3800),
        ("7NTXX", True, 0, -7600),
    ],
)
def test_law_77_every_doubling_vulnerability_and_result(code, vulnerable, tricks, expected):
    assert signed_score(code, vulnerable, tricks) == expected


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
        (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
        (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
        (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
        (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
        (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
        (3500, 23), (3990, 23), (4000, 24), (15200, 24), (-430, -10), (-4000, -24),
    ],
)  # fmt: skip
def test_the_imp_scale_at_every_boundary(difference, expected):
    assert imps(difference) == expected


def test_law_2_boards_1_to_36():
    vul = [
        "none",
        "ns",
        "ew",
        "both",
        "ns",
        "ew",
        "both",
        "none",
        "ew",
        "both",
        "none",
        "ns",
        "both",
        "none",
        "ns",
        "ew",
    ]
    for board in range(1, 37):
        assert board_dealer(board) == (board - 1) % 4
        assert board_vulnerability(board) == vul[(board - 1) % 16]
    assert (board_vulnerability(17), board_vulnerability(36)) == ("none", "both")


# --- §7.6 worked examples ----------------------------------------------------------------


def test_b1_b2_b3_b5_duplicate_boards():
    assert ns("duplicate", [deal("4H", 0, 11, board=4)]) == [650]
    assert ns("duplicate", [deal("3NTX", 0, 6, board=1)]) == [-500]
    assert ns("duplicate", [deal("7NTXX", 0, 13, board=5)]) == [2980]
    assert ns("duplicate", [deal("4S", 0, 10, board=1, vulnerability="both")]) == [620]


def test_b4_seven_no_trump_no_trick():
    scores = [
        ns("duplicate", [deal(f"7NT{x}", 0, 0, board=board)])[0]
        for board in (1, 2)
        for x in ("", "X", "XX")
    ]
    assert scores == [-650, -3500, -7000, -1300, -3800, -7600]


def test_b6_rubber_two_nothing():
    out = score("rubber", [deal("3NT", 0, 9), deal("4S", 2, 10)])
    assert out["totals"] == [920, 0]
    assert out["hands"][1]["items"][-1] == {
        "side": 0,
        "kind": "rubber",
        "points": 700,
        "line": "above",
    }
    assert out["won_two_games"] == 0 and out["finished"] and out["winner"] == 0


def test_b7_the_side_with_two_games_may_lose():
    out = score("rubber", [deal("4SX", 1, 5), deal("3NT", 1, 9), deal("3NT", 3, 9)])
    assert out["totals"] == [1100, 900]
    assert out["won_two_games"] == 1 and out["winner"] == 0 and out["finished"]


def test_b8_katz_unfinished_rubber():
    out = score(
        "rubber",
        [deal("3H", 0, 10), deal("4C", 1, 9), deal("3DX", 3, 9), deal("2NT", 2, 7)],
        stopped=True,
    )
    assert out["closing"]["points"] == [0, 300]
    assert out["totals"] == [170, 520] and out["winner"] == 1 and out["finished"]


def test_b9_b10_chicago_carry():
    out = score("chicago", [deal("2H", 0, 8), deal("2C", 0, 8)])
    assert out["hands"][1]["points"] == [340, 0]
    assert out["hands"][1]["dealer"] == 1 and out["hands"][1]["vulnerable"] == [False, True]
    out = score(
        "chicago", [deal("1C", 0, 5), deal("1C", 1, 5), deal("1C", 0, 5), deal("1NT", 0, 7)]
    )
    assert out["hands"][3]["points"] == [140, 0]


def test_b11_dummies_wheel():
    out = score(
        "chicago-duplicate",
        [deal("2H", 0, 8), deal("3NT", 1, 9), deal("3S", 1, 10), deal("6S", 0, 13)],
    )
    assert [h["ns_score"] for h in out["hands"]] == [110, -600, -170, 1460]
    assert out["totals"] == [1570, 770] and out["winner"] == 0


def test_b12_chicago_fixed():
    out = score(
        "chicago-fixed",
        [deal("4H", 0, 10), deal("3CX", 2, 7), deal("3NT", 1, 9), deal("5D", 3, 8)],
    )
    assert [h["totals"] for h in out["hands"]] == [[420, 0], [420, 500], [420, 1100], [720, 1100]]


def traveller(ruleset, scores, board=1, **top):
    hands = [{"board": board, "ns_score": s} for s in scores]
    return score(ruleset, hands, **top)


def test_b13_matchpoints():
    out = traveller("duplicate-board", [400, 430, 150, -50])
    assert [h["matchpoints"] for h in out["hands"]] == [[4, 2], [6, 0], [2, 4], [0, 6]]
    assert out["boards"] == [{"board": 1, "results": 4, "top": 6}]


def test_b14_acbl_half_matchpoints():
    out = traveller("duplicate-board-acbl", [420, 430, 500, 420, 450, -50, 170])
    assert [h["matchpoints"][0] for h in out["hands"]] == [2.5, 4, 6, 2.5, 5, 0, 1]


def test_b15_neuberg():
    out = traveller(
        "duplicate-board",
        [520, 500, 480, 460, 440, 420, 400, 300, 100, -50],
        options={"neuberg_expected": 11},
    )
    got = [h["matchpoints"][0] for h in out["hands"]]
    assert got[0] == pytest.approx(19.9) and got[1] == pytest.approx(17.7)
    assert got[-1] == pytest.approx(0.1)
    assert out["boards"][0]["top"] == 20


def test_b16_cross_imps():
    out = traveller("duplicate-board-cross-imps", [620, 170, 140, 140, -100])
    assert [h["imps"][0] for h in out["hands"]] == [10.5, -0.25, -1.25, -1.25, -7.75]


def test_b17_b22_butler():
    out = traveller("duplicate-board-butler", [-650, -170, -1440, 100, -170, -200])
    assert out["boards"][0]["datum"] == -300
    assert [h["imps"][0] for h in out["hands"]] == [-8, 4, -15, 9, 4, 3]
    assert traveller("duplicate-board-butler", [-290, -300])["boards"][0]["datum"] == -290
    assert traveller("duplicate-board-butler", [290, 300])["boards"][0]["datum"] == 300
    assert butler_datum([-300, -295]) == -300  # −297.5: the half goes toward +∞ → −300
    assert butler_datum([-295, -300, -290]) == -290  # −295 → −290
    assert butler_datum([295, 300, 290]) == 300


def test_b18_teams():
    out = traveller("duplicate-board-teams", [450, -50])
    assert [h["imps"] for h in out["hands"]] == [[11, -11], [-11, 11]]
    assert traveller("duplicate-board-teams", [450])["hands"][0]["imps"] is None


def test_b19_chicago_south_deals_first():
    out = score(
        "chicago",
        [deal("1NT", 0, 7), deal("2H", 1, 8), deal("2S", 0, 8), deal("1C", 1, 7)],
        first_dealer=2,
    )
    hands = out["hands"]
    assert [h["dealer"] for h in hands] == [2, 3, 0, 1]
    assert [h["vulnerable"] for h in hands] == [
        [False, False], [False, True], [True, False], [True, True]
    ]  # fmt: skip
    assert [h["points"] for h in hands] == [[40, 0], [0, 60], [560, 0], [0, 120]]
    assert out["totals"] == [600, 180]


def test_b20_chicago_dealt_out_of_turn():
    out = score(
        "chicago",
        [deal("2C", 0, 8), deal("4S", 0, 10, dealer=2), deal("3NT", 1, 9), deal("2H", 0, 8)],
    )
    hands = out["hands"]
    assert hands[1]["vulnerable"] == [True, False] and hands[1]["points"] == [620, 0]
    assert hands[2]["dealer"] == 3 and hands[2]["points"] == [0, 600]
    assert out["totals"] == [820, 600]


def test_b21_stopped_rubber_level():
    out = score("rubber", [deal("3NT", 0, 9), deal("3NT", 1, 9)], stopped=True)
    assert out["totals"] == [100, 100]
    assert out["closing"]["points"] == [0, 0]
    assert out["finished"] and out["winner"] is None and out["winners"] == [0, 1]


def test_a_stopped_rubbers_result_totals_are_its_closed_totals():
    """What every page reads (the game's totals) is what `score` prints: the premiums
    of the only game won are in no deal's points."""
    doc = {"format": "scorekeeper-game/1", "game": "bridge", "ruleset": "rubber"}
    doc.update(players=PLAYERS, hands=[deal("4S", 0, 10)], stopped=True)
    result = score_game(load_game(doc))
    assert result.hands[-1].totals == (120, 0)
    assert result.totals == (420, 0) == tuple(result_to_json(result)["totals"])


# --- GAME-FORMAT's examples ------------------------------------------------------------


def test_the_rubber_example():
    out = score(
        "rubber",
        [
            deal("2H", 0, 9),
            deal("4SX", 1, 8),
            deal("3NT", 3, 9, honours={"side": 0, "points": 150}),
            {"contract": "pass"},
            deal("2C", 2, 8),
        ],
    )
    rows = [
        (h["deal"], h["dealer"], h["points"], h["below"], h["above"], h["partscore"], h["games"])
        for h in out["hands"]
    ]
    assert rows == [
        (1, 0, [90, 0], [60, 0], [30, 0], [60, 0], [0, 0]),
        (2, 1, [300, 0], [0, 0], [300, 0], [60, 0], [0, 0]),
        (3, 2, [150, 100], [0, 100], [150, 0], [0, 0], [0, 1]),
        (4, 3, [0, 0], [0, 0], [0, 0], [0, 0], [0, 1]),
        (5, 0, [40, 0], [40, 0], [0, 0], [40, 0], [0, 1]),
    ]
    assert out["hands"][2]["game_won"] == 1 and out["hands"][3]["vulnerable"] == [False, True]
    assert (out["totals"], out["above"], out["below"]) == ([580, 100], [480, 0], [100, 100])
    assert out["games"] == [0, 1] and out["vulnerable"] == [False, True]
    assert out["won_two_games"] is None and out["closing"] is None
    assert not out["finished"] and out["winner"] is None


def test_the_chicago_example():
    out = score(
        "chicago",
        [
            deal("2H", 0, 8),
            {"contract": "pass"},
            deal("2C", 2, 9),
            deal("4S", 1, 9),
            deal("1NT", 3, 7),
        ],
    )
    hands = out["hands"]
    assert [h["points"] for h in hands] == [[60, 0], [0, 0], [360, 0], [50, 0], [0, 140]]
    assert hands[1]["passed"] and hands[1]["deal"] == 2 and hands[1]["dealer"] == 1
    assert hands[1]["vulnerable"] == [False, True]
    assert hands[3]["dealer"] == 2 and hands[3]["vulnerable"] == [True, False]
    assert out["totals"] == [470, 140] and out["finished"] and out["winner"] == 0
    assert out["deals"] == 4


def test_the_traveller_example():
    hands = [
        {
            "board": 5,
            "contract": "4S",
            "declarer": 0,
            "tricks": 10,
            "ns_pair": "1",
            "ew_pair": "4",
        },
        {
            "board": 5,
            "contract": "4SX",
            "declarer": 2,
            "tricks": 9,
            "ns_pair": "2",
            "ew_pair": "5",
        },
        {"board": 5, "ns_score": 620, "ns_pair": "3", "ew_pair": "6"},
        {
            "board": 5,
            "contract": "5DX",
            "declarer": 1,
            "tricks": 8,
            "ns_pair": "4",
            "ew_pair": "1",
        },
    ]
    out = score("duplicate-board", hands)
    assert out["sides"] == [
        {"name": "North-South", "seats": [0, 2]},
        {"name": "East-West", "seats": [1, 3]},
    ]
    assert [h["ns_score"] for h in out["hands"]] == [620, -200, 620, 500]
    assert [h["matchpoints"] for h in out["hands"]] == [[5, 1], [0, 6], [5, 1], [2, 4]]
    assert out["hands"][0]["percent"][0] == pytest.approx(83.3333333)
    assert out["boards"] == [{"board": 5, "results": 4, "top": 6}]
    assert out["pairs"][0] == {
        "pair": "5", "direction": "EW", "boards": 1, "matchpoints": 6, "top": 6, "percent": 100
    }  # fmt: skip
    first = next(p for p in out["pairs"] if (p["pair"], p["direction"]) == ("1", "NS"))
    assert first["matchpoints"] == 5 and first["top"] == 6 and first["boards"] == 1
    assert first["percent"] == pytest.approx(500 / 6)
    assert out["finished"] is False and out["winner"] is None


def test_a_game_file_with_no_hands():
    out = score("rubber", [])
    assert out["totals"] == [0, 0] and not out["finished"]


def test_duplicate_boards_count_on_and_end_with_boards():
    out = score("duplicate", [deal("1NT", 0, 7), deal("1NT", 1, 7)], options={"boards": 2})
    assert [h["board"] for h in out["hands"]] == [1, 2]
    assert out["hands"][1]["vulnerable"] == [True, False]
    assert out["totals"] == [90, 90] and out["finished"] and out["winners"] == [0, 1]


def test_chicago_of_eight_deals_restarts_the_schedule_and_the_partscores():
    hands = [deal("2H", 0, 8)] * 4 + [deal("1C", 0, 7)] * 4
    out = score("chicago", hands, options={"deals": 8})
    assert out["hands"][4]["deal"] == 1 and out["hands"][4]["vulnerable"] == [False, False]
    assert out["hands"][4]["partscore"] == [20, 0]  # nothing carried from the first chicago
    assert out["finished"]


# --- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "hands", "top", "expected"),
    [
        ("rubber", [], {"players": ["a", "b", "c"]}, "game: Bridge is for 4 players, got 3"),
        ("chicago", [], {"options": {"deals": 6}}, "game: option deals must be a multiple of 4"),
        ("rubber", [], {"options": {"deals": 8}}, "game: option deals is for Chicago"),
        ("rubber", [], {"options": {"deals": 4}}, "game: option deals is for Chicago"),
        ("rubber", [deal("8C", 0, 7)], {}, "hand 1: contract must be a level 1 to 7 and C, D, H, S or NT, then X or XX, got '8C'"),
        ("rubber", [deal("1C", 4, 7)], {}, "hand 1: 'declarer' must be a seat 0 to 3, got 4"),
        ("rubber", [deal("1C", 0)], {}, "hand 1: give either 'tricks' or 'result'"),
        ("rubber", [deal("1C", 0, 7, result=0)], {}, "hand 1: give either 'tricks' or 'result'"),
        ("rubber", [deal("1C", 0, 14)], {}, "hand 1: 'tricks' must be 0 to 13, got 14"),
        ("rubber", [deal("4S", 0, result=4)], {}, "hand 1: 'result' must be -10 to +3 for 4S, got +4"),
        ("chicago-duplicate", [deal("4S", 0, 10, honours={"side": 0, "points": 100})], {}, "hand 1: honours are not scored under these rules (honours is off)"),
        ("rubber", [deal("3NT", 0, 9, honours={"side": 0, "points": 100})], {}, "hand 1: at no trump only four aces in one hand count (150)"),
        ("rubber", [{"contract": "pass", "honours": {"side": 0, "points": 100}}], {}, "hand 1: a passed-out deal has no honours"),
        ("rubber", [{"contract": "pass", "declarer": 0, "tricks": 7}], {}, "hand 1: a passed-out deal has no 'declarer'"),
        ("chicago", [{"contract": "pass", "result": 0}], {}, "hand 1: a passed-out deal has no 'result'"),
        ("chicago", [deal("1C", 0, 7)], {"stopped": True}, "game: 'stopped' is for a rubber only"),
        ("chicago", [], {"options": {"vul_deals_2_3": "east"}}, "game: option vul_deals_2_3 must be dealer or non_dealer"),
        ("rubber", [deal("3NT", 0, 9), deal("3NT", 0, 9), deal("1C", 0, 7)], {}, "hand 3: the rubber is already over after hand 2"),
        ("chicago", [deal("1C", 0, 7)] * 5, {}, "hand 5: the chicago is over after 4 deals"),
        ("duplicate", [deal("1C", 0, 7, board=3), deal("1C", 0, 7, board=3)], {}, "hand 2: board 3 was already played at this table"),
        ("duplicate", [deal("1C", 0, 7, board=0)], {}, "hand 1: 'board' must be a whole number 1 or more"),
        ("duplicate-board", [{"ns_score": 100}], {}, "hand 1: every result on a traveller names its 'board'"),
        ("duplicate-board-teams", [{"board": 1, "ns_score": 100}] * 3, {}, "hand 3: a teams board has two results, board 1 already has 2"),
        ("duplicate-board", [{"board": 1, "ns_score": 105}], {}, "hand 1: 'ns_score' must be a multiple of 10 from -7600 to 7600"),
    ],
)  # fmt: skip
def test_errors_say_what_is_wrong_on_one_line(ruleset, hands, top, expected):
    assert error(ruleset, hands, **top) == expected


def test_its_statistics_never_add_into_another_games():
    """Bridge's keys are its own besides: no other game counts or prints them (each
    game's counts are kept under its name, tests/test_stats.py)."""
    from scorekeeper.engine import find_kind, kind_names

    def keys(kind):
        facts = find_kind(kind).facts
        counted = {key for column in facts.stat_columns for key in (*column.counts, *column.of)}
        return counted, set(find_kind(kind).stats_json({}))

    mine, fields = keys("bridge")
    for kind in set(kind_names()) - {"bridge"}:
        counted, theirs = keys(kind)
        assert not mine & counted and not fields & theirs, kind


def test_a_deal_tallies_declarer_and_defenders():
    from scorekeeper.engine import find_kind

    game = load_game(
        {"ruleset": "rubber", "players": PLAYERS, "hands": [deal("6S", 0, 12), deal("3NT", 1, 7)]}
    )
    result = score_game(game)
    kind = find_kind("bridge")
    options = game.ruleset.options
    slam = [
        kind.tally(options, game.hands[0], result.hands[0], seat, seat % 2) for seat in range(4)
    ]
    assert slam[0] == {
        "declarer_contracts": 1, "declarer_made": 1, "games_made": 1, "slams_made": 1
    }  # fmt: skip
    assert slam[2] == {"games_made": 1, "slams_made": 1} and slam[1] == {}
    down = [
        kind.tally(options, game.hands[1], result.hands[1], seat, seat % 2) for seat in range(4)
    ]
    assert down[1] == {"declarer_contracts": 1} and down[0] == {"contracts_defeated": 1}


def test_an_unfinished_rubber_pays_the_only_game_and_the_only_partscore():
    out = score("rubber", [deal("4H", 0, 10), deal("2C", 1, 8)], stopped=True)
    assert out["closing"]["items"] == [
        {"side": 0, "kind": "unfinished_game", "points": 300},
        {"side": 1, "kind": "unfinished_partscore", "points": 100},
    ]
    assert out["totals"] == [420, 140] and out["above"] == [300, 100]
    out = score(
        "rubber", [deal("2C", 1, 8)], stopped=True, options={"unfinished_partscore_bonus": 50}
    )
    assert out["totals"] == [0, 90] and out["winner"] == 1
    # Both sides with a partscore: nothing; a finished rubber: `stopped` changes nothing.
    assert score("rubber", [deal("1C", 0, 7), deal("1C", 1, 7)], stopped=True)["totals"] == [
        20,
        20,
    ]
    done = score("rubber", [deal("3NT", 0, 9), deal("3NT", 0, 9)], stopped=True)
    assert done["closing"] is None and done["totals"] == [900, 0]


def test_rubber_vulnerability_raises_the_penalties_of_a_side_with_a_game():
    out = score("rubber", [deal("3NT", 1, 9), deal("4SX", 1, 9), deal("4SX", 0, 9)])
    assert out["hands"][1]["vulnerable"] == [False, True]
    assert out["hands"][1]["points"] == [200, 0]  # E-W vulnerable, doubled one down
    assert out["hands"][2]["points"] == [0, 100]  # N-S not vulnerable


def test_chicago_with_the_side_not_dealing_vulnerable_a_house_rule():
    out = score(
        "chicago", [deal("1C", 0, 7), deal("4S", 0, 10)], options={"vul_deals_2_3": "non_dealer"}
    )
    assert out["hands"][1]["vulnerable"] == [True, False]
    assert out["hands"][1]["points"] == [620, 0]  # 120 + 500: the game premium vulnerable


def test_chicago_scored_like_duplicate_counts_honours_when_the_table_does():
    out = score(
        "chicago-duplicate",
        [deal("4H", 0, 10, honours={"side": 1, "points": 100})],
        options={"honours": True},
    )
    assert out["hands"][0]["ns_score"] == 320 and out["hands"][0]["points"] == [420, 100]


def test_a_board_marked_otherwise_keeps_its_markings():
    out = score("duplicate", [deal("1NT", 2, 7, board=3, dealer=0, vulnerability="none")])
    hand = out["hands"][0]
    assert (hand["dealer"], hand["vulnerable"], hand["ns_score"]) == (0, [False, False], 90)
    out = score("duplicate", [deal("2S", 1, 10, board=19)])  # board 3's conditions
    assert out["hands"][0]["dealer"] == 2 and out["hands"][0]["vulnerable"] == [False, True]
    assert out["hands"][0]["ns_score"] == -170


def test_an_option_of_another_form_is_refused():
    assert error("duplicate", [], options={"honours": False}) == (
        "game: option honours is for rubber and Chicago"
    )
    assert error("rubber", [], options={"compare": "butler"}).startswith(
        "game: option compare is for"
    )


def test_a_traveller_without_neuberg_and_a_board_played_once():
    out = traveller("duplicate-board", [420])
    assert out["hands"][0]["matchpoints"] == [0, 0] and out["hands"][0]["percent"] == [50, 50]
    out = traveller("duplicate-board-cross-imps", [420])
    assert out["hands"][0]["imps"] == [0, 0]
    out = traveller(
        "duplicate-board-cross-imps", [620, 170, 140], options={"cross_imps_average": False}
    )
    assert out["hands"][0]["imps"][0] == 20  # 10 + 10, not averaged
