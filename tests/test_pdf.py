"""PDF scoresheets and blank scorecards, read back with pypdf."""

from __future__ import annotations

import io
import json
import re
from datetime import date

import pytest
from pypdf import PdfReader
from weasyprint import CSS

from scorekeeper.engine import find_ruleset, load_game, score_game
from scorekeeper.engine.text import number
from scorekeeper.pdf import (
    css_string,
    evening_pdf,
    print_css,
    scorecard_pdf,
    scoresheet_html,
    scoresheet_pdf,
)
from scorekeeper.pdf.chart import HEIGHT, LEFT, MM, WIDTH_MM, progression_svg, swatch

from .conftest import run_cli

NAMES = ["山田", "Zoë", "O'Brien", "Dee"]
# Ann & Cho's seats hold 山田 and O'Brien; a game that ends after hand 4.
HANDS = [
    {"bids": [4, 3, 4, 3], "tricks": [5, 3, 4, 1]},
    {"bids": [5, 2, 5, 2], "tricks": [6, 2, 5, 0]},
    {"bids": ["nil", 4, 6, 3], "tricks": [0, 4, 7, 2]},
    {"bids": [5, 2, 6, 0], "tricks": [6, 1, 6, 0]},
]


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def squash(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def finished():
    doc = {"ruleset": "yahoo-normal", "options": {"target": 400}, "players": NAMES, "hands": HANDS}
    game = load_game(doc)
    return game, score_game(game)


def test_scoresheet_shows_names_totals_and_winner(finished):
    game, result = finished
    assert result.outcome.finished
    text = squash(" ".join(pages(scoresheet_pdf(game))))
    for name in NAMES:
        assert name in text
    for hand in result.hands:
        for total in hand.totals:
            assert f"→ {number(total)}" in text
    assert f"Winner: {result.sides[result.outcome.winner].name}" in text
    assert "Score progression" in text and "Rules in force" in text
    assert "Source: Yahoo! Games (Japan): Spades rules" in text
    assert "001_49a9ae39a8965b8f" not in text  # a file name is not for players
    assert "Changed from the preset: Target: 400 points" in text  # words, not option names
    assert "target =" not in text


def test_each_hand_shows_its_markers_and_how_it_was_scored(finished):
    game, _ = finished
    text = squash(" ".join(pages(scoresheet_pdf(game))))
    # Hand 3: 山田 bid nil and took nothing; Zoë & Dee bid 4 + 3 and took 4 + 2. Two
    # sides' columns have room for it all on the points line.
    assert "+161 → 343 · nil/0 · 6/7 · 3 bags · nil made" in text
    assert "−70 → −170 · 4/4 · 3/2 · 0 bags · set" in text
    # How it was scored is in the side's own cell, after what it bid and took.
    assert "nil made 山田: nil made, +100; Contract 6, took 7" in text
    assert "set Contract 7, took 6: set, −7 × 10 = −70 4 Dee" in text


def test_individual_sides_keep_bids_and_tricks_on_a_line_of_their_own():
    """Four sides' columns are too narrow for the points line to hold what was bid and
    taken: their cells keep three lines, where two sides' cells have two."""
    hand = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    doc = {"ruleset": "cardsite-individual", "players": ["Ann", "Ben", "Cho", "Dee"]}
    html = scoresheet_html(load_game({**doc, "hands": [hand]}))
    assert '<td class="side">+31 → 31\n3/4 · 1 bag\nContract 3, took 4' in html


def test_a_setback_greys_its_cell_and_nothing_else(finished):
    game, result = finished
    html = scoresheet_html(game, result=result)
    # Every hand: 山田 & O'Brien make their contract, Zoë & Dee are set.
    assert html.count('<td class="side bad">') == 4
    assert html.count('<td class="side">') == 4


def test_every_glyph_comes_from_the_bundled_font(finished):
    """No fallback font gets embedded (and subset, at a cost) for a chart or a symbol."""
    game, _ = finished
    reader = PdfReader(io.BytesIO(scoresheet_pdf(game)))
    fonts = {
        str(font["/BaseFont"]).split("+", 1)[1]
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert fonts == {"Sheet-Sans", "Sheet-Sans-Bold"}


def test_a_long_game_spans_pages_with_the_header_on_each():
    hands = [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 60
    game = load_game(
        {
            "ruleset": "yahoo-normal",
            "options": {"target": 100000},
            "players": NAMES,
            "hands": hands,
        }
    )
    texts = pages(scoresheet_pdf(game))
    assert len(texts) >= 3  # the rules box is one part of a page
    table_pages = [t for t in texts if "Dealer" in t]
    assert len(table_pages) >= 3
    for text in table_pages:
        assert "山田 & O'Brien" in text and "Zoë & Dee" in text
    assert "Page 1 / " in texts[0]


def test_letter_size():
    game = load_game({"ruleset": "yahoo-normal", "players": NAMES, "hands": HANDS[:1]})
    box = PdfReader(io.BytesIO(scoresheet_pdf(game, page_size="Letter"))).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    box = PdfReader(io.BytesIO(scoresheet_pdf(game))).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_blank_scorecard_for_yahoo_normal_mentions_its_bag_rule():
    pdf = scorecard_pdf(find_ruleset("yahoo-normal"))
    texts = pages(pdf)
    assert len(texts) == 1
    text = squash(texts[0])
    assert "Sandbag penalty: every time a side's bags reach 10: −100" in text
    assert "Bid Tricks Score Total Bags" in text
    assert " 22 " in text + " "


@pytest.mark.parametrize(
    ("ruleset", "players", "hands", "expected"),
    [
        (
            "hearts-standard",
            ["Ann", "Ben", "Cho", "Dee"],
            [{"hearts": [3, 4, 5, 1], "queen_of_spades": 2}],
            "5♥ Q♠",
        ),
        (
            "spitzer",
            ["Ann", "Ben", "Cho", "Dee"],
            [{"contract": "zola", "declarers": [1], "points": 75, "tricks": 5}],
            "Zola 75",
        ),
    ],
)
def test_hearts_and_spitzer_scoresheets(ruleset, players, hands, expected):
    game = load_game({"ruleset": ruleset, "players": players, "hands": hands})
    text = squash(" ".join(pages(scoresheet_pdf(game))))
    assert expected in text
    assert "Rules in force" in text
    card = squash(pages(scorecard_pdf(find_ruleset(ruleset)))[0])
    assert (
        ("Pass" in card)
        if ruleset.startswith("hearts")
        else ("Contract Declarers Card points" in card)
    )


def test_cli_pdf_and_scorecard(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps({"ruleset": "yahoo-normal", "players": NAMES, "hands": HANDS[:2]}),
        encoding="utf-8",
    )
    out = tmp_path / "sheet.pdf"
    done = run_cli("pdf", str(path), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "山田" in pages(out.read_bytes())[0]
    card = tmp_path / "card.pdf"
    assert (
        run_cli("scorecard", "pagat-standard", "-o", str(card), "--page-size", "Letter").returncode
        == 0
    )
    assert card.read_bytes().startswith(b"%PDF")
    bad = run_cli(
        "pdf", "-", "-o", str(tmp_path / "x.pdf"), stdin='{"ruleset": "nope", "players": []}'
    )
    assert bad.returncode == 2 and bad.stderr.startswith("game: unknown ruleset 'nope'")
    assert not (tmp_path / "x.pdf").exists()


def test_the_chart_writes_only_numbers_and_its_key_is_the_pages_text():
    """WeasyPrint draws SVG text a letter at a time: names and the target's words are
    the page's text, beside a sample of each side's line (issue 18)."""
    game = load_game(
        {
            "ruleset": "yahoo-normal",
            "options": {"target": 100000},
            "players": NAMES,
            "hands": HANDS,
        }
    )
    result = score_game(game)
    chart = progression_svg(2, [hand.totals for hand in result.hands], 100000)
    assert chart.target == "above"
    words = re.findall(r"<text[^>]*>([^<]*)</text>", chart.svg)
    assert words and all(re.fullmatch(r"−?\d+", w) for w in words)
    text = squash(" ".join(pages(scoresheet_pdf(game, result=result))))
    assert "Score progression 山田 & O'Brien Zoë & Dee · target 100000 ↑" in text
    # A target within reach is drawn as a dotted line, which the key shows.
    near = progression_svg(2, [hand.totals for hand in result.hands], 500)
    assert near.target == "line" and 'stroke-dasharray="1 3"' in near.svg
    assert 'stroke-dasharray="1 3"' in swatch(None)


def test_each_side_has_its_own_marker_in_the_chart_and_the_key():
    totals = [[10 * n, 20 * n, -5 * n, n] for n in range(1, 6)]
    svg = progression_svg(4, totals, None).svg
    # Circles are round dots, one black and one white inside: open, like the key's.
    assert svg.count('stroke-linecap="round"') == 2 and svg.count("h0") == 2 * 5
    assert 'stroke-linecap="round"' in swatch(0) and 'fill="#000"' in swatch(1)
    assert len({swatch(side) for side in range(6)}) == 6


def test_a_footer_prints_quotes_and_apostrophes_as_typed():
    """The footer is written into CSS: HTML escapes there would be printed as is."""
    pdf = evening_pdf(
        'Dee\'s "big" night',
        date(2026, 11, 20),
        {"measure": "points", "line": "", "rows": []},
        [],
        tables=0,
        format_line="",
    )
    text = pages(pdf)[0]
    assert 'Dee\'s "big" night · 2026-11-20' in text
    assert "&#" not in text
    assert css_string('a"b\\c</style>') == "a\\22 b\\\\c\\3c /style>"


def test_the_copies_of_the_fonts_are_deleted_at_exit():
    """WeasyPrint copies both 5 MB fonts to a temporary folder and deletes it when its
    configuration is collected, which for the one kept to the end came after `shutil`
    was torn down: every test run left 11 MB in /tmp."""
    from weasyprint.text.fonts import FontConfiguration

    from scorekeeper.pdf import FONTS, _remove_font_copies

    config = FontConfiguration()
    sheet = CSS(
        string=f'@font-face {{ font-family: X; src: url("{FONTS.as_uri()}/NotoSansJP-Bold.ttf") }}',
        font_config=config,
    )
    folder = config._folder
    assert sheet and folder is not None and any(folder.iterdir())
    _remove_font_copies(config)
    assert not folder.exists() and config._folder is None
    config.__del__()  # and WeasyPrint's own clean-up, later, has nothing left to do


def test_the_fonts_embedded_in_a_sheet_are_small(finished):
    """WeasyPrint keeps a slot for every glyph number up to the highest a PDF uses: the
    vendored fonts are renumbered (tools/order_font_glyphs.py) so that Latin, symbols,
    kana and common kanji come first. In Google's order each font took 173 KB."""
    game, result = finished
    reader = PdfReader(io.BytesIO(scoresheet_pdf(game, result=result)))
    sizes = []
    for font in reader.pages[0]["/Resources"]["/Font"].values():
        descendant = font.get_object()["/DescendantFonts"][0].get_object()
        sizes.append(len(descendant["/FontDescriptor"]["/FontFile2"].get_object().get_data()))
    assert len(sizes) == 2 and max(sizes) < 60_000, sizes


def test_the_y_axis_numbers_sit_on_their_grid_lines():
    """The y axis is one block of page text beside the chart (SVG text is drawn a
    letter at a time): each number's line must be centred on its grid line, and the
    stylesheet must print the chart at the size the numbers were placed for."""
    chart = progression_svg(2, [[120, -40], [450, 10], [610, -90]], 500)
    grid = re.search(r'<path stroke="#ccc" stroke-width="0.6" d="([^"]*)"', chart.svg)
    lines = sorted(float(y) * MM for y in re.findall(r"M48,([\d.]+)H", grid.group(1)))
    labels = chart.y_labels.split("\n")
    assert labels == ["800", "600", "400", "200", "0", "−200"]
    assert len(lines) == len(labels)
    for n, line in enumerate(lines):
        assert chart.y_top + (n + 0.5) * chart.y_step == pytest.approx(line, abs=0.05)
    css = print_css()
    assert f"width: {WIDTH_MM:.0f}mm; height: {HEIGHT * MM:.2f}mm" in css
    assert (
        f"width: {(LEFT - 6) * MM:.2f}mm" in css and f"font-size: {10 * MM / 0.3528:.2f}pt" in css
    )
    # Scores of a point or two still get whole, equally spaced numbers.
    assert progression_svg(2, [[1, 0]], None).y_labels == "2\n1\n0"


def test_a_rubber_is_printed_above_and_below_the_line():
    hands = [
        {"contract": "2H", "declarer": 0, "result": 1, "honours": {"side": 0, "points": 100}},
        {"contract": "4S", "declarer": 1, "result": -2},
        {"contract": "2NT", "declarer": 0, "result": 0},
    ]
    doc = {"format": "scorekeeper-game/1", "game": "bridge", "ruleset": "rubber"}
    game = load_game({**doc, "players": ["Ann", "Ben", "Cho", "Dee"], "hands": hands})
    text = " ".join(pages(scoresheet_pdf(game)))
    assert "The rubber: above and below the line" in text
    assert "100 honours (1)" in text and "100 undertricks (2)" in text  # above the line
    assert "70 (3)" in text and "Game 1" in text  # below: 2NT's 70 makes a game
    assert "above 230 · below 130" in text and "Total 360" in text


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [("rubber", ["We", "They", "above the line"]), ("chicago", ["dealer's side", "both"])],
)
def test_blank_bridge_pads_are_the_kinds_own(ruleset, expected):
    text = " ".join(pages(scorecard_pdf(find_ruleset(ruleset))))
    assert all(words in text for words in expected), text
