"""Players: who played this browser's games, and how each of them does."""

from __future__ import annotations

import itertools
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import all_rulesets, find_kind, kind_names
from ..limits import NAME_MAX, BadName, clean_name, player_key
from ..ratings import PROVISIONAL_UNDER, Rating
from ..stats import PlayerStats, stat_columns
from ..store import members
from ..store.catch_up import CatchingUp
from .access import device
from .db import get_db
from .forms import Form
from .i18n import language
from .members import rename_or_confirm

bp = Blueprint("players", __name__, url_prefix="/players")


def _scope() -> tuple[store.Scope, dict[str, str]]:
    """The games the page spans: this browser's, as its filters keep them (game kind,
    ruleset, started from and to a date, both days included)."""
    names = ("game", "ruleset", "since", "until")
    chosen = {name: request.args.get(name, "").strip() for name in names}
    scope = store.Scope(
        device() or "",
        kind=chosen["game"],
        ruleset=chosen["ruleset"],
        since=chosen["since"],
        until=chosen["until"],
    )
    return scope, chosen


def _filter_choices() -> dict[str, Any]:
    lang = language()
    return {
        "kinds": [(kind, _(find_kind(kind).facts.title)) for kind in kind_names()],
        "rulesets": [(r.id, r.text("name", lang)) for r in all_rulesets()],
    }


@bp.route("/")
def index() -> str:
    """Every player of this browser's games: games, wins, hands, and each kind's columns."""
    scope, chosen = _scope()
    db = get_db()
    players = store.player_totals(db, scope)
    # A rating is a game kind's: shown when the page keeps one kind, and it is rated.
    ratings: dict[str, Rating | None] = {}
    if chosen["game"] in kind_names():
        keys = {p.name: player_key(p.name) for p in players}
        try:
            found = store.ratings_of(db, chosen["game"], keys.values())
        except CatchingUp:  # every game of the kind counts: shown once caught up
            found = {}
        if found:
            ratings = {name: found.get(key) for name, key in keys.items()}
    return render_template(
        "players.html",
        players=players,
        columns=stat_columns({kind for p in players for kind in p.kinds}),  # played only
        ratings=ratings,
        rated_kind=chosen["game"] in kind_names() and find_kind(chosen["game"]).facts.rated,
        organiser=members.organises(db, device()),
        chosen=chosen,
        **_filter_choices(),
    )


@bp.route("/export.csv")
def export_csv() -> Response:
    """Every hand of this browser's games (as filtered), one row per player per hand."""
    scope, _chosen = _scope()
    chunks = store.csv_chunks(get_db(), scope)
    first = next(chunks)  # the summaries brought up to date before the answer starts
    body = (part.encode() for part in itertools.chain(["\ufeff", first], chunks))
    return Response(
        stream_with_context(body),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="scorekeeper-players.csv"'},
    )


def _ratings(player: PlayerStats) -> dict[str, Rating]:
    """The player's rating in each rated game kind they played (from every game of the
    club's evenings, whichever phone kept it: a rating is the club's, like a ladder; a
    phone's own games outside evenings count for none, so none is learnt through it)."""
    db, key = get_db(), player_key(player.name)
    try:
        return {
            kind: found
            for kind in sorted(player.kinds)
            if (found := store.ratings_of(db, kind, [key]).get(key)) is not None
        }
    except CatchingUp:  # a rating counts every game of its kind: shown once caught up
        return {}


@bp.route("/<path:key>/rename", methods=["POST"])
def rename(key: str) -> BaseResponse | str | tuple[str, int]:
    """Rename a player, or merge two spellings (asked to confirm first), in every game
    this phone keeps score of and every game of the evenings it directs."""
    form = Form()
    if not form.validate_on_submit():
        abort(400, _("This form had expired. Go back to the player and try again."))
    typed = request.form.get("name") or ""
    found = store.player_of(get_db(), store.Scope(device() or ""), player_key(key))
    old = found.name if found is not None else key
    answer = rename_or_confirm(
        old,
        typed,
        url_for("players.rename", key=old),
        url_for("players.player", key=clean_or(typed, old)),
    )
    if isinstance(answer, tuple) and answer[1] == 400:  # the player's page, as typed
        return _player_page(key, typed=typed, problem=answer[0]), 400
    return answer


def clean_or(typed: str, old: str) -> str:
    """The name as the rule for names makes it (where the player's page goes after a
    rename), or the old one for a name it refuses."""
    try:
        return clean_name(typed)
    except BadName:
        return old


@bp.route("/<path:key>")
def player(key: str) -> str:
    """One player: records, what they bid and made, and with whom they win."""
    return _player_page(key)


def _player_page(key: str, typed: str | None = None, problem: str | None = None) -> str:
    scope, chosen = _scope()
    db = get_db()
    found = store.player_of(db, scope, player_key(key))
    if found is None:
        abort(404, _("No game on this phone has a player called %(name)s.", name=key))
    return render_template(
        "player.html",
        player=found,
        data=found.to_json(),
        ratings=_ratings(found),
        provisional_under=PROVISIONAL_UNDER,
        chosen=chosen,
        rename_form=Form(),
        name_max=NAME_MAX,
        typed=typed,
        problem=problem,
        **_filter_choices(),
    )
