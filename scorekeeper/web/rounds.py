"""Seating an evening's rounds: the organiser types tonight's players, picks the game,
the number of rounds and the method; each round is seated by the rotation and a game
started at each table with its seats filled in. The evening page (and the TV that
watches it) shows the round, each table's seats and who sits out.
"""

from __future__ import annotations

import contextlib
import itertools
import re
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, g, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..engine import UnknownRuleset, all_rulesets, kind_names
from ..engine.errors import ScoreError
from ..engine.rotation import MAX_PLAYERS, Method, Request, check
from ..limits import BadName
from ..store import rounds
from .access import check_room, device, evening_for
from .db import get_db
from .forms import Form
from .house import house_list, rulesets
from .i18n import language, render_text

bp = Blueprint("rounds", __name__)

METHODS = (Method.BALANCED, Method.WINNERS, Method.RANDOM)
MAX_ROUNDS = 40
SEAT_LETTERS = ("N", "E", "S", "W")  # partners opposite: North–South, East–West


@dataclass
class TableSeats:
    """A seated table as the page shows it: its number, the game, who sits where."""

    number: int
    game: str
    seats: list[tuple[str, str]]  # (seat label, name) in seat order
    line: str  # "Ann & Cho vs Ben & Dee", or the names in seat order


@dataclass
class RoundView:
    number: int
    tables: list[TableSeats]
    out: list[str]


@dataclass
class CurrentRound:
    """The round being played, as the evening's header (and the TV) says it."""

    number: int
    of: int  # the rounds planned (or more, when more were seated)
    out: list[str]


def current_round(evening: store.Evening) -> CurrentRound | None:
    """The evening's latest round and who sits it out, once rounds are seated."""
    db = get_db()
    seated = rounds.rounds_of(db, evening.id)
    rotation = rounds.get_rotation(db, evening.id)
    if not seated or rotation is None:
        return None
    last = seated[-1]
    return CurrentRound(last.number, max(rotation.rounds, last.number), list(last.seating.out))


def _method_words() -> dict[str, str]:
    return {
        Method.BALANCED.value: _("Balanced rotation"),
        Method.WINNERS.value: _("Winners move up"),
        Method.RANDOM.value: _("Random balanced"),
    }


def _round_view(seated: rounds.SeatedRound, partners: bool) -> RoundView:
    tables = []
    for number, (names, game_id) in enumerate(
        zip(seated.seating.tables, seated.games, strict=True), start=1
    ):
        labels = SEAT_LETTERS if len(names) == 4 else [str(i) for i in range(1, len(names) + 1)]
        if partners and len(names) == 4:
            line = _(
                "%(a)s & %(c)s vs %(b)s & %(d)s", a=names[0], b=names[1], c=names[2], d=names[3]
            )
        else:
            line = " · ".join(names)
        tables.append(TableSeats(number, game_id, list(zip(labels, names, strict=True)), line))
    return RoundView(seated.number, tables, list(seated.seating.out))


def _choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The rulesets to pick from, by game: this phone's house rules, then the presets."""
    found = []
    for kind in kind_names():
        options = [
            (r.id, str(r.text("name", language())))
            for r in [*house_list(kind), *all_rulesets(kind)]
        ]
        found.append((kind, options))
    return found


def rounds_view(evening: store.Evening, organizer: bool) -> dict[str, Any]:
    """What the evening page shows of the rotation: the rounds seated, the latest first
    in full, and for the organiser the form that seats the next one."""
    db = get_db()
    rotation = rounds.get_rotation(db, evening.id)
    seated = rounds.rounds_of(db, evening.id)
    partners, own_size = True, True
    if rotation is not None:
        with contextlib.suppress(UnknownRuleset):
            ruleset = rulesets()(rotation.ruleset)
            partners = rounds.seating_of(ruleset)[1]
            own_size = rotation.table_size == ruleset.options.players
    views = [_round_view(r, partners) for r in seated]
    typed: dict[str, Any] = g.get("rounds_typed") or {}
    return {
        "rotation": rotation,
        "rounds_seated": views,
        "rounds_form": Form(),
        "rounds_errors": g.get("rounds_errors") or [],
        "rounds_typed": {
            "players": typed.get("players", "\n".join(rotation.players) if rotation else ""),
            "ruleset": typed.get("ruleset", rotation.ruleset if rotation else ""),
            "rounds": typed.get("rounds", rotation.rounds if rotation else 3),
            "method": typed.get("method", rotation.method.value if rotation else "balanced"),
            "size": typed.get("size", "" if own_size or not rotation else rotation.table_size),
            "pins": typed.get(
                "pins",
                "\n".join(f"{n} = {t}" for n, t in rotation.pins.items()) if rotation else "",
            ),
        },
        "rounds_choices": _choices() if organizer else [],
        "method_words": _method_words(),
        "rounds_max": MAX_ROUNDS,
        "players_max": MAX_PLAYERS,
    }


def _names(raw: str) -> list[str]:
    """Tonight's players as typed: one a line (or separated by commas), read no further
    than one past the most a rotation seats (a list of 100,000 is refused as long)."""
    names = (found.group() for found in re.finditer(r"[^\n,、]+", raw))
    return list(itertools.islice((name for name in names if name.strip()), MAX_PLAYERS + 1))


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
        if not equals or not name.strip() or not table.strip().isdigit():
            raise ValueError(
                _("“%(line)s” is not a name, “=” and a table number.", line=line.strip())
            )
        pins[spelled.get(name.strip().casefold(), name.strip())] = int(table)
    return pins


def _read(evening_id: str) -> tuple[rounds.Rotation, Any]:
    """The organiser's form as a rotation and its ruleset, or ValueError saying what is
    wrong and where."""
    form = request.form
    try:
        players = rounds.clean_players(_names(form.get("players", "")))
    except BadName as problem:
        raise ValueError(
            _("Tonight's players: %(why)s", why=render_text(problem.message))
        ) from None
    try:
        ruleset = rulesets()(form.get("ruleset", ""))
    except UnknownRuleset:
        raise ValueError(_("Choose the game to play.")) from None
    count = form.get("rounds", "").strip()
    if not count.isdigit() or not 1 <= int(count) <= MAX_ROUNDS:
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
        evening_id, ruleset.id, method, int(count), size, tuple(players), pins, seed
    )
    return rotation, ruleset


def _table_size(ruleset: Any) -> int:
    """Players a table: the game's own number, or another its source allows."""
    typed = request.form.get("size", "").strip()
    if not typed:
        return int(ruleset.options.players)
    counts = sorted(ruleset.player_counts)
    if not typed.isdigit() or int(typed) not in counts:
        raise ValueError(
            _(
                "Players a table: %(name)s is played by %(counts)s.",
                name=ruleset.text("name", language()),
                counts=", ".join(map(str, counts)),
            )
        )
    return int(typed)


def _translations() -> Any:
    from flask_babel import get_translations

    return get_translations()


@bp.route("/e/<evening_id>/rounds", methods=["POST"])
def seat(evening_id: str) -> BaseResponse | tuple[str, int]:
    """Seat the evening's next round (the organiser only)."""
    found, _role = evening_for(evening_id, "organize")
    if not Form().validate_on_submit():
        abort(400, _("This form had expired. Go back to the evening and try again."))
    seated = rounds.rounds_of(get_db(), found.id)
    expected = request.form.get("round", "")
    if expected != str(len(seated) + 1):  # sent twice: that round is already seated
        return redirect(url_for("evenings.evening", evening_id=found.id) + "#rounds", 303)
    check_room("games")  # a round starts a game at each table, on this phone's count
    try:
        rotation, ruleset = _read(found.id)
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
        g.rounds_errors = [said]
        g.rounds_typed = {
            key: request.form.get(key, "")
            for key in ("players", "ruleset", "rounds", "method", "pins", "size")
        }
        from .evenings import evening

        return evening(found.id), 400
    return redirect(url_for("evenings.evening", evening_id=found.id) + "#rounds", 303)
