"""The organiser seats a club night's rounds on a 390×844 phone opened by a LAN name."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.engine import find_ruleset
from scorekeeper.engine.rotation import Method
from scorekeeper.paths import database_path
from scorekeeper.store import open_database, rounds

from .conftest import new_phone
from .test_evening import no_broken_words
from .test_table import shot
from .test_tap_targets import small_targets
from .test_tv import TV

THIRTEEN = [
    "Ann",
    "Ben",
    "Cho",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lea",
    "Max",
]


def start_evening(page: Page, name: str) -> None:
    page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
    page.fill("#evening-name", name)
    page.locator("form.field button[type=submit]").click()
    expect(page.locator("h1")).to_have_text(name)


def seated_partners(page: Page) -> list[frozenset[str]]:
    partners = []
    for table in page.locator(".seated-table").all():
        names = [s.inner_text().split(" ", 1)[1] for s in table.locator(".seat").all()]
        partners += [frozenset(names[0::2]), frozenset(names[1::2])]
    return partners


def test_the_organiser_seats_three_rounds_and_a_late_arrival(phone: Page, screenshots: Path):
    page = phone
    start_evening(page, "Friday club")
    assert page.locator("details.rounds-form[open]").count() == 1
    page.fill("#rounds-players", "\n".join(THIRTEEN))
    page.select_option("#rounds-game", "yahoo-normal")
    page.fill("#rounds-count", "3")
    shot(page, screenshots, "rounds-setup-390")
    page.get_by_role("button", name="Seat round 1").last.click()
    expect(page.locator("#rounds-title")).to_contain_text("Round 1 of 3")
    expect(page.locator(".seated-table")).to_have_count(3)
    expect(page.locator(".sit-outs")).to_contain_text("Sits out:")
    first = page.locator(".seated-table .seats-line").first.inner_text()
    assert " & " in first and " vs " in first
    partners = seated_partners(page)
    shot(page, screenshots, "rounds-round1-390")
    page.locator("details.rounds-form summary").click()
    controls = "a, button, summary, select, .method-choice, textarea, input[type=number]"
    assert (
        small_targets(page, ", ".join(f".evening-rounds {c}" for c in controls.split(", "))) == []
    )
    page.locator("details.rounds-form summary").click()
    no_broken_words(page, ".seated-table")

    # Zoe arrives before round 2: fourteen players, three tables, two sit out.
    page.locator("details.rounds-form summary").click()
    page.fill("#rounds-players", "\n".join([*THIRTEEN, "Zoe"]))
    page.get_by_role("button", name="Seat round 2").last.click()
    expect(page.locator("#rounds-title")).to_contain_text("Round 2 of 3")
    out = page.locator(".sit-outs").inner_text()
    assert out.count(",") == 1 and "Zoe" not in out
    partners += seated_partners(page)
    assert len(partners) == len(set(partners))
    shot(page, screenshots, "rounds-round2-390")

    # A table's card opens its game with the seats filled in, in seat order.
    table = page.locator(".seated-table").first
    names = [s.inner_text().split(" ", 1)[1] for s in table.locator(".seat").all()]
    table.locator("a").click()
    for name in names:
        expect(page.locator("body")).to_contain_text(name)


def test_a_night_in_japanese_fits_the_phone(browser, live_server, screenshots: Path):
    page = new_phone(browser, live_server, locale="ja-JP")
    try:
        start_evening(page, "金曜クラブ")
        page.fill(
            "#rounds-players", "\n".join(["山田", "佐藤", "鈴木", "高橋", "田中", *THIRTEEN[:4]])
        )
        page.select_option("#rounds-game", "hearts-standard")
        page.get_by_role("button", name="第1回戦の席を決める").last.click()
        expect(page.locator("#rounds-title")).to_contain_text("第1回戦")
        expect(page.locator(".sit-outs")).to_contain_text("休み")
        shot(page, screenshots, "rounds-round1-ja-390")
        page.locator("details.rounds-form summary").click()
        page.fill("#rounds-players", "山田\n山田\n佐藤")
        page.get_by_role("button", name="第2回戦の席を決める").last.click()
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
        seated = rounds.seat_next_round(db, evening, rotation, ruleset, device="organizer")
        watch = "/v/" + store.get_evening(db, evening).watch_token
    finally:
        db.close()
    tv = browser.new_context(viewport=TV)
    try:
        screen = tv.new_page()
        screen.goto(live_server + watch)
        expect(screen.locator("#rounds-title")).to_contain_text("Round 2 of 3")
        expect(screen.locator(".seated-table")).to_have_count(3)
        expect(screen.locator(".sit-outs")).to_have_text(f"Sits out: {seated.seating.out[0]}")
        assert screen.locator(".rounds-form").count() == 0  # the TV seats nobody
        box = screen.locator(".evening-rounds").bounding_box()
        assert box and box["y"] + box["height"] <= TV["height"]
        screen.screenshot(path=str(screenshots / "rounds-tv-1920.png"))
    finally:
        tv.close()
