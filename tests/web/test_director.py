"""The director's evening: an evening keeps its shape whatever an ordinary tap does, and
its director may act on every table's game (issue: "the director's evening")."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.store import rounds

from ..test_cli_rotation import THIRTEEN
from ..test_pdf import pages
from .conftest import play, setup_form, start_game, text, version
from .test_evening_tables import start_at, table_links
from .test_evenings import start_evening
from .test_house_rules_saved import save
from .test_rounds import seat

EIGHT = THIRTEEN[:8]


def held_by_a_table_phone(app, client, evening: str, table: int):
    """A phone that opened the table's link."""
    phone = app.test_client()
    link = table_links(client.get(f"/e/{evening}").get_data(as_text=True))[table]
    assert phone.get(link).status_code == 303
    return phone


def round_game(db, evening: str, number: int, table: int) -> str:
    game = rounds.rounds_of(db, evening)[number - 1].games[table - 1]
    assert game is not None
    return game


def test_play_again_after_the_next_round_is_seated_opens_that_rounds_game(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    first = round_game(db, evening, 1, 1)
    play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    seat(client, evening, 2, EIGHT)
    second = round_game(db, evening, 2, 1)
    phone = held_by_a_table_phone(app, client, evening, 1)
    again = phone.post(f"/g/{first}/rematch", data={"seating": "same"})
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/g/{second}")
    assert "A later round is seated at this table" in text(phone.get(f"/g/{second}"))
    assert round_game(db, evening, 2, 1) == second  # round 2's game is still there
    assert len(store.evening_games(db, evening)) == 4


def test_play_again_before_the_next_round_is_seated_says_why_not(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    first = round_game(db, evening, 1, 1)
    refused = client.post(f"/g/{first}/rematch", data={"seating": "same"})
    assert refused.status_code == 303  # the round's own game: open it, with the reason
    page = text(client.get(f"/new?evening={evening}&table=1"))
    assert "Start this table" not in text(client.get(f"/e/{evening}"))
    assert page  # the new-game page still opens; starting there is refused:
    started = start_at(client, evening, 1, ["Ann", "Ben", "Cho", "Dee"])
    assert started.status_code == 303 and started.headers["Location"].endswith(f"/g/{first}")
    assert len(store.evening_games(db, evening)) == 2


def test_after_the_last_planned_round_a_table_plays_an_extra_round(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT, rounds="1")
    first = round_game(db, evening, 1, 1)
    game = start_at(client, evening, 1, ["Ann", "Ben", "Cho", "Dee"])
    extra = game.headers["Location"].rsplit("/", 1)[1]
    stored = store.get_game(db, extra)
    assert (stored.table, stored.round_number) == (1, 2) and extra != first
    assert "Extra round 1" in text(client.get(f"/g/{extra}"))
    refused = seat(client, evening, 2, EIGHT, rounds="1")
    assert refused.status_code == 400 and "all 1 planned rounds are seated" in text(refused)
    assert seat(client, evening, 2, EIGHT, rounds="2").status_code == 303
    assert store.get_game(db, extra).round_number == 3  # moved on: round 2 is seated
    assert round_game(db, evening, 2, 1) != extra


def test_add_a_game_offers_only_this_phones_games_in_no_evening(app, client, db):
    friday = start_evening(client, "Friday")
    tuesday = start_evening(client, "Tuesday")
    in_friday = (
        client.post(
            f"/new/yahoo-normal?evening={friday}",
            data={
                **setup_form("yahoo-normal", names=["Ann", "Ben", "Cho", "Dee"]),
                "evening": friday,
            },
        )
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    own = start_game(client, names=["Eve", "Fay", "Gus", "Hal"])
    page = client.get(f"/e/{tuesday}").get_data(as_text=True)
    offered = re.findall(r'<option value="([\w-]+)">', page.split('id="add-game"')[1])
    assert offered == [own]
    refused = client.post(f"/e/{tuesday}/add", data={"game": in_friday})
    assert refused.status_code == 409 and "another evening" in text(refused)
    assert store.get_game(db, in_friday).evening == friday
    # A scorer-link holder may not pull someone else's private game into its evening.
    other = app.test_client()
    theirs = start_evening(other, "Theirs")
    scorer = store.get_game(db, own).scorer_token
    other.get(f"/s/{scorer}")
    refused = other.post(f"/e/{theirs}/add", data={"game": own})
    assert refused.status_code == 403 and "started this game" in text(refused)
    assert store.get_game(db, own).evening is None
    assert client.post(f"/e/{tuesday}/add", data={"game": own}).status_code == 303
    assert store.get_game(db, own).evening == tuesday
    book = text(client.get(f"/e/{tuesday}/book"))
    assert "Eve · Fay · Gus · Hal moved" in book


def test_the_director_scores_corrects_and_edits_a_tables_game(app, client, db):
    evening = start_evening(client)
    client.post(f"/e/{evening}/tables", data={"name": "window"})
    phone = held_by_a_table_phone(app, client, evening, 1)
    started = start_at(phone, evening, 1, ["Ann", "Ben", "Cho", "Dee"])
    game = started.headers["Location"].rsplit("/", 1)[1]
    assert (
        play(client, db, game, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2}).status_code
        == 303
    )
    corrected = client.post(
        f"/g/{game}/dealer", data={"hand": "1", "seat": "2", "version": version(db, game)}
    )
    assert corrected.status_code == 303
    assert store.get_game(db, game).hands[0]["dealer"] == 2
    assert client.get(f"/g/{game}/hands/1/edit").status_code == 200
    assert "Enter the scorer PIN" not in text(client.get(f"/g/{game}"))


def test_a_seated_rounds_game_is_the_directors_to_remove_and_the_night_goes_on(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    first = round_game(db, evening, 1, 1)
    phone = held_by_a_table_phone(app, client, evening, 1)
    refused = phone.post(f"/g/{first}/delete")
    assert refused.status_code == 403 and "only the evening&#39;s director" in text(refused)
    assert client.post(f"/g/{first}/delete").status_code == 303
    assert rounds.rounds_of(db, evening)[0].games[0] is None
    assert seat(client, evening, 2, EIGHT).status_code == 303  # the night goes on
    assert "Game removed from round 1 at table 1" in text(client.get(f"/e/{evening}/book"))


def test_a_tables_phone_finds_the_evenings_house_rules_chosen(app, client, db):
    save(client)  # the organiser's own house rules: "Friday club"
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT, ruleset="friday-club", rounds="1")
    phone = held_by_a_table_phone(app, client, evening, 2)
    page = phone.get(f"/new?evening={evening}&table=2").get_data(as_text=True)
    chosen = re.search(r'name="ruleset" value="([^"]+)" required checked', page)
    assert chosen is not None and chosen.group(1) == "friday-club"
    assert "Tonight's rules, chosen by the director: Friday club." in page
    setup = phone.get(f"/new/friday-club?evening={evening}&table=2")
    assert setup.status_code == 200
    seated = rounds.rounds_of(db, evening)[0].seating.tables[1]
    assert all(f'value="{name}"' in setup.get_data(as_text=True) for name in seated)
    started = phone.post(
        f"/new/friday-club?evening={evening}&table=2",
        data={
            **setup_form("yahoo-normal", names=list(seated), changes={"nil_points": 50}),
            "evening": evening,
            "table": "2",
        },
    )
    assert started.status_code == 303, text(started)
    game = store.get_game(db, started.headers["Location"].rsplit("/", 1)[1])
    assert game.ruleset_id == "friday-club" and game.house_rules is not None
    assert (game.table, game.round_number) == (2, 2)


def test_revoke_and_take_over_leave_the_old_phone_nothing_and_tell_it_why(app, client, db):
    evening = start_evening(client)
    client.post(f"/e/{evening}/tables", data={"name": ""})
    phone = held_by_a_table_phone(app, client, evening, 1)
    game = start_at(phone, evening, 1, ["Ann", "Ben", "Cho", "Dee"]).headers["Location"]
    game = game.rsplit("/", 1)[1]
    pin = store.get_game(db, game).pin
    asked = client.post(f"/e/{evening}/t/1/lock", data={"take_over": "1"})
    assert asked.status_code == 200 and "Take over Table 1?" in text(asked)
    assert store.tables_held(db, None, evening) == set()
    done = client.post(f"/e/{evening}/t/1/lock", data={"take_over": "1", "confirm": "1"})
    assert done.status_code == 303
    assert store.get_game(db, game).pin != pin
    refused = phone.get(f"/g/{game}/bids")
    assert refused.status_code == 403 and "took table 1 over" in text(refused)
    again = phone.post(f"/g/{game}/pin", data={"pin": pin})
    assert again.status_code in (400, 403, 429) or "took table 1 over" in text(
        phone.get(f"/g/{game}/bids")
    )


def test_ending_a_round_cuts_its_games_as_they_stand(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    first, second = round_game(db, evening, 1, 1), round_game(db, evening, 1, 2)
    play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    asked = client.post(f"/e/{evening}/rounds/1/end")
    assert asked.status_code == 200 and "End Round 1 now?" in text(asked)
    assert client.post(f"/e/{evening}/rounds/1/end", data={"confirm": "1"}).status_code == 303
    assert store.get_game(db, first).cut_at is not None
    refused = play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    assert "the director ended this game" in text(refused) or refused.status_code >= 400
    night = store.read_night(db, store.get_evening(db, evening))
    leaders = night.standings.rows[0]
    assert leaders.won == 1 and leaders.games == 1  # the cut game counts, its leader won
    assert not store.get_game(db, second).hands  # no hand there: it counts nothing
    assert "Round 1 ended" in text(client.get(f"/e/{evening}/book"))
    # A club cut by time still rates: the cut game counts as a result, as it stood.
    players = store.get_game(db, first).players
    rated = store.ratings_of(db, "spades", [p.casefold() for p in players])
    assert {r.games for r in rated.values()} == {1}
    assert rated[players[0].casefold()].figure > rated[players[1].casefold()].figure
    assert (
        store.ratings_of(db, "spades", [p.casefold() for p in store.get_game(db, second).players])
        == {}
    )


def test_a_progressive_round_is_over_after_its_hands(client, db):
    response = client.post(
        "/evenings/", data={"name": "Progressive", "format": "progressive", "hands_per_round": "1"}
    )
    evening = response.headers["Location"].rsplit("/", 1)[1]
    seat(client, evening, 1, EIGHT)
    first = round_game(db, evening, 1, 1)
    play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    page = text(client.get(f"/g/{first}"))
    assert "Round over: its 1 hand is played" in page
    assert "Progressive: 1 hand a round" in text(client.get(f"/e/{evening}"))
    refused = play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    assert "a round is 1 hands" in text(refused) or refused.status_code >= 400
    assert len(store.get_game(db, first).hands) == 1


@pytest.mark.parametrize("bad", ["", "0", "41", "x"])
def test_a_progressive_evening_needs_its_hands(client, bad):
    response = client.post(
        "/evenings/", data={"name": "P", "format": "progressive", "hands_per_round": bad}
    )
    assert response.status_code == 200 and "Hands a round" in text(response)


def test_adjustments_count_in_the_standings_and_are_written_everywhere(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    first = round_game(db, evening, 1, 1)
    play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2})
    before = {
        r.name: r.score
        for r in store.read_night(db, store.get_evening(db, evening)).standings.rows
    }
    stored = store.get_game(db, first)
    assert (
        client.post(
            f"/g/{first}/adjust", data={"side": "1", "points": "−20", "reason": "revoke"}
        ).status_code
        == 303
    )
    after = {
        r.name: r.score
        for r in store.read_night(db, store.get_evening(db, evening)).standings.rows
    }
    assert after[stored.players[1]] == before[stored.players[1]] - 20
    assert after[stored.players[0]] == before[stored.players[0]]
    assert len(store.get_game(db, first).hands) == 1  # never mixed into a hand
    assert "revoke" in text(client.get(f"/g/{first}"))
    paper = " ".join(pages(client.get(f"/g/{first}/scoresheet.pdf").data))
    assert "revoke" in paper
    card = text(client.get(f"/e/{evening}")).split("Table 1")[1]
    loser = store.get_game(db, first).totals[1]
    assert f"{loser - 20}".replace("-", "−") in card
    assert "gave" in text(client.get(f"/g/{first}/history"))
    assert "revoke" in text(client.get(f"/e/{evening}/book"))
    phone = held_by_a_table_phone(app, client, evening, 1)
    refused = phone.post(f"/g/{first}/adjust", data={"side": "0", "points": "5", "reason": "x"})
    assert refused.status_code == 403
    missing = client.post(f"/g/{first}/adjust", data={"side": "0", "points": "5", "reason": " "})
    assert missing.status_code == 400 and "say why" in text(missing)


def test_the_plan_is_posted_before_round_1_and_redrawn_when_someone_arrives(client, db):
    evening = start_evening(client)
    drawn = seat(client, evening, 1, EIGHT, action="plan")
    assert drawn.status_code == 303 and rounds.rounds_of(db, evening) == []
    page = text(client.get(f"/e/{evening}"))
    for number in (1, 2, 3):
        assert f"Round {number} · planned" in page
    planned = rounds.planned(db, evening)
    seat(client, evening, 1, EIGHT)
    assert rounds.rounds_of(db, evening)[0].seating == planned[0]  # as posted
    seat(client, evening, 2, [*EIGHT, "Zoe"], action="plan")
    page = text(client.get(f"/e/{evening}"))
    assert "Round 2 · planned" in page and "Zoe" in page.split("Round 2 · planned")[1]
    assert client.get(f"/e/{evening}/plan.pdf").mimetype == "application/pdf"


def test_a_rotation_games_page_and_scoresheet_name_its_evening_table_and_round(client, db):
    evening = start_evening(client, "Club night")
    seat(client, evening, 1, EIGHT)
    client.post(f"/e/{evening}/t/2", data={"name": "Window"})
    game = round_game(db, evening, 1, 2)
    assert "Club night · Table 2 — Window · Round 1" in text(client.get(f"/g/{game}"))
    pdf = client.get(f"/g/{game}/scoresheet.pdf")
    assert pdf.status_code == 200


def test_table_cards_carry_each_tables_name_and_link(client, db):
    evening = start_evening(client)
    client.post(f"/e/{evening}/tables", data={"name": "Window"})
    client.post(f"/e/{evening}/tables", data={"name": "Bar"})
    for paper in ("", "?paper=letter"):
        cards = client.get(f"/e/{evening}/cards.pdf{paper}")
        assert cards.status_code == 200 and cards.mimetype == "application/pdf"
    assert client.get(f"/e/{start_evening(client)}/cards.pdf").status_code == 404


def test_a_co_director_link_shares_the_evening_until_revoked(app, client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    client.post(f"/e/{evening}/directors")
    token = store.get_evening(db, evening).director_token
    helper = app.test_client()
    assert helper.get(f"/d/{token}").status_code == 303
    game = round_game(db, evening, 1, 1)
    assert (
        play(helper, db, game, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 5, 1: 3, 2: 3, 3: 2}).status_code
        == 303
    )
    client.post(f"/e/{evening}/directors", data={"revoke": "1", "confirm": "1"})
    assert helper.get(f"/g/{game}/bids").status_code == 403
    assert helper.get(f"/d/{token}").status_code == 404


def test_a_new_evening_offers_last_nights_players_to_tap(client, db):
    wednesday = start_evening(client, "Wednesday")  # a night without rotation
    client.post(
        f"/new/yahoo-normal?evening={wednesday}",
        data={
            **setup_form("yahoo-normal", names=["Zed", "Yan", "Xia", "Wil"]),
            "evening": wednesday,
        },
    )
    start_game(client, names=["Ona", "Pia", "Quy", "Rex"])  # at home: not the club's
    friday = start_evening(client, "Friday")
    seat(client, friday, 1, EIGHT)
    tuesday = start_evening(client, "Tuesday")
    page = client.get(f"/e/{tuesday}").get_data(as_text=True)
    last_night = re.findall(
        r'roster-name last-night"><input type="checkbox" name="pick" value="([^"]+)"', page
    )
    assert last_night == EIGHT
    others = re.findall(r'roster-name"><input type="checkbox" name="pick" value="([^"]+)"', page)
    assert set(others) == {"Zed", "Yan", "Xia", "Wil"}
    # Tapped, not typed: the names the phone sends are seated.
    response = client.post(
        f"/e/{tuesday}/rounds",
        data={
            "round": "1",
            "players": "Vic",
            "pick": [*EIGHT[:7], "vic"],
            "ruleset": "yahoo-normal",
            "rounds": "2",
            "method": "balanced",
        },
    )
    assert response.status_code == 303
    rotation = rounds.get_rotation(db, tuesday)
    assert rotation is not None and rotation.players == ("Vic", *EIGHT[:7])


def test_a_tables_game_page_shows_the_round_clock_and_last_hand(client, db):
    response = client.post("/evenings/", data={"name": "Timed", "round_minutes": "1"})
    evening = response.headers["Location"].rsplit("/", 1)[1]
    seat(client, evening, 1, EIGHT)
    game = round_game(db, evening, 1, 1)
    page = client.get(f"/g/{game}").get_data(as_text=True)
    clock = re.search(r'<p class="round-clock"[^>]*>([^<]*)</p>', page)
    assert clock is not None and clock.group(1) == "1 minute left"  # a 1-minute round
    assert 'data-deadline="' in page and 'data-now="' in page
    client.post(f"/e/{evening}/rounds/1/end", data={"confirm": "1"})
    assert 'class="round-clock"' not in client.get(f"/g/{game}").get_data(as_text=True)


def test_a_clubs_home_starts_with_tonight_and_its_table(app, client, db):
    evening = start_evening(client, "Club night")
    seat(client, evening, 1, EIGHT)
    client.post(f"/e/{evening}/t/1", data={"name": "Window"})
    home = text(client.get("/"))
    assert home.index("Tonight") < home.index("In progress")
    assert "You direct this evening" in home and "2 tables" in home
    assert "Club night" in home and "2 games in progress" in home  # a line, not a card a game
    phone = held_by_a_table_phone(app, client, evening, 1)
    page = phone.get("/").get_data(as_text=True)
    game = round_game(db, evening, 1, 1)
    assert f'href="/g/{game}">Your table: Table 1 — Window' in page
