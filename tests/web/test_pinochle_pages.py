"""Pinochle at the table through the web app: a hand on one page (the bid by a chip or
typed, stuck, trump or no marriage, meld and one side's counters), the sheet, a total
that does not add up refused naming the numbers, the rule pages, a change of the ladder."""

from __future__ import annotations

import json
import re

from .conftest import option_fields, start_game, text, version


def enter(client, db, game_id, **fields):
    data = {name: str(value) for name, value in fields.items()}
    return client.post(f"/g/{game_id}/play", data={**data, "version": version(db, game_id)})


def test_a_pinochle_hand_on_one_page(client, db):
    game_id = start_game(client, "pinochle-partnership")
    page = text(client.get(f"/g/{game_id}/play"))
    assert "Who won the bid" in page and "Stuck" in page and "No marriage" in page
    assert "250" in page and "300" in page and "310" not in page  # the next six bids
    done = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=300,
        trump="hearts",
        meld_0=150,
        meld_1=60,
        counters_0=170,
        play="played",
    )
    assert done.status_code == 303, text(done)
    hand = text(client.get(done.headers["Location"]))
    assert "Bid 300: meld 150 + counters 170 = 320, made" in hand
    assert "Meld 60 + counters 80" in hand
    sheet = text(client.get(f"/g/{game_id}"))
    assert "320" in sheet and "140" in sheet
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"] == [
        {"bidder": 0, "bid": 300, "trump": "hearts", "meld": [150, 60], "counters": [170, 80]}
    ]


def test_a_typed_bid_stuck_and_no_marriage(client, db):
    game_id = start_game(client, "pinochle-double-deck")
    form = client.get(f"/g/{game_id}/play").get_data(as_text=True)
    ladder = re.search(r'data-follow-numbers="([0-9 ]+)"', form)
    assert ladder is not None  # the chips follow the ladder as the bid is typed
    bids = ladder.group(1).split()
    assert bids[:12] == ["50", "51", "52", "53", "54", "55", "56", "57", "58", "59", "60", "65"]
    assert "61" not in bids and "105" not in bids and "110" in bids
    done = enter(
        client,
        db,
        game_id,
        bidder=1,
        bid="",
        bid_typed=65,
        trump="spades",
        meld_0=20,
        meld_1=30,
        counters_1=30,
        play="played",
    )
    assert done.status_code == 303, text(done)
    stuck = enter(client, db, game_id, bid="stuck", dealer=1, trump="none", meld_0=24, meld_1=0)
    assert stuck.status_code == 303, text(stuck)
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"][1] == {"bidder": 1, "bid": 50, "meld": [24, 0], "conceded": True}


def test_a_bid_off_the_ladder_and_counters_that_do_not_add_up_are_refused(client, db):
    game_id = start_game(client, "pinochle-double-deck")
    refused = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid_typed=61,
        trump="clubs",
        meld_0=30,
        meld_1=20,
        counters_0=30,
        counters_1=30,
    )
    assert refused.status_code == 400
    assert "Bid 61: from 60 bids go up by 5" in text(refused)
    refused = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=60,
        trump="clubs",
        meld_0=30,
        meld_1=20,
        counters_0=30,
        counters_1=30,
    )
    assert refused.status_code == 400
    assert "Counters add up to 60, expected 50" in text(refused)


def test_the_rule_pages_and_a_house_ladder(client):
    page = text(client.get("/rules/pinochle-double-deck"))
    assert "50 by 1, 60 by 5, 100 by 10" in page
    assert "Meld table" in page and "quadruple" in page
    client.set_cookie("lang", "ja")
    assert "ピノクル" in text(client.get("/rules/pinochle-partnership"))


def test_a_game_with_a_table_of_its_own(client, db):
    game_id = start_game(
        client,
        "pinochle-partnership",
        changes={"bid_steps": "200 by 10", "min_bid": "200", "concede_counters": "half"},
    )
    done = enter(client, db, game_id, bidder=2, bid=200, trump="none", meld_0=0, meld_1=60)
    assert done.status_code == 303, text(done)
    sheet = text(client.get(f"/g/{game_id}"))
    assert "−200" in sheet and "185" in sheet


def test_meld_picked_from_the_table(client, db):
    game_id = start_game(client, "pinochle-partnership")
    page = text(client.get(f"/g/{game_id}/play"))
    assert "royal marriage" in page and "double pinochle" in page
    assert "triple run" not in page  # not in a single deck
    done = enter(
        client,
        db,
        game_id,
        bidder=1,
        bid=260,
        trump="spades",
        meld_0="",
        pick_0_marriage=2,
        pick_0_pinochle=1,
        pick_1_run=1,
        pick_1_royal_marriage=1,
        pick_1_dix=2,
        counters_1=120,
    )
    assert done.status_code == 303, text(done)
    hand = text(client.get(done.headers["Location"]))
    assert "Bid 260: meld 210 + counters 120 = 330, made" in hand
    assert "Meld 80 + counters 130" in hand
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"][0]["meld"] == [
        {"marriage": 2, "pinochle": 1},
        {"run": 1, "royal_marriage": 1, "dix": 2},
    ]
    edit = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="pick_1_dix" type="number" inputmode="numeric" min="0" value="2"' in edit
    # the sheet shows each side's meld by its total, the picks beside it
    sheet = text(client.get(f"/g/{game_id}"))
    assert "260♠ · 210 (run + royal marriage + 2× dix) + 120" in sheet
    assert "80 (2× marriage + pinochle) + 130" in sheet


def test_the_bid_chips_follow_what_was_typed(client, db):
    game_id = start_game(client, "pinochle-double-deck")
    refused = enter(client, db, game_id, bidder=0, bid_typed=6, trump="clubs", meld_0=30)
    assert refused.status_code == 400  # no counters: the page comes back with its chips
    chips = re.findall(r'name="bid" value="([0-9]+)"', refused.get_data(as_text=True))
    assert chips == ["60", "65"]  # the double deck's legal bids beginning with 6


def test_no_marriage_and_the_moon_come_back_to_edit(client, db):
    game_id = start_game(client, "pinochle-partnership")
    assert "Shot the moon?" not in text(client.get(f"/g/{game_id}/play"))  # no moon here
    done = enter(client, db, game_id, bidder=1, bid=250, trump="none", meld_0=60)
    assert done.status_code == 303, text(done)
    edit = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="trump" value="none" checked' in edit
    assert 'name="conceded" value="no" checked' in edit  # said once, by "no marriage"
    moon = start_game(client, "pinochle-partnership", changes={"moon": "win"})
    page = text(client.get(f"/g/{moon}/play"))
    assert "Shot the moon?" in page and "Moon made" in page
    made = enter(client, db, moon, bidder=0, bid=300, trump="hearts", moon="made")
    assert made.status_code == 303, text(made)
    exported = json.loads(client.get(f"/g/{moon}/export").get_data(as_text=True))
    assert exported["hands"][0] == {
        "bidder": 0,
        "bid": 300,
        "trump": "hearts",
        "moon": "made",
        "meld": [None, None],
    }


def test_the_scoresheet_pdf_and_a_blank_pad(client, db):
    game_id = start_game(client, "pinochle-cutthroat", names=["Ann", "Ben", "Cho"])
    done = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=300,
        trump="clubs",
        meld_0=50,
        meld_1=30,
        meld_2=0,
        counters_0=140,
        counters_1=110,
        counters_2=0,
    )
    assert done.status_code == 303, text(done)
    sheet = client.get(f"/g/{game_id}/scoresheet.pdf")
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")
    pad = client.get("/rules/pinochle-double-deck/scorecard.pdf")
    assert pad.status_code == 200 and pad.data.startswith(b"%PDF")
    fields = option_fields("pinochle-cutthroat", {"set_scoring": "zero"})
    what_if = client.get(f"/g/{game_id}/whatif", query_string=fields)
    assert what_if.status_code == 200, text(what_if)
    page = text(what_if)
    assert "−300 · set" in page and "0 · set" in page
    assert "Bids go up: 250 by 10" in page


def test_a_players_page_shows_the_bidders_record(client, db):
    game_id = start_game(client, "pinochle-partnership")
    hands = [
        dict(bidder=0, bid=300, trump="hearts", meld_0=150, meld_1=60, counters_0=170),
        dict(bidder=0, bid=300, trump="hearts", meld_0=50, meld_1=60, counters_0=100),
    ]
    for hand in hands:
        assert enter(client, db, game_id, **hand).status_code == 303
    page = text(client.get("/players/ann"))
    assert "Bids made / won" in page and "1 / 2" in page


def test_the_cards_laid_down_make_the_meld(client, db):
    game_id = start_game(client, "pinochle-partnership")
    refused = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=250,
        trump="hearts",
        cards_0="AH TH KH QH JH X9",
        counters_0=200,
    )
    assert refused.status_code == 400
    assert "&#39;X9&#39; is not a card" in refused.get_data(as_text=True)
    done = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=250,
        trump="hearts",
        cards_0="AH TH KH QH JH 9H",
        cards_2="QS JD",
        cards_1="KS QS",
        counters_0=200,
    )
    assert done.status_code == 303, text(done)
    hand = text(client.get(done.headers["Location"]))
    assert "Ann: run 150, dix 10" in hand and "Cho: pinochle 40" in hand
    assert "Bid 250: meld 200 + counters 200 = 400, made" in hand
