"""A newcomer's rough edges, as the pages answer them: compare and the scorecard from a
game, the words on web pages, house rules saved from an evening's setup."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import preset_ids

from .conftest import start_game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_compare_from_a_game_opens_ready_with_its_rules_ticked_and_its_kind_only(client, lang):
    game_id = start_game(client, changes={"nil_points": 50})
    client.set_cookie("lang", lang)
    response = client.get(f"/rules/compare?game={game_id}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'role="alert"' not in page
    assert re.search(rf'<input type="checkbox" name="game" value="{game_id}" checked>', page)
    offered = set(re.findall(r'name="ids" value="([^"]+)"', page))
    assert "pagat-standard" in offered and "yahoo-normal" in offered
    assert not offered & {"hearts-standard", "spitzer", "oh-hell"}
    # Tick one more and send: the game's rules beside it.
    table = client.get(f"/rules/compare?game={game_id}&ids=pagat-standard&go=1")
    assert table.status_code == 200
    assert 'data-option="nil_points"' in table.get_data(as_text=True)
    # Send with nothing more ticked: now it says what is missing.
    alone = client.get(f"/rules/compare?game={game_id}&go=1")
    assert alone.status_code == 400


def test_compare_without_a_game_still_lists_every_kind(client):
    page = client.get("/rules/compare").get_data(as_text=True)
    offered = set(re.findall(r'name="ids" value="([^"]+)"', page))
    assert offered == set(preset_ids())
    assert client.get("/rules/compare").status_code == 200


def pdf_words(pdf: bytes, tmp_path) -> str:
    import subprocess

    path = tmp_path / "card.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True)
    return done.stdout


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_games_blank_scorecard_follows_its_players_and_options(client, tmp_path, lang):
    names = ["Ann", "Ben", "Cho", "Dee", "Eve"]
    game_id = start_game(client, "oh-hell", names=names, changes={"players": 5, "max_cards": 4})
    client.set_cookie("lang", lang)
    rules = client.get(f"/g/{game_id}/rules").get_data(as_text=True)
    assert f'href="/g/{game_id}/scorecard.pdf"' in rules
    card = client.get(f"/g/{game_id}/scorecard.pdf")
    assert card.status_code == 200 and card.mimetype == "application/pdf"
    words = pdf_words(card.data, tmp_path)
    for name in names:
        assert name in words
    # 4 3 2 1 2 3 4: seven hands, the seventh the last.
    numbers = [line.split()[0] for line in words.splitlines() if line.split()[:1]]
    hand_rows = [n for n in numbers if n.isdigit()]
    assert hand_rows[-1] == "7" and "19" not in hand_rows


def alert(page: str) -> str:
    return re.search(r'role="alert"><p[^>]*>(.*?)</p>', page, re.S).group(1)


@pytest.mark.parametrize(("lang", "prefix"), [("en", "rules:"), ("ja", "ルール：")])
def test_web_pages_speak_without_the_command_lines_backticks_and_prefix(client, lang, prefix):
    client.set_cookie("lang", lang)
    form = client.get("/rules/house/import").get_data(as_text=True)
    assert "`" not in form and "<code>scorekeeper rules export</code>" in form
    bad_rules = '{"format": "scorekeeper-rules/1", "id": "x", "name": "X", "game": "spades",'
    bad_rules += ' "base": "yahoo-normal", "options": {"nil_pointz": 50}}'
    refused = client.post("/rules/house/import", data={"text": bad_rules})
    assert refused.status_code == 400
    said = alert(refused.get_data(as_text=True))
    assert "nil_pointz" in said and not said.startswith(prefix)
    client.post(
        "/rules/house/import",
        data={"text": bad_rules.replace("nil_pointz", "nil_points")},
    )
    page = client.get("/rules/x").get_data(as_text=True)
    assert "`" not in page and "<code>scorekeeper rules import FILE</code>" in page


@pytest.mark.parametrize(
    ("lang", "bags", "bag", "failed"),
    [("en", "2 bags", "1 bag", "nil failed"), ("ja", "バッグ2", "バッグ1", "ニル失敗")],
)
def test_what_if_shows_what_each_side_carries_and_its_markers(client, db, lang, bags, bag, failed):
    """A failed nil's tricks counting for nothing: Ben & Dee carry 1 bag, not 2; the
    totals hardly differ, the bags do, and the changed rules are marked with *."""
    from .conftest import option_fields, play

    game_id = start_game(client, "yahoo-normal")
    play(client, db, game_id, {0: 3, 1: "nil", 2: 4, 3: 2}, {0: 4, 1: 1, 2: 5, 3: 3})
    client.set_cookie("lang", lang)
    params = option_fields("yahoo-normal", {"failed_nil_tricks": "nothing"})
    page = client.get(
        f"/g/{game_id}/whatif", query_string={"ruleset": "yahoo-normal", **params}
    ).get_data(as_text=True)
    table = page[page.index('<table class="whatif">') : page.index("</table>")]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)
    actual_ben, other_ben = cells[1], cells[3]
    assert bags in actual_ben and failed in actual_ben
    assert bag in other_ben and failed in other_ben
    assert 'class="diff-nonzero"' in table
    assert "*" in page[page.index('<section class="outcome') :].split("</p>")[0]
    assert 'id="changed-options"' in page


@pytest.mark.parametrize(("lang", "bags"), [("en", "1 bag"), ("ja", "バッグ1")])
def test_compare_on_the_command_line_shows_bags_markers_and_the_changed_mark(tmp_path, lang, bags):
    import json

    from ..conftest import run_cli

    doc = {
        "ruleset": "yahoo-normal",
        "players": ["Ann", "Bob", "Cho", "Dev"],
        "hands": [{"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    done = run_cli("--lang", lang, "compare", str(path), "--option", "failed_nil_tricks=nothing")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "yahoo-normal*" in lines[0]
    assert lines[1].startswith("* ") and "failed_nil_tricks=nothing" in lines[1]
    hand_1 = next(n for n, line in enumerate(lines) if line.startswith("1 "))
    under_hand_1 = lines[hand_1 + 1]
    assert bags in under_hand_1
    assert any(line.count("yahoo-normal*") for line in lines[-3:])
