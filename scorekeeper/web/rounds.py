"""Seating an evening's rounds: the director types tonight's players, picks the game,
the number of rounds and the method; the plan of the whole night is drawn (and posted
before round 1), each round is seated by the rotation and a game started at each table
with its seats filled in. Someone arriving or leaving changes the list: the plan is
drawn again from the rounds seated.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..engine import UnknownRuleset
from ..engine.errors import ScoreError
from ..engine.rotation import MAX_PLAYERS, Method, Request, check
from ..limits import BadName, parse_count, player_key
from ..store import rounds
from .access import check_room, device, evening_for
from .db import get_db
from .evening_page import MAX_ROUNDS, render_evening
from .forms import Form
from .house import rulesets
from .i18n import language, render_text

bp = Blueprint("rounds", __name__)


def _names(raw: str) -> list[str]:
    """Tonight's players as typed: one a line (or separated by commas), read no further
    than one past the most a rotation seats (a list of 100,000 is refused as long)."""
    names = (found.group() for found in re.finditer(r"[^\n,、]+", raw))
    return list(itertools.islice((name for name in names if name.strip()), MAX_PLAYERS + 1))


def _tonight(typed: str, tapped: list[str]) -> list[str]:
    """Tonight's players: the names typed, then those tapped in the club's list that are
    not typed already (a phone without script sends its taps, not the text they fill)."""
    names = _names(typed)
    keys = {player_key(name) for name in names if name.strip()}
    for name in tapped[: MAX_PLAYERS + 1]:
        if name.strip() and player_key(name) not in keys:
            names.append(name)
            keys.add(player_key(name))
    return names


def _pins(raw: str, players: list[str]) -> dict[str, int]:
    """ "Name = table" lines, the name as in the list of players (any case)."""
    spelled = {name.casefold(): name for name in players}
    pins: dict[str, int] = {}
    typed = (found.group() for found in re.finditer(r"[^\r\n]+", raw))
    lines = list(itertools.islice((line for line in typed if line.strip()), MAX_PLAYERS + 1))
    if len(lines) > MAX_PLAYERS:  # read no further: more is never one line a player
        raise ValueError(_("At most %(n)s lines of “name = table”: one a player.", n=MAX_PLAYERS))
    for line in lines:
        name, equals, table = line.rpartition("=")
        number = parse_count(table.strip())
        if not equals or not name.strip() or number is None:
            raise ValueError(
                _("“%(line)s” is not a name, “=” and a table number.", line=line.strip())
            )
        pins[spelled.get(name.strip().casefold(), name.strip())] = number
    return pins


def _read(evening_id: str) -> tuple[rounds.Rotation, Any]:
    """The organiser's form as a rotation and its ruleset, or ValueError saying what is
    wrong and where."""
    form = request.form
    try:
        players = rounds.clean_players(_tonight(form.get("players", ""), form.getlist("pick")))
    except BadName as problem:
        raise ValueError(
            _("Tonight's players: %(why)s", why=render_text(problem.message))
        ) from None
    try:
        ruleset = rulesets()(form.get("ruleset", ""))
    except UnknownRuleset:
        raise ValueError(_("Choose the game to play.")) from None
    count = parse_count(form.get("rounds", "").strip())
    if count is None or not 1 <= count <= MAX_ROUNDS:
        raise ValueError(_("The number of rounds: a whole number from 1 to %(n)s.", n=MAX_ROUNDS))
    try:
        method = Method(form.get("method", ""))
    except ValueError:
        raise ValueError(_("Choose how tables are seated.")) from None
    pins = _pins(form.get("pins", ""), players)
    size, partners = rounds.seating_of(ruleset.seated(_table_size(ruleset)))
    try:
        check(players, Request(size, partners, pins, method))
    except ScoreError as error:
        raise ValueError(
            _("Tonight's players: %(why)s", why=error.render(_translations()))
        ) from None
    existing = rounds.get_rotation(get_db(), evening_id)
    seed = existing.seed if existing else 0
    rotation = rounds.Rotation(
        evening_id, ruleset.id, method, count, size, tuple(players), pins, seed
    )
    return rotation, ruleset


def _table_size(ruleset: Any) -> int:
    """Players a table: the game's own number, or another its source allows."""
    typed = request.form.get("size", "").strip()
    if not typed:
        return int(ruleset.options.players)
    counts = sorted(ruleset.player_counts)
    size = parse_count(typed)
    if size is None or size not in counts:
        raise ValueError(
            _(
                "Players a table: %(name)s is played by %(counts)s.",
                name=ruleset.text("name", language()),
                counts=", ".join(map(str, counts)),
            )
        )
    return size


def _translations() -> Any:
    from flask_babel import get_translations

    return get_translations()


@bp.route("/e/<evening_id>/rounds", methods=["POST"])
def seat(evening_id: str) -> BaseResponse | tuple[str, int]:
    """Seat the evening's next round, or (`plan`) keep the rotation and draw the plan
    of the night without seating (the director only)."""
    found, has = evening_for(evening_id, "organize")
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the evening and try again."))
    seated = rounds.rounds_of(get_db(), found.id)
    only_plan = request.form.get("action") == "plan"
    expected = request.form.get("round", "")
    if not only_plan and expected != str(len(seated) + 1):  # sent twice: already seated
        return redirect(url_for("evenings.evening", evening_id=found.id) + "#rounds", 303)
    if not only_plan:
        check_room("games")  # a round starts a game at each table, on this phone's count
    try:
        rotation, ruleset = _read(found.id)
        if only_plan:
            rounds.save_plan(get_db(), rotation, ruleset)
        else:
            rounds.seat_next_round(
                get_db(),
                found.id,
                rotation,
                ruleset,
                device=device(create=True) or "",
                find=rulesets(),
            )
    except (ValueError, ScoreError) as problem:
        said = problem.render(_translations()) if isinstance(problem, ScoreError) else str(problem)
        typed = {
            key: request.form.get(key, "")
            for key in ("players", "ruleset", "rounds", "method", "pins", "size")
        }
        return render_evening(found, has, rounds_errors=[said], rounds_typed=typed), 400
    if only_plan:
        flash(_("The night's plan is drawn: every round's tables are below."))
    return redirect(url_for("evenings.evening", evening_id=found.id) + "#rounds", 303)
