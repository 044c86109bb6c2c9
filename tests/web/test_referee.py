"""The referee: rule pages, comparisons, what-if, rule changes, guidance, confirmation."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from scorekeeper import store
from scorekeeper.engine import find_ruleset, preset_ids
from scorekeeper.engine.describe import describe

from .conftest import option_fields, play, start_game, text, version


@pytest.mark.parametrize("ruleset_id", preset_ids())
def test_rule_page_of_every_preset_mentions_every_option(client, ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    page = client.get(f"/rules/{ruleset_id}").get_data(as_text=True)
    assert str(escape(ruleset.name)) in page and str(escape(ruleset.source_title())) in page
    for name in {line.option for line in describe(ruleset).lines}:  # the form's, for a
        assert f'id="opt-{name}"' in page  # kind scored in several forms
        assert f"{name} = " in page


def test_rule_page_marks_what_the_source_does_not_state(client):
    page = client.get("/rules/joker-barmore").get_data(as_text=True)
    moon = page[page.index('id="opt-moon"') :][:600]
    jokers = page[page.index('id="opt-jokers"') :][:700]
    behind = page[page.index('id="opt-blind_behind"') :][:900]
    assert "not stated by the source — our default" in moon
    assert "not stated by the source" not in jokers and "2♣ and 2♥ removed" in jokers
    assert (
        "the source says" in jokers
        and "ジョーカーを2枚使用。クラブとハートの2は使用しない。" in jokers
    )
    assert "our reading" in behind and "only to a side 100 or more behind" in behind
    assert "RULES.md" not in page  # a document players cannot open
    folded = page[page.index("<details") :]
    assert 'id="opt-moon"' in folded and 'id="opt-jokers"' not in folded


def test_rule_page_answers_what_tables_argue_about(client):
    page = text(client.get("/rules/yahoo-dnp"))
    answers = page[page.index("Quick answers") : page.index("Each value says")]
    assert (
        "A nil bid before looking at the cards; allowed only to a side 200 or more behind."
        in answers
    )
    assert (
        "A failed nil&#39;s tricks count toward the partner&#39;s contract, and are bags."
        in answers
    )
    assert "Every time a side&#39;s bags reach 10: −100" in answers


def test_spitzer_rule_page_shows_the_score_table(client):
    page = text(client.get("/rules/spitzer"))
    assert "Score table" in page and "Zola Schneider Schwarz" in page and "+42" in page


def test_rules_index_lists_every_preset(client):
    page = client.get("/rules/").get_data(as_text=True)
    for ruleset_id in preset_ids():
        assert f'href="/rules/{ruleset_id}"' in page


def test_compare_highlights_the_failed_nil_difference(client):
    page = client.get("/rules/compare?ids=yahoo-normal&ids=pagat-standard").get_data(as_text=True)
    row = re.search(r'<tr class="(\w+)" data-option="failed_nil_tricks">', page)
    assert row and row.group(1) == "differs"
    assert re.search(r'<tr class="same" data-option="nil_points">', page)
    assert "3 options differ; they are highlighted." in page


def test_compare_needs_two_rulesets_of_one_game(client):
    assert client.get("/rules/compare?ids=yahoo-normal").status_code == 400
    response = client.get("/rules/compare?ids=yahoo-normal&ids=spitzer")
    assert response.status_code == 400
    assert "only rulesets of the same game can be compared" in text(response)


def test_compare_a_games_own_options(client):
    game_id = start_game(client, changes={"nil_points": 50})
    page = client.get(f"/rules/compare?game={game_id}&ids=yahoo-normal").get_data(as_text=True)
    assert "This game" in page
    assert re.search(r'<tr class="differs" data-option="nil_points">', page)


def test_explanation_lines_link_to_the_rule_they_applied(client, db):
    game_id = start_game(client, "pagat-standard")
    play(client, db, game_id, {0: "nil", 1: 5, 2: 3, 3: 5}, {0: 1, 1: 5, 2: 2, 3: 5})
    page = client.get(f"/g/{game_id}/hands/1").get_data(as_text=True)
    rules_page = client.get(f"/g/{game_id}/rules").get_data(as_text=True)
    links = re.findall(rf'href="/g/{game_id}/rules#opt-(\w+)">([^<]+)</a>', page)
    assert ("nil_points", "Nil made / failed") in links
    assert ("failed_nil_tricks", "A failed nil&#39;s tricks") in links
    assert ("set_penalty", "Contract set") in links
    for rule, _label in links:
        assert f'id="opt-{rule}"' in rules_page


def totals(response) -> str:
    """A what-if page's text without the line under each total (points, bags, markers)."""
    page = response.get_data(as_text=True)
    page = re.sub(r'<span class="bt">(?:<span>[^<]*</span>| · )*</span>', "", page)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_what_if_under_another_preset_gives_known_totals(client, db):
    game_id = start_game(client, "yahoo-normal")
    play(client, db, game_id, {0: "nil", 1: 5, 2: 3, 3: 5}, {0: 1, 1: 5, 2: 2, 3: 5})
    page = totals(client.get(f"/g/{game_id}/whatif?ruleset=pagat-standard"))
    assert "1 −70 100 −130 (−60) 100" in page
    assert "Under both rules the game is not over yet." in page
    page = totals(client.get(f"/g/{game_id}/whatif?ruleset=yahoo-normal"))
    assert "1 −70 100 −70 100" in page


def test_what_if_with_changed_options(client, db):
    game_id = start_game(client, "yahoo-normal")
    play(client, db, game_id, {0: "nil", 1: 5, 2: 3, 3: 5}, {0: 0, 1: 5, 2: 3, 3: 5})
    params = option_fields("yahoo-normal", {"nil_points": 50})
    response = client.get(
        f"/g/{game_id}/whatif", query_string={"ruleset": "yahoo-normal", **params}
    )
    assert "1 130 100 80 (−50) 100" in totals(response)


def test_what_if_stops_at_a_hand_the_other_rules_forbid(client, db):
    game_id = start_game(client, "yahoo-normal")
    play(client, db, game_id, {0: "nil", 1: 5, 2: 3, 3: 5}, {0: 0, 1: 5, 2: 3, 3: 5})
    page = text(client.get(f"/g/{game_id}/whatif?ruleset=joker-barmore"))
    assert (
        "Stopped at hand 1, which these rules do not allow: Ann (seat 1) bid nil: not allowed by these rules"
        in page
    )


def _finished_with_a_nil(client, db) -> str:
    """A yahoo-normal game to 150 that Ann & Cho win in hand 2 with Ann's nil."""
    game_id = start_game(client, "yahoo-normal", changes={"target": 150})
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})
    play(client, db, game_id, {0: "nil", 1: 3, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    return game_id


def test_what_if_gives_no_verdict_where_the_other_rules_stop(client, db):
    """No nil under joker-barmore: hand 2 cannot be scored, so nothing can be said of
    the end of the game under those rules (not "would not be over yet")."""
    game_id = _finished_with_a_nil(client, db)
    page = text(client.get(f"/g/{game_id}/whatif?ruleset=joker-barmore"))
    assert "Stopped at hand 2, which these rules do not allow" in page
    assert "would not be over yet" not in page and "not finished" not in page
    assert "Actual: Ann &amp; Cho win " in page
    assert "cannot score hand 2; compared up to hand 1" in page
    assert (
        "No verdict: these rules cannot score hand 2, so the hands after hand 1 cannot be"
        " compared and how the game would end cannot be known." in page
    )


def test_what_if_adds_partners_bids_into_a_team_bid(client, db):
    """A sum-bid game under a team-total ruleset: each side's two bids are its team bid."""
    game_id = _finished_with_a_nil(client, db)
    page = totals(client.get(f"/g/{game_id}/whatif?ruleset=akagiri-standard"))
    assert "Stopped at hand" not in page
    assert "1 60 61 60 61 2" in page  # 3 + 3 for Ann & Cho, 3 + 3 (took 7) for Ben & Dee
    assert (
        "Partners&#39; two bids are added into one team bid, as these rules take one number"
        " a side (hands 1, 2)" in page
    )
    # Its target is 500, not this table's 150: that, not a refused hand, keeps it going.
    assert "Under these rules the game would not be over yet." in page


def test_what_if_opens_on_another_preset(client, db):
    game_id = _finished_with_a_nil(client, db)
    page = client.get(f"/g/{game_id}/whatif").get_data(as_text=True)
    chosen = re.findall(r'<option value="([\w-]+)" selected>', page)
    assert chosen and chosen[0] != "yahoo-normal"
    assert "Stopped at hand" not in page and "No verdict" not in page


def test_changing_a_rule_needs_agreement_and_is_logged(client, db):
    game_id = start_game(client, "yahoo-normal")
    nil_made = ({0: "nil", 1: 3, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    play(client, db, game_id, *nil_made)
    form = option_fields("yahoo-normal", {"nil_points": 50})
    form |= {"from_hand": "next", "version": version(db, game_id)}
    response = client.post(f"/g/{game_id}/rules/change", data=form)
    assert response.status_code == 400
    assert "Tick the box to confirm that the table agreed to this change." in text(response)
    response = client.post(f"/g/{game_id}/rules/change", data={**form, "agreed": "y"})
    assert response.status_code == 303
    assert "From hand 2: Nil made / failed: 100 → 50" in text(client.get(f"/g/{game_id}"))
    assert "Rules changed from hand 2: Nil made / failed: 100 → 50" in text(
        client.get(f"/g/{game_id}/history")
    )
    play(client, db, game_id, *nil_made)
    assert store.get_game(db, game_id).totals[0] == 141 + 91


def test_changing_a_rule_from_hand_1_rescores_the_game(client, db):
    game_id = start_game(client, "yahoo-normal")
    play(client, db, game_id, {0: "nil", 1: 3, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    form = option_fields("yahoo-normal", {"nil_points": 50})
    form |= {"from_hand": "all", "agreed": "y", "version": version(db, game_id)}
    assert client.post(f"/g/{game_id}/rules/change", data=form).status_code == 303
    assert store.get_game(db, game_id).totals[0] == 91
    page = text(client.get(f"/g/{game_id}/rules"))
    assert "changed for this game" in page


# Ann & Cho bid 10 and take 3 (−100); Ben & Dee bid 10 and take 10 (+100): 200 behind.
TWO_HUNDRED = {"bids": [5, 5, 5, 5], "tricks": [3, 10, 0, 0]}
# Ann & Cho 6 with 7 (+61), Ben & Dee 6 with 6 (+60): one point back, 199 behind.
ONE_BACK = {"bids": [6, 6, 0, 0], "tricks": [7, 6, 0, 0]}


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        ([TWO_HUNDRED], "Blind nil: open — 200 behind, needs 200"),
        ([TWO_HUNDRED, ONE_BACK], "Blind nil: needs the side to be 200 behind; it is 199 behind"),
    ],
)
def test_guidance_shows_blind_nil_open_or_closed_at_the_margin(client, db, hands, expected):
    """001 ダブルニルパス: blind nil only for a side at least 200 behind."""
    game_id = start_game(client, "yahoo-dnp")
    for hand in hands:
        store.add_hand(db, game_id, hand, version=None)
    page = text(client.get(f"/g/{game_id}/bids"))
    assert expected in page
    assert (
        "Ben &amp; Dee : Nil: open at any score · Blind nil: needs the side to be 200 behind; it is"
        in page
    )
    assert expected in text(client.get(f"/g/{game_id}"))


def test_the_guidance_box_is_kept_by_what_it_says(client, db):
    """The box is rendered once per thing it says (issue 18): when a dealer's box
    recurs it is the same box, and a box that says anything else is drawn anew."""
    game_id = start_game(client, "yahoo-dnp")
    boxes = []
    for hand in [ONE_BACK] * 4 + [TWO_HUNDRED]:
        boxes.append(
            re.search(r'<section class="guide".*?</section>', sheet_of(client, game_id), re.S)[0]
        )
        store.add_hand(db, game_id, hand, version=None)
    boxes.append(
        re.search(r'<section class="guide".*?</section>', sheet_of(client, game_id), re.S)[0]
    )
    # Hands 1 and 5 have the same dealer. Before hand 1 Ann & Cho are level; before
    # hand 5 they lead by 4: the blind nil lines say so, so the boxes differ.
    assert "the scores are level" in boxes[0] and "it is 4 ahead" in boxes[4]
    assert len(set(boxes[:4])) == 4  # four dealers
    # Ann & Cho now trail by 196 (4 ahead, then 200 lost): short of the 200 blind nil asks.
    assert "needs the side to be 200 behind; it is 196 behind" in boxes[5]


def test_the_guidance_box_of_a_dealer_recurs_where_no_bid_reads_the_score(client, db):
    game_id = start_game(client)  # yahoo-normal: nil and blind nil open at any score
    boxes = []
    for _ in range(5):
        boxes.append(
            re.search(r'<section class="guide".*?</section>', sheet_of(client, game_id), re.S)[0]
        )
        store.add_hand(db, game_id, ONE_BACK, version=None)
    assert boxes[0] == boxes[4] and len(set(boxes)) == 4
    assert "Ann deals; Ben bids first" in boxes[0]


def sheet_of(client, game_id):
    return client.get(f"/g/{game_id}").get_data(as_text=True)


def test_guidance_names_the_exchange_after_bidding(client, db):
    game_id = start_game(client, "akagiri-standard")
    store.add_hand(
        db, game_id, {"bids": [10, 0, 0, 0], "tricks": [2, 11, 0, 0]}, version=None
    )  # −100 vs +11
    data = {
        "bid_0": "team",
        "bid_1": "team",
        "bid_2": "blind_nil",
        "bid_3": "team",
        "team_0": "4",
        "team_1": "5",
    }
    response = client.post(f"/g/{game_id}/bids", data={**data, "version": version(db, game_id)})
    assert response.status_code == 303, text(response)
    assert "Cho exchanges 2 cards with Ann" in text(client.get(f"/g/{game_id}/tricks"))


def test_confirmation_pending_then_confirmed_then_corrected(client, db):
    from .conftest import setup_form

    response = client.post(
        "/new/yahoo-normal", data={**setup_form("yahoo-normal"), "confirm_hands": "y"}
    )
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert "pending" in text(client.get(f"/g/{game_id}"))
    page = text(client.get(f"/g/{game_id}/hands/1"))
    assert "Waiting for confirmation" in page
    response = client.post(
        f"/g/{game_id}/hands/1/confirm", data={"by": "Ben", "version": version(db, game_id)}
    )
    assert response.status_code == 303
    assert "Confirmed by Ben." in text(client.get(f"/g/{game_id}/hands/1"))
    edit = {
        "bid_0": "3",
        "bid_1": "3",
        "bid_2": "3",
        "bid_3": "3",
        "tricks_0": "3",
        "tricks_1": "4",
        "tricks_2": "3",
        "tricks_3": "3",
        "by": "player",
    }
    response = client.post(
        f"/g/{game_id}/hands/1/edit", data={**edit, "version": version(db, game_id)}
    )
    assert response.status_code == 400
    assert "Ben confirmed this hand: changing it is a correction, so say why" in text(response)
    response = client.post(
        f"/g/{game_id}/hands/1/edit",
        data={**edit, "correction": "Cho had 3", "version": version(db, game_id)},
    )
    assert response.status_code == 303
    assert "Hand 1 corrected (it had been confirmed by Ben): Cho had 3" in text(
        client.get(f"/g/{game_id}/history")
    )


def test_compare_can_show_only_the_differences(client):
    page = client.get("/rules/compare?ids=yahoo-normal&ids=pagat-standard&only=diff").get_data(
        as_text=True
    )
    assert page.count('<tr class="differs"') == 3
    assert '<tr class="same"' not in page


def test_compare_hearts_rulesets(client):
    page = client.get(
        "/rules/compare?ids=hearts-standard&ids=hearts-omnibus&ids=black-maria"
    ).get_data(as_text=True)
    assert re.search(r'<tr class="differs" data-option="bonus_card">', page)
    assert re.search(r'<tr class="differs" data-option="spade_king_points">', page)
    assert re.search(r'<tr class="same" data-option="queen_points">', page)


def test_what_if_for_hearts_and_spitzer(client, db):
    game_id = start_game(client, "hearts-standard")
    store.add_hand(
        db,
        game_id,
        {"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "add"},
        version=None,
    )
    page = totals(client.get(f"/g/{game_id}/whatif?ruleset=hearts-widow"))
    assert "1 0 26 26 26 26 (+26) 0 (−26) 0 (−26) 0 (−26)" in page  # no moon in the widow game
    page = text(client.get(f"/g/{game_id}/whatif?ruleset=hearts-omnibus"))
    assert "Stopped at hand 1, which these rules do not allow: nobody took J♦" in page
    game_id = start_game(client, "spitzer")
    store.add_hand(
        db,
        game_id,
        {"contract": "sneaker", "declarers": [1], "points": 0, "tricks": 0},
        version=None,
    )
    from .conftest import setup_form

    params = {
        k: v
        for k, v in setup_form("spitzer", changes={"no_trick_dash": "minus_42"}).items()
        if k.startswith("opt_")
    }
    page = totals(
        client.get(f"/g/{game_id}/whatif", query_string={"ruleset": "spitzer", **params})
    )
    assert "1 9 0 9 9 42 (+33) 0 42 (+33) 42 (+33)" in page


def test_the_bids_follow_a_rule_change_and_an_edit_the_rules_it_was_played_under(client, db):
    game_id = start_game(client, "yahoo-normal")
    nil_hand = ({0: "nil", 1: 3, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    play(client, db, game_id, *nil_hand)
    form = option_fields("yahoo-normal", {"nil": False, "blind_nil": False})
    form |= {"from_hand": "next", "agreed": "y", "version": version(db, game_id)}
    assert client.post(f"/g/{game_id}/rules/change", data=form).status_code == 303
    assert 'value="nil"' not in client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    bids = {"bid_0": "nil", "bid_1": "3", "bid_2": "4", "bid_3": "3"}
    response = client.post(f"/g/{game_id}/bids", data={**bids, "version": version(db, game_id)})
    assert response.status_code == 400 and "not allowed by these rules" in text(response)
    assert store.get_game(db, game_id).pending_bids is None
    # Hand 1 was played with nil allowed: its edit still offers and takes a nil.
    assert 'value="nil"' in client.get(f"/g/{game_id}/hands/1/edit").get_data(as_text=True)
    edit = {**bids, "tricks_0": "0", "tricks_1": "3", "tricks_2": "6", "tricks_3": "4"}
    response = client.post(
        f"/g/{game_id}/hands/1/edit",
        data={**edit, "by": "player", "version": version(db, game_id)},
    )
    assert response.status_code == 303, text(response)


def test_rule_pages_name_the_source_not_its_file(client):
    for path in ("/rules/yahoo-normal", "/rules/spitzer", "/rules/hearts-standard"):
        page = text(client.get(path))
        assert "Source: " in page and ".txt" not in page, path
    assert "Yahoo! Games (Japan): Spades rules" in text(client.get("/rules/yahoo-normal"))
