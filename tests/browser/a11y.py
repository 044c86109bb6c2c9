"""What the accessibility tests measure inside a page (also run by hand against an older
checkout to compare): axe-core's WCAG 2.1 A/AA findings, contrast, focus under the sticky
bar, the width of a page and its header with the text doubled.

axe-core is vendored for the tests only (vendor/axe-core, see its VERSION): injected into
the page under test, never served by the app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# axe's findings, every <details> opened first: [rule, nodes, the first targets].
RUN_AXE = """(tags) => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  return axe.run(document, { runOnly: { type: 'tag', values: tags } }).then(r =>
    r.violations.map(v => [v.id, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' '))]));
}"""


def axe_violations(page: Page) -> list[list[Any]]:
    """axe-core's WCAG 2.1 A and AA violations on the page as it is now (the page's
    context must bypass the CSP: the script is injected inline)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[list[Any]] = page.evaluate(RUN_AXE, WCAG_21_AA)
    return found


# The contrast of an element's words against what is behind them (WCAG's formula).
CONTRAST = """(element) => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  let back = element, bg = null;
  while (back) {
    const c = rgb(getComputedStyle(back).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) { bg = c.slice(0, 3); break; }
    back = back.parentElement;
  }
  const fg = rgb(getComputedStyle(element).color).slice(0, 3);
  const [a, b] = [lum(fg), lum(bg || [255, 255, 255])].sort((x, y) => y - x);
  return Math.round((a + 0.05) / (b + 0.05) * 100) / 100;
}"""

# The focused element, when the sticky action bar covers any part of it.
UNDER_BAR = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const bar = [...document.querySelectorAll('.sticky-actions')].find(b => getComputedStyle(b).position === 'sticky');
  if (!bar || bar.contains(el)) return '';
  const r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
  if (!r.width && !r.height) return '';
  const covered = r.bottom > b.top + 1 && r.top < b.bottom - 1 && r.right > b.left && r.left < b.right;
  return covered ? (el.id || el.name || el.textContent.trim().slice(0, 30) || el.tagName) : '';
}"""


def hidden_under_bar(page: Page, limit: int = 400) -> tuple[int, list[str]]:
    """Tab through the page from its top: how many stops there are, and those the
    sticky bar covered when they took focus."""
    page.evaluate("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()")
    page.focus("body")
    seen: list[str] = []
    hidden: list[str] = []
    first = None
    for _ in range(limit):
        page.keyboard.press("Tab")
        key = page.evaluate(
            "() => { const e = document.activeElement; if (!e || e === document.body) return null;"
            " e.dataset.tabStop = e.dataset.tabStop || String(Math.random()); return e.dataset.tabStop; }"
        )
        if key is None or key == first:
            break
        first = first or key
        seen.append(key)
        under = page.evaluate(UNDER_BAR)
        if under:
            hidden.append(under)
    return len(seen), hidden


# With the text doubled: how wide the page and its header are, and its <h1>s. "root" sets
# the root font size to 200 % (what a phone's larger text does to rem); "each" doubles
# every element's own size, whatever its unit.
DOUBLED = """(how) => {
  if (how === 'each') {
    const sizes = [...document.querySelectorAll('body, body *')].map(e => [e, parseFloat(getComputedStyle(e).fontSize)]);
    sizes.forEach(([e, size]) => { e.style.fontSize = (2 * size) + 'px'; });
  } else document.documentElement.style.fontSize = '200%';
  const bar = document.querySelector('header.bar');
  const right = Math.max(...[...bar.querySelectorAll('*')].map(e => e.getBoundingClientRect().right), bar.getBoundingClientRect().right);
  return { page: document.documentElement.scrollWidth, header: Math.round(right), h1: document.querySelectorAll('h1').length };
}"""


def with_text_doubled(page: Page, how: str = "root") -> dict[str, int]:
    measured: dict[str, int] = page.evaluate(DOUBLED, how)
    return measured
