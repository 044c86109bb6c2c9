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


def spades_hands(n: int) -> list[dict]:
    return [
        {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}
        if k % 3 == 0
        else {"bids": [3, 4, 3, 3], "tricks": [3, 4, 3, 3]}
        for k in range(n)
    ]


def pages_of(pdf_path) -> list[str]:
    import subprocess

    done = subprocess.run(
        ["pdftotext", "-layout", str(pdf_path), "-"], capture_output=True, text=True
    )
    return done.stdout.split("\f")[:-1]


@pytest.mark.parametrize(("size", "hands"), [("Letter", 9), ("A4", 11), ("A4", 9), ("Letter", 11)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_legend_prints_on_the_page_of_the_rules_it_explains(tmp_path, size, hands, lang):
    import json

    from ..conftest import run_cli

    doc = {
        "format": "scorekeeper-game/1",
        "ruleset": "yahoo-normal",
        "options": {"target": 2000},
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": spades_hands(hands),
    }
    game = tmp_path / "game.json"
    game.write_text(json.dumps(doc))
    out = tmp_path / "sheet.pdf"
    done = run_cli("--lang", lang, "pdf", str(game), "-o", str(out), "--page-size", size)
    assert done.returncode == 0, done.stderr
    pages = pages_of(out)
    for page in pages:  # never a page with the legend (or anything) alone
        lines = [line for line in page.splitlines() if line.strip()]
        assert len(lines) > 3, f"a page with almost nothing on it: {lines}"
    heading = "Rules in force" if lang == "en" else "適用中のルール"
    (legend_page,) = [page for page in pages if "° " in page and "† " in page]
    assert heading in legend_page
    # Every group of the rules, and so every mark the legend explains, on that page.
    for group in ("Bags.", "End of game.") if lang == "en" else ():
        assert group in legend_page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_oh_hell_scoresheet_prints_words_and_the_cards_of_each_hand(client, db, tmp_path, lang):
    from .conftest import play

    names = ["Ann", "Ben", "Cho", "Dee", "Eve"]
    game_id = start_game(client, "oh-hell", names=names, changes={"players": 5, "max_cards": 4})
    for number, cards in enumerate([4, 3], start=1):
        bids = {seat: int(seat == number) for seat in range(5)}
        tricks = {seat: cards if seat == number else 0 for seat in range(5)}
        assert play(client, db, game_id, bids, tricks).status_code == 303
    client.set_cookie("lang", lang)
    sheet = client.get(f"/g/{game_id}").get_data(as_text=True)
    cards_word = "Cards" if lang == "en" else "枚数"
    assert f'<span class="fixed">{cards_word}</span>' in sheet
    assert re.findall(r'<span class="fixed">(\d+)</span>', sheet) == ["4", "3"]
    pdf = client.get(f"/g/{game_id}/scoresheet.pdf")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf.data)
    words = "".join(pages_of(path))
    assert "max_cards" not in words and "players =" not in words
    assert cards_word in words
    assert re.search(r"^\s*1 Ann\s+4\b", words, re.M) and re.search(
        r"^\s*2 Ben\s+3\b", words, re.M
    )
