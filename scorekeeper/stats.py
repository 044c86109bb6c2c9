"""Players across games: who played, who won, and what each game kind counts of them.

A player is a name; the same name, ignoring case and surrounding spaces, is the same
player. Statistics are worked out from the scored games (the engine's results and
parsed hands) each time they are asked for, so an edited hand changes them at once.
What a hand adds beyond points comes from the game's kind (`tally`), so this module names no game.
Shared by `scorekeeper stats` and the web pages; no Flask here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .engine import GameResult, find_kind, kind_names
from .engine.kinds import SomeKind
from .engine.types import StatColumn
from .limits import player_key


@dataclass
class Record:
    """Games together (partners) or against (opponents), and how many were won."""

    games: int = 0
    won: int = 0


@dataclass
class PlayerStats:
    """One player's statistics over the games given."""

    name: str
    games: int = 0
    finished: int = 0
    won: int = 0
    hands: int = 0
    points_for: int = 0
    points_against: int = 0
    # From the kinds' tallies, each key under its game's name ("game:key"): one
    # game's counts never add into another's (`counts_of`).
    counts: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)  # games per game kind
    won_by_kind: Counter[str] = field(default_factory=Counter)
    finished_by_kind: Counter[str] = field(default_factory=Counter)
    hands_by_kind: Counter[str] = field(default_factory=Counter)
    points_by_kind: Counter[str] = field(default_factory=Counter)  # points for, per kind
    against_by_kind: Counter[str] = field(default_factory=Counter)  # points against, per kind
    partners: dict[str, Record] = field(default_factory=dict)  # by partner's name
    opponents: dict[str, Record] = field(default_factory=dict)  # head to head, by name
    spellings: Counter[str] = field(default_factory=Counter)  # "Ann" 3, "ann" 1

    def counts_of(self, kind: str) -> dict[str, int]:
        """What one game kind's tallies counted of this player, by the kind's own keys."""
        prefix = f"{kind}{KIND_SEPARATOR}"
        return {
            key.removeprefix(prefix): n for key, n in self.counts.items() if key.startswith(prefix)
        }

    def to_json(self) -> dict[str, Any]:
        """The fields `scorekeeper stats --json` promises (GAME-FORMAT.md), and more: each
        game's own fields at the top as before (a field two games name is the first's in
        the registry, so a game added later never changes it), and `by_game`, each game
        the player played with its own counts."""
        shared: dict[str, object] = {}
        for kind in kind_names():  # every kind's fields, for every player (0 where none)
            for name, value in find_kind(kind).stats_json(self.counts_of(kind)).items():
                shared.setdefault(name, value)
        return {
            "name": self.name,
            "games": self.games,
            "won": self.won,
            "finished": self.finished,
            "hands": self.hands,
            "points_for": self.points_for,
            "points_against": self.points_against,
            **shared,
            "by_game": {
                kind: {
                    "games": n,
                    "won": self.won_by_kind[kind],
                    "finished": self.finished_by_kind[kind],
                    "hands": self.hands_by_kind[kind],
                    "points_for": self.points_by_kind[kind],
                    "points_against": self.against_by_kind[kind],
                    **find_kind(kind).stats_json(self.counts_of(kind)),
                }
                for kind, n in sorted(self.kinds.items())
            },
            "by_kind": {
                kind: {
                    "games": n,
                    "hands": self.hands_by_kind[kind],
                    "points": self.points_by_kind[kind],
                }
                for kind, n in sorted(self.kinds.items())
            },
            "partners": {
                name: {"games": r.games, "won": r.won} for name, r in sorted(self.partners.items())
            },
            "opponents": {
                name: {"games": r.games, "won": r.won}
                for name, r in sorted(self.opponents.items())
            },
        }

    def to_part(self) -> dict[str, Any]:
        """Everything kept, as JSON (one game's part, stored beside the game)."""
        return {
            **{name: getattr(self, name) for name in _NUMBERS},
            "name": self.name,
            **{name: dict(getattr(self, name)) for name in _COUNTERS},
            **{
                name: {key: [r.games, r.won] for key, r in getattr(self, name).items()}
                for name in _RECORDS
            },
        }

    @classmethod
    def from_part(cls, part: dict[str, Any]) -> PlayerStats:
        """A part as `to_part` wrote it."""
        stats = cls(part["name"], **{name: part[name] for name in _NUMBERS})
        for name in _COUNTERS:
            getattr(stats, name).update(part[name])
        for name in _RECORDS:
            setattr(stats, name, {k: Record(g, w) for k, (g, w) in part[name].items()})
        return stats


_NUMBERS = ("games", "finished", "won", "hands", "points_for", "points_against")
_COUNTERS = (
    "counts",
    "kinds",
    "won_by_kind",
    "finished_by_kind",
    "hands_by_kind",
    "points_by_kind",
    "against_by_kind",
    "spellings",
)
KIND_SEPARATOR = ":"  # between a game's name and its tally's key: "game:key"
_RECORDS = ("partners", "opponents")


def stat_columns(kinds: Iterable[str]) -> list[tuple[str, list[StatColumn]]]:
    """The columns these game kinds add to the players' table, each game's under its
    name, in the registry's order (a game with none is left out)."""
    played = set(kinds)
    return [
        (kind, list(find_kind(kind).facts.stat_columns))
        for kind in kind_names()
        if kind in played and find_kind(kind).facts.stat_columns
    ]


def _ahead(result: GameResult) -> tuple[int, ...]:
    """The sides ahead on their totals as they stand (none when every side is level)."""
    totals = list(result.totals)
    if len(set(totals)) <= 1:
        return ()
    lowest = result.game.ruleset.kind.lowest_wins(result.game.current_ruleset.options)
    best = min(totals) if lowest else max(totals)
    return tuple(side for side, total in enumerate(totals) if total == best)


def player_stats(games: Iterable[tuple[Sequence[str], GameResult]]) -> list[PlayerStats]:
    """Every player's statistics over `games` (the players in seat order, and the scored
    game; oldest first, so a tie between spellings goes to the earliest), most games
    first."""
    return merge(game_stats(names, result) for names, result in games)


def game_stats(
    names: Sequence[str], result: GameResult, *, over: bool = False
) -> dict[str, PlayerStats]:
    """One game's part of each of its players' statistics, by player key (a game's part
    never changes until the game does: callers may keep it per game version). `over`:
    its evening's round ended it (cut, or its round's hands played): with a hand played
    it counts as finished, won by the side(s) ahead, unless every side is level — as
    the evening's standings count it (night.counted)."""
    players: dict[str, PlayerStats] = {}
    keys = [player_key(name) for name in names]
    shown = [" ".join(name.split()) for name in names]
    kind_name = result.game.ruleset.game
    kind = find_kind(kind_name)
    side_of = {seat: index for index, side in enumerate(result.sides) for seat in side.seats}
    won_by = result.outcome.won_by  # the winner, or the sides sharing a win
    finished = result.outcome.finished or (over and bool(result.hands))
    if finished and not result.outcome.finished:
        won_by = _ahead(result)
    for key in dict.fromkeys(keys):
        seat = keys.index(key)
        stats = players[key] = PlayerStats(shown[seat])
        stats.spellings[shown[seat]] += 1
        stats.games += 1
        stats.kinds[kind_name] += 1
        won = int(side_of[seat] in won_by)
        if finished:
            stats.finished += 1
            stats.won += won
            stats.finished_by_kind[kind_name] += 1
            stats.won_by_kind[kind_name] += won
        for other, name in enumerate(shown):
            if keys[other] == key:
                continue
            records = stats.partners if side_of[other] == side_of[seat] else stats.opponents
            record = records.setdefault(name, Record())
            record.games += 1
            record.won += won
    if result.hands:
        _add_hands(
            result, kind, [(seat, side_of[seat], players[key]) for seat, key in enumerate(keys)]
        )
    return players


def _add_hands(
    result: GameResult, kind: SomeKind, seats: list[tuple[int, int, PlayerStats]]
) -> None:
    """Every hand's points and tallies added to its players' statistics (each seat's
    sums kept apart from the Counters until the last hand: a game of 20 hands adds each
    up once, in the order the hands first name each key; the points added up per side
    first)."""
    kind_name = result.game.ruleset.game
    prefix = f"{kind_name}{KIND_SEPARATOR}"
    named: dict[str, str] = {}  # a tally's key, under its game's name
    counts: dict[int, dict[str, int]] = {id(stats): {} for _, _, stats in seats}
    tally = kind.tally
    game = result.game
    for number, (hand, scored) in enumerate(zip(game.hands, result.hands, strict=True), start=1):
        options = game.ruleset_for(number).options
        for seat, side, stats in seats:
            kept = counts[id(stats)]
            for key, n in tally(options, hand, scored, seat, side).items():
                full = named.get(key)
                if full is None:
                    full = named[key] = prefix + key
                kept[full] = kept.get(full, 0) + n
    by_side = [sum(side) for side in zip(*(scored.points for scored in result.hands), strict=True)]
    if result.closed is not None and result.hands:  # stopped short: its closing premiums
        last = result.hands[-1].totals
        by_side = [n + c - b for n, c, b in zip(by_side, result.closed, last, strict=True)]
    everyone = sum(by_side)
    hands = dict.fromkeys(counts, 0)
    points, against = dict(hands), dict(hands)
    for _, side, stats in seats:  # a player at two seats counts each
        one = id(stats)
        hands[one] += len(result.hands)
        points[one] += by_side[side]
        against[one] += everyone - by_side[side]
    for _, _, stats in seats:
        one = id(stats)
        if one not in hands:
            continue  # two seats of one player: added once
        stats.hands += hands[one]
        stats.hands_by_kind[kind_name] += hands[one]
        stats.points_by_kind[kind_name] += points[one]
        stats.against_by_kind[kind_name] += against[one]
        stats.points_for += points[one]
        stats.points_against += against[one]
        stats.counts.update(counts[one])
        del hands[one]


def merge(parts: Iterable[dict[str, PlayerStats]]) -> list[PlayerStats]:
    """Add games' parts up into each player's statistics, most games first; the spelling
    used most names a player (the earliest on a tie)."""
    players: dict[str, PlayerStats] = {}
    for part in parts:
        for key, one in part.items():
            total = players.setdefault(key, PlayerStats(one.name))
            for name in _NUMBERS:
                setattr(total, name, getattr(total, name) + getattr(one, name))
            for name in _COUNTERS:
                getattr(total, name).update(getattr(one, name))
            for name in _RECORDS:
                records = getattr(total, name)
                for other, record in getattr(one, name).items():
                    kept = records.setdefault(other, Record())
                    kept.games += record.games
                    kept.won += record.won
    for stats in players.values():
        stats.name = max(stats.spellings, key=lambda n: stats.spellings[n], default=stats.name)
    return sorted(players.values(), key=lambda p: (-p.games, player_key(p.name)))


def stats_json(
    stats: Iterable[PlayerStats], ratings: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """`scorekeeper stats --json`: {"players": [...]}; with `ratings` (per game kind, by
    player key: ratings.Rating), each player's "rating" in each kind they are rated in."""
    players = []
    for player in stats:
        entry = player.to_json()
        if ratings is not None:
            key = player_key(player.name)
            entry["rating"] = {
                kind: by_player[key].to_json()
                for kind, by_player in sorted(ratings.items())
                if key in by_player
            }
        players.append(entry)
    return {"players": players}


CELLS = ("bid", "tricks")  # a seat's cells most games fill; the columns a kind adds follow
CSV_COLUMNS = (
    "game",
    "ruleset",
    "started",
    "hand",
    "seat",
    "player",
    "side",
    "points",
    "total",
    "carried",  # what a side carries on, named by the kinds that count it (csv_rows)
    "markers",
)


def csv_rows(
    games: Iterable[tuple[str, str, Sequence[str], Sequence[Any], GameResult]],
) -> Iterator[Sequence[Any]]:
    """One row per player per hand, for spreadsheets: games given as (id, started,
    players, hand bodies, scored game). Seats count from 1, as people count them."""
    carried = "/".join(
        sorted({k for name in kind_names() if (k := find_kind(name).facts.carried)})
    )
    cells = _cell_columns()
    head = [carried if column == "carried" else column for column in CSV_COLUMNS]
    at = head.index("points")
    yield (*head[:at], *cells, *head[at:])
    for game_id, started, names, bodies, result in games:
        game = result.game
        kind = game.ruleset.kind
        csv_cells, seat_markers = kind.hand.csv_cells, kind.seat_markers
        side_of = {seat: index for index, side in enumerate(result.sides) for seat in side.seats}
        # What every row of a seat starts with but its hand's number.
        seats = [
            (seat, name, side_of[seat], result.sides[side_of[seat]].name)
            for seat, name in enumerate(names)
        ]
        ruleset = game.ruleset.id
        for number, (body, scored) in enumerate(zip(bodies, result.hands, strict=True), start=1):
            options = game.ruleset_for(number).options
            hand = game.hands[number - 1]
            for seat, name, side, side_name in seats:
                said = csv_cells(body, seat)
                yield (
                    game_id,
                    ruleset,
                    started,
                    number,
                    seat + 1,
                    name,
                    side_name,
                    *[said.get(column, "") for column in cells],
                    scored.points[side],
                    scored.totals[side],
                    "" if scored.carried is None else scored.carried[side],
                    " ".join(seat_markers(options, hand, scored.markers[side], seat)),
                )


def game_csv(
    game_id: str, started: str, names: Sequence[str], bodies: Sequence[Any], result: GameResult
) -> str:
    """One game's rows of `csv_rows`, as `write_csv` writes them (without the header):
    the text a game's summary keeps. What repeats on a seat's rows (the game, its rules,
    the day, the seat, its player and side) is written once a game, and each line is put
    together from its parts (building every row's cells, then writing them, was a
    quarter of making a game's summary again)."""
    known: dict[Any, str] = {}

    def cell(value: Any) -> str:  # as write_csv writes it: str and int made once
        if type(value) not in _KEPT:
            return _csv_cell(value)
        made = known.get(value)
        if made is None:
            made = known[value] = _csv_cell(value)
        return made

    def number_cell(value: Any) -> str:  # a whole number is written as it is
        return str(value) if type(value) is int else cell(value)

    game = result.game
    kind = game.ruleset.kind
    csv_cells, seat_markers = kind.hand.csv_cells, kind.seat_markers
    columns = _cell_columns()
    side_of = {seat: index for index, side in enumerate(result.sides) for seat in side.seats}
    first = f"{cell(game_id)},{cell(game.ruleset.id)},{cell(started)},"
    seats = [
        (
            seat,
            side_of[seat],
            f",{cell(seat + 1)},{cell(name)},{cell(result.sides[side_of[seat]].name)},",
        )
        for seat, name in enumerate(names)
    ]
    said_cells: dict[tuple[str, ...], str] = {}  # a seat's cells, written once a game
    marker_cells: dict[tuple[str, ...], str] = {}
    lines = []
    for number, (body, scored) in enumerate(zip(bodies, result.hands, strict=True), start=1):
        options = game.ruleset_for(number).options
        hand = game.hands[number - 1]
        start = first + cell(number)
        carried = scored.carried
        sides = [
            f",{number_cell(points)},{number_cell(total)},"
            f"{'' if carried is None else number_cell(carried[side])},"
            for side, (points, total) in enumerate(zip(scored.points, scored.totals, strict=True))
        ]
        for seat, side, said_of_seat in seats:
            said = csv_cells(body, seat)
            values = tuple([said.get(column, "") for column in columns])
            line = said_cells.get(values)
            if line is None:
                line = said_cells[values] = ",".join([cell(value) for value in values])
            marks = seat_markers(options, hand, scored.markers[side], seat)
            markers = marker_cells.get(marks)
            if markers is None:
                markers = marker_cells[marks] = cell(" ".join(marks))
            lines.append(f"{start}{said_of_seat}{line}{sides[side]}{markers}\r\n")
    return "".join(lines)


def _cell_columns() -> list[str]:
    """A seat's cells: "bid" and "tricks", then the columns only some kinds fill."""
    return list(
        dict.fromkeys([*CELLS, *(c for n in kind_names() for c in find_kind(n).hand.csv_columns)])
    )


# What a spreadsheet reads as the start of a formula (=HYPERLINK(…), +cmd|…, -2+3,
# @SUM(…)), and the tab and carriage return that can hide one (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


# A spreadsheet that splits at the other separator (";" for a file written with ",")
# starts a cell after it: a formula start there is guarded too.
_AFTER_A_SEPARATOR = re.compile(r"([,;])(?=[=+\-@\t\r])")


def spreadsheet_safe(cell: Any) -> Any:
    """A text cell a spreadsheet would run as a formula, with a single quote before it
    (shown as text, the quote hidden), also where a spreadsheet splitting at "," or ";"
    would start a cell inside it ("A;=1+1;" becomes "A;'=1+1;"); numbers, a negative
    score too, stay numbers."""
    if not isinstance(cell, str):
        return cell
    if "," in cell or ";" in cell:  # (most cells have neither: no pattern run)
        cell = _AFTER_A_SEPARATOR.sub(r"\1'", cell)
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def csv_number(value: Fraction | float | int) -> int | float:
    """A figure as a spreadsheet reads a number: a whole number as it is, else to two
    decimals (1.67); never text such as "+151" or "−10" (U+2212)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if isinstance(value, int):
        return value
    return round(float(value), 2)


# Inside these a spreadsheet splits or ends a cell: "," and ";" (the separator of many
# European spreadsheets), quotes, line ends and tabs. Such a text cell is quoted whole.
_SPLITS = frozenset(',;"\r\n\t')


def _csv_cell(value: Any) -> str:
    """One cell of a line: a number as it is, a text cell made safe (spreadsheet_safe)
    and quoted where a spreadsheet reading "," or ";" would split it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int | float):
        return str(value)
    text = str(spreadsheet_safe(value))
    if not _SPLITS.isdisjoint(text) or text != text.strip():
        return '"' + text.replace('"', '""') + '"'
    return text


def write_csv(rows: Iterable[Sequence[Any]], out: Any, *, bom: bool = False) -> None:
    """Write rows as CSV, every text cell safe to open in a spreadsheet whether it reads
    "," or ";" as the separator (a name such as "=HYPERLINK(…)" or "A;=1+1;" is never
    run; numbers stay numbers); with `bom`, a byte-order mark first, so that spreadsheet
    programs read the names (山田, Zoë) as UTF-8."""
    if bom:
        out.write("\ufeff")
    # A game's id, its rules, its players' and sides' names, hand numbers and seats
    # repeat on every row: each cell written once a file (the CSV was half of making a
    # game's summary again, before).
    known: dict[str | int, str] = {}
    get = known.get

    def first(cell: str | int) -> str:
        made = known[cell] = _csv_cell(cell)
        return made

    write = out.write
    for row in rows:
        # Looked up by exact type: True equals 1, and would find 1's cell.
        line = [
            (made if (made := get(cell)) is not None else first(cell))
            if type(cell) in _KEPT
            else _csv_cell(cell)
            for cell in row
        ]
        write(",".join(line) + "\r\n")


_KEPT = frozenset({str, int})  # the cells write_csv makes once a file
