"""A whole Spades game at a (virtual) kitchen table, on a 390×844 phone."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import new_phone


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} scrolls sideways ({width} px)"


def shot(page: Page, folder: Path, name: str) -> None:
    no_sideways_scroll(page)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def bid(page: Page, seat: int, value: str) -> None:
    page.locator(f"[data-picker=bid_{seat}] label:has(input[value='{value}'])").click()


def took(page: Page, seat: int, value: str) -> None:
    page.locator(f"[data-picker=tricks_{seat}] label:has(input[value='{value}'])").click()


def totals(page: Page) -> list[str]:
    return page.locator(".totals .big").all_inner_texts()


def play_hand(page: Page, bids: dict[int, str], tricks: dict[int, str]) -> None:
    page.get_by_role("link", name="Enter bids").first.click()
    for seat, value in bids.items():
        bid(page, seat, value)
    page.get_by_role("button", name="Bids done — play the hand").click()
    for seat, value in tricks.items():
        took(page, seat, value)
    page.get_by_role("button", name="Score the hand").click()


def test_a_whole_game_from_a_phone(phone: Page, screenshots: Path):
    page = phone
    page.goto(page.base_url + "/")  # type: ignore[attr-defined]
    shot(page, screenshots, "01-home")
    page.get_by_role("link", name="New game").click()
    page.locator("label.preset:has(input[value='yahoo-normal'])").click()
    page.get_by_role("button", name="Next: players").click()
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.locator("details.options", has_text="End of game").locator("summary").click()
    page.fill("#opt_target", "250")
    shot(page, screenshots, "02-setup")
    page.get_by_role("button", name="Start the game").click()
    expect(
        page.get_by_text("Ann deals; Ben bids first; Ben (left of the dealer) leads first.")
    ).to_be_visible()

    # Hand 1: Ben's nil is made. Ann is last to bid, so "the rest" is hers.
    page.get_by_role("link", name="Enter bids").first.click()
    shot(page, screenshots, "03-bids")
    for seat, value in {1: "nil", 2: "4", 3: "3", 0: "4"}.items():
        bid(page, seat, value)
    page.get_by_role("button", name="Bids done — play the hand").click()
    for seat, value in {1: "0", 2: "5", 3: "3"}.items():
        took(page, seat, value)
    expect(page.locator("[data-sum] output")).to_have_text("8 + 5")
    shot(page, screenshots, "04-tricks")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Ben: nil made, +100")).to_be_visible()
    expect(page.get_by_text("Contract 8, took 10: 8 × 10 + 2 overtricks = +82")).to_be_visible()
    expect(page.get_by_text("Next: hand 2 — Ben deals, Cho bids first.")).to_be_visible()
    shot(page, screenshots, "05-result")

    # Hand 2: Ben & Dee are set; Ann & Cho collect bags.
    play_hand(page, {2: "2", 3: "4", 0: "3", 1: "4"}, {2: "3", 3: "0", 0: "6"})
    expect(page.get_by_text("Contract 8, took 4: set, −8 × 10 = −80")).to_be_visible()

    # Hand 3: first a mistake — the tricks add up to 12 — then the fix.
    page.get_by_role("link", name="Enter bids").first.click()
    for seat, value in {3: "3", 0: "2", 1: "3", 2: "2"}.items():
        bid(page, seat, value)
    page.get_by_role("button", name="Bids done — play the hand").click()
    for seat, value in {3: "3", 0: "4", 1: "2", 2: "3"}.items():
        took(page, seat, value)
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Tricks add up to 12; a hand has 13")).to_be_visible()
    for seat, value in {3: "3", 0: "4", 1: "2", 2: "3"}.items():
        expect(page.locator(f"[data-picker=tricks_{seat}] input[value='{value}']")).to_be_checked()
    shot(page, screenshots, "06-error-kept")
    page.locator("[data-picker=tricks_2] label:has(input[value='rest'])").click()
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Bags 6 + 4 = 10 → 10 bags cost −100, 0 carried")).to_be_visible()
    expect(page.locator(".mark-bagged_out")).to_be_visible()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["80", "−10"]
    shot(page, screenshots, "07-scoresheet")

    # Edit hand 1: Ben's nil actually failed with one trick. Everything after is re-scored.
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()
    took(page, 1, "1")
    took(page, 2, "4")
    shot(page, screenshots, "08-edit")
    page.get_by_role("button", name="Save the change").click()
    expect(
        page.get_by_text("Hand 1 changed; the 2 hands after it were scored again.")
    ).to_be_visible()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["179", "−209"]

    # Hand 4: Ann's nil and Cho's 7 take Ann & Cho to 250 — exactly the target.
    play_hand(page, {0: "nil", 1: "3", 2: "7", 3: "2"}, {0: "0", 1: "3", 2: "8"})
    expect(page.get_by_text("Winner: Ann & Cho")).to_be_visible()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["250", "−159"]
    expect(page.get_by_role("link", name="Enter bids")).to_have_count(0)
    shot(page, screenshots, "09-game-over")


def test_a_hand_with_javascript_off(browser, live_server, screenshots: Path):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(live_server + "/new/pagat-standard")
    for seat, name in enumerate(["山田", "Zoë", "O'Brien", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Enter bids").first.click()
    expect(
        page.get_by_text("Blind nil: needs the side to be 100 behind; the scores are level").first
    ).to_be_visible()
    # Without JavaScript nothing is kept to send later, and the page says so.
    # (Chromium with scripts switched off by the test still parses <noscript> as text.)
    assert (
        "JavaScript is off: a hand sent without a connection"
        in page.locator("form noscript").first.inner_html()
    )
    expect(page.locator("#outbox")).to_be_hidden()
    for seat, value in {1: "4", 2: "3", 3: "5", 0: "nil"}.items():
        bid(page, seat, value)
    page.get_by_role("button", name="Bids done — play the hand").click()
    for seat, value in {1: "4", 2: "2", 3: "5"}.items():
        took(page, seat, value)
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("山田: nil failed (2 tricks), −100")).to_be_visible()
    expect(page.get_by_text("2 tricks of the failed nil: bags only, no points")).to_be_visible()
    shot(page, screenshots, "10-no-javascript")
    context.close()


def test_four_players_alone_with_long_names_fit_the_phone(phone: Page, screenshots: Path):
    page = phone
    names = ["Bartholomew-Christopherson", "山田太郎左衛門之助", "Zoë Øster-Ångström", "O'Brien"]
    page.goto(page.base_url + "/new/network-spades")  # type: ignore[attr-defined]
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.locator("label.deals:has(input[value='3'])").click()
    no_sideways_scroll(page)
    page.get_by_role("button", name="Start the game").click()
    expect(
        page.get_by_text(
            f"{names[3]} deals; {names[0]} bids first; {names[0]} (left of the dealer) leads first."
        )
    ).to_be_visible()
    page.get_by_role("link", name="Enter bids").first.click()
    no_sideways_scroll(page)
    for seat, value in {0: "4", 1: "nil", 2: "3", 3: "5"}.items():
        bid(page, seat, value)
    page.get_by_role("button", name="Bids done — play the hand").click()
    no_sideways_scroll(page)
    for seat, value in {0: "4", 1: "0", 2: "4"}.items():
        took(page, seat, value)
    page.get_by_role("button", name="Score the hand").click()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["40", "100", "31", "50"]
    page.locator("#hand-1 summary").click()
    shot(page, screenshots, "11-individual-long-names")


def test_rule_pages_fit_the_phone(phone: Page, screenshots: Path):
    page = phone
    base = page.base_url  # type: ignore[attr-defined]
    page.goto(base + "/rules/")
    page.locator("input[value='yahoo-normal']").check()
    page.locator("input[value='pagat-standard']").check()
    page.get_by_role("button", name="Compare the ticked rulesets").click()
    expect(page.locator("tr.differs[data-option='failed_nil_tricks']")).to_be_visible()
    shot(page, screenshots, "30-compare")
    page.goto(base + "/rules/spitzer")
    shot(page, screenshots, "31-spitzer-rules")
    page.goto(base + "/rules/yahoo-normal#opt-blind_nil_behind")
    shot(page, screenshots, "32-rule-page")


def test_switch_to_japanese_and_play_a_hand(phone: Page, screenshots: Path):
    page = phone
    page.goto(page.base_url + "/new/pagat-standard")  # type: ignore[attr-defined]
    page.get_by_role("link", name="日本語").click()
    expect(page.get_by_role("heading", name="pagat 標準スペード")).to_be_visible()
    for seat, name in enumerate(["山田", "佐藤", "鈴木", "高橋"]):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="ゲーム開始").click()
    page.get_by_role("link", name="ビッドを入力").first.click()
    expect(
        page.get_by_text("ダブルニル：100点以上負けている必要があります。今は同点です").first
    ).to_be_visible()
    for seat, value in {1: "4", 2: "3", 3: "5", 0: "nil"}.items():
        bid(page, seat, value)
    page.get_by_role("button", name="ビッド完了 — プレイへ").click()
    for seat, value in {1: "4", 2: "2", 3: "5"}.items():
        took(page, seat, value)
    page.get_by_role("button", name="ハンドを計算").click()
    expect(page.get_by_text("山田：ニル失敗（2トリック）、−100")).to_be_visible()
    expect(page.get_by_text("失敗したニルの2トリック：バッグのみ、得点なし")).to_be_visible()
    shot(page, screenshots, "40-japanese-hand")
    page.get_by_role("link", name="English").click()
    expect(page.get_by_text("山田: nil failed (2 tricks), −100")).to_be_visible()


def test_offline_the_last_scoresheet_stays_readable_and_a_hand_is_not_faked(
    browser, loopback_server: str, screenshots: Path
):
    # The service worker needs a secure context: here the app is opened as 127.0.0.1.
    page = new_phone(browser, loopback_server)
    base = loopback_server
    try:
        page.goto(base + "/new/yahoo-normal")
        for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
            page.fill(f"#player_{seat}", name)
        page.get_by_role("button", name="Start the game").click()
        game_url = page.url
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => true)"
        )
        page.evaluate("navigator.serviceWorker.ready")
        page.reload()  # now controlled by the worker: this view of the scoresheet is kept
        expect(page.locator(".totals .big").first).to_have_text("0")
        page.get_by_role("link", name="Enter bids").first.click()
        page.context.set_offline(True)
        for seat in range(4):
            bid(page, seat, "3")
        page.get_by_role("button", name="Bids done — play the hand").click()
        # The worker answers the post itself (503): the page keeps the bids to send later
        # and never says they were stored, nor that they are a hand.
        expect(page.locator("#outbox")).to_contain_text("Bids for 1 hand waiting to send")
        expect(page.locator("#outbox")).to_contain_text("not stored yet")
        shot(page, screenshots, "50-offline-post")
        page.goto(game_url)
        expect(page.locator(".totals .big").first).to_have_text("0")  # the cached scoresheet
        page.context.set_offline(False)
    finally:
        page.context.close()


def test_the_lan_name_is_an_insecure_context_as_on_the_phones(
    browser, live_server: str, loopback_server: str
):
    """What the browser tests open is what phones at the table get: plain HTTP on a
    network name, without service worker or Screen Wake Lock; 127.0.0.1 has both."""
    lan = new_phone(browser, live_server)
    local = new_phone(browser, loopback_server)
    try:
        lan.goto(live_server + "/")
        assert lan.evaluate("window.isSecureContext") is False
        assert lan.evaluate("'serviceWorker' in navigator || 'wakeLock' in navigator") is False
        local.goto(loopback_server + "/")
        assert local.evaluate("window.isSecureContext") is True
        assert local.evaluate("'serviceWorker' in navigator && 'wakeLock' in navigator") is True
    finally:
        lan.context.close()
        local.context.close()
