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


def cards(seat, *codes):
    """The grid's taps for one seat's cards laid down: how many of each card."""
    counts = {}
    for code in codes:
        counts[f"card_{seat}_{code}"] = counts.get(f"card_{seat}_{code}", 0) + 1
    return counts


def live(client, game_id, number=1, **fields):
    answer = client.get(f"/g/{game_id}/hands/{number}/live", query_string=fields)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def test_the_cards_laid_down_are_tapped_on_a_grid(client, db):
    game_id = start_game(client, "pinochle-partnership")
    form = client.get(f"/g/{game_id}/play").get_data(as_text=True)
    grid = re.findall(r'name="card_0_([A-Z0-9]{2})"[^>]*max="2"', form)
    assert len(grid) == 24 and "9H" in grid and "TS" in grid  # A 10 K Q J 9 of each suit
    run = ["AH", "TH", "KH", "QH", "JH", "9H"]
    refused = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=250,
        trump="hearts",
        counters_0=200,
        **cards(0, *run),
        **cards(2, "AH", "AH"),
    )
    assert refused.status_code == 400  # three aces of hearts in a pack of two
    assert "3 copies of A♥; the pack holds 2" in text(refused)
    done = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=250,
        trump="hearts",
        counters_0=200,
        **cards(0, *run),
        **cards(2, "QS", "JD"),
        **cards(1, "KS", "QS"),
    )
    assert done.status_code == 303, text(done)
    hand = text(client.get(done.headers["Location"]))
    assert "Ann: run 150, dix 10" in hand and "Cho: pinochle 40" in hand
    assert "Bid 250: meld 200 + counters 200 = 400, made" in hand
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"][0]["meld_cards"] == ["AH TH KH QH JH 9H", "KS QS", "QS JD", ""]
    assert "meld" not in exported["hands"][0]
    edit = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'name="card_2_QS"[^>]*value="1"', edit)  # the taps come back to edit
    assert re.search(r'name="card_2_QH"[^>]*value=""', edit)


def test_cards_a_game_file_writes_its_own_way_come_back_to_edit(client, db):
    hand = {"bidder": 0, "bid": 250, "trump": "hearts", "counters": [200, None]}
    hand["meld_cards"] = ["AH 10H KH QH JH", "", "q♠, jd", ""]  # as a file may write them
    game = {"format": "scorekeeper-game/1", "game": "pinochle"}
    game |= {"ruleset": "pinochle-partnership", "players": ["Ann", "Ben", "Cho", "Dee"]}
    imported = client.post("/import", data={"text": json.dumps({**game, "hands": [hand]})})
    assert imported.status_code == 303, text(imported)
    game_id = imported.headers["Location"].rsplit("/", 1)[1]
    edit = client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'name="card_0_TH"[^>]*value="1"', edit)
    assert re.search(r'name="card_2_QS"[^>]*value="1"', edit)
    assert re.search(r'name="card_2_JD"[^>]*value="1"', edit)


def test_the_grid_says_the_melds_as_they_are_tapped(client, db):
    game_id = start_game(client, "pinochle-partnership")
    laid = cards(0, "AS", "TS", "KS", "QS", "JS", "KS", "9S", "9S")
    said = live(client, game_id, trump="spades", **laid)
    # the engine's calculator, under this preset's run with an extra king (§8.2)
    assert said["cards_0"] == "run + royal marriage + 2× dix = 210"
    assert said["side_0"] == "Ann & Cho's meld: 210"
    assert "cards_2" not in said and "side_1" not in said
    said = live(client, game_id, trump="hearts", **laid)  # the same cards, hearts trump
    assert said["cards_0"] == "♠ marriage = 20"
    said = live(client, game_id, **laid)
    assert said["cards_error"] == "Choose trump: the meld the cards make depends on it"
    client.set_cookie("lang", "ja")
    assert live(client, game_id, trump="spades", **laid)["cards_0"].endswith("= 210")
    double = start_game(client, "pinochle-double-deck")
    form = client.get(f"/g/{double}/play").get_data(as_text=True)
    grid = re.findall(r'name="card_1_([A-Z0-9]{2})"[^>]*max="4"', form)
    assert len(grid) == 20 and "9H" not in grid  # no nines, four copies


def test_cards_for_one_side_and_a_number_for_the_other(client, db):
    game_id = start_game(client, "pinochle-partnership")
    done = enter(
        client,
        db,
        game_id,
        bidder=1,
        bid=250,
        trump="clubs",
        meld_1=60,
        counters_1=150,
        **cards(0, "AC", "TC", "KC", "QC", "JC"),
    )
    assert done.status_code == 303, text(done)
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"][0]["meld"] == [150, 60]  # the cards' side by what they make
    both = enter(
        client,
        db,
        game_id,
        bidder=1,
        bid=250,
        trump="clubs",
        meld_0=40,
        counters_1=150,
        **cards(0, "QS", "JD"),
    )
    said = live(client, game_id, bidder=1, trump="clubs", meld_0=40, **cards(0, "QS", "JD"))
    assert said["cards_error"].endswith("not both") and said["cards_0"] == "pinochle = 40"
    assert both.status_code == 400
    assert "Ann &amp; Cho: give the meld as a number or as the cards laid down, not both" in (
        both.get_data(as_text=True)
    )


def test_a_trick_is_asked_only_where_it_decides_the_meld(client, db):
    bicycle = start_game(client, "pinochle-partnership-bicycle")  # a trick keeps the meld
    hand = dict(bidder=0, bid=200, trump="hearts", meld_0=120, meld_1=60)
    assert live(client, bicycle, **hand, counters_0=250)["trick_1"] == "yes"  # theirs: 0
    assert "trick_1" not in live(client, bicycle, **hand, counters_0=240)  # took counters
    assert "trick_0" not in live(client, bicycle, **hand, counters_0=250)
    assert "trick_1" not in live(client, bicycle, **{**hand, "meld_1": 0}, counters_0=250)
    page = client.get(f"/g/{bicycle}/play").get_data(as_text=True)
    assert re.search(r'data-live-show="trick_1" hidden', page)  # nothing entered: not asked
    assert re.search(r'<noscript><p class="field ask"><label><input [^>]*name="trick_1"', page)
    partnership = start_game(client, "pinochle-partnership")  # counters keep the meld
    assert "trick_1" not in live(client, partnership, **hand, counters_0=250)
    assert 'name="trick_1"' not in client.get(f"/g/{partnership}/play").get_data(as_text=True)
    # PN10: side 1 took a trick of no counters and keeps its 60
    done = enter(client, db, bicycle, **hand, counters_0=250, trick_1="yes")
    assert done.status_code == 303, text(done)
    sheet = text(client.get(f"/g/{bicycle}"))
    assert "370" in sheet and "60" in sheet
    # a tick the counters overrule (they took 10) is not kept
    done = enter(client, db, bicycle, **hand, counters_0=240, trick_1="yes")
    assert done.status_code == 303, text(done)
    exported = json.loads(client.get(f"/g/{bicycle}/export").get_data(as_text=True))
    assert exported["hands"][0]["won_trick"] == [True, True]
    assert "won_trick" not in exported["hands"][1]
    edit = client.get(f"/g/{bicycle}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'data-live-show="trick_1">', edit)  # asked again, ticked
    assert 'name="trick_1" value="yes" checked' in edit


def test_a_short_bidders_meld_ends_the_hand_at_once(client, db):
    game_id = start_game(client, "pinochle-double-deck")
    hand = dict(bidder=0, bid=51, trump="spades", meld_0=19, meld_1=32)
    said = live(client, game_id, **hand)
    assert said["short"] == (
        "Ann & Cho's meld 19 is under 20: the bid is lost without play, the others score"
        " their meld. No counters."
    )
    assert "short" not in live(client, game_id, **{**hand, "meld_0": 20})
    assert "short" not in live(client, game_id, **{**hand, "meld_0": ""})  # not entered yet
    assert "short" not in live(client, game_id, **{**hand, "bidder": 1})  # theirs is 32
    assert "short" in live(client, game_id, **{**hand, "meld_0": "", **cards(0, "KS", "QS")})
    page = client.get(f"/g/{game_id}/play").get_data(as_text=True)
    assert 'data-live-show="short" hidden' in page and 'data-live-hide="short">' in page
    refused = enter(client, db, game_id, **{**hand, "trump": ""})  # the page comes back
    assert refused.status_code == 400 and "Choose trump" in text(refused)
    page = refused.get_data(as_text=True)  # as it was left: the end said, nothing more asked
    assert 'data-live-show="short">' in page and "the bid is lost without play" in page
    assert 'id="counters" data-live-hide="short" hidden' in page
    assert re.search(r'data-picker="conceded"[^>]*data-live-hide="short" hidden', page)
    done = enter(client, db, game_id, **hand)  # stored without counters (PN13)
    assert done.status_code == 303, text(done)
    result = text(client.get(done.headers["Location"]))
    assert "Meld 19, not on the board: bid 51 lost without play" in result
    assert "counters entered" not in result
    sheet = text(client.get(f"/g/{game_id}"))
    assert "−51" in sheet and "32" in sheet
    done = enter(client, db, game_id, **hand, counters_0=30)  # typed before the meld: dropped
    assert done.status_code == 303, text(done)
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"] == [
        {"bidder": 0, "bid": 51, "trump": "spades", "meld": [19, 32]},
        {"bidder": 0, "bid": 51, "trump": "spades", "meld": [19, 32]},
    ]
    refused = client.get(f"/g/{game_id}/hands/9/live")
    assert refused.status_code == 404


def test_a_card_count_past_the_pack_is_refused_however_large(client, db):
    """A count typed by hand (not tapped) can be any number: refused as the pack's, and
    never built into that many cards."""
    game_id = start_game(client, "pinochle-partnership")
    hand = dict(bidder=0, bid=250, trump="spades", counters_0=200)
    huge = {"card_0_AS": "9" * 30, "card_0_KS": str(10**7)}
    said = live(client, game_id, **hand, **huge)
    assert "the pack holds 2" in said["cards_error"]
    refused = enter(client, db, game_id, **hand, **huge)
    assert refused.status_code == 400 and "the pack holds 2" in text(refused)


def test_cards_typed_before_the_grid_are_never_dropped_unsaid(client, db):
    """A phone kept a hand typed the old way (cards_0 "AH TH …"): refused, not stored
    without its meld."""
    game_id = start_game(client, "pinochle-partnership")
    kept = enter(
        client,
        db,
        game_id,
        bidder=0,
        bid=250,
        trump="hearts",
        counters_0=200,
        cards_0="AH TH KH QH JH 9H",
    )
    assert kept.status_code == 400
    assert "Cards laid down are tapped on the grid: enter them again" in text(kept)


def test_without_the_script_an_unticked_trick_is_not_sent_by_a_hidden_copy(client, db):
    bicycle = start_game(client, "pinochle-partnership-bicycle")
    # Refused (no trump), the page comes back with the tick the phone sent.
    page = enter(client, db, bicycle, bidder=0, bid=200, meld_0=120, meld_1=60, trick_1="yes")
    assert page.status_code == 400
    boxes = re.findall(r'<input type="checkbox" name="trick_1"[^>]*>', page.get_data(as_text=True))
    assert len(boxes) == 2  # the copy the script shows, and the one without the script
    assert sum("checked" in box for box in boxes) == 1  # unticking that one takes


def test_stuck_the_dealer_lays_down_the_widow_too(client, db):
    """Everybody passed in a three-hand game: the dealer took the widow, so may lay down
    up to 18 cards (15 and the widow's 3), as the hand itself is stored."""
    game_id = start_game(client, "pinochle-cutthroat")
    sixteen = ["AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH", "KH", "QH", "JH", "9H"]
    sixteen += ["AD", "TD", "KD", "QD"]
    stuck = dict(bidder=0, bid="stuck", dealer=2, trump="spades")  # seat 0 tapped, then stuck
    said = live(client, game_id, **stuck, **cards(2, *sixteen))
    assert "cards_error" not in said and "run" in said["cards_2"]
