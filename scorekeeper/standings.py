"""An evening's standings: who ranks where, and by which measure.

Points of different games cannot be added, and in some games fewer is better. So:

- every table of one game kind played by the same rules: each player is credited with
  the points their side made at each table (a progressive night, partners changing each
  round, ranks individuals this way), best first by the kind's own measure (lowest first
  where the kind says the lowest total wins); then the points difference, within that kind;
- tables of several kinds, or of one kind by other rules (two presets whose made bids
  are worth different points): match points by placing at each table (`match_points`),
  then wins.

A player who sat out a round gets, for it, the average of the rounds they played, or
nothing: the organiser's choice (where the lowest points rank first, always the
average: no points would be a prize). Pure: the kind's lowest-wins is asked of the scored
game by `table_result`; nothing here names a game. Shared by the evening's pages, its
PDF and CSV, and any page that ranks players over several tables.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .engine import GameResult
from .engine.options import option_values
from .engine.text import N_, Text, text
from .limits import player_key

SIT_OUT_AVERAGE = "average"  # a round sat out counts as the player's average round
SIT_OUT_NOTHING = "nothing"  # a round sat out counts nothing
SIT_OUTS = (SIT_OUT_AVERAGE, SIT_OUT_NOTHING)

POINTS = "points"
MATCH_POINTS = "match_points"
WINS = "wins"

# What ranks an evening: its format, chosen by its director at its start.
AUTO = "auto"  # points while every table plays the same rules, else match points
PROGRESSIVE = "progressive"  # equal rounds (a fixed number of hands): points over them
RANKINGS = (AUTO, MATCH_POINTS, PROGRESSIVE, WINS)


@dataclass(frozen=True)
class TableResult:
    """What one table's game came to, as standings need it."""

    kind: str  # the game kind's name: tables of one kind are compared by their points
    lowest_wins: bool  # the kind's measure: the lowest total is the best
    sides: tuple[tuple[str, ...], ...]  # each side's players, by name
    totals: tuple[int, ...]  # each side's total
    won_by: tuple[int, ...] = ()  # the sides that won a finished game
    # The rules its points were scored by (preset and options): tables of one kind under
    # other rules (a made bid worth 20 + 10 a trick at one, 10 + 1 at another) cannot add.
    rules: str = ""


def table_result(players: Sequence[str], result: GameResult) -> TableResult | None:
    """A scored game as a table's result; None before its first hand (nothing to rank)."""
    if not result.hands:
        return None
    options = result.game.current_ruleset.options
    return TableResult(
        kind=result.game.ruleset.game,
        lowest_wins=bool(result.game.kind.lowest_wins(options)),
        sides=tuple(tuple(players[seat] for seat in side.seats) for side in result.sides),
        totals=tuple(result.totals),
        won_by=tuple(result.outcome.won_by),
        rules=json.dumps(
            [result.game.ruleset.id, option_values(options)], sort_keys=True, default=str
        ),
    )


def _places(table: TableResult) -> list[tuple[int, int]]:
    """Each side's place as a sortable key: a winner of a finished game first (the
    winners of a shared win alike), then by total in the kind's direction."""
    return [
        (0, 0) if index in table.won_by else (1, total if table.lowest_wins else -total)
        for index, total in enumerate(table.totals)
    ]


def match_points(table: TableResult) -> tuple[Fraction, ...]:
    """Each side's match points at one table: the share of the other sides it placed
    above, a tie counting half. A table of two sides gives its winner 1 and the other 0
    (½ each on a tie); four players on their own get 1, ⅔, ⅓ and 0. Every table is worth
    the same, whatever its game and however many sides it has."""
    places = _places(table)
    others = len(places) - 1
    if others == 0:
        return (Fraction(0),) * len(places)
    return tuple(
        Fraction(
            2 * sum(1 for other in places if other > mine)
            + sum(1 for other in places if other == mine)
            - 1,  # itself
            2 * others,
        )
        for mine in places
    )


def _difference(table: TableResult, side: int) -> Fraction:
    """A side's total minus the average of the other sides' totals."""
    others = [total for index, total in enumerate(table.totals) if index != side]
    if not others:
        return Fraction(0)
    return table.totals[side] - Fraction(sum(others), len(others))


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings."""

    name: str
    rank: int  # players level on everything that ranks share a rank
    games: int  # tables played
    won: int  # finished games their side won
    score: Fraction  # points (or match points), with what sit-outs earned
    difference: Fraction | None  # points difference, only when one kind is ranked
    sat_out: int  # rounds sat out


@dataclass(frozen=True)
class Standings:
    """The ranked players and what ranked them."""

    measure: str  # POINTS, MATCH_POINTS or WINS
    lowest_first: bool  # points, the lowest first
    kind: str | None  # the one kind ranked by its points
    sit_out: str  # SIT_OUT_AVERAGE or SIT_OUT_NOTHING
    rows: tuple[Standing, ...]


@dataclass
class _Tally:
    name: str
    games: int = 0
    won: int = 0
    points: Fraction = Fraction(0)
    difference: Fraction = Fraction(0)
    sat_out: int = 0


def measure_of(tables: Sequence[TableResult], ranking: str = AUTO) -> tuple[str, bool, str | None]:
    """What ranks these tables' players under the evening's `ranking`: (POINTS, lowest
    first, the kind) when points may be added — every table of one kind played by the
    same rules, the ranking by points (AUTO or PROGRESSIVE) — (WINS, False, the kind
    or None) for wins, else (MATCH_POINTS, False, None)."""
    measures = {(table.kind, table.lowest_wins, table.rules) for table in tables}
    one = len(measures) == 1
    if ranking == WINS:
        return WINS, False, next(iter(measures))[0] if one else None
    if one and ranking in (AUTO, PROGRESSIVE):
        ((kind, lowest, _rules),) = measures
        return POINTS, lowest, kind
    return MATCH_POINTS, False, None


def standings(
    tables: Iterable[TableResult],
    *,
    sat_out: Mapping[str, int] | None = None,
    sit_out: str = SIT_OUT_AVERAGE,
    ranking: str = AUTO,
) -> Standings:
    """Rank the players of these tables (see the module's words) as the evening's
    `ranking` says. `sat_out` counts the rounds each player (by name) did not play (sat
    out, arrived late, left early); `sit_out` says what such a round earns."""
    if sit_out not in SIT_OUTS:
        raise ValueError(f"sit_out must be one of {', '.join(SIT_OUTS)}")
    if ranking not in RANKINGS:
        raise ValueError(f"ranking must be one of {', '.join(RANKINGS)}")
    played = list(tables)
    measure, lowest, kind = measure_of(played, ranking)
    if lowest:
        sit_out = SIT_OUT_AVERAGE  # where fewer points is better, nothing would be a prize
    tallies: dict[str, _Tally] = {}
    for table in played:
        if measure == MATCH_POINTS:
            earned: Sequence[Fraction | int] = match_points(table)
        elif measure == WINS:
            earned = [int(index in table.won_by) for index in range(len(table.sides))]
        else:
            earned = table.totals
        for index, side in enumerate(table.sides):
            for name in side:
                tally = tallies.setdefault(player_key(name), _Tally(" ".join(name.split())))
                tally.games += 1
                tally.won += int(index in table.won_by)
                tally.points += earned[index]
                tally.difference += _difference(table, index)
    for name, rounds in (sat_out or {}).items():
        if rounds > 0:
            tallies.setdefault(player_key(name), _Tally(" ".join(name.split()))).sat_out += rounds
    direction = 1 if lowest else -1

    def score(tally: _Tally) -> Fraction:
        if sit_out == SIT_OUT_AVERAGE and tally.games:
            return tally.points + tally.points / tally.games * tally.sat_out
        return tally.points

    def order(tally: _Tally) -> tuple[Fraction, ...]:
        if not tally.games:  # only sat out so far: below everyone who played
            return (Fraction(1),)
        return (Fraction(0), *measured(tally))

    def measured(tally: _Tally) -> tuple[Fraction, ...]:
        if measure == POINTS:
            return (direction * score(tally), direction * tally.difference, Fraction(-tally.won))
        if measure == WINS:  # then the margin: the points difference
            return (-score(tally), -tally.difference)
        return (-score(tally), Fraction(-tally.won))

    keys = {key: order(tally) for key, tally in tallies.items()}  # each worked out once
    ordered = sorted(tallies.items(), key=lambda item: (keys[item[0]], item[0]))
    rows: list[Standing] = []
    for position, (key, tally) in enumerate(ordered, start=1):
        level = rows and keys[key] == keys[ordered[position - 2][0]]
        rows.append(
            Standing(
                name=tally.name,
                rank=rows[-1].rank if level else position,
                games=tally.games,
                won=tally.won,
                score=score(tally),
                difference=tally.difference if measure in (POINTS, WINS) else None,
                sat_out=tally.sat_out,
            )
        )
    return Standings(measure, lowest, kind, sit_out, tuple(rows))


def measure_words(ranked: Standings, kind_title: str | None = None) -> Text:
    """The line that says what ranks the standings (`kind_title`: the kind's title,
    marked for translation, when one kind is ranked by its points), and what a round
    sat out counted when somebody sat one out."""
    if ranked.measure == WINS:
        line = text(N_("Ranked by games won; then the margin (points difference)."))
    elif ranked.measure == MATCH_POINTS:
        line = text(
            N_(
                "Ranked by match points: at each table 1 for the winner, 0 for the last,"
                " a tie shared; then wins."
            )
        )
    elif ranked.lowest_first:
        line = text(
            N_("Ranked by {game} points, lowest first; then points difference."),
            game=Text(kind_title or ""),
        )
    else:
        line = text(
            N_("Ranked by {game} points, highest first; then points difference."),
            game=Text(kind_title or ""),
        )
    if not any(row.sat_out for row in ranked.rows):
        return line
    if ranked.sit_out == SIT_OUT_AVERAGE:
        return text(
            N_(
                "{line} A round not played (sat out, arrived late, left early) counts the player's average."
            ),
            line=line,
        )
    return text(
        N_("{line} A round not played (sat out, arrived late, left early) counts nothing."),
        line=line,
    )


def shown(value: Fraction | None, *, sign: bool = False) -> str:
    """A score as the standings print it: whole numbers as they are, else to two
    decimals ("1.67"); a true minus sign, and with `sign` a plus too."""
    if value is None:
        return ""
    if value.denominator == 1:
        said = str(abs(int(value)))
    else:
        said = f"{float(abs(value)):.2f}".rstrip("0").rstrip(".")
    if value < 0:
        return f"−{said}"
    return f"+{said}" if sign and value > 0 else said
