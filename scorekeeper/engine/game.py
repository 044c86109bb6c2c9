"""A game: a ruleset, players in seat order and a log of hands; and scoring it.

Totals, bags and the outcome are never stored: they are derived by replaying the hands
through the game kind, hand by hand, so an edit anywhere re-scores everything after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import GameError, HandError, InvalidHand
from .kinds import GameKind, find_kind
from .options import OptionError
from .ruleset import Ruleset, UnknownRuleset, find_ruleset
from .text import N_, Text, Translations, shown, text

FORMAT = "scorekeeper-game/1"


@dataclass(frozen=True)
class Side:
    """A scoring side: a partnership, or one player in an individual game."""

    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Line:
    """One explanation line of a side's hand score; the lines add up to the points."""

    rule: str  # the option that decided this line, for a link to the rule page
    text: Text
    points: int = 0

    def render(self, translations: Translations | None = None) -> str:
        """Render the line for players."""
        return self.text.render(translations)


@dataclass(frozen=True)
class HandResult:
    """What one hand did to every side, and the state after it."""

    points: tuple[int, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...] | None
    explanation: tuple[tuple[Line, ...], ...]
    markers: tuple[tuple[str, ...], ...]  # per side: "set", "bagged_out", "nil_made", …
    state: Any = field(repr=False, compare=False)


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over, and who won."""

    finished: bool
    winner: int | None = None
    reason: Text | None = None
    tie: bool = False  # the end condition was met but the top is tied: play another hand


@dataclass(frozen=True)
class Game:
    """A game as a game file describes it."""

    ruleset: Ruleset
    players: tuple[str, ...]
    hands: tuple[Any, ...] = ()

    @property
    def kind(self) -> GameKind:
        return find_kind(self.ruleset.game)

    @property
    def sides(self) -> tuple[Side, ...]:
        return self.kind.sides(self.ruleset.options, self.players)


@dataclass(frozen=True)
class GameResult:
    """A scored game: every hand's result and the outcome."""

    game: Game
    sides: tuple[Side, ...]
    hands: tuple[HandResult, ...]
    outcome: Outcome
    state: Any = field(repr=False, compare=False)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.hands[-1].totals if self.hands else tuple(0 for _ in self.sides)

    @property
    def bags(self) -> tuple[int, ...] | None:
        """Bags after the last hand, for game kinds that count them (Spades)."""
        if self.hands:
            return self.hands[-1].bags
        return tuple(0 for _ in self.sides) if self.game.kind.counts_bags else None


def score_game(game: Game) -> GameResult:
    """Score every hand in order and decide the outcome."""
    kind, ruleset = game.kind, game.ruleset
    sides = kind.sides(ruleset.options, game.players)
    state = kind.start(ruleset, game.players)
    outcome = kind.outcome(ruleset, state)
    results: list[HandResult] = []
    for number, hand in enumerate(game.hands, start=1):
        if outcome.finished:
            raise HandError(number, _over(sides, outcome, number - 1))
        try:
            result = kind.play(ruleset, state, hand)
        except InvalidHand as error:
            raise HandError(number, error.message, error.seat) from error
        results.append(result)
        state = result.state
        outcome = kind.outcome(ruleset, state)
    return GameResult(game, sides, tuple(results), outcome, state)


def _over(sides: Sequence[Side], outcome: Outcome, last: int) -> Text:
    if outcome.winner is None:
        return text(N_("the game is already over after hand {last}"), last=last)
    return text(
        N_("the game is already over: {winner} won after hand {last}"),
        winner=sides[outcome.winner].name,
        last=last,
    )


def load_game(doc: object) -> Game:
    """Check a parsed game file and build the Game; raise GameError or HandError."""
    if not isinstance(doc, dict):
        raise GameError(N_("the file must hold one JSON object"))
    fmt = doc.get("format", FORMAT)
    if fmt != FORMAT:
        raise GameError(
            text(
                N_("unknown format {fmt}, expected {expected}"),
                fmt=shown(fmt),
                expected=shown(FORMAT),
            )
        )
    ruleset = _ruleset(doc)
    players = _players(doc.get("players"), ruleset)
    kind = find_kind(ruleset.game)
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list):
        raise GameError(N_("'hands' must be a list"))
    hands = []
    for number, raw in enumerate(raw_hands, start=1):
        try:
            hands.append(kind.parse_hand(raw, ruleset.options))
        except InvalidHand as error:
            raise HandError(number, error.message, error.seat) from error
    return Game(ruleset, players, tuple(hands))


def _ruleset(doc: Mapping[str, Any]) -> Ruleset:
    ruleset_id = doc.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise GameError(N_("'ruleset' must name a preset, e.g. \"yahoo-normal\""))
    try:
        ruleset = find_ruleset(ruleset_id)
    except UnknownRuleset:
        raise GameError(text(N_("unknown ruleset {id!r}"), id=ruleset_id)) from None
    game = doc.get("game", ruleset.game)
    if game != ruleset.game:
        raise GameError(
            text(
                N_("ruleset {id!r} is for {kind}, not {game}"),
                id=ruleset_id,
                kind=ruleset.game,
                game=shown(game),
            )
        )
    overrides = doc.get("options") or {}
    if not isinstance(overrides, dict):
        raise GameError(N_("'options' must be an object of option names and values"))
    try:
        return ruleset.with_options(overrides)
    except OptionError as error:
        raise GameError(error.message) from None


def _players(raw: object, ruleset: Ruleset) -> tuple[str, ...]:
    expected = ruleset.options.players
    if not isinstance(raw, list):
        raise GameError(N_("'players' must be a list of names in seat order"))
    if len(raw) != expected:
        raise GameError(
            text(
                N_("{count} players given, ruleset {id!r} needs {expected}"),
                count=len(raw),
                id=ruleset.id,
                expected=expected,
            )
        )
    for seat, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise GameError(text(N_("the player in seat {seat} needs a name"), seat=seat))
    return tuple(raw)


def game_to_json(game: Game) -> dict[str, Any]:
    """Write a game in the game file format."""
    changed = game.ruleset.changed()
    values = {name: getattr(game.ruleset.options, name) for name in changed}
    return {
        "format": FORMAT,
        "game": game.ruleset.game,
        "ruleset": game.ruleset.id,
        "options": {k: getattr(v, "value", v) for k, v in values.items()},
        "players": list(game.players),
        "hands": [game.kind.hand_to_json(hand) for hand in game.hands],
    }


def result_to_json(result: GameResult, translations: Translations | None = None) -> dict[str, Any]:
    """Write a scored game as `scorekeeper score` prints it."""
    with_bags = result.bags is not None
    hands = []
    for hand in result.hands:
        row: dict[str, Any] = {"points": list(hand.points), "totals": list(hand.totals)}
        if hand.bags is not None:
            row["bags"] = list(hand.bags)
        row["explanation"] = [
            [line.render(translations) for line in side] for side in hand.explanation
        ]
        row["markers"] = [list(side) for side in hand.markers]
        hands.append(row)
    doc: dict[str, Any] = {
        "game": result.game.ruleset.game,
        "ruleset": result.game.ruleset.id,
        "sides": [{"name": side.name, "seats": list(side.seats)} for side in result.sides],
        "hands": hands,
        "totals": list(result.totals),
    }
    if with_bags:
        doc["bags"] = list(result.bags or ())
    doc["finished"] = result.outcome.finished
    doc["winner"] = result.outcome.winner
    if result.outcome.reason is not None:
        reason = result.outcome.reason.render(translations)
        winner = result.outcome.winner
        doc["outcome"] = f"{result.sides[winner].name}: {reason}" if winner is not None else reason
    return doc
