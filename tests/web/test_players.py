"""Players pages: statistics of this browser's games only, and names offered at setup."""

from __future__ import annotations

from scorekeeper import store

from .conftest import play, start_game
from .test_hearts_spitzer import deal, hearts
from .test_routes import text


def test_players_page_counts_this_phones_games(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: "nil", 1: 4, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    play(client, db, game_id, {0: "nil", 1: 4, 2: 4, 3: 3}, {0: 1, 1: 4, 2: 4, 3: 4})
    page = text(client.get("/players/"))
    assert "Ann 1 0 2 1 / 2" in page  # one game, none won, two hands, one nil made of two
    ann = text(client.get("/players/ann"))  # any case finds the player
    assert "Nils made: 1 / 2 (50%)" in ann and "Cho 0 won of 1 together" in ann


def test_a_stranger_sees_none_of_these_players(app, client, db):
    game_id = start_game(client, names=["Secret", "Ben", "Cho", "Dee"])
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    stranger = app.test_client()
    assert "Secret" not in text(stranger.get("/players/"))
    assert stranger.get("/players/secret").status_code == 404
    assert "Secret" not in stranger.get("/new/yahoo-normal").get_data(as_text=True)


def test_setup_offers_the_names_of_earlier_games(client):
    start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    page = client.get("/new/yahoo-normal").get_data(as_text=True)
    assert '<datalist id="known-players">' in page and '<option value="Cho">' in page
    assert 'list="known-players"' in page


def test_filters_keep_one_game_kind(client, db):
    start_game(client)
    start_game(client, "hearts-standard", names=["Ann", "Eve", "Fay", "Gus"])
    everyone = text(client.get("/players/"))
    assert "Eve" in everyone and "Ben" in everyone
    hearts = text(client.get("/players/?game=hearts"))
    assert "Eve" in hearts and "Ben" not in hearts


def test_csv_downloads_follow_the_access_rules(app, client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    response = client.get(f"/g/{game_id}/export.csv")
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert body.startswith("\ufeffgame,ruleset,started,hand,seat,player")
    assert len(body.strip().splitlines()) == 1 + 4
    everyone = client.get("/players/export.csv").get_data(as_text=True)
    assert len(everyone.strip().splitlines()) == 1 + 4
    stranger = app.test_client()
    assert stranger.get(f"/g/{game_id}/export.csv").status_code == 403
    assert (
        len(stranger.get("/players/export.csv").get_data(as_text=True).strip().splitlines()) == 1
    )


def test_renaming_and_merging_follow_every_game_this_phone_keeps(app, client, db):
    from scorekeeper import store

    first = start_game(client, names=["Bob", "Ann", "Cho", "Dee"])
    second = start_game(client, names=["Robert", "Ann", "Cho", "Dee"])
    asked = client.post("/players/robert/rename", data={"name": "Bob"})
    assert asked.status_code == 200 and "Merge Robert into Bob?" in text(asked)
    assert store.get_game(db, second).players[0] == "Robert"  # nothing merged unconfirmed
    response = client.post("/players/robert/rename", data={"name": "Bob", "confirm": "1"})
    assert response.status_code == 303
    assert store.get_game(db, second).players[0] == "Bob"
    page = text(client.get("/players/bob"))
    assert "Robert is now Bob in 1 game." in page
    assert "2 games" in page  # merged: one player now
    assert "renamed Bob" in text(client.get(f"/g/{second}/history"))
    # A rename that would seat one name twice in a game leaves that game alone.
    client.post("/players/ann/rename", data={"name": "bob", "confirm": "1"})
    assert store.get_game(db, first).players == ("Bob", "Ann", "Cho", "Dee")
    # A phone that only watches renames nothing.
    watcher = app.test_client()
    refused = watcher.post("/players/cho/rename", data={"name": "Chloe"})
    assert refused.status_code == 403 and "No game this phone may rename has cho" in text(refused)
    assert store.get_game(db, first).players[2] == "Cho"


def test_date_filters_keep_the_games_started_from_and_to_those_days(client, db):
    old = start_game(client, names=["Old", "Ben", "Cho", "Dee"])
    start_game(client, names=["New", "Ben", "Cho", "Dee"])
    db.execute("UPDATE games SET created_at = '2026-01-15T20:00:00+00:00' WHERE id = ?", [old])
    db.conn.commit()
    every = text(client.get("/players/"))
    assert "Old" in every and "New" in every
    january = text(client.get("/players/?since=2026-01-15&until=2026-01-15"))
    assert "Old" in january and "New" not in january  # both days included
    later = text(client.get("/players/?since=2026-01-16"))
    assert "Old" not in later and "New" in later
    assert "Old" not in text(client.get("/players/?until=2026-01-14"))


def test_partners_and_opponents_come_most_games_first_with_a_bar_each(client, db):
    for partner in ("Abe", "Cho", "Cho"):
        game_id = start_game(client, names=["Ann", "Ben", partner, "Dee"])
        play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    page = client.get("/players/ann").get_data(as_text=True)
    partners = page[page.index("Partners") : page.index("Head to head")]
    assert partners.index(">Cho<") < partners.index(">Abe<")  # two games before one
    assert partners.count('class="mini-bar"') == 2


def test_a_players_points_are_shown_per_game_not_summed_across_games(client, db):
    spades = start_game(client)
    play(client, db, spades, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 61 : 60
    hearts_game = start_game(client, "hearts-standard")
    hearts(client, db, hearts_game, [3, 4, 5, 1], 2)  # Ann took 3 hearts
    spitzer = start_game(client, "spitzer")
    deal(client, db, spitzer, "zola", [0], 75, 5)  # Ann +18
    page = text(client.get("/players/ann"))
    assert "Spades: points for 61, against 60" in page
    assert "Hearts: points for 3, against 23" in page
    assert "Spitzer: points for 18, against 0" in page
    assert "Points for" not in page  # 61 + 3 + 18 added up meant nothing


def test_statistics_leave_every_game_as_it_stands(client, db):
    """The players page reads each game with its hands: a game listed without them must
    never be scored as if it had none (the next hand would continue from nothing)."""
    game_id = start_game(client)
    for _ in range(3):
        play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert client.get("/players/").status_code == 200
    assert client.get("/players/ann").status_code == 200
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert page.count('class="hand-row"') == 3
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    stored = store.get_game(db, game_id)
    assert stored.hand_count == 4 and stored.totals == (244, 240)


def test_kept_to_one_game_the_players_list_shows_each_players_rating(client, db):
    from .test_evenings import game_in, start_evening

    game_id = game_in(client, start_evening(client), ["Ann", "Ben", "Cho", "Dee"])
    for _hand in range(5):  # Ann & Cho bid and take 12 tricks a hand: 600, they win
        play(client, db, game_id, {0: 6, 1: 1, 2: 6, 3: 0}, {0: 6, 1: 1, 2: 6, 3: 0})
    assert store.get_game(db, game_id).score().outcome.finished
    everyone = text(client.get("/players/"))
    assert "Rating" not in everyone  # a rating is one game's: not across games
    spades = text(client.get("/players/?game=spades"))
    assert "Spades rating" in spades and "* provisional: fewer than 5 games" in spades
    assert "Ratings count the games of club evenings only" in spades
    ann, ben = (
        float(spades.split(f"{name} ")[1].split("*")[0].replace("−", "-"))
        for name in ("Ann", "Ben")
    )
    assert ann > ben  # the winners rate above the losers


def test_the_organisers_pages_count_the_games_their_tables_started(app, client, db):
    """An evening whose tables' phones started most games: the organiser's players page,
    player page and CSV count every game of it, and agree; a table's phone counts the
    games played at its table (the rounds the organiser started there too)."""
    from .test_evening_tables import start_at, table_links
    from .test_evenings import game_in, start_evening

    evening = start_evening(client)
    own = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])  # table 1: the organiser's
    for _ in range(2):
        assert client.post(f"/e/{evening}/tables", data={"name": ""}).status_code == 303
    links = table_links(client.get(f"/e/{evening}").get_data(as_text=True))
    phones = {table: app.test_client() for table in (2, 3)}
    games = [own]
    for table, names in ((2, ["Ann", "Eve", "Fay", "Gus"]), (3, ["Kai", "Ann", "Lea", "Max"])):
        phones[table].get(links[table])
        started = start_at(phones[table], evening, table, names)
        assert started.status_code == 303
        games.append(started.headers["Location"].rsplit("/", 1)[1])
    later = start_at(client, evening, 3, ["Kai", "Eve", "Lea", "Ben"])  # round 2 at table 3
    games.append(later.headers["Location"].rsplit("/", 1)[1])
    for game_id, phone in zip(games, [client, phones[2], phones[3], phones[3]], strict=True):
        play(phone, db, game_id, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})

    # The organiser: Ann played three games (tables 1, 2 and 3), Kai two, Eve two.
    page = text(client.get("/players/"))
    assert "Ann 3 0 3" in page and "Kai 2 0 2" in page and "Eve 2 0 2" in page
    assert "3 games" in text(client.get("/players/Ann"))
    assert "2 games" in text(client.get("/players/Kai"))
    rows = client.get("/players/export.csv").get_data(as_text=True).strip().splitlines()
    assert {row.split(",")[0] for row in rows[1:]} == set(games)
    assert sum(",Ann," in row for row in rows) == 3  # a hand of each of her games
    # Table 3's phone: its two games (the one it started, the round started for it).
    table = text(phones[3].get("/players/"))
    assert "Kai 2 0 2" in table and "Ann 1 0 1" in table and "Gus" not in table
    assert "2 games" in text(phones[3].get("/players/Kai"))


def test_a_phone_sees_no_rating_move_from_a_game_it_may_not_open(app, client, db):
    """Rita plays at the club's evening, then a private game on a stranger's phone: the
    club's phone, which may not open that game, sees her rating as it was."""
    from .test_evenings import game_in, start_evening

    club_game = game_in(client, start_evening(client), ["Rita", "Ben", "Cho", "Dee"])
    for _hand in range(5):
        play(client, db, club_game, {0: 6, 1: 1, 2: 6, 3: 0}, {0: 6, 1: 1, 2: 6, 3: 0})
    before = text(client.get("/players/Rita"))
    assert "Spades rating" in before
    assert "provisional: 1 game of the 5 that make it firm" in before
    stranger = app.test_client()
    private = start_game(stranger, names=["Rita", "Max", "Cho", "Noa"])
    for _hand in range(5):  # Max & Noa take every hand: Rita loses
        play(stranger, db, private, {0: 0, 1: 6, 2: 1, 3: 6}, {0: 0, 1: 6, 2: 1, 3: 6})
    assert store.get_game(db, private).score().outcome.finished
    assert text(client.get("/players/Rita")) == before
    assert "Spades rating" not in text(stranger.get("/players/Noa"))  # nor rated for its own


def test_the_smaller_words_read_right_in_both_languages(app, client, db):
    """Issue 43's smaller words: a player's bags a hand in each language's order."""
    game = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    play(client, db, game, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # Ann: 1 bag
    english = text(client.get("/players/Ann?game=spades"))
    assert "Bags 1 (1.00 a hand)" in english
    client.set_cookie("lang", "ja")
    japanese = text(client.get("/players/Ann?game=spades"))
    assert "1 (1ハンドあたり1.00)" in japanese and "1.00 1ハンドあたり" not in japanese
