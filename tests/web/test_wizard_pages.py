"""Wizard and the Oh Hell family at the table (RULES.md §6): a game started from the form,
hands entered, the Canadian rule on the bids page, and a table too large for its hand."""

from __future__ import annotations

import re

from .conftest import play, setup_form, start_game, text, version

SEVEN = ["Ann", "Ben", "Cho", "Dee", "Eve", "Fay", "Gus"]


def test_a_wizard_game_scores_at_the_table(client, db):
    game_id = start_game(client, "wizard")
    sheet = text(client.get(f"/g/{game_id}"))
    assert "Hand 1 of 15: 1 card" in sheet and "1 cards" not in sheet
    # Hand 1 (1 card, Ann deals, Ben bids first): Cho bids 1 and takes it; the others bid 0.
    done = play(client, db, game_id, {0: 0, 1: 0, 2: 1, 3: 0}, {0: 0, 1: 0, 2: 1, 3: 0})
    assert done.status_code == 303, done.get_data(as_text=True)
    sheet = text(client.get(f"/g/{game_id}"))
    assert "+30" in sheet and "+20" in sheet
    assert "Hand 2 of 15: 2 cards" in sheet


def test_the_last_wizard_hand_says_no_trumps(client, db):
    game_id = start_game(client, "wizard", names=["Ann", "Ben", "Cho", "Dee", "Eve", "Fay"])
    for cards in range(1, 10):
        bids = {seat: 0 for seat in range(6)}
        play(client, db, game_id, {**bids, 0: cards}, {**bids, 0: cards})
    sheet = text(client.get(f"/g/{game_id}"))
    assert "Hand 10 of 10: 10 cards, every card dealt, no trumps" in sheet


def test_the_canadian_rule_on_the_bids_page(client, db):
    game_id = start_game(client, "wizard-canadian", names=["Ann", "Ben", "Cho"])
    # Hand 1 (Ann deals): Ben bids 1 and takes it, the others bid 1 and miss: 30, −10, −10.
    play(client, db, game_id, {0: 1, 1: 1, 2: 1}, {0: 0, 1: 1, 2: 0})
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    dealer = re.search(r'<fieldset[^>]*id="bid_1"[^>]*>', page).group(0)
    assert 'data-total-not="2"' in dealer and 'data-total-not-open="0"' in dealer
    assert "Ben, leading, may not bid {n}" in dealer
    # Cho 1, Ann 0: the leader may not bid 1 …
    data = {"bid_0": "0", "bid_1": "1", "bid_2": "1", "version": version(db, game_id)}
    refused = client.post(f"/g/{game_id}/bids", data=data)
    assert refused.status_code == 400
    assert "Ben, leading, may not bid 1: the bids would add up to 2" in text(refused)
    # … but 0 or 2 are open.
    data["bid_1"] = "0"
    assert client.post(f"/g/{game_id}/bids", data=data).status_code == 303


def test_a_dealer_not_leading_is_not_hooked_under_the_canadian_rule(client, db):
    game_id = start_game(client, "wizard-canadian", names=["Ann", "Ben", "Cho"])
    play(client, db, game_id, {0: 1, 1: 1, 2: 1}, {0: 1, 1: 0, 2: 0})  # Ann leads; Ben deals
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    dealer = re.search(r'<fieldset[^>]*id="bid_1"[^>]*>', page).group(0)
    assert "data-total-not" not in dealer


def test_seven_players_with_eight_cards_are_refused_by_the_cards(client):
    """Issue 38: the form names the cards one pack deals, and starts no game of 4."""
    data = setup_form("oh-hell-basic", names=SEVEN, changes={"max_cards": 8})
    response = client.post("/new/oh-hell-basic", data=data)
    assert response.status_code == 400
    said = text(response)
    assert "One pack deals at most 7 cards each to 7 players" in said
    assert "players given" not in said


def test_the_new_options_on_the_setup_form_and_the_rule_page(client):
    data = setup_form(
        "oh-hell",
        changes={"miss_penalty": "flat", "miss_value": 7, "zero_made": "fixed", "pack": 53},
    )
    response = client.post("/new/oh-hell", data=data)
    assert response.status_code == 400
    assert "Enter 52, or 60 for the Wizard pack." in text(response)
    page = text(client.get("/rules/wizard-canadian"))
    assert "the Canadian rule" in page and "60 cards" in page
    client.set_cookie("lang", "ja")
    ja = text(client.get("/rules/wizard"))
    assert "ウィザード" in ja and "60枚のウィザード用デッキ" in ja


def test_a_blank_scorecard_is_titled_in_the_page_language(client):
    import io

    from pypdf import PdfReader

    client.set_cookie("lang", "ja")
    pdf = client.get("/rules/wizard/scorecard.pdf").data
    words = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "ウィザード" in words and "スコアカード" in words
    assert "Wizard —" not in words
