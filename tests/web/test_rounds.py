"""An evening seated by rotation: each round's tables, games and sit-outs on the page."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter

from scorekeeper import store
from scorekeeper.night import missed
from scorekeeper.store import rounds

from ..conftest import run_cli
from ..test_cli_rotation import THIRTEEN
from .conftest import play, text
from .test_evening_tables import table_links
from .test_evenings import start_evening


def not_played(db, evening) -> dict[str, int]:
    """Rounds each player did not play, as the evening's standings count them."""
    night = store.read_night(db, store.get_evening(db, evening))
    return {row.name: row.sat_out for row in night.standings.rows if row.sat_out} | {
        name: count
        for name, count in missed(night.rounds, night.games).items()
        if not any(row.name == name for row in night.standings.rows)
    }


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def seat(client, evening, number, players, **fields):
    data = {
        "round": str(number),
        "players": "\n".join(players),
        "ruleset": "yahoo-normal",
        "rounds": "3",
        "method": "balanced",
        "pins": "",
        **fields,
    }
    return client.post(f"/e/{evening}/rounds", data=data)


def test_three_rounds_of_thirteen_each_start_their_tables_games(client, db):
    evening = start_evening(client)
    assert "Seat round 1" in text(client.get(f"/e/{evening}"))
    for number in (1, 2, 3):
        assert seat(client, evening, number, THIRTEEN).status_code == 303
    seated = rounds.rounds_of(db, evening)
    assert [r.number for r in seated] == [1, 2, 3]
    partners = []
    for r in seated:
        assert len(r.games) == 3 and len(r.seating.out) == 1
        for table, game_id in zip(r.seating.tables, r.games, strict=True):
            game = store.get_game(db, game_id)
            assert list(game.players) == list(table) and game.evening == evening
            partners += [frozenset(table[0::2]), frozenset(table[1::2])]
    assert len(partners) == len(set(partners))  # nobody partners anyone twice
    assert len({r.seating.out[0] for r in seated}) == 3  # three players sit out once each
    page = text(client.get(f"/e/{evening}"))
    last = seated[-1].seating
    assert "Round 3 of 3" in page and f"Sits out: {last.out[0]}" in page
    a, b, c, d = last.tables[0]
    assert f"Table 1 {a} &amp; {c} vs {b} &amp; {d}" in page
    assert "Every planned round is seated: add a round" in page and "Round 1" in page


def test_the_page_seats_a_whole_night_as_the_command_line_prints_it(client, db):
    """Thirteen players, thirteen rounds: the same tables round by round on the page as
    printed ahead, and every two partner once and face each other twice."""
    evening = start_evening(client)
    for number in range(1, 14):
        assert seat(client, evening, number, THIRTEEN, rounds="13").status_code == 303
    seated = [r.seating for r in rounds.rounds_of(db, evening)]
    printed = run_cli("rotation", "--rounds", "13", *THIRTEEN, "--json")
    assert [r.to_json() for r in seated] == json.loads(printed.stdout)["rounds"]
    partners, faced = Counter(), Counter()
    for r in seated:
        for t in r.tables:
            partners.update((frozenset(t[0::2]), frozenset(t[1::2])))
            faced.update(frozenset((a, b)) for a in t[0::2] for b in t[1::2])
    for pair in map(frozenset, itertools.combinations(THIRTEEN, 2)):
        assert (partners[pair], faced[pair]) == (1, 2)


def test_a_late_arrival_and_an_early_leaver_between_rounds(client, db):
    evening = start_evening(client)
    seat(client, evening, 1, THIRTEEN[:8])
    tonight = [*THIRTEEN[1:8], "Zoe"]
    assert seat(client, evening, 2, tonight).status_code == 303
    second = rounds.rounds_of(db, evening)[1].seating
    seated = {name for table in second.tables for name in table}
    assert seated == set(tonight)
    assert rounds.get_rotation(db, evening).players == tuple(tonight)


def test_winners_move_up_from_the_results(client, db):
    evening = start_evening(client)
    seat(client, evening, 1, THIRTEEN[:8], method="winners")
    first = rounds.rounds_of(db, evening)[0]
    for game_id in first.games:  # the first pair (seats 1 and 3) wins each table
        play(client, db, game_id, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    assert seat(client, evening, 2, THIRTEEN[:8], method="winners").status_code == 303
    second = rounds.rounds_of(db, evening)[1].seating
    (t1, t2) = first.seating.tables
    assert set(second.tables[0]) == {t1[0], t1[2], t2[0], t2[2]}  # both tables' winners
    assert set(second.tables[1]) == {t1[1], t1[3], t2[1], t2[3]}
    assert frozenset(second.tables[0][0::2]) not in {frozenset(t1[0::2]), frozenset(t2[0::2])}


def test_an_individual_game_seats_tables_of_its_size(client, db):
    evening = start_evening(client)
    assert seat(client, evening, 1, THIRTEEN[:9], ruleset="hearts-standard").status_code == 303
    (only,) = rounds.rounds_of(db, evening)
    assert [len(t) for t in only.seating.tables] == [4, 4] and len(only.seating.out) == 1
    page = text(client.get(f"/e/{evening}"))
    seating = page.split('id="plan"')[1] if 'id="plan"' in page else page.split("Seating")[1]
    assert " &amp; " not in text_of(seating.split("Sits out")[0])


def test_an_impossible_night_says_why_and_keeps_what_was_typed(client, db):
    evening = start_evening(client)
    page = seat(client, evening, 1, ["Ann", "Ben", "Cho"])
    assert page.status_code == 400
    assert "3 players cannot fill a table of 4" in text(page)
    assert "Ann\nBen\nCho</textarea>" in page.get_data(as_text=True)
    page = seat(client, evening, 1, THIRTEEN[:8], pins="Ann = 3")
    assert page.status_code == 400 and "Ann is pinned to table 3" in text(page)
    page = seat(client, evening, 1, THIRTEEN[:8], pins="Ann")
    assert page.status_code == 400 and "is not a name" in text(page)
    page = seat(client, evening, 1, THIRTEEN[:8], rounds="0")
    assert page.status_code == 400 and "number of rounds" in text(page)
    assert seat(client, evening, 1, [*THIRTEEN[:7], "ann"]).status_code == 400
    assert rounds.rounds_of(db, evening) == [] and store.evening_games(db, evening) == []


def test_pins_hold_and_a_round_sent_twice_is_seated_once(client, db):
    evening = start_evening(client)
    for _ in range(2):
        seat(client, evening, 1, THIRTEEN[:12], pins="ann = 3")
    (only,) = rounds.rounds_of(db, evening)
    assert "Ann" in only.seating.tables[2]
    assert len(store.evening_games(db, evening)) == 3


def test_only_the_organiser_seats_and_a_stranger_learns_nothing(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, THIRTEEN)
    stranger = app.test_client()
    assert seat(stranger, evening, 2, THIRTEEN).status_code == 403
    page = stranger.get(f"/e/{evening}")
    assert page.status_code == 403 and "Ann" not in text(page)
    assert len(rounds.rounds_of(db, evening)) == 1


def test_japanese(client):
    evening = start_evening(client)
    seat(client, evening, 1, THIRTEEN)
    page = text(client.get(f"/e/{evening}", headers={"Accept-Language": "ja"}))
    assert "抜け番" in page and "第1ラウンド" in page


def test_a_game_played_by_several_numbers_seats_the_tables_asked_for(client, db):
    evening = start_evening(client)
    assert seat(client, evening, 1, THIRTEEN, ruleset="oh-hell", size="5").status_code == 303
    (only,) = rounds.rounds_of(db, evening)
    assert [len(t) for t in only.seating.tables] == [5, 5] and len(only.seating.out) == 3
    assert len(store.get_game(db, only.games[0]).players) == 5
    page = seat(client, evening, 2, THIRTEEN, ruleset="yahoo-normal", size="5")
    assert page.status_code == 400 and "Yahoo! Normal is played by 4" in text(page)


def test_each_tables_phone_scores_its_rounds_game_and_no_other(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, THIRTEEN)
    (first,) = rounds.rounds_of(db, evening)
    assert [store.get_game(db, g).table for g in first.games] == [1, 2, 3]
    links = table_links(client.get(f"/e/{evening}").get_data(as_text=True))
    assert set(links) == {1, 2, 3}
    phone = app.test_client()
    assert phone.get(links[2]).status_code == 303
    page = text(phone.get(f"/e/{evening}"))
    assert "Round 1 of 3" in page and "Sitting out:" in page
    assert not_played(db, evening) == {}  # the round has not begun
    response = play(phone, db, first.games[1], {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    assert response.status_code == 303 and store.get_game(db, first.games[1]).hand_count == 1
    assert phone.get(f"/g/{first.games[0]}/bids").status_code == 403
    # The standings count the round the sit-out missed, once it is under way.
    assert not_played(db, evening) == {first.seating.out[0]: 1}
    standings = text(client.get(f"/e/{evening}"))
    assert re.search(rf"\d {first.seating.out[0]} 0 0 0 0 1 ", standings), standings
