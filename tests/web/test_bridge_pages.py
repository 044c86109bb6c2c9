"""Contract Bridge through the web app: a deal in three taps, the sheet, a refusal
beside its field, the rule pages in both languages."""

from __future__ import annotations

import json

from .conftest import setup_form, start_game, text, version


def enter(client, db, game_id, **fields):
    data = {name: str(value) for name, value in fields.items()}
    return client.post(f"/g/{game_id}/play", data={**data, "version": version(db, game_id)})


def test_a_made_contract_in_three_taps(client, db):
    game_id = start_game(client, "rubber")
    page = text(client.get(f"/g/{game_id}/play"))
    assert "Declarer" in page and "Passed out" in page and "7NT" in page
    done = enter(client, db, game_id, declarer=0, contract="4S")  # result "=" is chosen
    assert done.status_code == 303, done.get_data(as_text=True)
    sheet = text(client.get(f"/g/{game_id}"))
    assert "4♠ N =" in sheet
    assert enter(client, db, game_id, declarer="pass").status_code == 303
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"] == [
        {"contract": "4S", "declarer": 0, "result": 0},
        {"contract": "pass"},
    ]


def test_the_rubber_sheet_above_and_below_the_line(client, db):
    game_id = start_game(client, "rubber")
    for declarer, contract, result in [(0, "2H", 1), (1, "4S", -2), (0, "2NT", 0)]:
        done = enter(client, db, game_id, declarer=declarer, contract=contract, result=result)
        assert done.status_code == 303
    sheet = text(client.get(f"/g/{game_id}"))
    assert "— the line —" in sheet and "Game 1: Ann &amp; Cho" in sheet
    assert "100 undertricks" in sheet and "30 overtricks" in sheet
    assert "Deal 4: West deals, North-South vulnerable" in sheet


def test_the_chicago_wheel_says_who_deals_and_who_is_vulnerable(client, db):
    game_id = start_game(client, "chicago")
    assert enter(client, db, game_id, declarer=0, contract="2H").status_code == 303
    sheet = text(client.get(f"/g/{game_id}"))
    assert "The chicago: four deals" in sheet
    assert "Deal 2: East deals, East-West vulnerable" in sheet
    assert "partscore 60" in sheet


def test_a_result_outside_the_contract_is_refused_beside_its_field(client, db):
    game_id = start_game(client, "chicago")
    refused = enter(client, db, game_id, declarer=1, contract="7NT", result=1)
    assert refused.status_code == 400
    assert "-13 to 0 for 7NT" in text(refused)


def test_the_rule_pages_in_both_languages(client):
    assert "Chicago" in text(client.get("/rules/chicago"))
    client.set_cookie("lang", "ja")
    assert "ラバーブリッジ" in text(client.get("/rules/rubber"))


def test_a_traveller_compares_the_boards_results(client, db):
    game_id = start_game(client, "duplicate-board")
    page = text(client.get(f"/g/{game_id}/play"))
    assert "North-South pair" in page and "62 means 620" in page
    done = enter(client, db, game_id, board=5, declarer=0, contract="4S", ns_pair=1, ew_pair=4)
    assert done.status_code == 303, done.get_data(as_text=True)
    done = enter(client, db, game_id, board=5, ns_score="-20", ns_pair=2, ew_pair=5)
    assert done.status_code == 303, done.get_data(as_text=True)
    refused = enter(client, db, game_id, board=5, ns_score="abc")
    assert refused.status_code == 400
    refused = enter(client, db, game_id, board=5, ns_score="610")
    assert "No contract scores 610 on board 5 (North-South vulnerable)" in text(refused)
    sheet = text(client.get(f"/g/{game_id}"))
    assert "Board 5 · top 2" in sheet and "2.00 / 0.00 (100.00 %)" in sheet
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["hands"][1] == {"board": 5, "ns_score": -200, "ns_pair": "2", "ew_pair": "5"}


def test_a_chicago_deal_passed_out_is_dealt_again_by_the_same_dealer(client, db):
    game_id = start_game(client, "chicago", dealer=1)
    assert enter(client, db, game_id, declarer="pass").status_code == 303
    play = text(client.get(f"/g/{game_id}/play"))
    assert "Ben deals." in play  # not Cho: the deal passed out is dealt again
    assert enter(client, db, game_id, declarer=0, contract="2H").status_code == 303
    sheet = text(client.get(f"/g/{game_id}?all=1"))
    assert sheet.count("Ben dealt.") == 2
    assert "Cho deals" in text(client.get(f"/g/{game_id}/play"))


def test_a_duplicate_board_is_dealt_by_its_own_dealer(client, db):
    game_id = start_game(client, "duplicate", dealer=2)  # the first dealer does not count
    assert "Ann deals." in text(client.get(f"/g/{game_id}/play"))  # board 1: North
    assert enter(client, db, game_id, declarer=1, contract="3NT").status_code == 303
    assert "Ann dealt." in text(client.get(f"/g/{game_id}"))
    assert "Ben deals." in text(client.get(f"/g/{game_id}/play"))  # board 2: East


def test_a_rubber_stopped_from_the_phone_scores_its_premiums_and_can_go_on(client, db):
    game_id = start_game(client, "rubber")
    assert "Stop the rubber" not in text(client.get(f"/g/{game_id}"))  # no deal yet
    for declarer, contract in [(0, "4S"), (1, "2H")]:
        assert enter(client, db, game_id, declarer=declarer, contract=contract).status_code == 303
    assert "Stop the rubber here" in text(client.get(f"/g/{game_id}"))
    asked = text(client.get(f"/g/{game_id}/stop"))
    assert "Stop this game here?" in asked and "Ann &amp; Cho 420 · Ben &amp; Dee 160" in asked
    done = client.post(
        f"/g/{game_id}/stop", data={"confirm": "1", "version": version(db, game_id)}
    )
    assert done.status_code == 303
    sheet = text(client.get(f"/g/{game_id}"))
    assert "The rubber was stopped before its end" in sheet
    assert "Ann &amp; Cho: 300 · unfinished rubber: the only game" in sheet
    assert "Ben &amp; Dee: 100 · unfinished rubber: the only partscore" in sheet
    assert "Final totals: Ann &amp; Cho 420 · Ben &amp; Dee 160" in sheet
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert exported["stopped"] is True
    assert "The table stopped the game here." in text(client.get(f"/g/{game_id}/history"))
    assert client.post(f"/g/{game_id}/play", data={}).status_code != 303  # it is over
    back = client.post(
        f"/g/{game_id}/stop",
        data={"confirm": "1", "stopped": "0", "version": version(db, game_id)},
    )
    assert back.status_code == 303
    assert "Stop the rubber here" in text(client.get(f"/g/{game_id}"))
    exported = json.loads(client.get(f"/g/{game_id}/export").get_data(as_text=True))
    assert "stopped" not in exported


def test_a_chicago_cannot_be_stopped(client, db):
    game_id = start_game(client, "chicago")
    assert enter(client, db, game_id, declarer=0, contract="2H").status_code == 303
    refused = client.post(f"/g/{game_id}/stop", data={"confirm": "1"})
    assert refused.status_code == 400 and "for a rubber only" in text(refused)


def test_an_evenings_tables_are_compared_board_by_board_and_pair_by_pair(client, db):
    evening = client.post("/evenings/", data={"name": "Duplicate night"})
    evening = evening.headers["Location"].rsplit("/", 1)[1]
    tables = []
    for names in (["Ann", "Ben", "Cho", "Dee"], ["Eve", "Fay", "Gus", "Hal"]):
        form = {**setup_form("duplicate", names=names), "evening": evening}
        made = client.post(f"/new/duplicate?evening={evening}", data=form)
        assert made.status_code == 303, made.get_data(as_text=True)
        tables.append(made.headers["Location"].rsplit("/", 1)[1])
    assert f"/e/{evening}/compared" not in text(client.get(f"/e/{evening}"))  # nothing yet
    for game_id, (declarer, contract, result) in zip(
        tables, [(0, "4S", 0), (0, "4S", 1)], strict=True
    ):
        done = enter(client, db, game_id, declarer=declarer, contract=contract, result=result)
        assert done.status_code == 303
    assert f"/e/{evening}/compared" in client.get(f"/e/{evening}").get_data(as_text=True)
    compared = text(client.get(f"/e/{evening}/compared"))
    assert "Board 1 · top 2" in compared  # two results: a top of 2 matchpoints
    assert "Eve &amp; Gus / Fay &amp; Hal" in compared and "450" in compared
    assert "2.00 / 0.00 (100.00 %)" in compared  # 450 beats 420
    assert "Pairs" in compared and "IMPs" in compared  # and by cross-IMPs
    client.set_cookie("lang", "ja")
    assert client.get(f"/e/{evening}/compared").status_code == 200


def test_a_stopped_rubbers_premiums_count_wherever_its_totals_are_read(client, db):
    """The closing premiums are in no deal's points: the players' figures read the
    rubber's totals as its rules close it, as the sheet does."""
    game_id = start_game(client, "rubber")
    for declarer, contract in [(0, "4S"), (1, "2H")]:
        assert enter(client, db, game_id, declarer=declarer, contract=contract).status_code == 303
    client.post(f"/g/{game_id}/stop", data={"confirm": "1", "version": version(db, game_id)})
    assert "Contract Bridge: points for 420, against 160" in text(client.get("/players/ann"))
    assert "Contract Bridge: points for 160, against 420" in text(client.get("/players/ben"))
