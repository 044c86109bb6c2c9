"""Every control a player taps is at least 44×44 CSS px on a 390×844 phone (WCAG 2.5.5).

Links inside an explanation line stay text links: they belong to the sentence.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from .test_evening import imported, spades
from .test_table import shot

TARGET = 44

# Each visible control's box, except the links that are words of a sentence.
BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length && !e.closest('.lines'))
  .map(e => { const r = e.getBoundingClientRect();
              return [(e.innerText || e.value || e.outerHTML).trim().slice(0, 40),
                      Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })"""


def small_targets(page: Page, selector: str) -> list[tuple[str, float, float]]:
    boxes = page.evaluate(BOXES, selector)
    assert boxes, f"{page.url}: nothing matches {selector}"
    return [(name, w, h) for name, w, h in boxes if w < TARGET or h < TARGET]


def test_the_game_page_footer_and_delete_hand_are_big_enough_to_tap(
    phone: Page, screenshots: Path
):
    page = phone
    hands = [{"bids": [1, 1, 1, 1], "tricks": [3, 3, 3, 4]}] * 9
    game = imported(page, spades(hands))
    page.goto(f"{page.base_url}/g/{game}")  # type: ignore[attr-defined]
    footer = page.locator(".game-foot a")
    assert footer.count() >= 9  # Rules … Delete this game…
    assert small_targets(page, ".game-foot a") == []
    assert page.locator(".sheet-foot a").inner_text() == "Delete hand 9"
    assert small_targets(page, ".sheet-foot a") == []
    # Every other control on the page too, the scoresheet's rows and buttons.
    assert small_targets(page, "main a, main button, main summary, main select") == []
    page.locator(".game-foot").scroll_into_view_if_needed()
    shot(page, screenshots, "tap-game-foot")


def test_the_compare_ticks_on_the_rules_index_are_big_enough_to_tap(
    phone: Page, screenshots: Path
):
    page = phone
    page.goto(f"{page.base_url}/rules/")  # type: ignore[attr-defined]
    assert small_targets(page, ".rule-list label.check") == []
    assert small_targets(page, "main a, main button") == []
    shot(page, screenshots, "tap-rules-index")
