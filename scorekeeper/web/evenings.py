"""Evenings: a club night or a family weekend with several tables, on one page.

An evening groups games at numbered tables. Its page shows every table's score as it
stands and the standings across the evening (standings.py says what ranks), large
enough for a TV, kept up to date in place by a version poll (a page without script
reloads itself); a summary prints as PDF. Each table has a link: the phone that opens it
starts and scores that table's games. As everywhere, a browser sees only the games it
may see: an evening's page lists the tables this phone started, joined or holds.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_translations
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import GameResult, find_kind
from ..engine.errors import GameError
from ..engine.text import number
from ..limits import EVENING_NAME_MAX, BadName, clean_name
from ..scoresheet import winner_words
from ..standings import SIT_OUTS, measure_words, shown, standings, table_result
from ..stats import write_csv
from ..store import rounds
from .access import check_room, device, evening_for, game_for, new_device, role
from .db import get_db
from .download import file_response
from .forms import Form
from .i18n import language, render_text
from .qr import qr_svg
from .rounds import current_round, rounds_view
from .scoresheet import rows
from .sheet import GameCard, game_card
from .tables import csv_response
from .urls import share_url

bp = Blueprint("evenings", __name__)

NAME_MAX = EVENING_NAME_MAX


def _mine() -> list[str]:
    db = get_db()
    return store.games_of(db, device(), archived=None)


def my_evenings() -> list[store.Evening]:
    """The evenings this browser started, or that hold one of its games."""
    return store.evenings_of(get_db(), device(), _mine())


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
                check_room("evenings")
                evening_id = store.create_evening(get_db(), name, device(create=True) or "")
                return redirect(url_for("evenings.evening", evening_id=evening_id), 303)
    return render_template("evenings.html", evenings=my_evenings(), form=form)


def _tables(evening: store.Evening) -> list[store.StoredGame]:
    """The evening's games this browser may see (its own, the ones it joined, or all of
    them through the evening's watch link), in the order they were started."""
    db = get_db()
    return [
        store.get_game(db, game_id)
        for game_id in store.evening_games(db, evening.id)
        if role(game_id) is not None
    ]


def _scored(games: list[store.StoredGame]) -> dict[str, GameResult]:
    """Each game replayed once, for its table's card and the standings alike."""
    return {stored.id: stored.score() for stored in games}


def _sat_out(evening: store.Evening) -> dict[str, int]:
    """Rounds each player sat out, by name: none until the evening seats its rounds."""
    return rounds.sat_out(get_db(), evening.id)


def _standings(
    evening: store.Evening, games: list[store.StoredGame], results: dict[str, GameResult]
) -> dict[str, Any]:
    """The standings as every page shows them: the line that says what ranks, and per
    player the rank (shared on a tie), tables played, wins, the measure, and the
    points difference when one game kind is ranked by its points."""
    tables = [
        found for stored in games if (found := table_result(stored.players, results[stored.id]))
    ]
    ranked = standings(tables, sat_out=_sat_out(evening), sit_out=evening.sit_out)
    title = find_kind(ranked.kind).facts.title if ranked.kind else None
    return {
        "measure": ranked.measure,
        "line": render_text(measure_words(ranked, title)),
        "rows": [
            {
                "rank": row.rank,
                "name": row.name,
                "games": row.games,
                "won": row.won,
                "score": shown(row.score),
                "difference": None if row.difference is None else shown(row.difference, sign=True),
                "sat_out": row.sat_out,
            }
            for row in ranked.rows
        ],
    }


@dataclass
class SideTotal:
    """One side's total on a table's card."""

    name: str
    total: str
    ahead: bool  # the winner, or (before the end) at the top, level or not


@dataclass
class Game:
    """The game a table is playing (or played last): sides, totals, who leads, the
    latest hand."""

    id: str
    card: GameCard
    sides: list[SideTotal]
    status: str  # "Winner: Ann & Cho", "Leading: Ben", "Level at the top", "No hand yet"
    finished: bool
    latest: str  # "Hand 7: Ann & Cho +62 · Ben & Dee −40"; empty before the first hand


@dataclass
class Table:
    """A table's card on the evening page: its number and name, and its game."""

    number: int
    label: str  # "Table 3 — window"
    game: Game | None  # the latest game started at it that this phone may see
    may_start: bool  # this phone may start the table's next game
    held: bool  # this phone holds the table through its link


def table_label(number: int, name: str) -> str:
    """How a table is called on every card: "Table 3", or "Table 3 — window"."""
    if name:
        return str(_("Table %(n)s — %(name)s", n=number, name=name))
    return str(_("Table %(n)s", n=number))


def _ahead(result: GameResult) -> set[int]:
    """The sides at the top: the winner once there is one, else the best total(s)."""
    if result.outcome.won_by:
        return set(result.outcome.won_by)
    if not result.hands:
        return set()
    totals = result.totals
    lowest = result.game.kind.lowest_wins(result.game.current_ruleset.options)
    best = min(totals) if lowest else max(totals)
    return {index for index, total in enumerate(totals) if total == best}


def _latest(stored: store.StoredGame, result: GameResult) -> str:
    """The latest hand in one line: what each side scored, and what marked it."""
    if not result.hands:
        return ""
    (row,) = rows(stored, result, {len(result.hands)})
    parts = []
    for cell in row.sides:
        marks = [label for key, label in cell.marks if key != "first_lead"]  # not a result
        parts.append(
            _(
                "%(side)s %(points)s (%(marks)s)",
                side=cell.name,
                points=cell.points_text,
                marks=" / ".join(marks),
            )
            if marks
            else f"{cell.name} {cell.points_text}"
        )
    return str(_("Hand %(n)s: %(sides)s", n=row.number, sides=" · ".join(parts)))


def _game(stored: store.StoredGame, result: GameResult) -> Game:
    ahead = _ahead(result)
    names = [side.name for side in result.sides]
    leaders = [names[index] for index in sorted(ahead)]
    if result.outcome.won_by:
        status = render_text(winner_words(result))
    elif not leaders:
        status = _("No hand yet")
    elif len(leaders) == 1:
        status = _("Leading: %(side)s", side=leaders[0])
    else:
        status = _("Level at the top")
    return Game(
        id=stored.id,
        card=game_card(stored),
        sides=[
            SideTotal(name, number(total), index in ahead)
            for index, (name, total) in enumerate(zip(names, result.totals, strict=True))
        ],
        status=status,
        finished=result.outcome.finished,
        latest=_latest(stored, result),
    )


def _table_cards(
    evening: store.Evening,
    has: str,
    games: list[store.StoredGame],
    results: dict[str, GameResult],
) -> list[Table]:
    """The evening's tables this phone may see, by number: each with the latest game
    started at it. The organiser and a TV see every table; a table's phone, its own
    and every other with a game (read-only); a phone that only plays in the evening,
    the tables of its games."""
    latest = {stored.table: stored for stored in games}  # started in order: the last stays
    held = store.tables_held(get_db(), device(), evening.id)
    cards = []
    for table in store.evening_tables(get_db(), evening.id):
        stored = latest.get(table.number)
        if stored is None and has not in ("organize", "watch") and table.number not in held:
            continue
        cards.append(
            Table(
                number=table.number,
                label=table_label(table.number, table.name),
                game=_game(stored, results[stored.id]) if stored is not None else None,
                may_start=has == "organize" or table.number in held,
                held=table.number in held,
            )
        )
    return cards


def _links(evening: store.Evening) -> list[dict[str, Any]]:
    """The organiser's list of tables: each one's name and link."""
    return [
        {
            "number": table.number,
            "name": table.name,
            "label": table_label(table.number, table.name),
            "link": share_url("evenings.table_link", token=table.token),
        }
        for table in store.evening_tables(get_db(), evening.id)
    ]


@bp.route("/e/<evening_id>")
def evening(evening_id: str) -> str:
    """Every table of the evening as it stands, and the standings across it."""
    found, has = evening_for(evening_id)
    games = _tables(found)
    results = _scored(games)
    db = get_db()
    organizer = has == "organize"
    others = (
        [game_card(g) for g in store.recent_games(db, device(), outside=found.id)]
        if organizer
        else []
    )
    shared = organizer and found.watch_token
    link = share_url("evenings.watch_link", token=found.watch_token) if shared else ""
    return render_template(
        "evening.html",
        evening=found,
        organizer=organizer,
        watch_link=link,
        version=store.evening_version(db, found.id),
        tables=_table_cards(found, has, games, results),
        standings=_standings(found, games, results),
        links=_links(found) if organizer else [],
        round=current_round(found),  # the round being played and who sits it out
        sit_outs=SIT_OUTS,
        others=others,
        add_form=Form(),
        **rounds_view(found, organizer),
    )


@bp.route("/e/<evening_id>/version")
def live_version(evening_id: str) -> Response:
    """What the evening's page shows, as a word that changes with it: the page asks
    every few seconds and, when it changed, fetches itself and swaps the tables and
    standings in place."""
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


@bp.route("/e/<evening_id>/summary.pdf")
def summary_pdf(evening_id: str) -> Response:
    """The evening on paper: the standings and every game's result, by table."""
    from ..pdf import evening_pdf

    found, _role = evening_for(evening_id)
    games = _tables(found)
    names = {t.number: t.name for t in store.evening_tables(get_db(), found.id)}
    pdf = evening_pdf(
        found.name,
        date.fromisoformat(found.created_at[:10]),
        _standings(found, games, _scored(games)),
        [
            (table_label(g.table, names.get(g.table, "")) if g.table else "", game_card(g))
            for g in games
        ],
        translations=get_translations(),
        language=language(),
    )
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
    """Rename a table, or revoke its link (a new one replaces it)."""
    found = _checked_form(evening_id)
    try:
        if request.form.get("revoke"):
            store.revoke_table_link(get_db(), found.id, number)
            flash(
                _("The old link of table %(n)s opens nothing now; here is its new one.", n=number)
            )
        else:
            store.rename_table(get_db(), found.id, number, request.form.get("name") or "")
            flash(_("Table %(n)s renamed.", n=number))
    except BadName as problem:
        abort(400, _("The table's name: %(why)s", why=render_text(problem.message)))
    except GameError:
        abort(404, _("This evening has no table %(n)s.", n=number))
    return redirect(
        url_for("evenings.evening", evening_id=found.id, links=1, _anchor="table-links"), 303
    )


@bp.route("/e/<evening_id>/sit-out", methods=["POST"])
def sit_out(evening_id: str) -> BaseResponse:
    """What a round sat out earns in the standings: the player's average, or nothing."""
    found = _checked_form(evening_id)
    choice = request.form.get("sit_out") or ""
    if choice not in SIT_OUTS:
        abort(400, _("A round sat out earns the player's average or nothing: choose one."))
    store.set_sit_out(get_db(), found.id, choice)
    flash(_("Saved: the standings count sit-outs that way."))
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)


@bp.route("/e/<evening_id>/export.csv")
def export_csv(evening_id: str) -> Response:
    """The evening's hands (of the tables this browser may see) as CSV."""
    found, _role = evening_for(evening_id)
    return csv_response(_tables(found), f"evening-{found.created_at[:10]}.csv")


@bp.route("/e/<evening_id>/standings.csv")
def standings_csv(evening_id: str) -> Response:
    """The evening's standings as CSV: the line that says what ranks, then a row per
    player."""
    found, _role = evening_for(evening_id)
    games = _tables(found)
    ranked = _standings(found, games, _scored(games))
    score = _("Match points") if ranked["measure"] == "match_points" else _("Points")
    head = [
        _("Rank"),
        _("Player"),
        _("Games"),
        _("Won"),
        score,
        _("Points difference"),
        _("Sat out"),
    ]
    out = io.StringIO()
    write_csv(
        [
            [ranked["line"]],
            head,
            *(
                [
                    r["rank"],
                    r["name"],
                    r["games"],
                    r["won"],
                    r["score"],
                    r["difference"] or "",
                    r["sat_out"],
                ]
                for r in ranked["rows"]
            ),
        ],
        out,
        bom=True,
    )
    return file_response(out.getvalue(), "text/csv", f"standings-{found.created_at[:10]}.csv")


@bp.route("/e/<evening_id>/add", methods=["POST"])
def add_game(evening_id: str) -> BaseResponse:
    """Add one of this phone's games to the evening, at a new table (it leaves any
    other evening)."""
    found = _checked_form(evening_id)
    game_id = request.form.get("game") or ""
    stored = game_for(game_id, "edit")
    if stored.evening and stored.evening != found.id:
        # Only an evening's organizer takes a table out of it (its TV would lose it).
        current = store.get_evening(get_db(), stored.evening)
        if store.evening_role(get_db(), device(), current) != "organize":
            abort(
                403,
                _(
                    "This game is a table of another evening: only the phone that started"
                    " that evening can take it out."
                ),
            )
    store.set_evening(get_db(), game_id, found.id)
    flash(_("Added to the evening."))
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)
