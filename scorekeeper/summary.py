"""A game's summary as the store keeps it: what the engine and the statistics make of
one game, as the rows the pages that span games read (store/summaries.py writes them).

Pure: no database; the store calls it in the write that changes a game, and a
server's helper processes call it while catching up (store/catch_up.py).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import GameResult, load_game, score_game
from .engine.errors import GameError, HandError
from .limits import player_key
from .standings import TableResult, table_result
from .stats import game_csv, game_stats

# json.dumps with an argument makes a new encoder each call: one, made once, instead.
_text = json.JSONEncoder(ensure_ascii=False).encode

# One player's part, as a row of player_summaries: key, name, finished, won, hands, the
# kind's counts (JSON) and the whole part (JSON).
Part = tuple[str, str, int, int, int, str, str]


@dataclass(frozen=True)
class Summary:
    """One game's summary, as the rows it is written as."""

    sides: str  # each side's player keys (JSON)
    places: str | None  # each side's place (0 the winner, JSON) once the game is over
    standing: str | None  # the table's result for standings (JSON), after a hand
    csv: str  # the game's rows of the all-games CSV, as CSV text without its header
    parts: tuple[Part, ...]  # each player's part of the statistics


def summary(
    game_id: str,
    started: str,
    players: Sequence[str],
    bodies: Sequence[Any],
    result: GameResult,
    *,
    over: bool = False,
) -> Summary:
    """What the engine and the statistics make of one scored game; `over`: its evening's
    round ended it (cut, or its round's hands played), so it has a result as its totals
    stand."""
    sides = [[player_key(players[seat]) for seat in side.seats] for side in result.sides]
    table = table_result(players, result)
    ranked = places(result, over=over)
    parts = tuple(
        (
            key,
            part.name,
            part.finished,
            part.won,
            part.hands,
            _text(dict(part.counts)),
            _text(part.to_part()),
        )
        for key, part in game_stats(players, result, over=over).items()
    )
    return Summary(
        _text(sides),
        None if ranked is None else json.dumps(ranked),
        None if table is None else _text(_fields(table)),
        game_csv(game_id, started[:10], players, bodies, result),
        parts,
    )


def _fields(table: TableResult) -> dict[str, Any]:
    """A table's result as JSON takes it (dataclasses.asdict copies deeply, and slowly)."""
    return {field.name: getattr(table, field.name) for field in dataclasses.fields(table)}


def summary_of(
    game_id: str, started: str, document: Mapping[str, Any], *, over: bool = False
) -> Summary | None:
    """A stored game's summary from its game file (`document`), or None for a game this
    version cannot score (a game kind or preset it no longer ships, a log that does not
    replay): such a game has no summary and counts nowhere."""
    try:
        result = score_game(load_game(dict(document)))
    except (GameError, HandError, LookupError, ValueError):
        return None
    return summary(game_id, started, document["players"], document["hands"], result, over=over)


def places(result: GameResult, *, over: bool = False) -> list[int] | None:
    """Each side's place in a finished game (or one its evening's round ended: `over`),
    0 first: the winners first (a shared win shares the place), then the others by their
    totals as the kind ranks them; sides level on points share a place. None while the
    game goes on."""
    if not (result.outcome.finished or (over and result.hands)):
        return None
    won = set(result.outcome.won_by)
    lowest = result.game.ruleset.kind.lowest_wins(result.game.current_ruleset.options)
    totals = result.totals

    def order(side: int) -> tuple[int, int]:
        return (0 if side in won else 1, totals[side] if lowest else -totals[side])

    keys = [order(side) for side in range(len(result.sides))]
    return [sorted(set(keys)).index(key) for key in keys]
