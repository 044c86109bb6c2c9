"""The evening's page (also the TV's), built from the evening read once as a value
(store.read_night → night.Night): the header with the round and its clock, each
table's card, the standings, the seating (every round and the plan still to seat),
and for its directors what they may do; the live parts its script asks for again; the
format form's reading. The evening, rounds and director blueprints all render it
through `render_evening` (none calls another's view).
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass
from typing import Any

from flask import render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext

from .. import store
from ..engine import GameResult, UnknownRuleset, find_kind
from ..engine.hand import Body
from ..engine.rotation import Method
from ..engine.text import number
from ..limits import parse_count, player_key
from ..night import EXTRA, FREE, PLANNED, Night, NightRound, counted
from ..scoresheet import winner_words
from ..standings import AUTO, MATCH_POINTS, PROGRESSIVE, SIT_OUTS, WINS, measure_words, shown
from ..store import members, rounds
from .access import device, role
from .clock import Clock, round_clock
from .compress import gzipped
from .db import get_db
from .forms import Form
from .house import house_list, rulesets
from .i18n import language, render_text, when
from .scoresheet import rows
from .sheet import GameCard, game_card, table_label
from .urls import share_url

SEAT_LETTERS = ("N", "E", "S", "W")  # partners opposite: North–South, East–West
MAX_ROUNDS = 40


def read(evening: store.Evening, has: str) -> Night:
    """The evening as this phone may see it: every game for its directors and a
    watcher (a TV, a table's phone), else the games this phone may see."""
    if has in ("organize", "watch"):
        return store.read_night(get_db(), evening)
    return store.read_night(get_db(), evening, lambda game_id: role(game_id) is not None)


def round_label(night: Night, number: int | None) -> str:
    """A round as every page names it: "Round 3", "Extra round 1" after the planned
    rounds."""
    if number is None:
        return ""
    kind = night.round_kind(number)
    if kind == EXTRA and night.planned is not None:
        return str(_("Extra round %(n)s", n=number - night.planned))
    return str(_("Round %(n)s", n=number))


def format_words(night: Night) -> str:
    """The evening's format in one line, said on every page of it."""
    if night.ranking == PROGRESSIVE:
        said = ngettext(
            "Progressive: %(num)s hand a round, ranked by points over the rounds",
            "Progressive: %(num)s hands a round, ranked by points over the rounds",
            night.hands_per_round or 0,
        )
    elif night.ranking == MATCH_POINTS:
        said = _("Match points at every table")
    elif night.ranking == WINS:
        said = _("Games won, then the margin")
    else:
        said = _("Points while every table plays the same rules, else match points")
    if night.round_minutes:
        said = _("%(format)s · rounds of %(n)s minutes", format=said, n=night.round_minutes)
    return str(said)


def read_format() -> store.Format:
    """The evening's format as its form was sent, or ValueError saying what is wrong."""
    form = request.form
    ranking = form.get("format") or "auto"
    if ranking not in store.FORMATS:
        raise ValueError(_("Choose how the evening is ranked."))
    hands = parse_count(form.get("hands_per_round") or "") if form.get("hands_per_round") else None
    if ranking == "progressive" and not (hands and 1 <= hands <= store.MAX_HANDS_PER_ROUND):
        raise ValueError(
            _(
                "Hands a round: a whole number from 1 to %(n)s for a progressive evening.",
                n=store.MAX_HANDS_PER_ROUND,
            )
        )
    raw_minutes = (form.get("round_minutes") or "").strip()
    minutes = parse_count(raw_minutes) if raw_minutes else None
    if raw_minutes and not (minutes and 1 <= minutes <= store.MAX_ROUND_MINUTES):
        raise ValueError(
            _(
                "Minutes a round: a whole number from 1 to %(n)s, or empty for no clock.",
                n=store.MAX_ROUND_MINUTES,
            )
        )
    sit_out = form.get("sit_out") or "average"
    if sit_out not in ("average", "nothing"):
        raise ValueError(
            _("A round not played counts the player's average or nothing: choose one.")
        )
    return store.Format(ranking, hands if ranking == "progressive" else None, minutes, sit_out)


def format_choices() -> dict[str, str]:
    """The formats a director chooses from, in words."""
    return {
        AUTO: _("Points while every table plays the same rules, else match points"),
        PROGRESSIVE: _("Progressive: a fixed number of hands each round, ranked by points"),
        MATCH_POINTS: _("Match points at every table (1 the winner, 0 the last)"),
        WINS: _("Games won, then the margin"),
    }


def standings_view(night: Night) -> dict[str, Any]:
    """The standings as every page shows them: the line that says what ranks, and per
    player the rank (shared on a tie), tables played, wins, the measure, and the
    points difference where it ranks."""
    ranked = night.standings
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


def clock_of(night: Night, current: NightRound | None) -> Clock | None:
    """The clock of the round being played, where the evening has one."""
    if current is None or current.ended_at:
        return None
    return round_clock(night.round_minutes, current.started_at)


@dataclass
class RoundHeader:
    """The round being played, as the header (and the TV) says it."""

    number: int
    label: str  # "Round 2 of 3", "Extra round 1"
    name: str  # "Round 2", "Extra round 1"
    out: list[str]
    ended: bool
    clock: Clock | None


def header_of(night: Night) -> RoundHeader | None:
    current = night.current
    if current is None:
        return None
    if current.kind == EXTRA:
        label = round_label(night, current.number)
    else:
        label = str(
            _("Round %(n)s of %(of)s", n=current.number, of=night.planned or current.number)
        )
    return RoundHeader(
        current.number,
        label,
        round_label(night, current.number),
        list(current.out),
        current.ended_at is not None,
        clock_of(night, current),
    )


@dataclass
class SideTotal:
    """One side's total on a table's card."""

    name: str
    total: str
    ahead: bool  # the winner, or (before the end) at the top, level or not


@dataclass
class CardGame:
    """The game a table is playing (or played last): sides, totals, who leads, the
    latest hand."""

    id: str
    card: GameCard
    round: str  # "Round 2"
    sides: list[SideTotal]
    status: str  # "Winner: Ann & Cho", "Leading: Ben", "Level at the top", "No hand yet"
    finished: bool
    latest: str  # "Hand 7: Ann & Cho +62 · Ben & Dee −40"; empty before the first hand


@dataclass
class Table:
    """A table's card on the evening page: its number and name, and its game."""

    number: int
    label: str  # "Table 3 — window"
    game: CardGame | None  # the latest game at it that this phone may see
    may_start: bool  # this phone may start the table's next game now
    held: bool  # this phone holds the table through its link


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


def card_game(night: Night, stored: store.StoredGame) -> CardGame:
    """A table's game on its card: its totals as the evening counts them (with the
    director's adjustments), who is ahead, the latest hand."""
    result = stored.score()
    ahead = _ahead(result)
    names = [side.name for side in result.sides]
    totals = list(result.totals)
    game = night.games.get(stored.id)
    counted_as = counted(game) if game is not None else None
    if counted_as is not None:
        totals = list(counted_as.totals)
        if not result.outcome.won_by and counted_as.won_by:
            ahead = set(counted_as.won_by)
    leaders = [names[index] for index in sorted(ahead)]
    if result.outcome.won_by:
        status = render_text(winner_words(result))
    elif not leaders:
        status = _("No hand yet")
    elif stored.over:
        status = (
            _("Round over · ahead: %(side)s", side=" · ".join(leaders))
            if len(leaders) < len(names)
            else _("Round over · level")
        )
    elif len(leaders) == 1:
        status = _("Leading: %(side)s", side=leaders[0])
    else:
        status = _("Level at the top")
    return CardGame(
        id=stored.id,
        card=game_card(stored),
        round=round_label(night, stored.round_number) if night.planned is not None else "",
        sides=[
            SideTotal(name, number(total), index in ahead)
            for index, (name, total) in enumerate(zip(names, totals, strict=True))
        ],
        status=str(status),
        finished=result.outcome.finished or stored.over,
        latest=_latest(stored, result),
    )


def result_words(card: CardGame) -> str:
    """A game's result named in full: who won (or leads) and every side's total."""
    totals = " · ".join(f"{side.name} {side.total}" for side in card.sides)
    return f"{card.status} — {totals}" if totals else card.status


def table_cards(evening: store.Evening, has: str, night: Night) -> list[Table]:
    """The evening's tables this phone may see, by number: each with the latest game at
    it (the round being played). The directors and a TV see every table; a table's
    phone, its own and every other with a game (read-only); a phone that only plays in
    the evening, the tables of its games."""
    db = get_db()
    latest: dict[int, str] = {}
    for game in sorted(night.games.values(), key=lambda gm: gm.round or 0):
        if game.table is not None:
            latest[game.table] = game.id
    held = store.tables_held(db, device(), evening.id)
    versions = store.game_versions(db, evening.id)
    cards = []
    for number_, name in night.tables.items():
        game_id = latest.get(number_)
        if game_id is None and has not in ("organize", "watch") and number_ not in held:
            continue
        shown_game = None if game_id is None else _card_of(night, game_id, versions.get(game_id))
        cards.append(
            Table(
                number=number_,
                label=table_label(number_, name),
                game=shown_game,
                may_start=(has == "organize" or number_ in held)
                and (shown_game is None or shown_game.finished)
                and _has_place(evening.id, number_),
                held=number_ in held,
            )
        )
    return cards


# A table's card replays its game (~1.3 ms a card): a page of 50 tables took 66 ms of
# processor after each hand, the other 49 cards unchanged (bench/tv_night.py). Each
# card is kept by its game's version (and what the evening counts of it).
_CARDS: dict[tuple[Any, ...], CardGame] = {}
CARDS_KEPT = 2000  # the tables of a club's busiest night, in two languages, twice over


def _card_of(night: Night, game_id: str, version: tuple[int, str] | None) -> CardGame:
    """The card of one of the evening's games: made again only when its game changed
    (`version`: its version and when it was written)."""
    key = (game_id, version, language(), night.games.get(game_id), night.planned)
    card = _CARDS.get(key)
    if card is not None:
        return card
    stored = store.get_game(get_db(), game_id)
    try:
        card = card_game(night, stored)
    except store.DamagedGame as damaged:  # its own page names the hand
        return CardGame(
            stored.id, game_card(stored), "", [], render_text(damaged.message), False, ""
        )
    if version == (stored.version, stored.updated_at):  # else changed since: not kept
        while len(_CARDS) >= CARDS_KEPT:
            _CARDS.pop(next(iter(_CARDS)), None)
        _CARDS[key] = card
    return card


def _has_place(evening_id: str, table: int) -> bool:
    try:
        store.round_for_new_game(get_db(), evening_id, table)
    except store.PlaceTaken:
        return False
    return True


@dataclass
class SeatView:
    """A table in a round, as the seating shows it."""

    number: int
    label: str
    game: str | None  # a link where this phone may open it
    seats: list[tuple[str, str]]  # (seat label, name) in seat order
    line: str  # "Ann & Cho vs Ben & Dee", or the names in seat order


@dataclass
class RoundView:
    number: int
    label: str  # "Round 2", "Extra round 1"
    planned: bool  # not seated yet
    ended: bool
    tables: list[SeatView]
    out: list[str]


def rounds_views(night: Night) -> list[RoundView]:
    """Every round of the evening, seated and still to seat, in order."""
    partners = night.partnerships
    views = []
    for r in [*night.rounds, *night.plan]:
        if r.kind == FREE:
            continue
        tables = []
        for place in r.places:
            names = place.seats
            labels = (
                SEAT_LETTERS if len(names) == 4 else [str(i) for i in range(1, len(names) + 1)]
            )
            if partners and len(names) == 4:
                line = _(
                    "%(a)s & %(c)s vs %(b)s & %(d)s",
                    a=names[0],
                    b=names[1],
                    c=names[2],
                    d=names[3],
                )
            else:
                line = " · ".join(names)
            tables.append(
                SeatView(
                    place.table,
                    table_label(place.table, night.tables.get(place.table, "")),
                    place.game,
                    list(zip(labels, names, strict=True)),
                    str(line),
                )
            )
        label = round_label(night, r.number)
        if r.kind == PLANNED:
            label = str(_("%(round)s · planned", round=label))
        views.append(
            RoundView(
                r.number, label, r.kind == PLANNED, r.ended_at is not None, tables, list(r.out)
            )
        )
    return views


def method_words() -> dict[str, str]:
    return {
        Method.BALANCED.value: _("Balanced rotation"),
        Method.WINNERS.value: _("Winners move up"),
        Method.RANDOM.value: _("Random balanced"),
    }


def rule_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The rulesets to pick from, by game: this phone's house rules, then the presets."""
    from ..engine import all_rulesets, kind_names

    found = []
    for kind in kind_names():
        options = [
            (r.id, str(r.text("name", language())))
            for r in [*house_list(kind), *all_rulesets(kind)]
        ]
        found.append((kind, options))
    return found


ROSTER_MOST = 200  # names offered to tap: a club's regulars, not every guest of years


def roster(evening: store.Evening) -> list[tuple[str, bool]]:
    """The club's names for tonight's list, each with whether it played the director's
    last night: last night's first, then the names of the director's recent nights,
    most played first (store.club_names: read a few evenings, whatever the history);
    a member hidden in this phone's club (gone) is not offered."""
    last, others = store.club_names(get_db(), evening.created_by, evening)
    gone = members.hidden(get_db(), device())
    last = [name for name in last if player_key(name) not in gone]
    others = [name for name in others if player_key(name) not in gone]
    return [(name, True) for name in last] + [(name, False) for name in others][
        : max(0, ROSTER_MOST - len(last))
    ]


def rounds_form_view(
    evening: store.Evening,
    organizer: bool,
    errors: list[str] | None = None,
    typed: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What the seating form shows: what was `typed` with the `errors` that refused
    it, or the rotation as kept."""
    from ..engine.rotation import MAX_PLAYERS

    rotation = rounds.get_rotation(get_db(), evening.id)
    own_size = True
    if rotation is not None:
        try:
            ruleset = rulesets()(rotation.ruleset)
            own_size = rotation.table_size == ruleset.options.players
        except UnknownRuleset:
            pass
    typed = typed or {}
    chosen = rotation.ruleset if rotation else (evening.ruleset or "")
    return {
        "rounds_form": Form(),
        "rounds_errors": errors or [],
        "rounds_typed": {
            "players": typed.get("players", "\n".join(rotation.players) if rotation else ""),
            "ruleset": typed.get("ruleset", chosen),
            "rounds": typed.get("rounds", rotation.rounds if rotation else 3),
            "method": typed.get("method", rotation.method.value if rotation else "balanced"),
            "size": typed.get("size", "" if own_size or not rotation else rotation.table_size),
            "pins": typed.get(
                "pins",
                "\n".join(f"{n} = {t}" for n, t in rotation.pins.items()) if rotation else "",
            ),
        },
        "rounds_choices": rule_choices() if organizer else [],
        "roster": roster(evening) if organizer else [],
        "method_words": method_words(),
        "rounds_max": MAX_ROUNDS,
        "players_max": MAX_PLAYERS,
    }


def _links(evening: store.Evening) -> list[dict[str, Any]]:
    """The director's list of tables: each one's name and link."""
    return [
        {
            "number": table.number,
            "name": table.name,
            "label": table_label(table.number, table.name),
            "link": share_url("evenings.table_link", token=table.token),
        }
        for table in store.evening_tables(get_db(), evening.id)
    ]


def director_link(evening: store.Evening) -> str:
    """The co-director link of an evening, once its director made it ("" before)."""
    if not evening.director_token:
        return ""
    return share_url("director.co_director", token=evening.director_token)


def compared_games(night: Night) -> list[tuple[str, list[Body]]]:
    """Where a kind played at the evening compares its tables with each other (a
    traveller of the boards they all played): the kind's name and the game files that
    compare them. Only the games of such kinds are read and scored."""
    kinds = {game.result.kind for game in night.games.values() if game.result is not None}
    comparing = {kind for kind in kinds if find_kind(kind).across_tables([]) is not None}
    tables: dict[str, list[GameResult]] = {}
    for game in sorted(night.games.values(), key=lambda gm: (gm.round or 0, gm.table or 0)):
        if game.result is None or game.result.kind not in comparing:
            continue
        stored = store.get_game(get_db(), game.id)
        with contextlib.suppress(store.DamagedGame):  # said on the game's own page
            tables.setdefault(stored.kind, []).append(stored.score())
    found = [(name, find_kind(name).across_tables(results)) for name, results in tables.items()]
    return [(name, docs) for name, docs in found if docs]


def _live_context(
    evening: store.Evening, has: str, night: Night, version: str | None = None
) -> dict[str, Any]:
    """What the evening's live parts show (templates/evening_parts.html), as of the
    evening's `version` (read before the night)."""
    return {
        "evening": evening,
        "night": night,
        "version": version or store.evening_version(get_db(), evening.id),
        "tables": table_cards(evening, has, night),
        "standings": standings_view(night),
        "format_line": format_words(night),
        "round": header_of(night),
        "rounds_seated": rounds_views(night),
        "rotation": rounds.get_rotation(get_db(), evening.id),
        "compared": bool(compared_games(night)),
    }


def render_evening(
    evening: store.Evening,
    has: str,
    *,
    rounds_errors: list[str] | None = None,
    rounds_typed: dict[str, Any] | None = None,
) -> str:
    """The evening's page as this phone may see it; after a refused seating form, with
    what was typed and why it was refused."""
    db = get_db()
    version = store.evening_version(db, evening.id)
    night = read(evening, has)
    organizer = has == "organize"
    others = [game_card(gm) for gm in store.recent_games(db, device())] if organizer else []
    shared = organizer and evening.watch_token
    link = share_url("evenings.watch_link", token=evening.watch_token) if shared else ""
    return render_template(
        "evening.html",
        **_live_context(evening, has, night, version),
        organizer=organizer,
        watch_link=link,
        links=_links(evening) if organizer else [],
        sit_outs=SIT_OUTS,
        formats=format_choices(),
        others=others,
        add_form=Form(),
        seated_count=len([r for r in night.rounds if r.kind != FREE and r.kind != EXTRA]),
        locked=store.locked_out(db, device(), evening.id),
        director_link=director_link(evening) if organizer else "",
        when=when,
        **rounds_form_view(evening, organizer, rounds_errors, rounds_typed),
    )


# Every TV of an evening asks for the same live parts after each hand stored at any
# table: 200 TVs of a 50-table night rebuilt them 100 times a second, and hand entry
# waited 1 to 15 s (bench/tv_night.py). Each view's parts are kept with the evening's
# version they show, and built again at most once a second, whoever asks; with the
# round clock and the gzipped bytes, made once for every TV of the build (rendering the
# clock and gzipping ~66 KB for each of 100 answers a second took hand entry's p99 from
# ~43 to ~114 ms).
@dataclass(frozen=True)
class LiveParts:
    """One build of an evening's live parts, as every phone of its view gets them."""

    version: str  # the evening's version they show
    built: float  # time.monotonic() when they were read
    night: Night
    parts: str  # the live parts without the round clock
    said: float  # time.monotonic() when the round clock in `body` was read
    body: bytes  # the parts and the round clock, UTF-8
    gzipped: bytes


_LIVE: dict[tuple[str, ...], LiveParts] = {}
LIVE_KEPT = 64  # a club's evenings tonight, each in a view or two
LIVE_EVERY = 1.0  # seconds: a TV shows a hand at most this late (and its poll's wait)
CLOCK_EVERY = 2.0  # seconds: the round clock's server time (data-now) is at most this old
_BUILDING = threading.Lock()


def _stale(kept: LiveParts, version: str) -> bool:
    """Whether the parts kept are to be built again for `version`."""
    return kept.version != version and time.monotonic() - kept.built >= LIVE_EVERY


def _clock_old(kept: LiveParts) -> bool:
    return time.monotonic() - kept.said >= CLOCK_EVERY


def _with_clock(version: str, built: float, night: Night, parts: str) -> LiveParts:
    """The parts with the round clock as of now, and gzipped."""
    said = time.monotonic()
    clock = render_template("round_clock.html", clock=clock_of(night, night.current))
    body = (parts + clock).encode()
    return LiveParts(version, built, night, parts, said, body, gzipped(body))


def render_live(evening: store.Evening, has: str, version: str) -> LiveParts:
    """The evening's live parts as this phone may see them, for its page's script: as of
    its `version` (now), or the parts built for every phone that sees the same less than
    LIVE_EVERY ago; with the round clock as of at most CLOCK_EVERY ago."""
    db = get_db()
    held = ",".join(map(str, sorted(store.tables_held(db, device(), evening.id))))
    # A phone that plays in the evening sees its own games: its parts are its own.
    who = "" if has in ("organize", "watch") else device() or ""
    view = (evening.id, language(), has, held, who)
    kept = _LIVE.get(view)
    if kept is None or _stale(kept, version) or _clock_old(kept):
        with _BUILDING:  # one at a time, each as of now: never an older copy over a newer
            version = store.evening_version(db, evening.id)
            kept = _LIVE.get(view)
            if kept is None or _stale(kept, version):
                night = read(evening, has)
                context = _live_context(evening, has, night, version)
                parts = render_template("evening_live.html", **context)
                kept = _with_clock(version, time.monotonic(), night, parts)
            elif _clock_old(kept):
                kept = _with_clock(kept.version, kept.built, kept.night, kept.parts)
            else:
                return kept
            _LIVE.pop(view, None)
            while len(_LIVE) >= LIVE_KEPT:
                _LIVE.pop(next(iter(_LIVE)), None)
            _LIVE[view] = kept
    return kept
