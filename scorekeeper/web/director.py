"""The evening's director: the phone that started it, and the phones it names through
its director link. A director may act on every game of the evening (store.role_of
gives them the right to score each), change the evening's format, end a round (its
unfinished games cut as they stand), adjust a side's points with a reason, revoke a
table's link or take the table over, and prints the table cards and the night's plan.
What a director did is written in the evening's book.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_translations, ngettext
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine.errors import GameError, ScoreError
from ..limits import parse_count
from .access import device, evening_for, game_for, new_device
from .costly import pdf_in_turn
from .db import get_db
from .download import file_response
from .evening_page import clock_of, read, read_format, round_label, rounds_views
from .forms import Form
from .i18n import language, when
from .sheet import table_label
from .urls import share_url

bp = Blueprint("director", __name__)


def _directed(evening_id: str) -> store.Evening:
    """The evening, if this phone directs it (403 otherwise), with its form checked."""
    found, _role = evening_for(evening_id, "organize")
    if request.method == "POST" and not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the evening and try again."))
    return found


def _back(evening: store.Evening, anchor: str = "director") -> BaseResponse:
    return redirect(url_for("evenings.evening", evening_id=evening.id, _anchor=anchor), 303)


@bp.route("/e/<evening_id>/format", methods=["POST"])
def change_format(evening_id: str) -> BaseResponse:
    """Change how the evening is played and ranked, its round clock, and what a round
    not played counts."""
    found = _directed(evening_id)
    try:
        store.set_format(get_db(), found.id, read_format())
    except ValueError as problem:
        abort(400, str(problem))
    flash(_("Saved: the evening is played and ranked that way."))
    return _back(found)


def _confirm(title: str, words: list[str], button: str, back: str, **hidden: Any) -> str:
    """A page that asks before a director's act that cannot be taken back."""
    return render_template(
        "confirm.html",
        title=title,
        words=words,
        button=button,
        action=request.path,
        back=back,
        hidden=hidden,
        form=Form(),
    )


@bp.route("/e/<evening_id>/rounds/<int:number>/end", methods=["POST"])
def end_round(evening_id: str, number: int) -> BaseResponse | str:
    """End a round: its unfinished games are cut as they stand. Once the round clock
    has run out, one tap; before that, after a page that says what it does."""
    found = _directed(evening_id)
    night = read(found, "organize")
    current = next((r for r in night.rounds if r.number == number), None)
    if current is None:
        abort(404, _("This evening has no round %(n)s.", n=number))
    clock = clock_of(night, current)
    timed_out = clock is not None and clock.left <= 0
    if not timed_out and request.form.get("confirm") != "1":
        playing = (
            [p for p in current.places if p.game and not night.games[p.game].over]
            if current.places
            else []
        )
        return _confirm(
            _("End %(round)s now?", round=round_label(night, number)),
            [
                _(
                    "%(n)s tables are still playing: their games end as they stand now, and"
                    " the totals so far count. No hand can be added to them afterwards.",
                    n=len(playing),
                )
            ],
            _("End the round"),
            url_for("evenings.evening", evening_id=found.id),
        )
    cut = store.end_round(get_db(), found.id, number)
    flash(
        _(
            "%(round)s ended: %(n)s games cut as they stood.",
            round=round_label(night, number),
            n=len(cut),
        )
    )
    return _back(found, "rounds")


@bp.route("/e/<evening_id>/t/<int:number>/lock", methods=["POST"])
def lock_table(evening_id: str, number: int) -> BaseResponse | str:
    """Revoke a table's link, or take the table over (this phone keeps its score),
    after a page that says what it does."""
    found = _directed(evening_id)
    take_over = request.form.get("take_over") == "1"
    names = {t.number: t.name for t in store.evening_tables(get_db(), found.id)}
    if number not in names:
        abort(404, _("This evening has no table %(n)s.", n=number))
    label = table_label(number, names[number])
    if request.form.get("confirm") != "1":
        words = [
            _(
                "The phone that keeps score at %(table)s can no longer score there: it is"
                " told why when it next opens the table. Its link, the scorer links and"
                " PINs of the table's games are replaced.",
                table=label,
            )
        ]
        if take_over:
            words.append(_("This phone keeps the table's score from now on."))
        return _confirm(
            _("Take over %(table)s?", table=label)
            if take_over
            else _("Revoke the link of %(table)s?", table=label),
            words,
            _("Take the table over") if take_over else _("Revoke the link"),
            url_for("evenings.evening", evening_id=found.id, links=1, _anchor="table-links"),
            take_over="1" if take_over else "",
        )
    try:
        store.lock_table(
            get_db(),
            found.id,
            number,
            taken_over_by=new_device(f"take over {found.id} {number}") if take_over else None,
        )
    except GameError:
        abort(404, _("This evening has no table %(n)s.", n=number))
    if take_over:
        flash(_("This phone now keeps score at %(table)s.", table=label))
        return redirect(
            url_for("evenings.evening", evening_id=found.id, _anchor=f"table-{number}"), 303
        )
    flash(_("The old link of %(table)s opens nothing now; here is its new one.", table=label))
    return redirect(
        url_for("evenings.evening", evening_id=found.id, links=1, _anchor="table-links"), 303
    )


@bp.route("/e/<evening_id>/directors", methods=["POST"])
def directors(evening_id: str) -> BaseResponse | str:
    """Make the co-director link, or revoke it (every co-director loses the evening)."""
    found = _directed(evening_id)
    if request.form.get("revoke") == "1":
        if request.form.get("confirm") != "1":
            return _confirm(
                _("Revoke the co-director link?"),
                [
                    _(
                        "Every phone that opened it stops directing the evening; a new link replaces it."
                    )
                ],
                _("Revoke the link"),
                url_for("evenings.evening", evening_id=found.id, _anchor="director"),
                revoke="1",
            )
        count = store.revoke_directors(get_db(), found.id)
        flash(_("Co-director link replaced: %(n)s phones no longer direct the evening.", n=count))
        return _back(found)
    store.director_token(get_db(), found.id)
    return redirect(
        url_for("evenings.evening", evening_id=found.id, director=1, _anchor="director"), 303
    )


@bp.route("/d/<token>")
def co_director(token: str) -> BaseResponse:
    """A co-director link: this phone directs the evening too."""
    found = store.evening_by_director_token(get_db(), token)
    if found is None:
        abort(
            404,
            _(
                "This link opens nothing: it was replaced. Ask the evening's director for the new one."
            ),
        )
    store.add_director(get_db(), new_device(f"director {found.id}"), found.id)
    flash(_("This phone now directs %(name)s with its organiser.", name=found.name))
    return redirect(url_for("evenings.evening", evening_id=found.id), 303)


@bp.route("/g/<game_id>/adjust", methods=["POST"])
def adjust(game_id: str) -> BaseResponse:
    """Give a side points, or take them, with a reason: the director's adjustment, kept
    apart from the hands."""
    stored = game_for(game_id, "edit")
    if stored.evening is None or not store.is_director(get_db(), device(), stored.evening):
        abort(403, _("Only the evening's director adjusts a game's points."))
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the game and try again."))
    side = parse_count(request.form.get("side") or "")
    raw = (request.form.get("points") or "").strip().replace("−", "-")
    sign = -1 if raw.startswith("-") else 1
    points = parse_count(raw.lstrip("+-"))
    if side is None or points is None:
        abort(400, _("Choose a side and type the points as a whole number, e.g. −20 or 15."))
    try:
        store.adjust(get_db(), stored.id, side, sign * points, request.form.get("reason") or "")
    except ScoreError as error:
        abort(400, error.render(get_translations()))
    flash(_("Adjustment written on the sheet and in the evening's book."))
    return redirect(url_for("games.game", game_id=stored.id, _anchor="adjustments"), 303)


@bp.route("/e/<evening_id>/book")
def book(evening_id: str) -> str:
    """The director's book: every act of the evening's directors, in order."""
    found, _role = evening_for(evening_id, "organize")
    lines = [
        {"at": when(line.at), "words": book_words(line)} for line in store.book(get_db(), found.id)
    ]
    return render_template("book.html", evening=found, lines=lines)


def book_words(line: store.BookLine) -> str:
    """A line of the book in words."""
    detail = line.detail
    table = detail.get("table")
    points = "{:+d}".format(int(detail.get("points", 0))).replace("-", "−")
    words = {
        "round_ended": lambda: _(
            "Round %(n)s ended: %(cut)s games cut as they stood.",
            n=detail.get("round"),
            cut=detail.get("cut"),
        ),
        "game_removed": lambda: _(
            "Game removed from round %(n)s at table %(t)s (%(players)s).",
            n=detail.get("round"),
            t=detail.get("table"),
            players=" · ".join(detail.get("players", [])),
        ),
        "game_moved": lambda: _(
            "Game of %(players)s moved from “%(before)s” to “%(after)s”.",
            players=" · ".join(detail.get("players", [])),
            before=detail.get("before") or _("no evening"),
            after=detail.get("after") or _("no evening"),
        ),
        "adjusted": lambda: _(
            "Side %(side)s given %(points)s points: %(reason)s",
            side=int(detail.get("side", 0)) + 1,
            points=points,
            reason=detail.get("reason", ""),
        ),
        "player_renamed": lambda: ngettext(
            "%(before)s renamed %(after)s (%(num)s game of this evening).",
            "%(before)s renamed %(after)s (%(num)s games of this evening).",
            int(detail.get("games", 0)),
            before=detail.get("before", ""),
            after=detail.get("after", ""),
        ),
        "table_taken_over": lambda: _("Table %(t)s taken over by a director.", t=table),
        "table_link_revoked": lambda: _("The link of table %(t)s revoked.", t=table),
        "format_changed": lambda: _("The evening's format changed."),
        "director_added": lambda: _("A co-director joined."),
        "directors_revoked": lambda: _("The co-director link was replaced."),
    }
    said = words.get(line.action)
    return str(said()) if said else line.action


def _paper() -> str:
    return "Letter" if request.args.get("paper", "").lower() == "letter" else "A4"


@bp.route("/e/<evening_id>/cards.pdf")
def table_cards(evening_id: str) -> Response:
    """Table cards to print: each table's number, name and the QR code of its link,
    large enough to scan across a table (?paper=letter for Letter)."""
    from ..pdf import table_cards_pdf

    found, _role = evening_for(evening_id, "organize")
    cards = [
        {
            "number": table.number,
            "label": table_label(table.number, table.name),
            "name": table.name,
            "link": share_url("evenings.table_link", token=table.token),
        }
        for table in store.evening_tables(get_db(), found.id)
    ]
    if not cards:
        abort(404, _("This evening has no table yet: add tables first."))
    pdf = pdf_in_turn(
        ("cards", found.id),
        lambda: table_cards_pdf(
            found.name,
            cards,
            page_size=_paper(),
            translations=get_translations(),
            language=language(),
        ),
    )
    if isinstance(pdf, Response):
        return pdf
    return file_response(
        pdf, "application/pdf", f"table-cards-{found.created_at[:10]}.pdf", inline=True
    )


@bp.route("/e/<evening_id>/plan.pdf")
def plan_pdf(evening_id: str) -> Response:
    """The night's plan to post: every round's tables, seats and sit-outs."""
    from ..pdf import plan_pdf as render

    found, has = evening_for(evening_id)
    night = read(found, has)
    views = rounds_views(night)
    if not views:
        abort(404, _("No plan yet: the director types tonight's players and draws it."))
    pdf = pdf_in_turn(
        ("plan", found.id),
        lambda: render(
            found.name,
            date.fromisoformat(found.created_at[:10]),
            views,
            page_size=_paper(),
            translations=get_translations(),
            language=language(),
        ),
    )
    if isinstance(pdf, Response):
        return pdf
    return file_response(pdf, "application/pdf", f"plan-{found.created_at[:10]}.pdf", inline=True)
