"""Evenings: a club night or a family weekend with several tables, on one page.

An evening groups games. Its page shows every table's score as it stands and the
standings across the evening, refreshing itself (no script needed), large enough for a
TV; a summary prints as PDF. As everywhere, a browser sees only the games it may see:
an evening's page lists the tables this phone started or joined.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_translations
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import GameResult
from ..engine.text import number
from ..limits import EVENING_NAME_MAX, BadName, clean_name
from ..scoresheet import winner_words
from ..stats import player_key
from .access import device, evening_for, game_for, role
from .db import get_db
from .download import file_response
from .forms import Form
from .i18n import language, render_text
from .qr import qr_svg
from .rounds import rounds_view
from .scoresheet import rows
from .sheet import GameCard, game_card
from .tables import csv_response, stats_of
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


def _standings(games: list[store.StoredGame]) -> list[dict[str, Any]]:
    """Per player across the evening: games, wins, points for minus against; most wins first."""
    rows = [
        {
            "name": p.name,
            "key": player_key(p.name),
            "games": p.games,
            "won": p.won,
            "difference": p.points_for - p.points_against,
        }
        for p in stats_of(games)
    ]
    return sorted(rows, key=lambda r: (-r["won"], -r["difference"], r["key"]))


@dataclass
class SideTotal:
    """One side's total on a table's card."""

    name: str
    total: str
    ahead: bool  # the winner, or (before the end) at the top, level or not


@dataclass
class Table:
    """A table's card on the evening page: sides, totals, who leads, the latest hand."""

    id: str
    card: GameCard
    sides: list[SideTotal]
    status: str  # "Winner: Ann & Cho", "Leading: Ben", "Level at the top", "No hand yet"
    finished: bool
    latest: str  # "Hand 7: Ann & Cho +62 · Ben & Dee −40"; empty before the first hand


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


def _table(stored: store.StoredGame) -> Table:
    result = stored.score()
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
    return Table(
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


@bp.route("/e/<evening_id>")
def evening(evening_id: str) -> str:
    """Every table of the evening as it stands, and the standings across it."""
    found, has = evening_for(evening_id)
    games = _tables(found)
    db = get_db()
    organizer = has == "organize"
    others = (
        [
            game_card(g)
            for g in store.list_games(db, store.games_of(db, device(), role="edit"))
            if g.evening != found.id
        ]
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
        tables=[_table(g) for g in games],
        standings=_standings(games),
        others=others,
        add_form=Form(),
        **rounds_view(found, organizer),
    )


@bp.route("/e/<evening_id>/summary.pdf")
def summary_pdf(evening_id: str) -> Response:
    """The evening on paper: the standings and every table's result."""
    from ..pdf import evening_pdf

    found, _role = evening_for(evening_id)
    games = _tables(found)
    pdf = evening_pdf(
        found.name,
        date.fromisoformat(found.created_at[:10]),
        _standings(games),
        [(game_card(g), g.score()) for g in games],
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


@bp.route("/v/<token>")
def watch_link(token: str) -> BaseResponse:
    """An evening's watch link: this browser (a TV, a guest) sees every table of it."""
    found = store.evening_by_token(get_db(), token)
    if found is None:
        abort(404, _("This link does not open any evening. Ask for the link again."))
    store.grant_evening(get_db(), device(create=True) or "", found.id)
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)


@bp.route("/e/<evening_id>/export.csv")
def export_csv(evening_id: str) -> Response:
    """The evening's hands (of the tables this browser may see) as CSV."""
    found, _role = evening_for(evening_id)
    return csv_response(_tables(found), f"evening-{found.created_at[:10]}.csv")


@bp.route("/e/<evening_id>/add", methods=["POST"])
def add_game(evening_id: str) -> BaseResponse:
    """Add one of this phone's games to the evening (it leaves any other evening)."""
    found, _role = evening_for(evening_id, "organize")
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the evening and try again."))
    game_id = request.form.get("game") or ""
    game_for(game_id, "edit")
    store.set_evening(get_db(), game_id, found.id)
    flash(_("Added to the evening."))
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)
