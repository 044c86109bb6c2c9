"""Evenings: a club night or a family weekend with several tables, on one page.

An evening groups games at numbered tables. Its page shows every table's score as it
stands and the standings across the evening (standings.py says what ranks), large
enough for a TV, kept up to date in place by a version poll (a page without script
reloads itself); a summary prints as PDF. Each table has a link: the phone that opens it
starts and scores that table's games. As everywhere, a browser sees only the games it
may see: an evening's page lists the tables this phone started, joined or holds.
"""

from __future__ import annotations

import contextlib
import io
import json
from datetime import date

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_translations
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import UnknownRuleset, find_kind, load_game, score_game
from ..engine.errors import GameError
from ..engine.house import rules_document
from ..engine.kinds import module_name
from ..engine.text import sentence
from ..limits import (
    EVENING_NAME_MAX,
    BadName,
    clean_name,
    lookalike_of,
    lookalike_words,
)
from ..stats import csv_number, csv_rows, write_csv
from . import polls
from .access import check_room, device, evening_for, game_for, new_device, starting_device
from .compress import accepts_gzip
from .costly import pdf_once
from .db import get_db
from .download import file_response
from .evening_page import (
    LiveParts,
    card_game,
    compared_games,
    format_choices,
    format_words,
    read,
    read_format,
    render_evening,
    render_live,
    result_words,
    round_label,
    rule_choices,
    standings_view,
)
from .forms import Form
from .house import rulesets
from .i18n import language, render_text
from .qr import qr_svg
from .sheet import game_card, table_label
from .urls import share_url

bp = Blueprint("evenings", __name__)

NAME_MAX = EVENING_NAME_MAX


def my_evenings() -> list[store.Evening]:
    """The evenings this browser started, or that hold one of its games."""
    return store.evenings_of(get_db(), device())


@bp.route("/evenings/", methods=["GET", "POST"])
def index() -> BaseResponse | str:
    """This phone's evenings, and starting a new one."""
    form = Form()
    if request.method == "POST":
        if not form.validate_on_submit():
            flash(_("This form had expired. Type the evening's name again."), "error")
        else:
            try:
                name = clean_name(request.form.get("name") or "", NAME_MAX)
            except BadName as problem:
                flash(_("The evening's name: %(why)s", why=render_text(problem.message)), "error")
            else:
                try:
                    chosen = read_format()
                except ValueError as problem:
                    flash(str(problem), "error")
                else:
                    check_room("evenings")
                    evening_id = store.create_evening(get_db(), name, starting_device(), chosen)
                    _set_rules(evening_id, request.form.get("ruleset") or "")
                    return redirect(url_for("evenings.evening", evening_id=evening_id), 303)
    return render_template(
        "evenings.html",
        evenings=my_evenings(),
        form=form,
        formats=format_choices(),
        rule_choices=rule_choices(),
    )


def _set_rules(evening_id: str, ruleset_id: str) -> None:
    """The rules the evening is played by, as the director chose them (none: each table
    chooses); house rules are kept with their document, for the tables' phones."""
    if not ruleset_id:
        return
    try:
        ruleset = rulesets()(ruleset_id)
    except UnknownRuleset:
        return
    store.set_rules(
        get_db(), evening_id, ruleset.id, rules_document(ruleset) if ruleset.house else None
    )


@bp.route("/e/<evening_id>")
def evening(evening_id: str) -> str:
    """Every table of the evening as it stands, the standings across it, its rounds
    and plan, and for its directors what they may do."""
    found, has = evening_for(evening_id)
    return render_evening(found, has)


@bp.route("/e/<evening_id>/compared")
def compared(evening_id: str) -> str:
    """The evening's tables compared with each other where their kind compares them:
    every table's results on the same boards, per board and per pair (the kind's
    traveller, each way it compares them)."""
    found, has = evening_for(evening_id)
    sections = []
    for name, docs in compared_games(read(found, has)):
        kind = find_kind(name)
        for doc in docs:
            result = score_game(load_game(doc))
            report = kind.report(result.game.ruleset.options, result.state)
            partial = f"kinds/{module_name(name)}/across.html"
            sections.append((result, report, partial))
    return render_template("compared.html", evening=found, sections=sections)


@bp.route("/e/<evening_id>/version")
def live_version(evening_id: str) -> Response:
    """What the evening's page shows, as a word that changes with it (a page opened
    before its script asked for the live parts asks for this, then for itself)."""
    found, _role = evening_for(evening_id)
    version = store.evening_version(get_db(), found.id)
    # Asked with the version last seen (If-None-Match), unchanged: a 304 without a body.
    response = Response(
        json.dumps({"version": version}),
        mimetype="application/json",
        headers={"Cache-Control": "no-cache, private"},
    )
    response.set_etag(version)
    response.make_conditional(request)  # in place
    return response


@bp.route("/e/<evening_id>/live")
def live_parts(evening_id: str) -> Response:
    """The evening's parts that keep themselves up to date, alone: what its page's
    script asks for every few seconds with the version it shows (If-None-Match), a 304
    while nothing changed (every TV of a big night asks: see render_live), and when to
    ask next (polls.py, which answers the 304s it can before this)."""
    found, has = evening_for(evening_id)
    version = polls.version_read(found.id) or store.evening_version(get_db(), found.id)
    response = Response(
        mimetype="text/html",
        headers={
            "Cache-Control": "no-cache, private",
            polls.HEADER: polls.poll_after(found.id, request.cookies),
        },
    )
    response.vary.add("Accept-Encoding")
    if not request.if_none_match.contains_weak(version):
        parts = render_live(found, has, version)
        version = parts.version
        if not request.if_none_match.contains_weak(version):
            return _live_answer(response, parts)
    response.set_etag(version)
    response.status_code = 304  # it shows these parts already
    return response


def _live_answer(response: Response, parts: LiveParts) -> Response:
    """The live parts built once for every phone of the view, gzipped once (render_live)."""
    if accepts_gzip():
        response.set_data(parts.gzipped)
        response.headers["Content-Encoding"] = "gzip"
        response.set_etag(parts.version, weak=True)  # as compress() tags gzipped bytes
    else:
        response.set_data(parts.body)
        response.set_etag(parts.version)
    return response


@bp.route("/e/<evening_id>/summary.pdf")
def summary_pdf(evening_id: str) -> Response:
    """The evening on paper: its format, the standings and every game's result, by
    round and table."""
    from ..pdf import evening_pdf

    found, has = evening_for(evening_id)
    night = read(found, has)

    def make() -> bytes:
        db = get_db()
        results = []
        for game in sorted(night.games.values(), key=lambda gm: (gm.round or 0, gm.table or 0)):
            stored = store.get_game(db, game.id)
            try:
                played = result_words(card_game(night, stored))
            except store.DamagedGame as damaged:  # its own page names the hand
                played = render_text(damaged.message)
            results.append(
                {
                    "round": round_label(night, game.round),
                    "table": table_label(game.table, night.tables.get(game.table, ""))
                    if game.table
                    else "",
                    "card": game_card(stored),
                    "result": played,
                }
            )
        return evening_pdf(
            found.name,
            date.fromisoformat(found.created_at[:10]),
            standings_view(night),
            results,
            tables=len({gm.table for gm in night.games.values() if gm.table is not None}),
            format_line=format_words(night),
            translations=get_translations(),
            language=language(),
        )

    # What it shows: the evening (its tables, settings, games) and the games this phone sees.
    shows = (store.evening_version(get_db(), found.id), tuple(sorted(night.games)), language())
    pdf = pdf_once(("summary", found.id), shows, make)
    if isinstance(pdf, Response):
        return pdf
    return file_response(
        pdf, "application/pdf", f"evening-{found.created_at[:10]}.pdf", inline=True
    )


@bp.route("/e/<evening_id>/qr.svg")
def watch_qr(evening_id: str) -> Response:
    """The QR code of the evening's watch link, for its organizer to show a TV."""
    found, _role = evening_for(evening_id, "organize")
    return qr_svg(share_url("evenings.watch_link", token=found.watch_token))


@bp.route("/e/<evening_id>/t/<int:number>/qr.svg")
def table_qr(evening_id: str, number: int) -> Response:
    """The QR code of a table's link, for the table's phone to scan."""
    found, _role = evening_for(evening_id, "organize")
    for table in store.evening_tables(get_db(), found.id):
        if table.number == number:
            return qr_svg(share_url("evenings.table_link", token=table.token))
    abort(404, _("This evening has no table %(n)s.", n=number))


@bp.route("/v/<token>")
def watch_link(token: str) -> BaseResponse:
    """An evening's watch link: this browser (a TV, a guest) sees every table of it."""
    found = store.evening_by_token(get_db(), token)
    if found is None:
        abort(404, _("This link does not open any evening. Ask for the link again."))
    store.grant_evening(get_db(), new_device(f"evening {found.id}"), found.id)
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)


@bp.route("/t/<token>")
def table_link(token: str) -> BaseResponse:
    """A table's link: this phone may start and score the games of that table."""
    table = store.table_by_token(get_db(), token)
    if table is None:
        abort(
            404,
            _(
                "This table link opens nothing: it was replaced. Ask the organiser for the new one."
            ),
        )
    store.grant_table(
        get_db(), new_device(f"table {table.evening} {table.number}"), table.evening, table.number
    )
    flash(
        _(
            "This phone now keeps score at %(table)s.",
            table=table_label(table.number, table.name),
        )
    )
    url = url_for("evenings.evening", evening_id=table.evening, _anchor=f"table-{table.number}")
    return redirect(url, 303)


def _checked_form(evening_id: str) -> store.Evening:
    found, _role = evening_for(evening_id, "organize")
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the evening and try again."))
    return found


@bp.route("/e/<evening_id>/tables", methods=["POST"])
def add_table(evening_id: str) -> BaseResponse:
    """Add a numbered table (optionally named) to the evening."""
    found = _checked_form(evening_id)
    try:
        name = store.table_name(request.form.get("name") or "")
        number_added = store.add_table(get_db(), found.id, name)
    except BadName as problem:
        abort(400, _("The table's name: %(why)s", why=render_text(problem.message)))
    flash(
        _(
            "%(table)s added: show its link to the phone that keeps its score.",
            table=table_label(number_added, name),
        )
    )
    return redirect(
        url_for("evenings.evening", evening_id=found.id, links=1, _anchor="table-links"), 303
    )


@bp.route("/e/<evening_id>/t/<int:number>", methods=["POST"])
def change_table(evening_id: str, number: int) -> BaseResponse:
    """Rename a table (its link is revoked or taken over through the director's page)."""
    found = _checked_form(evening_id)
    try:
        store.rename_table(get_db(), found.id, number, request.form.get("name") or "")
    except BadName as problem:
        abort(400, _("The table's name: %(why)s", why=render_text(problem.message)))
    except GameError:
        abort(404, _("This evening has no table %(n)s.", n=number))
    flash(_("Table %(n)s renamed.", n=number))
    return redirect(
        url_for("evenings.evening", evening_id=found.id, links=1, _anchor="table-links"), 303
    )


@bp.route("/e/<evening_id>/export.csv")
def export_csv(evening_id: str) -> Response:
    """The evening's hands (of the tables this browser may see) as CSV."""
    found, has = evening_for(evening_id)
    night = read(found, has)
    db = get_db()
    games = [store.get_game(db, game_id) for game_id in night.games]
    scored = []
    for game in games:
        with contextlib.suppress(store.DamagedGame):  # its own page names the hand
            scored.append((game.id, game.created_at[:10], game.players, game.hands, game.score()))
    rows = csv_rows(scored)
    head = next(rows)
    where = {g.id: (g.round, g.table) for g in night.games.values()}
    out = io.StringIO()
    write_csv(
        [
            [head[0], "round", "table", *head[1:]],
            *([row[0], *where.get(row[0], (None, None)), *row[1:]] for row in rows),
        ],
        out,
        bom=True,
    )
    return file_response(out.getvalue(), "text/csv", f"evening-{found.created_at[:10]}.csv")


@bp.route("/e/<evening_id>/standings.csv")
def standings_csv(evening_id: str) -> Response:
    """The evening's standings as CSV: the line that says what ranks, then a row per
    player, every figure a number a spreadsheet can add up."""
    found, has = evening_for(evening_id)
    night = read(found, has)
    ranked = night.standings
    score = {"match_points": _("Match points"), "wins": _("Wins")}.get(ranked.measure, _("Points"))
    head = [
        _("Rank"),
        _("Player"),
        _("Games"),
        _("Won"),
        score,
        _("Points difference"),
        _("Rounds not played"),
    ]
    out = io.StringIO()
    write_csv(
        [
            [standings_view(night)["line"]],
            head,
            *(
                [
                    row.rank,
                    row.name,
                    row.games,
                    row.won,
                    csv_number(row.score),
                    "" if row.difference is None else csv_number(row.difference),
                    row.sat_out,
                ]
                for row in ranked.rows
            ),
        ],
        out,
        bom=True,
    )
    return file_response(out.getvalue(), "text/csv", f"standings-{found.created_at[:10]}.csv")


@bp.route("/e/<evening_id>/add", methods=["POST"])
def add_game(evening_id: str) -> BaseResponse:
    """Add one of this phone's own games, in no evening yet, to the evening at a new
    table (a game of another evening is that evening's director's to move)."""
    found = _checked_form(evening_id)
    game_id = request.form.get("game") or ""
    stored = game_for(game_id, "edit")
    if stored.evening is not None and request.form.get("move") != "1":
        abort(
            409,
            _(
                "This game is a table of another evening: it stays there unless that evening's director moves it."
            ),
        )
    tonight = store.evening_players(get_db(), found.id)
    for name in stored.players:  # "Аnn" at one table, "Ann" at another: one name twice
        if (other := lookalike_of(name, tonight)) is not None:
            abort(400, render_text(sentence(lookalike_words(name, other))))
    try:
        store.move_game(get_db(), game_id, found.id, by=device() or "")
    except store.NotTheDirector as refused:
        abort(403, render_text(refused.message))
    except store.PlaceTaken as refused:
        abort(409, render_text(refused.message))
    flash(_("Added to the evening."))
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)
