"""The organiser seats a club night's rounds on a 390×844 phone opened by a LAN name."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.engine import find_ruleset
from scorekeeper.engine.rotation import Method
from scorekeeper.paths import database_path
from scorekeeper.store import open_database, rounds

from ..test_cli_rotation import THIRTEEN
from .conftest import new_phone
from .test_evening import no_broken_words
from .test_table import shot
from .test_tap_targets import small_targets
from .test_tv import TV


def start_evening(page: Page, name: str) -> None:
    page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
    page.fill("#evening-name", name)
    page.locator("form.field button[type=submit]").click()
    expect(page.locator("h1")).to_have_text(name)


def seated(page: Page) -> list[list[str]]:
    """Each table's players in seat order, as its card on the evening page shows them."""
    cards = page.locator(".tables .table-card .players").all()
    return [card.inner_text().split(" · ") for card in cards]


def partners_of(tables: list[list[str]]) -> list[frozenset[str]]:
    return [pair for t in tables for pair in (frozenset(t[0::2]), frozenset(t[1::2]))]


def test_the_organiser_seats_three_rounds_and_a_late_arrival(
    browser, live_server, phone: Page, screenshots: Path
):
    page = phone
    start_evening(page, "Friday club")
    assert page.locator("details.rounds-form[open]").count() == 1
    page.fill("#rounds-players", "\n".join(THIRTEEN))
    page.select_option("#rounds-game", "yahoo-normal")
    page.fill("#rounds-count", "3")
    page.locator("#rounds-players").scroll_into_view_if_needed()
    shot(page, screenshots, "rounds-setup-390")
    page.get_by_role("button", name="Seat round 1").last.click()
    expect(page.locator("#evening-round")).to_contain_text("Round 1 of 3")
    expect(page.locator("#evening-round")).to_contain_text("Sitting out:")
    tables = seated(page)
    assert [len(t) for t in tables] == [4, 4, 4]
    expect(page.locator(".table-card .table-name").first).to_have_text("Table 1")
    shot(page, screenshots, "rounds-round1-390")
    first = page.locator(".seated-table .seats-line").first.inner_text()
    assert first == f"{tables[0][0]} & {tables[0][2]} vs {tables[0][1]} & {tables[0][3]}"
    no_broken_words(page, ".seated-table")
    page.locator("details.rounds-form summary").click()
    controls = "a, button, summary, select, .method-choice, textarea, input[type=number]"
    assert (
        small_targets(page, ", ".join(f".evening-rounds {c}" for c in controls.split(", "))) == []
    )
    shot(page, screenshots, "rounds-list-and-form-390")

    # Zoe arrives before round 2: fourteen players, three tables, two sit out.
    page.fill("#rounds-players", "\n".join([*THIRTEEN, "Zoe"]))
    page.get_by_role("button", name="Seat round 2").last.click()
    expect(page.locator("#evening-round")).to_contain_text("Round 2 of 3")
    out = page.locator("#evening-round .sitting-out").inner_text()
    assert out.count(",") == 1 and "Zoe" not in out
    second = seated(page)
    assert "Zoe" in {name for t in second for name in t}
    partners = partners_of(tables) + partners_of(second)
    assert len(partners) == len(set(partners))
    shot(page, screenshots, "rounds-round2-390")

    # Table 2's phone opens its link and keeps its round's score; the seats are filled.
    page.locator("details.table-links > summary").click()
    link = page.locator("#link-2 a.table-url").get_attribute("href") or ""
    table_phone = new_phone(browser, live_server)
    try:
        table_phone.goto(live_server + link[link.index("/t/") :])
        expect(table_phone.locator("#evening-round")).to_contain_text("Round 2 of 3")
        table_phone.locator("#table-2 a").first.click()
        for name in second[1]:
            expect(table_phone.locator("body")).to_contain_text(name)
        shot(table_phone, screenshots, "rounds-table2-phone-390")
    finally:
        table_phone.context.close()


def test_a_night_in_japanese_fits_the_phone(browser, live_server, screenshots: Path):
    page = new_phone(browser, live_server, locale="ja-JP")
    try:
        start_evening(page, "金曜クラブ")
        page.fill(
            "#rounds-players", "\n".join(["山田", "佐藤", "鈴木", "高橋", "田中", *THIRTEEN[:4]])
        )
        page.select_option("#rounds-game", "hearts-standard")
        page.get_by_role("button", name="第1ラウンドの席を決める").last.click()
        expect(page.locator("#evening-round")).to_contain_text("第1ラウンド")
        expect(page.locator("#evening-round")).to_contain_text("抜け番")
        shot(page, screenshots, "rounds-round1-ja-390")
        page.locator("details.rounds-form summary").click()
        page.fill("#rounds-players", "山田\n山田\n佐藤")
        page.get_by_role("button", name="第2ラウンドの席を決める").last.click()
        expect(page.locator(".errors")).to_contain_text("今夜の参加者")
        shot(page, screenshots, "rounds-error-ja-390")
    finally:
        page.context.close()


def test_the_tv_shows_the_round_its_tables_and_who_sits_out(
    browser, live_server, tmp_path, screenshots: Path
):
    db = open_database(database_path(tmp_path))
    try:
        evening = store.create_evening(db, "Friday club", "organizer")
        ruleset = find_ruleset("yahoo-normal")
        rotation = rounds.Rotation(
            evening, ruleset.id, Method.BALANCED, 3, 4, tuple(THIRTEEN), {}, 1
        )
        rounds.seat_next_round(db, evening, rotation, ruleset, device="organizer")
        done = rounds.seat_next_round(db, evening, rotation, ruleset, device="organizer")
        watch = "/v/" + store.get_evening(db, evening).watch_token
    finally:
        db.close()
    tv = browser.new_context(viewport=TV)
    try:
        screen = tv.new_page()
        screen.goto(live_server + watch)
        round_line = screen.locator("#evening-round")
        expect(round_line).to_contain_text("Round 2 of 3")
        expect(round_line).to_contain_text(f"Sitting out: {done.seating.out[0]}")
        assert screen.locator(".rounds-form").count() == 0  # the TV seats nobody
        cards = screen.locator(".tables .table-card")
        expect(cards).to_have_count(3)  # each table's game of this round
        for number, table in enumerate(done.seating.tables, start=1):
            expect(screen.locator(f"#table-{number} .players")).to_have_text(" · ".join(table))
        box = round_line.bounding_box()
        assert box and box["y"] + box["height"] <= TV["height"]
        size = screen.eval_on_selector(
            "#evening-round", "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= 24, size  # the TV's own type, a room away
        screen.screenshot(path=str(screenshots / "rounds-tv-1920.png"))
        # A smaller TV: the round and who sits out still on screen, nothing sideways.
        screen.set_viewport_size({"width": 1366, "height": 768})
        box = round_line.bounding_box()
        assert box and box["y"] + box["height"] <= 768
        assert screen.evaluate("document.documentElement.scrollWidth") <= 1366
        screen.screenshot(path=str(screenshots / "rounds-tv-1366.png"))
    finally:
        tv.close()
