"""An evening as one value: its tables, its rounds (seated, extra, still to seat), every
game's place and result, and its standings — read once from the store and rendered by
the evening's page, the TV, the summary PDF, the CSVs and the seasons alike.

Pure: the store reads the rows (store/evenings.py `read_night`) and hands them here;
nothing here names a game or imports Flask or SQLite.

What a game counts for, in its evening:
- its totals as they stand, plus the director's adjustments (points given to or taken
  from a side, with a reason, never inside a hand);
- a game over without a winner by its rules — cut when the director ended its round,
  or at the end of a progressive round's hands — is won by the side(s) ahead then,
  unless every side is level;
- a round not played by a player of the evening (sat out, arrived late, left early)
  counts as the evening says: the player's average, or nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .limits import player_key
from .standings import AUTO, Standings, TableResult, standings

SEATED = "seated"  # a round the rotation seated
EXTRA = "extra"  # a game a table started after every planned round
PLANNED = "planned"  # a round of the plan, not seated yet
FREE = "free"  # an evening without a rotation: a table's first game, its next…


@dataclass(frozen=True)
class Place:
    """One table in one round: who sits where (seat order) and the game played there."""

    table: int
    seats: tuple[str, ...]
    game: str | None = None  # None: not started, or removed by the director


@dataclass(frozen=True)
class NightRound:
    """A round of the evening."""

    number: int
    kind: str  # SEATED, EXTRA, PLANNED or FREE
    places: tuple[Place, ...]
    out: tuple[str, ...] = ()  # who sits it out
    started_at: str | None = None
    ended_at: str | None = None  # when the director ended it


@dataclass(frozen=True)
class NightGame:
    """What the evening knows of one of its games, from its summary: no hand replayed."""

    id: str
    table: int | None
    round: int | None
    players: tuple[str, ...]
    hands: int
    finished: bool  # by its own rules
    cut_at: str | None  # the director ended its round then
    hands_limit: int | None  # a progressive round's hands
    result: TableResult | None  # None before its first hand
    adjustments: tuple[tuple[int, int], ...] = ()  # (side, points) the director gave

    @property
    def over(self) -> bool:
        """Finished by its rules, cut, or its round's hands played."""
        limit = self.hands_limit is not None and self.hands >= self.hands_limit
        return self.finished or self.cut_at is not None or limit


@dataclass(frozen=True)
class Night:
    """The evening as every page shows it."""

    name: str
    day: str  # ISO date
    ranking: str  # the evening's format (standings.RANKINGS)
    sit_out: str  # what a round not played counts
    planned: int | None  # the rounds the rotation plans (None: no rotation)
    hands_per_round: int | None
    round_minutes: int | None
    tables: Mapping[int, str]  # number → name ("" for none)
    rounds: tuple[NightRound, ...]  # seated, extra and free rounds, in order
    plan: tuple[NightRound, ...]  # the planned rounds not seated yet
    games: Mapping[str, NightGame]  # the games this phone may see, by id
    standings: Standings
    partnerships: bool = True  # the rotation seats partners opposite

    @property
    def current(self) -> NightRound | None:
        """The round being played: the last seated (or extra) one."""
        seated = [r for r in self.rounds if r.kind in (SEATED, EXTRA)]
        return seated[-1] if seated else None

    def place_of(self, game_id: str) -> tuple[int | None, int | None]:
        """A game's table and round."""
        game = self.games.get(game_id)
        return (None, None) if game is None else (game.table, game.round)

    def round_kind(self, number: int | None) -> str:
        """Whether round `number` was seated, is an extra round, or the table's own."""
        if number is None or self.planned is None:
            return FREE
        return SEATED if number <= self.planned else EXTRA


def counted(game: NightGame) -> TableResult | None:
    """The game's result as the evening counts it (see the module's words)."""
    if game.result is None:
        return None
    totals = list(game.result.totals)
    for side, points in game.adjustments:
        if 0 <= side < len(totals):
            totals[side] += points
    won_by = game.result.won_by
    if game.over and not game.finished and len(set(totals)) > 1:
        best = min(totals) if game.result.lowest_wins else max(totals)
        won_by = tuple(index for index, total in enumerate(totals) if total == best)
    return replace(game.result, totals=tuple(totals), won_by=won_by)


def missed(rounds: Sequence[NightRound], games: Mapping[str, NightGame]) -> dict[str, int]:
    """Rounds each player of the evening did not play, by name: of the seated rounds
    under way (a hand stored at one of its tables, or ended), those where they had no
    seat — a sit-out, a round before they arrived or after they left."""
    under_way = [
        r
        for r in rounds
        if r.kind == SEATED
        and (
            r.ended_at is not None
            or any(
                p.game is not None and p.game in games and games[p.game].hands for p in r.places
            )
        )
    ]
    everyone: dict[str, str] = {}
    for r in rounds:
        if r.kind != SEATED:
            continue
        for name in [*(n for p in r.places for n in p.seats), *r.out]:
            everyone.setdefault(player_key(name), name)
    counts: dict[str, int] = {}
    for r in under_way:
        seated = {player_key(n) for p in r.places for n in p.seats}
        for key, name in everyone.items():
            if key not in seated:
                counts[name] = counts.get(name, 0) + 1
    return counts


def rank(
    games: Mapping[str, NightGame],
    rounds: Sequence[NightRound],
    *,
    ranking: str = AUTO,
    sit_out: str = "average",
) -> Standings:
    """The evening's standings from its games as counted and the rounds not played."""
    tables = [found for game in games.values() if (found := counted(game)) is not None]
    return standings(tables, sat_out=missed(rounds, games), sit_out=sit_out, ranking=ranking)
