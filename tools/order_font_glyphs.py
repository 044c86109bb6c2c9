"""Renumber the glyphs of the vendored Noto Sans JP fonts, the ones a sheet uses first.

WeasyPrint embeds a subset of each font it uses, but keeps a slot for every glyph
number up to the highest one used. In Google's build the alternates, the ligatures
and the arrows come last, so every PDF kept all 16,650 slots: 173 KB to build and
compress per font per PDF, a tenth of a scoresheet's time. Renumbered, a sheet of
Latin, kana and common kanji stays under about 3,000.

Order: .notdef; everything below U+3000 (Latin, punctuation, arrows, suits) and the
Latin ligatures; CJK punctuation, kana and full-width forms; the glyphs no character
maps to (alternates reached by shaping); JIS level-1 kanji; level-2; the rest. Only
the numbering changes (fontTools rewrites every table that refers to it), so a page
draws the same pixels. Run it again and it changes nothing.

    .venv/bin/python tools/order_font_glyphs.py scorekeeper/pdf/fonts/NotoSansJP-*.ttf
"""

from __future__ import annotations

import sys

from fontTools.ttLib import TTFont
from fontTools.ttLib.reorderGlyphs import reorderGlyphs


def rank(codepoint: int | None, position: int) -> tuple[int, int]:
    if codepoint is None:
        return (3, position)
    if codepoint < 0x3000 or 0xFB00 <= codepoint <= 0xFB06:
        return (1, codepoint)
    if codepoint < 0x3100 or 0xFF00 <= codepoint <= 0xFFEF:
        return (2, codepoint)
    try:
        first, second = chr(codepoint).encode("shift_jis")[:2]
    except (UnicodeEncodeError, ValueError):
        return (6, codepoint)
    level_one = first < 0x98 or (first == 0x98 and second <= 0x72)  # JIS X 0208 rows 16-47
    return (4 if level_one else 5, codepoint)


def order(path: str) -> None:
    font = TTFont(path)
    glyphs = font.getGlyphOrder()
    position = {name: n for n, name in enumerate(glyphs)}
    first: dict[str, int] = {}
    for codepoint, name in sorted(font.getBestCmap().items()):
        first.setdefault(name, codepoint)
    notdef, rest = glyphs[0], glyphs[1:]
    ordered = [notdef, *sorted(rest, key=lambda g: rank(first.get(g), position[g]))]
    if ordered == glyphs:
        print(f"{path}: already in order")
        return
    reorderGlyphs(font, ordered)
    font.save(path)
    print(f"{path}: renumbered {len(ordered)} glyphs")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        order(name)
