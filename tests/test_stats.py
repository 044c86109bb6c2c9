"""Players' statistics agree with what was played, counted by hand."""

from __future__ import annotations

import json

from scorekeeper.engine import find_kind, kind_names, load_game, score_game
from scorekeeper.stats import (
    player_key,
    player_stats,
    stats_json,
)

from .conftest import run_cli

SPADES = {
    "format": "scorekeeper-game/1",
    "game": "spades",
    "ruleset": "yahoo-normal",
    "options": {"target": 150, "blind_nil_behind": 0},
    "players": ["Ann", "Ben", "Cho", "Dee"],
    "hands": [
        # Ann's nil made, Ben's set (bid 5, took 3), Cho 4 made +1 bag, Dee 4 made.
        {"bids": ["nil", 5, 4, 4], "tricks": [0, 3, 5, 5]},
        # Ann's blind nil fails (1 trick); Ben bids nil and makes it.
        {"bids": ["blind_nil", "nil", 6, 4], "tricks": [1, 0, 7, 5]},
    ],
}
HEARTS = {
    "format": "scorekeeper-game/1",
    "game": "hearts",
    "ruleset": "hearts-standard",
    "players": ["ann ", "Ben", "Cy", "Dee"],  # "ann " is Ann
    "hands": [
        {"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "subtract"},
        {"hearts": [3, 4, 5, 1], "queen_of_spades": 2},
    ],
}


def scored(*docs):
    return [(doc["players"], score_game(load_game(doc))) for doc in docs]


def by_name(stats):
    return {player_key(p.name): p.to_json() for p in stats}


def test_spades_counts_agree_with_the_hands():
    players = by_name(player_stats(scored(SPADES)))
    ann, ben, cho = players["ann"], players["ben"], players["cho"]
    assert ann["games"] == 1 and ann["hands"] == 2
    assert ann["nil"] == {"bid": 1, "made": 1}
    assert ann["blind_nil"] == {"bid": 1, "made": 0}
    assert ben["nil"] == {"bid": 1, "made": 1} and ben["blind_nil"] == {"bid": 0, "made": 0}
    assert ben["contracts"] == {"bid": 1, "made": 0, "set": 1}
    assert cho["contracts"]["bid"] == 2 and cho["bags"] == 2
    assert ann["partners"] == {"Cho": {"games": 1, "won": ann["won"]}}
    assert ann["opponents"] == {
        "Ben": {"games": 1, "won": ann["won"]},
        "Dee": {"games": 1, "won": ann["won"]},
    }
    # Points for are the side's points, hand by hand; against, the other side's.
    result = score_game(load_game(SPADES))
    assert ann["points_for"] == result.totals[0] and ann["points_against"] == result.totals[1]


def test_the_same_name_is_one_player_across_games_and_hearts_counts():
    players = by_name(player_stats(scored(SPADES, HEARTS)))
    ann = players["ann"]
    assert ann["name"] == "Ann" and ann["games"] == 2 and ann["hands"] == 4
    assert ann["moons"] == 1 and ann["queen_of_spades"] == 1
    spades_total = score_game(load_game(SPADES)).totals[0]
    assert ann["by_kind"] == {
        "hearts": {"games": 1, "hands": 2, "points": -26 + 3},  # the moon for self, then 3
        "spades": {"games": 1, "hands": 2, "points": spades_total},
    }
    assert players["cy"]["queen_of_spades"] == 1 and players["cy"]["moons"] == 0
    assert "cho" in players and "cy" in players  # different names, different players


def test_won_counts_only_finished_games_won_by_the_players_side():
    doc = {**SPADES, "options": {"target": 100}, "hands": SPADES["hands"][:1]}
    result = score_game(load_game(doc))
    assert result.outcome.finished and result.outcome.winner == 0  # Ann & Cho: 141
    players = by_name(player_stats([(doc["players"], result)]))
    assert players["ann"]["won"] == 1 and players["cho"]["won"] == 1
    assert players["ben"]["won"] == 0 and players["ben"]["finished"] == 1
    unfinished = by_name(player_stats(scored(SPADES)))
    assert unfinished["ann"]["won"] == 0 and unfinished["ann"]["finished"] == 0


def test_scorekeeper_stats_json_reads_the_stored_games(tmp_path):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    for doc in (SPADES, HEARTS):
        done = run_cli("import", "-", stdin=json.dumps(doc), env=env)
        assert done.returncode == 0, done.stderr
    done = run_cli("stats", "--json", env=env)
    assert done.returncode == 0, done.stderr
    players = {p["name"]: p for p in json.loads(done.stdout)["players"]}
    assert players["Ann"]["games"] == 2 and players["Ann"]["hands"] == 4
    assert players["Ann"]["nil"] == {"bid": 1, "made": 1}
    assert players["Ann"]["blind_nil"] == {"bid": 1, "made": 0}
    assert players["Ann"]["moons"] == 1
    for player in players.values():
        assert {"name", "games", "won", "hands", "nil", "blind_nil", "moons"} <= player.keys()
    text = run_cli("stats", env=env)
    assert text.returncode == 0 and text.stdout.splitlines()[0].split()[:2] == ["player", "games"]
    assert stats_json([])["players"] == []


def test_csv_has_a_row_per_player_per_hand(tmp_path):
    import csv
    import io

    from scorekeeper.stats import csv_rows, write_csv

    result = score_game(load_game(SPADES))
    out = io.StringIO()
    write_csv(csv_rows([("g1", "2026-11-22", SPADES["players"], SPADES["hands"], result)]), out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == [
        "game", "ruleset", "started", "hand", "seat", "player", "side", "bid", "tricks",
        "points", "total", "bags", "markers",
    ]  # fmt: skip
    assert len(rows) == 1 + 4 * 2
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["player"] == "Ann" and first["seat"] == "1" and first["bid"] == "nil"
    assert first["side"] == "Ann & Cho" and "nil_made" in first["markers"].split()
    partner = dict(zip(rows[0], rows[3], strict=True))  # Cho, who bid no nil
    assert partner["player"] == "Cho" and "nil_made" not in partner["markers"].split()
    last = dict(zip(rows[0], rows[-1], strict=True))
    assert last["hand"] == "2" and int(last["total"]) == result.totals[1]
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    assert run_cli("import", "-", stdin=json.dumps(SPADES), env=env).returncode == 0
    done = run_cli("csv", env=env)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 9
    assert run_cli("csv", "no-such-game", env=env).returncode == 2


def test_a_zero_beside_a_blind_bid_is_no_bid_not_a_nil():
    doc = {
        "ruleset": "yahoo-normal",
        "options": {"zero_is_nil": True, "blind_bids": True, "blind_behind": 0},
        "players": ["Ann", "Ben", "Cho", "Dee"],
        # Ann bids blind 7 for the side; her partner Cho enters 0 (no bid) and takes none.
        # Ben's 0 is a nil (his partner bid a number), and he makes it.
        "hands": [{"bids": ["blind 7", 0, 0, 5], "tricks": [8, 0, 0, 5]}],
    }
    players = by_name(player_stats(scored(doc)))
    assert players["cho"]["nil"] == {"bid": 0, "made": 0}
    assert players["cho"]["contracts"] == {"bid": 0, "made": 0, "set": 0}
    assert players["ben"]["nil"] == {"bid": 1, "made": 1}
    assert players["ann"]["contracts"] == {"bid": 1, "made": 1, "set": 0}


def test_a_moon_by_number_counts_as_its_bidders_contract():
    doc = {
        "ruleset": "yahoo-normal",
        "options": {"moon": True, "thirteen_is_moon": True},
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [{"bids": [13, 0, 0, 0], "tricks": [13, 0, 0, 0]}],
    }
    players = by_name(player_stats(scored(doc)))
    assert players["ann"]["contracts"] == {"bid": 1, "made": 1, "set": 0}
    assert players["cho"]["contracts"]["bid"] == 0 and players["cho"]["nil"]["bid"] == 0


def test_scorekeeper_rename_merges_two_spellings_in_every_stored_game(tmp_path):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    for doc in (SPADES, {**HEARTS, "players": ["Annie", "Ben", "Cy", "Dee"]}):
        assert run_cli("import", "-", stdin=json.dumps(doc), env=env).returncode == 0
    done = run_cli("rename", "annie", "Ann", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "annie is now Ann in 1 game"
    players = {
        p["name"]: p for p in json.loads(run_cli("stats", "--json", env=env).stdout)["players"]
    }
    assert "Annie" not in players and players["Ann"]["games"] == 2
    empty = run_cli("rename", "Ann", "  ", env=env)
    assert empty.returncode == 2
    assert (
        empty.stderr == "the new name: a name needs at least one visible letter, digit or sign\n"
    )


FORMULA_NAMES = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"]


def test_csv_cells_a_spreadsheet_would_run_start_with_a_quote_and_numbers_stay_numbers(
    tmp_path,
):
    import csv
    import io

    from scorekeeper.stats import write_csv

    out = io.StringIO()
    write_csv([["=1+1", "+1", "-Ann", "@x", "\tTab", "\rCR", "Ann", "", -120, 0, 35]], out)
    assert next(csv.reader(io.StringIO(out.getvalue()))) == [
        "'=1+1", "'+1", "'-Ann", "'@x", "'\tTab", "'\rCR", "Ann", "", "-120", "0", "35"
    ]  # fmt: skip
    doc = {
        **SPADES,
        "players": FORMULA_NAMES,
        "hands": [{"bids": ["nil", 5, 3, 5], "tricks": [1, 5, 2, 5]}],
    }
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path)}
    assert run_cli("import", "-", stdin=json.dumps(doc), env=env).returncode == 0
    done = run_cli("csv", env=env)
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [row["player"] for row in rows] == ["'" + name for name in FORMULA_NAMES]
    assert rows[0]["side"] == "'" + f"{FORMULA_NAMES[0]} & {FORMULA_NAMES[2]}"
    points = score_game(load_game(doc)).hands[0].points[0]
    assert points < 0 and rows[0]["points"] == rows[0]["total"] == str(points)  # "-130"


# One game of every kind, the same four players at each (a kind missing here fails the
# test below, so a new game is checked as soon as it is added).
ONE_OF_EACH = {
    "spades": SPADES,
    "hearts": {**HEARTS, "players": ["Ann", "Ben", "Cho", "Dee"]},
    "oh-hell": {
        "ruleset": "oh-hell",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [{"cards": 10, "bids": [3, 2, 4, 0], "tricks": [3, 3, 4, 0]}],
    },
    "euchre": {
        "ruleset": "euchre",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [{"maker": 1, "alone": True, "tricks": 5}, {"maker": 0, "tricks": 3}],
    },
    "spitzer": {
        "ruleset": "spitzer",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [
            {"contract": "normal", "declarers": [0, 2], "points": 75, "tricks": 5},
            {"contract": "zola", "declarers": [1], "points": 40, "tricks": 3},
        ],
    },
    "bridge": {
        "ruleset": "rubber",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [
            {"contract": "4S", "declarer": 0, "tricks": 10},
            {"contract": "3NT", "declarer": 1, "tricks": 8},
        ],
    },
    "pinochle": {
        "ruleset": "pinochle-partnership",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [
            {"bidder": 0, "bid": 300, "trump": "hearts", "meld": [150, 60], "counters": [170, 80]}
        ],
    },
}


def test_no_two_games_statistics_ever_meet():
    """A player's object for one game, and the top-level fields, stay as they are when
    games of every other kind are added: no kind's counts add into another's."""
    assert set(ONE_OF_EACH) == set(kind_names())
    everything = by_name(player_stats(scored(*ONE_OF_EACH.values())))
    for kind, doc in ONE_OF_EACH.items():
        alone = by_name(player_stats(scored(doc)))
        for key, one in alone.items():
            assert set(one["by_game"]) == {kind}
            assert everything[key]["by_game"][kind] == one["by_game"][kind], (kind, key)
            # The top-level fields this kind gives say what its games alone say.
            own = set(find_kind(kind).stats_json({}))
            assert {f: everything[key][f] for f in own} == {f: one[f] for f in own}, kind
    ann = everything["ann"]["by_game"]
    assert ann["spades"]["nil"] == {"bid": 1, "made": 1} and ann["spades"]["games"] == 1
    assert ann["hearts"]["moons"] == 1 and ann["hearts"]["hands"] == 2
    assert sum(game["games"] for game in ann.values()) == everything["ann"]["games"] == 7
    # Each kind's keys, as counted, under its own name only.
    for stats in player_stats(scored(*ONE_OF_EACH.values())):
        assert all(key.split(":", 1)[0] in ONE_OF_EACH for key in stats.counts)


def test_a_games_csv_kept_in_its_summary_is_what_the_csv_export_writes():
    """`game_csv` (what a game's summary keeps) writes the rows `csv_rows` yields, as
    `write_csv` writes them, for a game of every kind, whatever its players are called
    (formulas, separators, quotes, spaces around a name)."""
    import io

    from scorekeeper.stats import csv_rows, game_csv, write_csv

    awkward = [*FORMULA_NAMES, 'Zoë "Z", 山田', " Ann "]
    for kind, doc in ONE_OF_EACH.items():
        for names in (doc["players"], awkward[: len(doc["players"])], awkward[-4:]):
            game = {**doc, "players": names}
            result = score_game(load_game(game))
            out = io.StringIO()
            write_csv(csv_rows([("g-1", "2026-11-28", names, game["hands"], result)]), out)
            _header, _, rows = out.getvalue().partition("\r\n")
            made = game_csv("g-1", "2026-11-28", names, game["hands"], result)
            assert made == rows and made.count("\r\n") == 4 * len(game["hands"]), (kind, names)
