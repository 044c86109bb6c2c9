"""Every route of the table app, through the Flask test client."""

from __future__ import annotations

import json

import pytest

from scorekeeper import store
from scorekeeper.engine import find_ruleset, preset_ids
from scorekeeper.engine.describe import describe

from .conftest import NAMES, play, setup_form, start_game, text, version


def test_home_lists_games_in_progress_and_finished(client, db):
    assert "No game in progress." in text(client.get("/"))
    playing = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    done = start_game(client, changes={"target": 50}, names=["Wu", "Xi", "Yo", "Zed"])
    play(client, db, done, {0: 6, 1: 3, 2: 0, 3: 3}, {0: 7, 1: 3, 2: 0, 3: 3})
    page = text(client.get("/"))
    assert page.index("In progress") < page.index("Ann · Ben · Cho · Dee") < page.index("Finished")
    assert page.index("Finished") < page.index("Wu · Xi · Yo · Zed")
    assert playing and "1 hand" in page


def test_new_lists_every_preset(client):
    page = client.get("/new").get_data(as_text=True)
    for ruleset_id in preset_ids():
        assert f'value="{ruleset_id}"' in page


def test_new_redirects_to_setup_of_the_chosen_preset(client):
    response = client.get("/new?ruleset=pagat-standard")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/new/pagat-standard")


@pytest.mark.parametrize("ruleset_id", preset_ids())
def test_setup_shows_every_option_of_the_preset(client, ruleset_id):
    page = client.get(f"/new/{ruleset_id}").get_data(as_text=True)
    for name in {line.option for line in describe(find_ruleset(ruleset_id)).lines}:
        assert f'name="opt_{name}"' in page


def test_setup_unknown_preset_is_404(client):
    assert client.get("/new/yahoo-norml").status_code == 404


def test_setup_stores_the_options_the_table_changed(client, db):
    game_id = start_game(
        client, "yahoo-normal", changes={"target": 300, "nil_points": 50}, dealer=2
    )
    stored = store.get_game(db, game_id)
    assert stored.options == {"target": 300, "nil_points": 50}
    assert stored.first_dealer == 2
    assert stored.players == tuple(NAMES[:4])


def test_setup_missing_name_keeps_what_was_typed(client):
    form = setup_form("yahoo-normal", names=["Ann", "", "Cho", "Dee"], changes={"target": 350})
    response = client.post("/new/yahoo-normal", data=form)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Enter a different name for each of the 4 players." in page
    assert 'value="Cho"' in page and 'value="350"' in page


def test_setup_rejects_options_no_table_could_play(client):
    response = client.post(
        "/new/yahoo-normal", data=setup_form("yahoo-normal", changes={"players": 3})
    )
    assert response.status_code == 400
    assert "A partnership game needs 4 players" in text(response)


def test_setup_names_are_shown_exactly_and_never_executed(client, db):
    game_id = start_game(client, names=["<script>alert(1)</script>", "山田", "Zoë", "O'Brien"])
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "山田" in page and "Zoë" in page and "O&#39;Brien" in page


def test_game_page_shows_totals_and_who_deals(client):
    game_id = start_game(client, dealer=1)
    page = text(client.get(f"/g/{game_id}"))
    assert "Ben deals; Cho bids first; Cho (left of the dealer) leads first." in page
    assert "Ann &amp; Cho 0" in page


def test_unknown_game_is_404(client):
    response = client.get("/g/not-a-game")
    assert response.status_code == 404
    assert "There is no game at this address." in text(response)


def test_bids_offer_only_open_bids_and_say_why(client):
    game_id = start_game(client, "pagat-standard")
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    assert 'value="nil"' in page
    assert 'value="blind_nil"' not in page
    assert "Blind nil: needs the side to be 100 behind; the scores are level" in page


def test_bids_open_blind_nil_once_far_enough_behind(client, db):
    game_id = start_game(client, "pagat-standard")
    play(client, db, game_id, {0: 3, 1: 5, 2: 3, 3: 5}, {0: 1, 1: 5, 2: 2, 3: 5})  # −60 vs +100
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    assert 'value="blind_nil"' in page


def test_bids_in_bidding_order_from_the_dealers_left(client):
    game_id = start_game(client, dealer=2)
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    order = [page.index(f'data-picker="bid_{seat}"') for seat in (3, 0, 1, 2)]
    assert order == sorted(order)


def test_invalid_bids_show_errors_next_to_the_field_and_keep_values(client, db):
    game_id = start_game(client, "dan-brad")
    response = client.post(
        f"/g/{game_id}/bids",
        data={"bid_0": "nil", "bid_1": "4", "bid_2": "2", "version": version(db, game_id)},
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Choose Dee&#39;s bid" in page
    assert 'value="nil" checked' in page and 'value="2" checked' in page
    assert store.get_game(db, game_id).pending_bids is None


def test_minimum_bid_error_is_shown_and_nothing_stored(client, db):
    game_id = start_game(client, "dan-brad")
    response = client.post(
        f"/g/{game_id}/bids",
        data={
            "bid_0": "nil",
            "bid_1": "4",
            "bid_2": "2",
            "bid_3": "4",
            "version": version(db, game_id),
        },
    )
    assert response.status_code == 400
    assert "Ann &amp; Cho bid 2; the partnership must bid at least 4" in response.get_data(
        as_text=True
    )
    assert store.get_game(db, game_id).pending_bids is None


def test_a_whole_hand_bids_then_tricks_then_result(client, db):
    game_id = start_game(client)
    response = play(
        client, db, game_id, {0: 3, 1: "nil", 2: 4, 3: 2}, {1: 1, 2: 5, 3: 3, 0: "rest"}
    )
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{game_id}/hands/1")
    page = text(client.get(response.headers["Location"]))
    assert "Contract 7, took 9: 7 × 10 + 2 overtricks = +72" in page
    assert "Ben: nil failed (1 trick), −100" in page
    assert "nil failed" in page and "Total −78" in page
    assert "Next: hand 2 — Ben deals, Cho bids first." in page
    assert store.get_game(db, game_id).hands == (
        {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]},
    )


def test_tricks_that_do_not_add_up_keep_values_and_store_nothing(client, db):
    game_id = start_game(client)
    response = play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {1: 3, 2: 3, 3: 3, 0: 3})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Tricks add up to 12; a hand has 13" in page
    assert page.count('value="3" checked') == 4 + 0  # the four trick pickers, as chosen
    assert store.get_game(db, game_id).hands == ()
    assert store.get_game(db, game_id).pending_bids == [3, 3, 3, 3]


def test_tricks_without_bids_go_to_the_bids(client):
    game_id = start_game(client)
    response = client.get(f"/g/{game_id}/tricks")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{game_id}/bids")


def test_team_total_preset_enters_one_number_per_partnership(client, db):
    game_id = start_game(client, "akagiri-standard")
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    assert 'data-picker="team_0"' in page and 'data-picker="team_1"' in page
    data = {
        "bid_0": "team",
        "bid_1": "nil",
        "bid_2": "team",
        "bid_3": "team",
        "team_0": "6",
        "team_1": "4",
    }
    client.post(f"/g/{game_id}/bids", data={**data, "version": version(db, game_id)})
    # Ann (seat 0) bids before Cho (seat 2) when seat 3 deals... dealer is seat 0: order 1, 2, 3, 0.
    assert store.get_game(db, game_id).pending_bids == [6, "nil", 0, 4]


def test_partners_may_enter_one_trick_total(client, db):
    game_id = start_game(client)
    response = play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 7, 1: "rest"}, by_team=True)
    assert response.status_code == 303
    body = store.get_game(db, game_id).hands[0]
    assert body["team_tricks"] == [0, 1]
    assert sum(body["tricks"][s] for s in (0, 2)) == 7
    # The sheet says the partners' bids and the one total they entered.
    assert "3+3/7" in text(client.get(f"/g/{game_id}"))


def test_edit_a_past_hand_rescores_everything_after_it(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: "rest"})
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: "rest"})
    assert store.get_game(db, game_id).totals == (122, 120)
    edit = {"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3"}
    edit |= {"tricks_0": "2", "tricks_1": "5", "tricks_2": "3", "tricks_3": "rest", "by": "player"}
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**edit, "version": version(db, game_id)}
    )
    assert response.status_code == 303
    assert store.get_game(db, game_id).totals == (-60 + 61, 62 + 60)  # hand 1 now set
    history = store.game_history(db, game_id)
    assert history[-1]["action"] == "hand_edited" and history[-1]["hand"] == 1
    assert history[-1]["detail"]["before"]["tricks"] == [4, 3, 3, 3]
    assert "Hand 1 changed:" in text(client.get(f"/g/{game_id}/history"))


def test_edit_that_would_invalidate_a_later_hand_is_refused(client, db):
    game_id = start_game(client, "pagat-standard")
    play(client, db, game_id, {0: 3, 1: 5, 2: 3, 3: 5}, {0: 1, 1: 5, 2: 2, 3: 5})  # 160 behind
    play(client, db, game_id, {0: "blind_nil", 1: 5, 2: 3, 3: 5}, {0: 0, 1: 5, 2: 3, 3: 5})
    edit = {"bid_0": "3", "bid_1": "5", "bid_2": "3", "bid_3": "5"}
    edit |= {
        "tricks_0": "3",
        "tricks_1": "2",
        "tricks_2": "3",
        "tricks_3": "5",
        "by": "player",
    }  # now ahead
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**edit, "version": version(db, game_id)}
    )
    assert response.status_code == 400
    assert "This change would make hand 2 invalid" in text(response)
    assert store.get_game(db, game_id).hands[0]["tricks"] == [1, 5, 2, 5]


def test_delete_only_the_last_hand(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: "rest"})
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: "rest"})
    assert client.get(f"/g/{game_id}/hands/1/delete").status_code == 404
    assert "Delete hand 2?" in text(client.get(f"/g/{game_id}/hands/2/delete"))
    response = client.post(f"/g/{game_id}/hands/2/delete", data={"version": version(db, game_id)})
    assert response.status_code == 303
    assert len(store.get_game(db, game_id).hands) == 1
    assert store.game_history(db, game_id)[-1]["action"] == "hand_deleted"


def test_game_over_refuses_hands_until_the_target_is_raised(client, db):
    game_id = start_game(client, changes={"target": 100})
    play(client, db, game_id, {0: 6, 1: 3, 2: 4, 3: 0}, {0: 6, 1: 3, 2: 4, 3: 0})
    page = text(client.get(f"/g/{game_id}"))
    assert "Winner: Ann &amp; Cho" in page
    response = client.get(f"/g/{game_id}/bids")
    assert response.status_code == 409
    assert "The game is over: no more hands can be entered." in text(response)
    response = client.post(
        f"/g/{game_id}/target", data={"target": "300", "version": version(db, game_id)}
    )
    assert response.status_code == 303
    assert "Target raised from 100 to 300." in text(client.get(f"/g/{game_id}"))
    assert client.get(f"/g/{game_id}/bids").status_code == 200
    change = store.game_history(db, game_id)[-1]
    assert change["action"] == "options_changed" and change["hand"] == 2
    assert change["detail"] == {"before": {"target": 100}, "after": {"target": 300}}


def test_tie_at_the_top_says_play_another_hand(client, db):
    game_id = start_game(client, changes={"target": 200})
    seesaw = [
        ({0: 6, 1: 6, 2: 0, 3: 0}, {0: 7, 1: 6, 2: 0, 3: 0}),
        ({0: 6, 1: 6, 2: 0, 3: 0}, {0: 6, 1: 7, 2: 0, 3: 0}),
    ]
    for bids, tricks in seesaw * 2:
        play(client, db, game_id, bids, tricks)
    page = text(client.get(f"/g/{game_id}"))
    assert "tie at 242 between Ann &amp; Cho, Ben &amp; Dee — play another hand" in page
    assert client.get(f"/g/{game_id}/bids").status_code == 200


def test_stale_version_is_told_and_shown_the_current_game(client, db):
    game_id = start_game(client)
    stale = version(db, game_id)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: "rest"})
    response = client.post(
        f"/g/{game_id}/bids",
        data={"bid_0": "3", "bid_1": "3", "bid_2": "3", "bid_3": "3", "version": stale},
    )
    assert response.status_code == 409
    page = text(response)
    assert "Someone else changed this game first" in page
    assert "Ann &amp; Cho 61" in page  # the game as it is now
    assert store.get_game(db, game_id).pending_bids is None


def test_export_gives_the_game_file(client, db):
    game_id = start_game(client, changes={"target": 300})
    play(client, db, game_id, {0: 3, 1: "nil", 2: 4, 3: 2}, {0: 4, 1: 1, 2: 5, 3: 3})
    response = client.get(f"/g/{game_id}/export")
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    doc = json.loads(response.get_data(as_text=True))
    assert doc["format"] == "scorekeeper-game/1" and doc["ruleset"] == "yahoo-normal"
    assert doc["options"] == {"target": 300}
    assert doc["players"] == NAMES[:4]
    assert doc["hands"] == [{"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}]


def test_import_a_pasted_game_file(client, db):
    doc = {
        "ruleset": "pagat-standard",
        "players": ["A", "B", "C", "D"],
        "hands": [{"bids": ["nil", 5, 3, 5], "tricks": [1, 5, 2, 5]}],
    }
    response = client.post("/import", data={"text": json.dumps(doc)})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert store.get_game(db, game_id).totals == (-130, 100)
    assert store.game_history(db, game_id)[0]["action"] == "imported"


def test_import_a_bad_file_says_what_is_wrong(client, db):
    doc = {
        "ruleset": "yahoo-normal",
        "players": NAMES[:4],
        "hands": [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}],
    }
    response = client.post("/import", data={"text": json.dumps(doc)})
    assert response.status_code == 400
    assert "hand 1: tricks add up to 12, expected 13" in text(response)
    response = client.post("/import", data={"text": "{nope"})
    assert response.status_code == 400 and "not valid JSON" in text(response)
    assert store.list_games(db) == []


def test_hand_page_of_a_missing_hand_is_404(client):
    game_id = start_game(client)
    assert client.get(f"/g/{game_id}/hands/1").status_code == 404
    assert client.get(f"/g/{game_id}/hands/1/edit").status_code == 404


def test_setup_offers_enum_options_in_words(client):
    page = client.get("/new/pagat-standard").get_data(as_text=True)
    assert (
        '<option selected value="bags_only">are bags only: no points, no help to the partner&#39;s contract</option>'
        in page
    )
    assert "count toward the partner&#39;s contract, and as bags</option>" in page


def test_setup_puts_deals_first_beside_each_seat(client):
    page = client.get("/new/network-spades").get_data(as_text=True)
    assert page.count('name="first_dealer"') == 4


def test_scoresheet_pdf_and_scorecard_routes(client, db):
    game_id = start_game(client, names=["山田", "Zoë", "O'Brien", "Dee"])
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: "rest"})
    response = client.get(f"/g/{game_id}/scoresheet.pdf")
    assert response.mimetype == "application/pdf" and response.data.startswith(b"%PDF")
    assert client.get(f"/g/{game_id}/scoresheet.pdf?size=Letter").data.startswith(b"%PDF")
    response = client.get("/rules/yahoo-normal/scorecard.pdf")
    assert response.mimetype == "application/pdf"
    assert client.get("/rules/nope/scorecard.pdf").status_code == 404


def test_the_scoresheet_pdf_shows_the_game_as_it_stands(client, db):
    """Asked for again after a hand, the PDF has the new hand; Letter is Letter-sized."""
    import io

    from pypdf import PdfReader

    def pages(url: str) -> PdfReader:
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        return PdfReader(io.BytesIO(response.data))

    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 61 : 60
    first = pages(f"/g/{game_id}/scoresheet.pdf").pages[0].extract_text()
    assert "61" in first and "122" not in first
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert "122" in pages(f"/g/{game_id}/scoresheet.pdf").pages[0].extract_text()
    letter = pages(f"/g/{game_id}/scoresheet.pdf?size=Letter").pages[0].mediabox
    assert round(float(letter.width)) == 612 and round(float(letter.height)) == 792


def test_a_long_scoresheet_shows_the_latest_hundred_hands_and_links_to_all(client, db):
    hand = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    doc = {"ruleset": "yahoo-normal", "options": {"target": 10**9}, "players": NAMES[:4]}
    response = client.post("/import", data={"text": json.dumps({**doc, "hands": [hand] * 130})})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert page.count('class="hand-row"') == 100
    assert 'id="hand-31"' in page and 'id="hand-30"' not in page
    assert "Hands 1–30 are not shown: show every hand" in page
    every = client.get(f"/g/{game_id}?all=1").get_data(as_text=True)
    assert every.count('class="hand-row"') == 130 and "are not shown" not in every
    # A hidden hand's own page leads back to the sheet that shows it.
    assert f"/g/{game_id}?all=1#hand-5" in client.get(f"/g/{game_id}/hands/5").get_data(
        as_text=True
    )
    assert f'/g/{game_id}#hand-50"' in client.get(f"/g/{game_id}/hands/50").get_data(as_text=True)
    short = start_game(client)
    assert "are not shown" not in client.get(f"/g/{short}").get_data(as_text=True)


def test_what_if_of_a_game_each_for_themselves_offers_rules_that_seat_it_so(client, db):
    """It answered 500: the first other preset seated partners, four totals met two."""
    game_id = start_game(client, "cardsite-individual")
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})
    assert client.get(f"/g/{game_id}/whatif").status_code == 200
    refused = client.get(f"/g/{game_id}/whatif?ruleset=yahoo-normal")
    assert refused.status_code == 400
    assert "plays in partnerships; this game was played each for themselves" in text(refused)
