"""Hearts and Spitzer at the table, through the test client."""

from __future__ import annotations

import re

from scorekeeper import store

from .conftest import start_game, text, version


def hearts(client, db, game_id, hearts, queen, **extra):
    data = {f"hearts_{seat}": str(n) for seat, n in enumerate(hearts)}
    data |= {"queen_of_spades": str(queen), **{k: str(v) for k, v in extra.items()}}
    return client.post(f"/g/{game_id}/play", data={**data, "version": version(db, game_id)})


def test_hearts_hand_shows_passing_and_first_lead(client):
    game_id = start_game(client, "hearts-standard")
    page = text(client.get(f"/g/{game_id}/play"))
    assert "Before play: pass 3 to the left." in page
    assert "First lead: the holder of 2♣ leads it." in page
    assert "Before play: pass 3 to the left." in text(client.get(f"/g/{game_id}"))


def test_hearts_hand_with_the_rest_for_the_last_player(client, db):
    game_id = start_game(client, "hearts-standard")
    response = hearts(client, db, game_id, [3, 4, 5, "rest"], 2)
    assert response.status_code == 303
    assert store.get_game(db, game_id).hands[0] == {"hearts": [3, 4, 5, 1], "queen_of_spades": 2}
    page = text(client.get(f"/g/{game_id}"))
    assert "Before play: pass 3 to the right." in page
    assert "5♥ Q♠" in page


def test_moon_without_a_choice_asks_for_it_and_keeps_the_values(client, db):
    game_id = start_game(client, "hearts-standard")
    response = hearts(client, db, game_id, [13, 0, 0, "rest"], 0)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Someone shot the moon: choose what it scores" in page
    assert 'name="hearts_0" value="13" checked' in page
    assert store.get_game(db, game_id).hands == ()
    response = hearts(client, db, game_id, [13, 0, 0, "rest"], 0, moon_choice="add")
    assert response.status_code == 303
    assert store.get_game(db, game_id).totals == (0, 26, 26, 26)
    assert "Shot the moon: chose +26 for everyone else" in text(
        client.get(response.headers["Location"])
    )


def test_a_moon_choice_without_a_moon_is_dropped(client, db):
    game_id = start_game(client, "hearts-standard")
    hearts(client, db, game_id, [13, 0, 0, 0], 1, moon_choice="subtract")
    assert store.get_game(db, game_id).hands[0] == {"hearts": [13, 0, 0, 0], "queen_of_spades": 1}


def test_hearts_that_do_not_add_up(client, db):
    game_id = start_game(client, "hearts-standard")
    response = hearts(client, db, game_id, [3, 4, 5, 0], 2)
    assert response.status_code == 400
    assert "Hearts add up to 12, expected 13" in text(response)


def test_black_maria_asks_for_each_spade(client, db):
    game_id = start_game(client, "black-maria")
    page = client.get(f"/g/{game_id}/play").get_data(as_text=True)
    assert "Who took K♠?" in page and "Who took A♠?" in page
    response = hearts(client, db, game_id, [6, 4, "rest"], 0, king_of_spades=1, ace_of_spades=2)
    assert response.status_code == 303
    assert store.get_game(db, game_id).totals == (19, 14, 10)


def test_widow_game_for_five_players(client, db):
    game_id = start_game(client, "hearts-widow", changes={"players": 5})
    assert len(store.get_game(db, game_id).players) == 5
    assert "pass 2 to the left, look, then 1 more to the left" in text(
        client.get(f"/g/{game_id}/play")
    )


def test_widow_game_seats_as_many_as_are_named(client, db):
    """004: the widow game is for 4 or 5 (「5人プレイがおすすめです」): the names typed decide."""
    setup = client.get("/new/hearts-widow").get_data(as_text=True)
    assert 'name="player_4"' in setup and "4 / 5 players" in setup
    four = start_game(client, "hearts-widow", names=["Ann", "Ben", "Cho", "Dee"])
    assert len(store.get_game(db, four).players) == 4
    assert hearts(client, db, four, [3, 2, 4, 4], 1).status_code == 303
    assert store.get_game(db, four).totals == (3, 15, 4, 4)
    five = start_game(client, "hearts-widow")
    assert store.get_game(db, five).players == ("Ann", "Ben", "Cho", "Dee", "Eve")
    for hand in range(5):  # one deal each: the game ends after the fifth
        response = hearts(client, db, five, [3, 2, 4, 4, "rest"], hand % 5)
        assert response.status_code == 303, text(response)
    stored = store.get_game(db, five)
    assert stored.totals == (28, 23, 33, 33, 13) and stored.finished
    sheet = text(client.get(f"/g/{five}"))
    assert "Eve 13 Winner: Eve" in sheet
    pdf = client.get(f"/g/{five}/scoresheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_edit_a_hearts_hand(client, db):
    game_id = start_game(client, "hearts-standard")
    hearts(client, db, game_id, [3, 4, 5, 1], 2)
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="hearts_2" value="5" checked' in page
    data = {
        "hearts_0": "3",
        "hearts_1": "4",
        "hearts_2": "5",
        "hearts_3": "1",
        "queen_of_spades": "0",
    }
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**data, "version": version(db, game_id)}
    )
    assert response.status_code == 303
    assert store.get_game(db, game_id).totals == (16, 4, 5, 1)


def deal(client, db, game_id, contract, declarers, points, tricks):
    data = {
        "contract": contract,
        "declarers": [str(s) for s in declarers],
        "points": str(points),
        "tricks": str(tricks),
    }
    return client.post(f"/g/{game_id}/play", data={**data, "version": version(db, game_id)})


def test_spitzer_deal_shows_the_row_and_column(client, db):
    game_id = start_game(client, "spitzer")
    response = deal(client, db, game_id, "zola", [1], 75, 5)
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]))
    assert "Zola: 75 card points in 5 tricks → column 61–89, +18: +18 to the declarer" in page
    assert store.get_game(db, game_id).totals == (0, 18, 0, 0)


def test_the_silent_solo_has_the_seeds_one_name_everywhere(client, db):
    """Seed 003: 宣言なしで1人でプレイすることをスチーラー(Stealer,...)と呼びます."""
    game_id = start_game(client, "spitzer")
    assert "Stealer (silent solo)" in text(client.get(f"/g/{game_id}/play"))
    deal(client, db, game_id, "sneaker", [1], 65, 4)
    pages = [client.get(f"/g/{game_id}"), client.get("/rules/spitzer"), client.get("/rules/")]
    for page in pages:
        assert "sneak" not in text(page).casefold(), page.request.path
    sheet = text(pages[0])
    assert "Stealer (silent solo): 65 card points in 4 tricks → column 61–89, +9" in sheet
    assert "Stealer" in text(pages[1])
    client.set_cookie("lang", "ja")
    play = text(client.get(f"/g/{game_id}/play"))
    assert "スチーラー（宣言なしの1人プレイ）" in play and "スニ" not in text(
        client.get(f"/g/{game_id}")
    )


def test_spitzer_lines_say_nothing_in_words_not_a_bare_zero(client, db):
    game_id = start_game(client, "spitzer")
    deal(client, db, game_id, "normal", [0, 2], 75, 5)  # the pair wins: the others get nothing
    sheet = text(client.get(f"/g/{game_id}"))
    assert "Nothing as an opponent: Ann &amp; Cho score 3 each" in sheet
    assert " 0: " not in sheet


def test_spitzer_errors_keep_the_values(client, db):
    game_id = start_game(client, "spitzer")
    response = deal(client, db, game_id, "normal", [0], 70, 5)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Queens partnership has 2 declarer(s), 1 given" in page
    assert 'name="declarers" value="0" checked' in page and 'value="70"' in page
    response = deal(client, db, game_id, "zola", [], 130, 5)
    assert response.status_code == 400
    assert "Choose the declarer(s)" in text(
        response
    ) and "Card points are a number from 0 to 120" in text(response)
    response = deal(client, db, game_id, "zola", [2], 10, 0)
    assert "A side with no trick has no card points" in text(response)
    assert store.get_game(db, game_id).hands == ()


def test_spitzer_settlement_when_the_game_ends(client, db):
    game_id = start_game(client, "spitzer", changes={"stake_per_game": 5, "stake_per_point": 1})
    deal(client, db, game_id, "zola", [0], 100, 6)
    deal(client, db, game_id, "zola", [0], 100, 6)
    page = text(client.get(f"/g/{game_id}"))
    assert "Winner: Ann" in page
    assert "Ben pays Ann 59" in page and "Dee pays Ann 59" in page


def test_spitzer_deal_can_be_edited(client, db):
    game_id = start_game(client, "spitzer")
    deal(client, db, game_id, "zola", [1], 75, 5)
    page = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="declarers" value="1" checked' in page and 'value="75"' in page
    data = {"contract": "zola", "declarers": ["1"], "points": "50", "tricks": "4"}
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**data, "version": version(db, game_id)}
    )
    assert response.status_code == 303
    assert store.get_game(db, game_id).totals == (9, 0, 9, 9)


def test_an_edit_that_adds_a_moon_choice_names_each_changed_part(app):
    from scorekeeper.web.words import hand_changes

    names = ["Ann", "Ben", "Cho", "Dee"]
    before = {"hearts": [3, 4, 5, 1], "queen_of_spades": 2}
    after = {"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "add"}
    with app.test_request_context("/"):
        changes = hand_changes("hearts", before, after, names)
    assert changes[0] == "Ann: 3 hearts → 13 hearts"
    assert "Dee: 1 heart → 0 hearts" in changes
    assert "Q♠: taken by Cho → taken by Ann" in changes
    assert any(line.startswith("moon: — → ") for line in changes)
    assert len(changes) == 6  # Ann, Ben, Cho, Dee, Q♠, moon: nothing said twice


def test_the_sheet_says_who_led_each_hearts_hand_as_the_rules_say(client, db):
    """Seed 004: クラブの2を持っているプレイヤーが最初にクラブの2をプレイし — the hands
    entered do not say who held 2♣, so the row says the rule; where the rules name a
    seat (Black Maria: left of the dealer), that seat's cell is marked."""
    game_id = start_game(client, "hearts-standard")
    hearts(client, db, game_id, [3, 4, 5, 1], 2)
    row = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert '<p class="muted">The holder of 2♣ led the first trick.</p>' in row
    maria = start_game(client, "black-maria", names=["Ann", "Ben", "Cho"])
    response = client.post(
        f"/g/{maria}/play",
        data={
            "hearts_0": "3", "hearts_1": "5", "hearts_2": "5",
            "queen_of_spades": "0", "king_of_spades": "1", "ace_of_spades": "2",
            "version": version(db, maria),
        },
    )  # fmt: skip
    assert response.status_code == 303, text(response)
    sheet = client.get(f"/g/{maria}").get_data(as_text=True)
    assert "Ben (left of the dealer) led the first trick." in sheet
    row = sheet[sheet.index('id="hand-1"') : sheet.index('class="explain"')]
    cells = row.split('<span class="cell">')[1:]
    assert ["mark-first_lead" in cell for cell in cells] == [False, True, False]


def test_play_on_offers_a_target_on_the_games_own_scale(client, db):
    """A game to 42 is raised by 10 (a quarter, rounded down), not 100; and past every
    total, or the game would end again at once: Ann has 54, so 62 (it offered 142)."""
    game_id = start_game(client, "spitzer")
    deal(client, db, game_id, "zola", [0], 100, 6)
    deal(client, db, game_id, "zola", [0], 100, 6)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Winner: Ann" in page
    assert re.search(r'<input[^>]*id="target"[^>]*value="62"', page), page
    response = client.post(
        f"/g/{game_id}/target", data={"target": "62", "version": version(db, game_id)}
    )
    assert response.status_code == 303
    assert store.get_game(db, game_id).ruleset.options.target == 62
