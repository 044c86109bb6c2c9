"""The director's evening on phones opened by a LAN name (390×844): a night keeps its
shape whatever the tables tap, the director acts on every table's game, the tables find
the evening's rules, and what a club kept on paper prints (table cards, the plan)."""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from scorekeeper import store
from scorekeeper.engine import find_ruleset
from scorekeeper.engine.rotation import Method
from scorekeeper.paths import database_path
from scorekeeper.store import open_database, rounds

from ..test_cli_rotation import THIRTEEN
from .conftest import new_phone
from .test_table import play_hand, shot

FRIDAY = {
    "format": "scorekeeper-rules/1",
    "id": "friday-club",
    "name": "Friday club",
    "game": "spades",
    "base": "yahoo-normal",
    "options": {"nil_points": 50},
}


def fetched(page: Page, path: str) -> bytes:
    """A PDF as the phone's browser fetches it (through the LAN name it browses)."""
    encoded = page.evaluate(
        """async path => {
            const response = await fetch(path);
            if (response.headers.get("content-type") !== "application/pdf") return "";
            const bytes = new Uint8Array(await response.arrayBuffer());
            let text = "";
            for (const b of bytes) text += String.fromCharCode(b);
            return btoa(text);
        }""",
        path,
    )
    assert encoded, f"{path} is not a PDF"
    return base64.b64decode(encoded)


def pdf_text(page: Page, path: str) -> str:
    return " ".join(
        " ".join(p.extract_text().split())
        for p in PdfReader(io.BytesIO(fetched(page, path))).pages
    )


def start_evening(page: Page, name: str, **choices: str) -> str:
    page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
    page.fill("#evening-name", name)
    if "rules" in choices:
        page.select_option("#evening-rules", choices["rules"])
    if "format" in choices:
        page.locator("form.field details.format summary").click()
        page.locator(f"input[name=format][value={choices['format']}]").check()
        page.fill("#hands-per-round", choices.get("hands", ""))
    page.get_by_role("button", name="Start the evening").click()
    expect(page.locator("h1")).to_have_text(name)
    return page.url


def table_link(organiser: Page, number: int) -> str:
    organiser.locator("#table-links > summary").click()
    link = organiser.locator(f"#link-{number} a.table-url").get_attribute("href") or ""
    organiser.locator("#table-links > summary").click()
    return link[link.index("/t/") :]


def test_a_night_keeps_its_shape_whatever_a_table_taps(
    browser, live_server, phone: Page, screenshots: Path
):
    organiser = phone
    evening = start_evening(organiser, "Club night", format="progressive", hands="1")
    expect(organiser.locator(".format-line")).to_have_text(
        "Progressive: 1 hand a round, ranked by points over the rounds"
    )
    organiser.fill("#rounds-players", "\n".join(THIRTEEN[:8]))
    organiser.select_option("#rounds-game", "yahoo-normal")
    organiser.fill("#rounds-count", "2")
    organiser.get_by_role("button", name="Draw the plan").click()
    # The whole night is posted before round 1: every round's tables and seats.
    plan = organiser.locator("#plan")
    expect(plan.locator(".seated-round h3")).to_have_text(
        ["Round 1 · planned", "Round 2 · planned"]
    )
    expect(plan.locator(".seated-round.planned .seated-table")).to_have_count(4)
    shot(organiser, screenshots, "director-plan-before-round-1")
    organiser.get_by_role("button", name="Seat round 1").last.click()
    expect(organiser.locator("#evening-round")).to_contain_text("Round 1 of 2")
    expect(plan.locator(".seated-round h3")).to_have_text(["Round 1", "Round 2 · planned"])
    planned = plan.locator(".seated-round.planned .seats-line").all_inner_texts()

    table = new_phone(browser, live_server)
    try:
        table.goto(live_server + table_link(organiser, 1))
        expect(table.locator("#table-1 .start")).to_have_count(0)  # its game is seated
        table.locator("#table-1 a").first.click()
        expect(table.locator(".game-place")).to_have_text("Club night · Table 1 · Round 1")
        round_one = table.url
        play_hand(table, {1: "3", 2: "3", 3: "3", 0: "4"}, {1: "3", 2: "3", 3: "3", 0: "4"})
        table.goto(round_one)
        expect(table.locator(".round-over h2")).to_have_text("Round over: its 1 hand is played")
        shot(table, screenshots, "director-round-over-390")
        # The director seats round 2 as posted; then the table taps Play again on its
        # round-1 game: it opens round 2's game at its table, and nothing is replaced.
        organiser.locator("details.rounds-form summary").click()
        organiser.get_by_role("button", name="Seat round 2").last.click()
        expect(organiser.locator("#evening-round")).to_contain_text("Round 2 of 2")
        seated = organiser.locator(".seated-round:not(.planned)").last.locator(".seats-line")
        expect(seated).to_have_text(planned)
        table.get_by_role("button", name="Play again").click()
        expect(table.locator(".flash")).to_contain_text("A later round is seated at this table")
        expect(table.locator(".game-place")).to_have_text("Club night · Table 1 · Round 2")
        round_two = table.url
        organiser.goto(evening)
        expect(organiser.locator("#table-1 a").first).to_have_attribute(
            "href", round_two[round_two.index("/g/") :]
        )
        sheet = pdf_text(table, round_two[round_two.index("/g/") :] + "/scoresheet.pdf")
        assert "Club night · Table 1 · Round 2" in sheet
    finally:
        table.context.close()


def test_the_director_acts_on_a_tables_game_and_the_tables_find_tonights_rules(
    browser, live_server, phone: Page, screenshots: Path, tmp_path: Path
):
    organiser = phone
    rules = tmp_path / "friday.json"
    rules.write_text(json.dumps(FRIDAY))
    organiser.goto(organiser.base_url + "/rules/house/import")  # type: ignore[attr-defined]
    organiser.set_input_files("#file", str(rules))
    organiser.get_by_role("button", name="Import").click()
    # A game of this phone's own, in no evening, and a game of another evening.
    organiser.goto(organiser.base_url + "/new/yahoo-normal")  # type: ignore[attr-defined]
    for seat, name in enumerate(["Ivy", "Jon", "Kim", "Lou"]):
        organiser.fill(f"#player_{seat}", name)
    organiser.get_by_role("button", name="Start the game").click()
    other = start_evening(organiser, "Tuesday")
    organiser.get_by_role("link", name="Start a game at a new table").click()
    organiser.locator("label.preset:has(input[value='yahoo-normal'])").click()
    organiser.get_by_role("button", name="Next: players").click()
    for seat, name in enumerate(["Mia", "Ned", "Oli", "Pam"]):
        organiser.fill(f"#player_{seat}", name)
    organiser.get_by_role("button", name="Start the game").click()
    assert other

    evening = start_evening(organiser, "Club night", rules="friday-club")
    organiser.locator("#table-links > summary").click()
    organiser.fill("#table-name", "Window")
    organiser.get_by_role("button", name="Add a table").click()
    offered = organiser.locator("#add-game option").all_inner_texts()
    assert len(offered) == 1 and "Ivy · Jon · Kim · Lou" in offered[0]  # not Tuesday's game

    table = new_phone(browser, live_server)
    try:
        table.goto(live_server + table_link(organiser, 1))
        table.get_by_role("link", name="Start this table's game").click()
        chosen = table.locator("input[name=ruleset]:checked")
        expect(chosen).to_have_value("friday-club")
        expect(table.locator(".tonight")).to_contain_text(
            "Tonight's rules, chosen by the director"
        )
        shot(table, screenshots, "director-tonights-rules-390")
        table.get_by_role("button", name="Next: players").click()
        for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
            table.fill(f"#player_{seat}", name)
        table.get_by_role("button", name="Start the game").click()
        expect(table.locator(".game-place")).to_have_text(
            "Club night · Table 1 — Window · Round 1"
        )
        game = table.url[table.url.index("/g/") :]
        play_hand(table, {1: "3", 2: "3", 3: "3", 0: "4"}, {1: "3", 2: "3", 3: "3", 0: "4"})

        # The director, on another phone, keeps score in the table's game.
        organiser.goto(live_server + game)
        expect(organiser.locator("#watching")).to_have_count(0)
        play_hand(organiser, {1: "3", 2: "3", 3: "3", 0: "4"}, {1: "3", 2: "3", 3: "3", 0: "4"})
        organiser.goto(live_server + game)
        organiser.get_by_role("link", name="Correct the dealer").click()
        organiser.select_option("#hand", "1")
        organiser.locator("#seat label:has-text('Cho')").click()
        organiser.get_by_role("button", name="Correct the dealer").click()
        expect(organiser.get_by_text("Cho dealt hand")).to_be_visible()
        organiser.goto(live_server + game)
        organiser.locator("#hand-1 summary").click()
        organiser.get_by_role("link", name="Edit hand 1").click()
        organiser.get_by_role("button", name="Save the change").click()
        expect(organiser.get_by_text("Hand 1 changed")).to_be_visible()
        shot(organiser, screenshots, "director-edits-a-tables-game-390")
        assert "Club night · Table 1 — Window · Round 1" in pdf_text(
            organiser, game + "/scoresheet.pdf"
        )
    finally:
        table.context.close()

    # Table cards: every table's name, and a QR code that opens its link.
    organiser.goto(evening)
    cards = fetched(organiser, evening[evening.index("/e/") :] + "/cards.pdf")
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(cards)
    text = " ".join(PdfReader(io.BytesIO(cards)).pages[0].extract_text().split())
    link = live_server + table_link(organiser, 1)
    assert "Table 1" in text and "Window" in text and link in text
    zbar = shutil.which("zbarimg")
    if zbar is None:
        if os.environ.get("CI"):
            pytest.fail("zbarimg not found (apt-get install zbar-tools): the QR must be read")
        pytest.skip("zbarimg not found (apt-get install zbar-tools)")
    subprocess.run(
        ["pdftoppm", "-r", "110", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "card")],
        check=True,
    )
    (image,) = tmp_path.glob("card*.png")
    read = subprocess.run([zbar, "--raw", "-q", str(image)], capture_output=True, text=True)
    assert read.stdout.strip() == link


def test_the_tv_keeps_one_line_a_player_and_shows_the_round_clock(
    browser, live_server, tmp_path: Path, screenshots: Path
):
    db = open_database(database_path(tmp_path))
    try:
        names = [*THIRTEEN, "Ciaran", "Maximilian B", "山田太郎", "佐藤"]
        evening = store.create_evening(
            db, "Friday club", "organizer", store.Format("auto", None, 30, "average")
        )
        ruleset = find_ruleset("yahoo-normal")
        rotation = rounds.Rotation(evening, ruleset.id, Method.BALANCED, 3, 4, tuple(names), {}, 1)
        first = rounds.seat_next_round(db, evening, rotation, ruleset, device="organizer")
        for game in first.games:
            assert game is not None
            store.add_hand(db, game, {"bids": [4, 3, 3, 3], "tricks": [5, 3, 3, 2]}, version=None)
        rounds.seat_next_round(db, evening, rotation, ruleset, device="organizer")
        watch = "/v/" + store.get_evening(db, evening).watch_token
    finally:
        db.close()
    for locale, clock in (("en-US", "minutes left"), ("ja-JP", "残り")):
        for size in ({"width": 1920, "height": 1080}, {"width": 1366, "height": 768}):
            tv = browser.new_context(viewport=size, locale=locale)
            try:
                screen = tv.new_page()
                screen.goto(live_server + watch)
                expect(screen.locator("#round-clock")).to_contain_text(clock)
                rows = screen.locator("table.standings tbody tr")
                expect(rows).to_have_count(len(names))
                heights = screen.eval_on_selector_all(
                    "table.standings tbody tr",
                    "rows => rows.map(r => [r.getBoundingClientRect().height,"
                    " parseFloat(getComputedStyle(r.querySelector('th')).fontSize)])",
                )
                assert all(h < 1.8 * font for h, font in heights), heights
                cut = screen.eval_on_selector_all(
                    "table.standings tbody th",
                    "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1)"
                    ".map(c => c.textContent)",
                )
                assert cut == [], cut
                last = rows.last.bounding_box()
                assert last and last["y"] + last["height"] <= size["height"]
                name = f"director-tv-{locale[:2]}-{size['width']}"
                screen.screenshot(path=str(screenshots / f"{name}.png"))
            finally:
                tv.close()
