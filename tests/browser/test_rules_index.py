"""The rules index on a 390×844 phone: a ruleset's id is one word, never split."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from .conftest import new_phone
from .test_table import no_sideways_scroll, shot

# The ids drawn on more than one line ("akagiri-⏎standard").
SPLIT_IDS = """() => [...document.querySelectorAll('.rule-list code')]
  .filter(code => new Set([...code.getClientRects()].map(r => Math.round(r.top))).size > 1)
  .map(code => code.textContent)"""


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_ruleset_ids_are_never_broken_mid_word(browser, live_server, locale, screenshots: Path):
    page: Page = new_phone(browser, live_server, locale=locale)
    try:
        page.goto(f"{live_server}/rules/")
        assert page.locator(".rule-list code").count() >= 26
        assert page.evaluate(SPLIT_IDS) == []
        no_sideways_scroll(page)
        shot(page, screenshots, f"rules-index-{locale}")
    finally:
        page.context.close()
