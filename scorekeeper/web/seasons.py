"""Seasons: the club's nights over weeks or months, and a table that ranks their players.

A season holds evenings (a date range, or chosen ones) and ranks players by the club's
measure (seasons.py says how, and the page says it in one line). Who may see a season
follows its evenings: a browser sees the nights it may see, and no season none of
whose nights it may see; the tables in them are the ones it may see, as on each
evening's page. Its numbers come from the games' summaries, so a season of a year of
nights costs what its tables do, not the whole history.
"""

from __future__ import annotations

import io
from collections import Counter
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_translations
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import find_kind
from ..engine.text import N_
from ..limits import BadName, parse_count, player_key
from ..night import counted, missed
from ..ratings import Rating
from ..seasons import MEASURES, PLACING, Night, SeasonTable, measure_words, season_table
from ..standings import shown
from ..stats import csv_number, write_csv
from ..store.seasons import BEST_OF_WORDS, MOST_COUNTED, BadSeason, Season, SeasonNotFound
from .access import check_room, device
from .costly import pdf_in_turn
from .db import get_db
from .download import file_response
from .evening_page import read
from .forms import Form
from .i18n import language, render_text

bp = Blueprint("seasons", __name__, url_prefix="/seasons")

# What each measure's column is called.
SCORE_HEADS = {
    "match_points": _l("Match points"),
    "wins": _l("Wins"),
    "placing": _l("Average place"),
}
MEASURE_CHOICES = {
    "match_points": _l("Match points from each night's tables"),
    "wins": _l("Games won"),
    "placing": _l("Average place in each night's standings"),
}


# Evenings a night chooser lists: the latest, or those a search finds. A club's organizer
# may hold a thousand evenings; the chooser never lists them all.
CHOOSER_SIZE = 20
FIND_MAX = 60  # the longest text searched for


def _to_choose(chosen: list[store.Evening]) -> list[store.Evening]:
    """The nights a chooser offers: those chosen already, then the latest of this
    browser's evenings (or those whose name or day holds the text searched for)."""
    find = (request.args.get("find") or "")[:FIND_MAX]
    found = store.evenings_to_choose(get_db(), device(), find, CHOOSER_SIZE)
    offered = {e.id: e for e in chosen}
    for evening in found:
        offered.setdefault(evening.id, evening)
    return list(offered.values())


def _visible(season: Season) -> list[store.Evening]:
    return store.season_evenings(get_db(), season, device())


def _season(season_id: str) -> tuple[Season, list[store.Evening]]:
    """The season and the evenings of it this browser may see; 404 for a season it may
    not see at all (a stranger learns not even its name)."""
    try:
        found = store.get_season(get_db(), season_id)
    except SeasonNotFound:
        abort(404, _("There is no season at this address."))
    evenings = _visible(found)
    if not evenings and found.created_by != device():
        abort(404, _("There is no season at this address."))
    return found, evenings


def _nights(evenings: list[store.Evening]) -> list[Night]:
    """Each evening as the season reads it: the night read as its own page reads it
    (store.read_night, from the games' summaries: no hand is replayed), its tables as
    the evening counts them, the rounds each player did not play and what ranks it."""
    db = get_db()
    nights = []
    for evening in evenings:
        night = read(evening, store.evening_role(db, device(), evening) or "")
        tables = tuple(
            found for game in night.games.values() if (found := counted(game)) is not None
        )
        nights.append(
            Night(
                evening.name,
                evening.created_at[:10],
                tables,
                evening.sit_out,
                missed(night.rounds, night.games),
                evening.format,
            )
        )
    return nights


def _rated_kind(table: SeasonTable) -> str | None:
    """The game kind most of the season's tables play: its ratings are shown."""
    kinds = Counter(t.kind for night in table.nights for t in night.tables)
    return kinds.most_common(1)[0][0] if kinds else None


def _ratings(table: SeasonTable) -> dict[str, Rating]:
    """The players' ratings in the game kind most of the season's tables play."""
    kind = _rated_kind(table)
    if kind is None:
        return {}
    keys = [player_key(row.name) for row in table.rows]
    return store.ratings_of(get_db(), kind, keys)


def rating_head(table: SeasonTable) -> str:
    """The rating column's head, naming the game whose ratings it shows."""
    kind = _rated_kind(table)
    if kind is None:
        return str(_("Rating"))
    return str(_("Rating (%(game)s)", game=_(find_kind(kind).facts.title)))


def night_heads(evenings: list[store.Evening]) -> list[str]:
    """A column a night: its day ("11-20"), and its name where two share a day."""
    days = Counter(e.created_at[:10] for e in evenings)
    return [
        e.created_at[5:10] if days[e.created_at[:10]] == 1 else f"{e.created_at[5:10]} {e.name}"
        for e in evenings
    ]


def _rows(table: SeasonTable) -> list[dict[str, Any]]:
    ratings = _ratings(table)
    rows = []
    for row in table.rows:
        rating = ratings.get(player_key(row.name))
        rows.append(
            {
                "rank": row.rank,
                "name": row.name,
                "nights": row.nights,
                "counted": row.counted,
                "score": f"{float(row.score):.2f}"
                if table.measure == PLACING
                else shown(row.score),
                "wins": row.wins,
                "rating": None if rating is None else rating.shown,
                "provisional": rating is not None and rating.provisional,
                "nightly": [
                    ("" if n is None else shown(n), dropped)
                    for n, dropped in zip(
                        row.nightly, row.dropped or [False] * len(row.nightly), strict=True
                    )
                ],
            }
        )
    return rows


@bp.route("/", methods=["GET", "POST"])
def index() -> BaseResponse | tuple[str, int] | str:
    """This browser's seasons, and starting one."""
    form = Form()
    problem: dict[str, str] = {}
    if request.method == "POST":
        if not form.validate_on_submit():
            problem["name"] = _("This form had expired. Try again.")
        else:
            check_room("seasons")
            try:
                season_id = _create()
            except BadName as bad:
                problem["name"] = _("The season's name: %(why)s", why=render_text(bad.message))
            except BadSeason as bad:
                problem[bad.field] = _(bad.message)  # marked in store/seasons.py
            else:
                return redirect(url_for("seasons.season", season_id=season_id), 303)
    typed = store.evenings_seen(get_db(), device(), request.form.getlist("evening"))
    page = render_template(
        "seasons.html",
        seasons=store.seasons_of(get_db(), device()),
        evenings=_to_choose(typed),
        find=request.args.get("find", "")[:FIND_MAX],
        find_size=CHOOSER_SIZE,
        form=form,
        measures=MEASURE_CHOICES,
        problem=problem,
    )
    return (page, 400) if problem else page


def _best_of(raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    count = parse_count(raw)
    if count is None or not 1 <= count <= MOST_COUNTED:
        raise BadSeason("best_of", BEST_OF_WORDS)
    return count


def _day(raw: str, field: str) -> str | None:
    raw = raw.strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw).isoformat()
    except ValueError:
        raise BadSeason(field, N_("a day is written 2026-04-01")) from None


def _chosen_nights() -> dict[str, Any]:
    """The nights a season form sent: a first and last day, or evenings this browser may
    see (those a season holds are among them: it holds only its starter's)."""
    chosen = list(dict.fromkeys(request.form.getlist("evening")))
    if len(store.evenings_seen(get_db(), device(), chosen)) != len(chosen):
        raise BadSeason("evenings", N_("choose evenings from the list"))
    return {
        "since": _day(request.form.get("since") or "", "since"),
        "until": _day(request.form.get("until") or "", "until"),
        "evenings": chosen or None,
    }


def _create() -> str:
    return store.create_season(
        get_db(),
        request.form.get("name") or "",
        device(create=True) or "",
        **_chosen_nights(),
        measure=request.form.get("measure") or "match_points",
        best_of=_best_of(request.form.get("best_of") or ""),
    )


@bp.route("/<season_id>")
def season(season_id: str) -> str:
    """A season's table: the line that says what ranks, then the players."""
    return _season_page(season_id)


def _season_page(
    season_id: str, problem: dict[str, str] | None = None, typed: dict[str, Any] | None = None
) -> str:
    """The season's page; with the nights form as it was sent and what was wrong with it."""
    found, evenings = _season(season_id)
    table = season_table(_nights(evenings), found.measure, found.best_of)
    owner = found.created_by == device()
    # Its starter may choose again among their evenings (those the season holds first).
    chosen = (typed or {}).get("evenings", found.evenings or ())
    choosable = _to_choose(store.evenings_seen(get_db(), device(), chosen)) if owner else []
    return render_template(
        "season.html",
        season=found,
        evenings=evenings,
        line=render_text(measure_words(table)),
        score_head=SCORE_HEADS[found.measure],
        rows=_rows(table),
        show_wins=found.measure != "wins",
        rating_head=rating_head(table),
        night_heads=list(zip(night_heads(evenings), evenings, strict=True)),
        owner=owner,
        measures=MEASURE_CHOICES,
        form=Form(),
        choosable=choosable,
        find=request.args.get("find", "")[:FIND_MAX],
        find_size=CHOOSER_SIZE,
        typed=typed
        or {"since": found.since, "until": found.until, "evenings": found.evenings or ()},
        problem=problem or {},
    )


@bp.route("/<season_id>/nights", methods=["POST"])
def nights(season_id: str) -> BaseResponse | tuple[str, int]:
    """The season's starter changes which nights it holds (its table follows)."""
    found, _evenings = _season(season_id)
    if found.created_by != device():
        abort(403, _("Only the phone that started this season can change its nights."))
    typed = {
        "since": request.form.get("since", ""),
        "until": request.form.get("until", ""),
        "evenings": request.form.getlist("evening"),
    }
    if not Form().validate_on_submit():
        return _season_page(
            season_id, {"since": _("This form had expired. Try again.")}, typed
        ), 400
    try:
        store.set_nights(get_db(), found.id, **_chosen_nights())
    except BadSeason as bad:
        return _season_page(season_id, {bad.field: _(bad.message)}, typed), 400
    flash(_("Saved: the season holds those nights."))
    return redirect(url_for("seasons.season", season_id=found.id), 303)


@bp.route("/<season_id>/delete", methods=["GET", "POST"])
def delete(season_id: str) -> BaseResponse | str:
    """The season's starter deletes it, after a page that says what goes and what stays."""
    found, evenings = _season(season_id)
    if found.created_by != device():
        abort(403, _("Only the phone that started this season can delete it."))
    form = Form()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, _("This form had expired. Go back to the season and try again."))
        store.delete_season(get_db(), found.id)
        flash(_("Season deleted: %(name)s.", name=found.name))
        return redirect(url_for("seasons.index"), 303)
    return render_template("delete_season.html", season=found, evenings=evenings, form=form)


@bp.route("/<season_id>/ranking", methods=["POST"])
def ranking(season_id: str) -> BaseResponse:
    """The season's starter changes how its table ranks."""
    found, _evenings = _season(season_id)
    if found.created_by != device():
        abort(403, _("Only the phone that started this season can change how it ranks."))
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the season and try again."))
    measure = request.form.get("measure") or ""
    if measure not in MEASURES:
        abort(400, _("Choose how the season ranks from the list."))
    try:
        best_of = _best_of(request.form.get("best_of") or "")
    except BadSeason as bad:
        abort(400, _("The nights that count: %(why)s", why=_(bad.message)))
    store.set_ranking(get_db(), found.id, measure, best_of)
    flash(_("Saved: the table ranks that way."))
    return redirect(url_for("seasons.season", season_id=found.id), 303)


@bp.route("/<season_id>/table.csv")
def table_csv(season_id: str) -> Response:
    """The season's table as CSV: the line that says what ranks, then a row per player
    with each night's score."""
    found, evenings = _season(season_id)
    table = season_table(_nights(evenings), found.measure, found.best_of)
    ratings = _ratings(table)
    out = io.StringIO()
    wins = found.measure != "wins"  # ranked by wins, the measure is the wins already
    head = [_("Rank"), _("Player"), _("Nights"), str(SCORE_HEADS[found.measure])]
    head += [_("Wins")] * wins + [rating_head(table)]
    head += [f"{e.name} ({e.created_at[:10]})" for e in evenings]
    write_csv(
        [
            [render_text(measure_words(table))],
            head,
            *(
                [
                    row.rank,
                    row.name,
                    row.nights,
                    csv_number(row.score),
                    *[row.wins] * wins,
                    "" if rating is None else round(rating.figure, 1),
                ]
                + ["" if n is None else csv_number(n) for n in row.nightly]
                for row in table.rows
                for rating in [ratings.get(player_key(row.name))]
            ),
        ],
        out,
        bom=True,
    )
    return file_response(out.getvalue(), "text/csv", f"season-{found.created_at[:10]}.csv")


@bp.route("/<season_id>/table.pdf")
def table_pdf(season_id: str) -> Response:
    """The season's table on paper."""
    from ..pdf import season_pdf

    found, evenings = _season(season_id)

    def make() -> bytes:
        table = season_table(_nights(evenings), found.measure, found.best_of)
        return season_pdf(
            found.name,
            render_text(measure_words(table)),
            str(SCORE_HEADS[found.measure]),
            _rows(table),
            [(e.name, e.created_at[:10]) for e in evenings],
            show_wins=found.measure != "wins",
            rating_head=rating_head(table),
            night_heads=night_heads(evenings),
            translations=get_translations(),
            language=language(),
        )

    pdf = pdf_in_turn(("season", found.id), make)
    if isinstance(pdf, Response):
        return pdf
    return file_response(
        pdf, "application/pdf", f"season-{found.created_at[:10]}.pdf", inline=True
    )
