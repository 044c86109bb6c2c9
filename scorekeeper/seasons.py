"""A season's table: players ranked over a run of club nights.

A season groups evenings ("nights"). Each night gives every player who played it a
score by the club's chosen measure, computed by the night's own standings
(standings.standings, from the night's games as the evening counts them, with the
night's own rule for a round not played — the player's average, or nothing):

- match points: at each table the share of the other sides the player's side placed
  above, a tie counting half (standings.match_points: 1 for the winner of a two-sided
  table), added up over the night's tables;
- wins: the night's games the player's side won;
- placing: the player's place in the night's published standings (ranked as the
  evening's page ranks them), where lower is better and the season takes the average.

With "best N of M nights" only each player's N best nights count (all of them when they
played fewer). Players level on that are told apart by their wins over the season, then
head to head: among the level players, who placed above whom at the tables where they
met. Still level, they share the place. Pure: nothing here names a game or reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .engine.text import N_, Text, text
from .limits import player_key
from .standings import AUTO, TableResult, match_points, standings

MATCH_POINTS = "match_points"
WINS = "wins"
PLACING = "placing"
MEASURES = (MATCH_POINTS, WINS, PLACING)


@dataclass(frozen=True)
class Night:
    """One evening of the season: its tables' results, and what a round sat out earns."""

    name: str
    day: str  # ISO date
    tables: tuple[TableResult, ...]
    sit_out: str = "average"
    # Rounds each player did not play (sat out, arrived late, left early), by name, and
    # what ranks the night: its own standings are the figures the season reads.
    missed: Mapping[str, int] = field(default_factory=dict)
    ranking: str = AUTO


@dataclass(frozen=True)
class SeasonRow:
    """One player's line of the season's table."""

    name: str
    rank: int  # level players share a rank
    nights: int  # nights played
    counted: int  # nights that count (best N)
    score: Fraction  # the measure over the nights that count (placing: their average)
    wins: int  # finished games won over the whole season
    nightly: tuple[Fraction | None, ...]  # each night's score, None where not played
    dropped: tuple[bool, ...] = ()  # each night: played, but not among the best N


@dataclass(frozen=True)
class SeasonTable:
    measure: str
    best_of: int | None  # N of "best N of M nights"; None: every night counts
    nights: tuple[Night, ...]
    rows: tuple[SeasonRow, ...]


@dataclass
class _Player:
    name: str
    nightly: dict[int, Fraction] = field(default_factory=dict)
    wins: int = 0


def night_scores(night: Night, measure: str) -> dict[str, tuple[str, Fraction]]:
    """Each player's score for one night by the measure, by player key (with the name)."""
    ranking = night.ranking if measure == PLACING else measure
    ranked = standings(night.tables, sat_out=night.missed, sit_out=night.sit_out, ranking=ranking)
    return {
        player_key(row.name): (
            row.name,
            Fraction(row.rank) if measure == PLACING else row.score,
        )
        for row in ranked.rows
        if row.games  # a night only sat out is not a night played
    }


def season_table(nights: Sequence[Night], measure: str, best_of: int | None) -> SeasonTable:
    """Rank the players over the nights (see the module's words)."""
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(MEASURES)}")
    lowest = measure == PLACING
    players: dict[str, _Player] = {}
    for number, night in enumerate(nights):
        for key, (name, value) in night_scores(night, measure).items():
            players.setdefault(key, _Player(name)).nightly[number] = value
        for table in night.tables:
            for index in table.won_by:
                for name in table.sides[index]:
                    players.setdefault(player_key(name), _Player(name)).wins += 1

    def kept(player: _Player) -> set[int]:
        """The nights that count: the best N (the earlier night first on a tie)."""
        order = sorted(
            player.nightly,
            key=lambda n: (-player.nightly[n] if not lowest else player.nightly[n], n),
        )
        return set(order[:best_of] if best_of else order)

    def counted(player: _Player) -> list[Fraction]:
        return [player.nightly[n] for n in sorted(kept(player))]

    def score(player: _Player) -> Fraction:
        kept = counted(player)
        if not lowest:
            return sum(kept, Fraction(0))
        return sum(kept, Fraction(0)) / len(kept) if kept else Fraction(0)

    def first_key(key: str) -> tuple[Fraction, int]:
        return (score(players[key]) if lowest else -score(players[key]), -players[key].wins)

    ordered = sorted(players, key=lambda key: (first_key(key), key))
    groups: list[list[str]] = []
    for key in ordered:
        if groups and first_key(groups[-1][0]) == first_key(key):
            groups[-1].append(key)
        else:
            groups.append([key])
    rows: list[SeasonRow] = []
    for group in groups:
        beaten = head_to_head(nights, group) if len(group) > 1 else {group[0]: 0}
        group.sort(key=lambda key: (-beaten[key], key))
        for position, key in enumerate(group):
            player = players[key]
            level = position > 0 and beaten[group[position - 1]] == beaten[key]
            rows.append(
                SeasonRow(
                    name=player.name,
                    rank=rows[-1].rank if level else len(rows) + 1,
                    nights=len(player.nightly),
                    counted=len(counted(player)),
                    score=score(player),
                    wins=player.wins,
                    nightly=tuple(player.nightly.get(n) for n in range(len(nights))),
                    dropped=tuple(
                        n in player.nightly and n not in kept(player) for n in range(len(nights))
                    ),
                )
            )
    return SeasonTable(measure, best_of, tuple(nights), tuple(rows))


def head_to_head(nights: Sequence[Night], group: Sequence[str]) -> dict[str, int]:
    """Among these players (by key): how many times each placed above another of them
    at a table where they sat on different sides."""
    beaten = dict.fromkeys(group, 0)
    for night in nights:
        for table in night.tables:
            points = match_points(table)  # a higher share placed above
            side_of = {
                player_key(name): index
                for index, side in enumerate(table.sides)
                for name in side
                if player_key(name) in beaten
            }
            for mine, my_side in side_of.items():
                for their_side in side_of.values():
                    if my_side != their_side and points[my_side] > points[their_side]:
                        beaten[mine] += 1
    return beaten


def measure_words(table: SeasonTable) -> Text:
    """The one line that says what ranks the season's table."""
    nights = len(table.nights)
    counting = (
        text(N_("best {n} of {m} nights"), n=table.best_of, m=nights)
        if table.best_of and table.best_of < nights
        else text(N_("every night counts ({m})"), m=nights)
    )
    if table.measure == MATCH_POINTS:
        return text(
            N_(
                "Ranked by match points (at each table 1 for the winner, 0 for the last, a tie"
                " shared), {counting}; then wins, then head to head."
            ),
            counting=counting,
        )
    if table.measure == WINS:
        return text(N_("Ranked by games won, {counting}; then head to head."), counting=counting)
    return text(
        N_(
            "Ranked by average place in each night's standings, lowest first, {counting};"
            " then wins, then head to head."
        ),
        counting=counting,
    )
