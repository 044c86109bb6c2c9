"""PDF scoresheets and blank scorecards, rendered by WeasyPrint from HTML templates.

No Flask here: the command line renders the same templates with a plain Jinja
environment. WeasyPrint is imported on first use (it costs about a second).
"""

from __future__ import annotations

import atexit
import base64
import functools
import gettext
import multiprocessing
import os
import shutil
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from ..engine import Game, GameResult, Ruleset, Text, score_game
from ..engine.describe import describe
from ..engine.kinds import module_name
from ..engine.text import Translations, number, signed
from ..paths import TEMPLATES as ALL_TEMPLATES
from ..scoresheet import carried_text, fixed_columns, rows, translate, winner_words
from .chart import progression_svg, swatch

FONTS = Path(__file__).resolve().parent / "fonts"
TEMPLATES = ALL_TEMPLATES / "pdf"
PAGE_SIZES = ("A4", "Letter")


@functools.lru_cache(maxsize=8)  # per language: a new one compiles every template again
def environment(
    translations: Translations | None = None, language: str = "en"
) -> jinja2.Environment:
    """A Jinja environment for the PDF templates, translated like the web pages.

    One per translations and language, kept: a new environment compiles its templates
    again, which was four fifths of the time to write a scoresheet's HTML.
    """
    env = jinja2.Environment(
        # A kind's own paper is among its templates (templates/kinds/<module>/pdf/).
        loader=jinja2.FileSystemLoader([TEMPLATES, ALL_TEMPLATES]),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
    )
    tr = translations or gettext.NullTranslations()
    env.install_gettext_translations(tr, newstyle=True)  # type: ignore[attr-defined]
    env.filters["t"] = lambda value: value.render(tr) if isinstance(value, Text) else str(value)
    env.filters["loc"] = lambda ruleset, name: ruleset.text(name, language)
    env.filters["source"] = lambda ruleset: ruleset.source_title(language)
    env.filters["number"] = number
    env.filters["signed"] = signed
    env.filters["css_string"] = css_string
    env.globals["font_dir"] = FONTS.as_uri()
    env.globals["winner_words"] = winner_words
    return env


def css_string(value: object) -> Markup:
    """Text to put between double quotes in CSS, inside a <style> element.

    A <style> element's text is not HTML: an escaped apostrophe would be printed as
    `&#39;`. So the text is escaped for CSS instead, `<` too, so that it cannot end
    the element.
    """
    escaped = "".join(_CSS_ESCAPES.get(c, c) for c in str(value))
    return Markup(escaped)  # escaped for CSS above


_CSS_ESCAPES = {"\\": "\\\\", '"': "\\22 ", "\n": "\\a ", "<": "\\3c "}


def print_css(
    page_size: str = "A4", translations: Translations | None = None, language: str = "en"
) -> str:
    """The print stylesheet's text for a page size and language."""
    return (
        environment(translations, language).get_template("print.css").render(page_size=page_size)
    )


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def _swatch(side: int | None) -> str:
    return _data_uri(swatch(side))


def _summary(ruleset: Ruleset) -> list[tuple[Text, list[Any]]]:
    """The rules in force that can matter, grouped; each line knows where its value comes from."""
    groups = [
        (group.title, [r for r in group.rules if r.shown]) for group in describe(ruleset).groups
    ]
    return [(title, lines) for title, lines in groups if lines]


def _changed_words(ruleset: Ruleset) -> list[tuple[Text, Text]]:
    """The options the table changed from the preset, each as its label and value in
    words ("Number of players: 5"), never as the option's name."""
    changed = set(ruleset.changed())
    return [
        (rule.label, rule.value)
        for group in describe(ruleset).groups
        for rule in group.rules
        if rule.option in changed
    ]


def _layout(env: jinja2.Environment, ruleset: Ruleset, what: str) -> str | None:
    """The kind's own layout of a game's sheet or a blank pad (`what`) under these rules,
    where it has one; else None, for the rows every game prints."""
    paper = ruleset.kind.paper(ruleset.options)
    if not paper:
        return None
    name = f"kinds/{module_name(ruleset.game)}/pdf/{paper}_{what}.html"
    try:
        env.get_template(name)
    except jinja2.TemplateNotFound:
        return None
    return name


def scoresheet_html(
    game: Game,
    *,
    bodies: Sequence[Mapping[str, Any]] | None = None,
    title: str | None = None,
    day: date | None = None,
    translations: Translations | None = None,
    language: str = "en",
    result: GameResult | None = None,
    place: str = "",
    adjustments: Sequence[str] = (),
) -> str:
    """The HTML of a game's scoresheet, for `render_pdf` with a `print_css` stylesheet
    (kept apart so that it is parsed once, not once per sheet); `place` says where an
    evening's game was played ("Club night · Table 2 — Window · Round 3"), and
    `adjustments` what its director gave or took, each in words."""
    result = result or score_game(game)
    kind = game.ruleset.kind
    hand_bodies = (
        list(bodies) if bodies is not None else [kind.hand.to_json(h) for h in game.hands]
    )
    ruleset = game.current_ruleset
    names = [side.name for side in result.sides]
    options = ruleset.options
    target = kind.target(options)
    env = environment(translations, language)
    tr = translations or gettext.NullTranslations()
    chart = progression_svg(len(names), [hand.totals for hand in result.hands], target)
    layout = _layout(env, ruleset, "sheet")
    return env.get_template("scoresheet.html").render(
        layout=layout,
        report=kind.report(options, result.state) if layout else None,
        game=game,
        result=result,
        ruleset=ruleset,
        rows=translate(
            rows(game.players, hand_bodies, result, tr.gettext),
            tr,
            game.ruleset.game,
        ),
        names=names,
        title=title or " · ".join(game.players),
        day=(day or date.today()).isoformat(),
        summary=_summary(ruleset),
        changed=_changed_words(ruleset),
        fixed_columns=fixed_columns(ruleset),
        chart=_data_uri(chart.svg),
        y_axis=chart,
        legend=[(_swatch(side), name) for side, name in enumerate(names)],
        target=target,
        target_place=chart.target,
        target_swatch=_swatch(None),
        carried=[carried_text(game.ruleset.game, n, tr) for n in result.carried or ()],
        place=place,
        adjustments=adjustments,
    )


def scorecard_html(
    ruleset: Ruleset,
    *,
    hands: int = 22,
    players: Sequence[str] | None = None,
    translations: Translations | None = None,
    language: str = "en",
) -> str:
    """The HTML of a blank scorecard for a ruleset: a grid to fill in by pencil (render it
    with a `print_css` stylesheet, as `scorecard_pdf` does). A game's card names its
    `players`; a ruleset's leaves a line for each seat's name."""
    options = ruleset.options
    kind = ruleset.kind
    seats = list(players) if players else [str(n) for n in range(1, options.players + 1)]
    per_hand, per_side = kind.facts.scorecard
    printed = kind.scorecard_rows(options)  # a fixed schedule prints its hands
    env = environment(translations, language)
    return env.get_template("scorecard.html").render(
        layout=_layout(env, ruleset, "pad"),
        printed=printed,
        ruleset=ruleset,
        sides=[side.name for side in kind.shape(options).sides(seats)],
        named=bool(players),
        per_hand=per_hand,
        per_side=per_side,
        hands=len(printed) if printed else hands,
        summary=_summary(ruleset),
        key_rules=key_rules(ruleset),
    )


def key_rules(ruleset: Ruleset) -> list[Any]:
    """The rules a table needs on the card itself: those the source states, and how the
    game ends (the kind says which)."""
    important = ruleset.kind.words().PRINTED
    lines = [rule for group in describe(ruleset).groups for rule in group.rules]
    return [
        rule
        for rule in lines
        if rule.shown and (rule.origin != "default" or rule.option in important)
    ]


_RENDERING = threading.Lock()


@functools.cache  # one per process: a fresh one copies both 5 MB fonts, 1/7 of a render
def _font_config() -> Any:
    from weasyprint.text.fonts import FontConfiguration

    config = FontConfiguration()
    atexit.register(_remove_font_copies, config)
    return config


def _remove_font_copies(config: Any) -> None:
    """Delete the folder where WeasyPrint copied the fonts (11 MB), at exit.

    WeasyPrint deletes it when the configuration is collected, but one kept to the end
    is collected after `shutil` is torn down: each process left its copies in /tmp.
    """
    folder, config._folder = getattr(config, "_folder", None), None
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


@functools.lru_cache(maxsize=8)  # per page size and language: parsing it is 5 ms a PDF
def _stylesheet(text: str) -> Any:
    """The print stylesheet parsed, its selectors compiled: kept, as print.css says (a
    render only reads it; renders take turns, or each renderer keeps its own)."""
    from weasyprint import CSS

    return CSS(string=text, base_url=str(TEMPLATES), font_config=_font_config())


def render_pdf(html: str, stylesheet: str | None = None) -> bytes:
    """Render HTML to PDF with the vendored fonts, and the stylesheet if one is given.

    One font configuration serves every render: a fresh one copies both 5 MB Noto files
    to a temporary folder and loads them again, a seventh of a scoresheet's time. Pango's
    font map is not safe to share between threads, so renders in one process take
    turns; a server that started renderers (`start_renderers`) renders in them, one
    PDF per core at once.
    """
    pool = _renderers[0] if _renderers else None
    if pool is not None:
        try:
            return pool.submit(_render_here, html, stylesheet).result()
        except BrokenProcessPool:  # a renderer died (out of memory?): render here
            _renderers.clear()
    with _RENDERING:
        return _render_here(html, stylesheet)


def _render_here(html: str, stylesheet: str | None) -> bytes:
    from weasyprint import HTML

    sheets = [_stylesheet(stylesheet)] if stylesheet is not None else []
    document = HTML(string=html, base_url=str(TEMPLATES))
    return document.write_pdf(  # type: ignore[no-any-return]
        font_config=_font_config(), stylesheets=sheets
    )


def _end_with(server: int) -> None:
    """In a renderer: end when the server ends, however it ends (a server killed says
    nothing to its renderers), leaving no copy of the fonts behind."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        if _font_config.cache_info().currsize:
            _remove_font_copies(_font_config())
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


# The server's renderers: processes of their own, each with its fonts loaded. Ten PDFs
# asked for at once took turns behind one lock (the tenth waited 43 s) on a machine
# with cores to spare.
_renderers: list[ProcessPoolExecutor] = []
MOST_RENDERERS = 4


def start_renderers() -> int:
    """Start one renderer per core (at most MOST_RENDERERS; none on one core), each
    warmed with a small page so that the first PDF asked for does not wait for it.
    Return how many. The command line renders in its own process, as before."""
    count = min(MOST_RENDERERS, os.cpu_count() or 1)
    if count < 2:
        return 0
    if not _renderers:
        pool = ProcessPoolExecutor(
            count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_end_with,
            initargs=(os.getpid(),),
        )
        for _ in range(count):
            pool.submit(_render_here, "<p>warm</p>", None)
        _renderers.append(pool)
    return count


def evening_pdf(
    name: str,
    day: date,
    standings: Mapping[str, Any],
    results: Sequence[Mapping[str, Any]],
    *,
    tables: int,
    format_line: str,
    page_size: str = "A4",
    translations: Translations | None = None,
    language: str = "en",
) -> bytes:
    """An evening on paper: its format, the standings across it (as the evening's page
    shows them: the line that says what ranks, then the rows), and every game's result
    by round and table, every side named with its total."""
    env = environment(translations, language)
    html = env.get_template("evening.html").render(
        name=name,
        day=day.isoformat(),
        standings=standings,
        results=results,
        tables=tables,
        format_line=format_line,
    )
    return render_pdf(html, print_css(page_size, translations, language))


def _qr(link: str) -> str:
    """A link's QR code as an image address, dark on white."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False
    )
    return _data_uri(out.getvalue().decode())


def table_cards_pdf(
    evening: str,
    cards: Sequence[Mapping[str, Any]],
    *,
    page_size: str = "A4",
    translations: Translations | None = None,
    language: str = "en",
) -> bytes:
    """A card a table: its number and name large, and the QR code of its link (about
    12 cm, so a phone scans it from across the table), folded in two to stand."""
    env = environment(translations, language)
    html = env.get_template("cards.html").render(
        evening=evening, cards=[{**card, "qr": _qr(card["link"])} for card in cards]
    )
    return render_pdf(html, print_css(page_size, translations, language))


def plan_pdf(
    name: str,
    day: date,
    rounds: Sequence[Any],
    *,
    page_size: str = "A4",
    translations: Translations | None = None,
    language: str = "en",
) -> bytes:
    """The night's plan to post: every round's tables, seats and sit-outs."""
    env = environment(translations, language)
    html = env.get_template("plan.html").render(name=name, day=day.isoformat(), rounds=rounds)
    return render_pdf(html, print_css(page_size, translations, language))


def season_pdf(
    name: str,
    line: str,
    score_head: str,
    rows: Sequence[Mapping[str, Any]],
    nights: Sequence[tuple[str, str]],
    *,
    show_wins: bool = True,
    rating_head: str = "",
    night_heads: Sequence[str] = (),
    page_size: str = "A4",
    translations: Translations | None = None,
    language: str = "en",
) -> bytes:
    """A season's table on paper: the line that says what ranks, the players, and the
    nights it holds (name and day)."""
    env = environment(translations, language)
    html = env.get_template("season.html").render(
        name=name,
        line=line,
        score_head=score_head,
        rows=rows,
        nights=nights,
        show_wins=show_wins,
        rating_head=rating_head,
        night_heads=night_heads,
    )
    return render_pdf(html, print_css(page_size, translations, language))


def _print_css(page_size: str, kwargs: Mapping[str, Any]) -> str:
    return print_css(page_size, kwargs.get("translations"), kwargs.get("language", "en"))


def scoresheet_pdf(game: Game, *, page_size: str = "A4", **kwargs: Any) -> bytes:
    """A game's scoresheet as PDF bytes (A4 or Letter)."""
    return render_pdf(scoresheet_html(game, **kwargs), _print_css(page_size, kwargs))


def scorecard_pdf(ruleset: Ruleset, *, page_size: str = "A4", **kwargs: Any) -> bytes:
    """A blank scorecard as PDF bytes (A4 or Letter)."""
    return render_pdf(scorecard_html(ruleset, **kwargs), _print_css(page_size, kwargs))


__all__ = [
    "PAGE_SIZES",
    "print_css",
    "render_pdf",
    "scorecard_html",
    "scorecard_pdf",
    "scoresheet_html",
    "scoresheet_pdf",
    "start_renderers",
]
