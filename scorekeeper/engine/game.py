"""A game: a ruleset, players in seat order and a log of hands; and scoring it.

Totals, what sides carry on and the outcome are never stored: they are derived by replaying the hands
through the game kind, hand by hand, so an edit anywhere re-scores everything after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .errors import GameError, HandError, InvalidHand, RulesError
from .kinds import SomeKind
from .options import OptionError
from .ruleset import Ruleset, UnknownRuleset, find_ruleset, short_id
from .seats import dealer_of
from .text import N_, Text, Translations, shown, text
from .types import HandResult, Outcome, Side

FORMAT = "scorekeeper-game/1"


@dataclass(frozen=True)
class RuleChange:
    """Options the table changed during the game, in force from hand `from_hand` on."""

    from_hand: int
    options: Mapping[str, object]

    def to_json(self) -> dict[str, object]:
        return {"from_hand": self.from_hand, "options": dict(self.options)}


@dataclass(frozen=True)
class Game:
    """A game as a game file describes it."""

    ruleset: Ruleset
    players: tuple[str, ...]
    hands: tuple[object, ...] = ()  # each the kind's hand
    changes: tuple[RuleChange, ...] = ()
    first_dealer: int = 0  # the seat that deals hand 1; the deal passes to the left
    # Hand by hand, the seat a hand names as its real dealer ("dealer": a table that dealt
    # out of turn), else None; the hands after it rotate from it.
    dealers: tuple[int | None, ...] = ()
    stopped: bool = False  # the table ended the game before its end (`"stopped": true`)

    def start(self) -> object:
        """The kind's state before the first hand."""
        kind = self.kind
        return kind.dealt_by(
            kind.scoring.start(self.ruleset.options, self.players), self.first_dealer
        )

    def dealer(self, hand_number: int) -> int:
        """The seat that deals hand `hand_number` (1-based)."""
        return dealer_of(self.first_dealer, len(self.players), hand_number, self.dealers)

    def named_dealer(self, hand_number: int) -> int | None:
        """The dealer hand `hand_number` names itself (None: it follows the rotation)."""
        return self.dealers[hand_number - 1] if hand_number <= len(self.dealers) else None

    def ruleset_for(self, hand_number: int) -> Ruleset:
        """The rules in force for hand `hand_number` (1-based), with every change made by then."""
        ruleset = self.ruleset
        for change in self.changes:
            if change.from_hand <= hand_number:
                ruleset = ruleset.with_options(change.options)
        return ruleset

    @property
    def current_ruleset(self) -> Ruleset:
        """The rules in force for the next hand."""
        return self.ruleset_for(len(self.hands) + 1)

    @property
    def kind(self) -> SomeKind:
        return self.ruleset.kind

    @property
    def sides(self) -> tuple[Side, ...]:
        return self.kind.shape(self.ruleset.options).sides(self.players)


@dataclass(frozen=True)
class GameResult:
    """A scored game: every hand's result and the outcome."""

    game: Game
    sides: tuple[Side, ...]
    hands: tuple[HandResult, ...]
    outcome: Outcome
    state: object = field(repr=False, compare=False)  # the kind's state
    # A game the table stopped short: its totals as the kind's rules close it (premiums
    # that are in no hand's points).
    closed: tuple[int, ...] | None = None

    @property
    def totals(self) -> tuple[int, ...]:
        if self.closed is not None:
            return self.closed
        return self.hands[-1].totals if self.hands else tuple(0 for _ in self.sides)

    @property
    def carried(self) -> tuple[int, ...] | None:
        """What each side carries on after the last hand, for kinds that count something
        beside the points (Facts.carried)."""
        if self.hands:
            return self.hands[-1].carried
        return tuple(0 for _ in self.sides) if self.game.kind.facts.carried else None

    def dealers(self) -> Sequence[int]:
        """The seat that dealt each hand, then the one that deals the next, as the kind
        says (a deal passed out dealt again by the same dealer, a board's own dealer);
        most games: the deal passes to the left, from a hand that names its dealer."""
        game = self.game
        rotation: list[int] = []
        for number in range(1, len(self.hands) + 2):
            named = game.named_dealer(number)
            if named is None:
                named = (rotation[-1] + 1) % len(game.players) if rotation else game.first_dealer
            rotation.append(named)
        return game.kind.dealers(game.current_ruleset.options, self.state, rotation)

    def dealer(self, hand_number: int) -> int:
        """The seat that dealt hand `hand_number` (1-based), or deals the next one."""
        return self.dealers()[hand_number - 1]


def score_game(game: Game) -> GameResult:
    """Score every hand in order under the rules in force for it, and decide the outcome.

    Whether the game is over after hand n is decided by the rules for hand n + 1, so a
    target raised after the end lets play go on.
    """
    kind, state = game.kind, game.start()
    sides = kind.shape(game.ruleset.options).sides(game.players)
    play, end = kind.scoring.play, kind.scoring.outcome  # looked up once, not per hand
    # Without rule changes every hand has the game's rules: no need to ask per hand.
    rules = game.ruleset if not game.changes else None
    outcome = end((rules or game.ruleset_for(1)).options, state)
    results = []
    for number, hand in enumerate(game.hands, start=1):
        if outcome.finished:
            over = (rules or game.ruleset_for(number)).options
            raise HandError(number, _over(kind, over, sides, outcome, number))
        named = game.named_dealer(number)
        if named is not None:  # dealt out of turn: the rules follow the real dealer
            state = kind.dealt_by(state, named)
        try:
            result = play((rules or game.ruleset_for(number)).options, state, hand)
        except InvalidHand as error:
            raise HandError(number, error.message, error.seat, error.field) from error
        results.append(result)
        state = result.state
        outcome = end((rules or game.ruleset_for(number + 1)).options, state)
    closed = None
    if game.stopped and not outcome.finished:  # the table stopped: what that scores
        after = (rules or game.ruleset_for(len(game.hands) + 1)).options
        state = kind.stop(after, state)
        outcome = end(after, state)
        totals = kind.report(after, state)[1].get("totals")
        if isinstance(totals, list):
            closed = tuple(int(t) for t in totals)
    return GameResult(game, sides, tuple(results), outcome, state, closed)


def _over(
    kind: SomeKind,
    options: object,
    sides: Sequence[Side],
    outcome: Outcome,
    number: int,
) -> Text:
    """Why hand `number` cannot be played: the game ended with the hand before it."""
    said = kind.past_the_end(options, number)
    if said is not None:
        return said
    last = number - 1
    if outcome.winner is None:
        return text(N_("the game is already over after hand {last}"), last=last)
    return text(
        N_("the game is already over: {winner} won after hand {last}"),
        winner=sides[outcome.winner].name,
        last=last,
    )


def load_game(doc: object, find: Callable[[str], Ruleset] | None = None) -> Game:
    """Check a parsed game file and build the Game; raise GameError or HandError.

    The file's "ruleset" is a preset's id, or house rules: those the file carries itself
    ("house_rules", as a stored game started from them is exported), else those `find`
    knows (a resolver over the presets and the house rules stored where the caller keeps
    them)."""
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
    ruleset = _ruleset(doc, find or find_ruleset)
    ruleset = _seated(doc.get("players"), ruleset, doc.get("options") or {})
    players = _players(doc.get("players"), ruleset)
    kind = ruleset.kind
    first_dealer = _first_dealer(doc.get("first_dealer", 0), players)
    stopped = doc.get("stopped", False)
    if not isinstance(stopped, bool):
        raise GameError(N_("'stopped' must be true or false"))
    game = Game(
        ruleset,
        players,
        (),
        _changes(doc.get("option_changes"), ruleset),
        first_dealer,
        stopped=stopped,
    )
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list):
        raise GameError(N_("'hands' must be a list"))
    hands, dealers = [], []
    for number, raw in enumerate(raw_hands, start=1):
        try:
            hands.append(kind.hand.parse(raw, game.ruleset_for(number).options))
        except InvalidHand as error:
            raise HandError(number, error.message, error.seat, error.field) from error
        dealers.append(_named_dealer(raw, number, players))
    return replace(game, hands=tuple(hands), dealers=tuple(dealers))


def _named_dealer(raw: object, number: int, players: Sequence[str]) -> int | None:
    """The seat a game-file hand says really dealt it (`"dealer"`), or None."""
    if not isinstance(raw, dict) or raw.get("dealer") is None:
        return None
    seat = raw["dealer"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(players):
        raise HandError(
            number,
            text(
                N_("'dealer' must be a seat from 0 to {last}, got {value}"),
                last=len(players) - 1,
                value=shown(seat),
            ),
        )
    return seat


def _first_dealer(raw: object, players: Sequence[str]) -> int:
    """The seat that deals hand 1, as the file's top-level `first_dealer` names it."""
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < len(players):
        raise GameError(
            text(
                N_("'first_dealer' must be a seat from 0 to {last}"),
                last=len(players) - 1,
            )
        )
    return raw


def _changes(raw: object, ruleset: Ruleset) -> tuple[RuleChange, ...]:
    """Read the rule changes made during a game ("option_changes"), checking each."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise GameError(N_("'option_changes' must be a list"))
    changes: list[RuleChange] = []
    current = ruleset
    for entry in raw:
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("from_hand"), int)
            or isinstance(entry.get("from_hand"), bool)
            or entry["from_hand"] < 1
            or not isinstance(entry.get("options"), dict)
        ):
            raise GameError(N_("each option change needs 'from_hand' (1 or more) and 'options'"))
        # What decides who sits where and what each holds cannot change once begun.
        fixed = ruleset.kind.facts.seated_by & entry["options"].keys()
        if fixed:
            raise GameError(
                text(N_("option {name!r} cannot change during a game"), name=sorted(fixed)[0])
            )
        try:
            current = current.with_options(entry["options"])
        except OptionError as error:
            raise GameError(error.located) from None
        changes.append(RuleChange(entry["from_hand"], dict(entry["options"])))
    return tuple(changes)


def _ruleset(doc: Mapping[str, object], find: Callable[[str], Ruleset]) -> Ruleset:
    ruleset_id = doc.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise GameError(N_("'ruleset' must name a preset, e.g. \"yahoo-normal\""))
    try:
        carried = doc.get("house_rules")
        if isinstance(carried, dict) and carried.get("id") == ruleset_id:
            from .house import house_ruleset

            try:
                ruleset = house_ruleset(carried)
            except RulesError as error:
                raise GameError(text(N_("house_rules: {why}"), why=error.message)) from None
        else:
            ruleset = find(ruleset_id)
    except UnknownRuleset:
        raise GameError(text(N_("unknown ruleset {id!r}"), id=short_id(ruleset_id))) from None
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
    players = doc.get("players")
    count = len(players) if isinstance(players, list) else ruleset.options.players
    if (
        "players" not in overrides
        and count != ruleset.options.players
        and count in ruleset.player_counts
    ):
        # Seated as the file names them before its options apply: an option's bounds may
        # depend on the table (a largest hand of 17 cards is for 3 players, not 4), and a
        # refusal says what this table cannot play, never that it has too many players.
        try:
            return ruleset.with_options({"players": count, **overrides})
        except OptionError as error:
            raise GameError(error.located) from None
    try:
        return ruleset.with_options(overrides)
    except OptionError as error:
        raise GameError(error.located) from None


def _seated(raw: object, ruleset: Ruleset, overrides: Mapping[str, object]) -> Ruleset:
    """The ruleset for as many players as the file names, where the source allows that many.

    Seed 004's widow game is for 4 or 5 players: a file naming 4 plays it with 4, without
    having to say so in its options.
    """
    if not isinstance(raw, list) or "players" in overrides:
        return ruleset
    return ruleset.seated(len(raw))


def player_counts(ruleset: Ruleset) -> Text | int:
    """How many players the ruleset allows, in words: 4, or "4 or 5" (the widow game)."""
    counts = sorted(set(ruleset.player_counts))
    if len(counts) == 1:
        return counts[0]
    return text(N_("{some} or {last}"), some=", ".join(map(str, counts[:-1])), last=counts[-1])


def _players(raw: object, ruleset: Ruleset) -> tuple[str, ...]:
    expected = ruleset.options.players
    unnamed = ruleset.kind.unnamed(ruleset.options)
    if raw is None and unnamed is not None:
        return unnamed
    if not isinstance(raw, list):
        raise GameError(N_("'players' must be a list of names in seat order"))
    if len(raw) != expected:
        said = ruleset.kind.seating(ruleset.options, len(raw))
        if said is not None:
            raise GameError(said)
        raise GameError(
            text(
                N_("{count} players given, ruleset {id!r} needs {expected}"),
                count=len(raw),
                id=ruleset.id,
                expected=player_counts(ruleset),
            )
        )
    for seat, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise GameError(text(N_("the player in seat {seat} needs a name"), seat=seat + 1))
    return tuple(raw)


def game_to_json(game: Game) -> dict[str, object]:
    """Write a game in the game file format."""
    changed = game.ruleset.changed()
    values = {name: getattr(game.ruleset.options, name) for name in changed}
    return {
        "format": FORMAT,
        "game": game.ruleset.game,
        "ruleset": game.ruleset.id,
        **({"house_rules": _house_document(game.ruleset)} if game.ruleset.house else {}),
        "options": {k: getattr(v, "value", v) for k, v in values.items()},
        "players": list(game.players),
        "hands": [
            {
                **game.kind.hand.to_json(hand),
                **({"dealer": seat} if (seat := game.named_dealer(number)) is not None else {}),
            }
            for number, hand in enumerate(game.hands, start=1)
        ],
        **({"first_dealer": game.first_dealer} if game.first_dealer else {}),
        **({"stopped": True} if game.stopped else {}),
        **({"option_changes": [c.to_json() for c in game.changes]} if game.changes else {}),
    }


def _house_document(ruleset: Ruleset) -> dict[str, object]:
    from .house import rules_document

    return rules_document(ruleset)


def result_to_json(
    result: GameResult, translations: Translations | None = None
) -> dict[str, object]:
    """Write a scored game as `scorekeeper score` prints it."""
    carried = result.game.kind.facts.carried  # its name in the output, when the kind counts it
    hands = []
    for hand in result.hands:
        row: dict[str, object] = {
            **hand.record,  # the kind's own fields of a hand, as it names them
            "points": list(hand.points),
            "totals": list(hand.totals),
        }
        if carried and hand.carried is not None:
            row[carried] = list(hand.carried)
        row["explanation"] = [
            [line.render(translations) for line in side] for side in hand.explanation
        ]
        row["markers"] = [list(side) for side in hand.markers]
        hands.append(row)
    doc: dict[str, object] = {
        "game": result.game.ruleset.game,
        "ruleset": result.game.ruleset.id,
        "sides": [{"name": side.name, "seats": list(side.seats)} for side in result.sides],
        "hands": hands,
        "totals": list(result.totals),
    }
    if carried:
        doc[carried] = list(result.carried or ())
    last = result.game.ruleset_for(len(result.hands) + 1).options
    per_hand, whole = result.game.kind.report(last, result.state)
    for row, more in zip(hands, per_hand, strict=False):
        row.update(more)
    doc.update(whole)
    doc["finished"] = result.outcome.finished
    doc["winner"] = result.outcome.winner
    if result.outcome.winners:
        doc["winners"] = list(result.outcome.winners)  # a shared win: `winner` is null
    if result.outcome.reason is not None:
        reason = result.outcome.reason.render(translations)
        winner = result.outcome.winner
        doc["outcome"] = f"{result.sides[winner].name}: {reason}" if winner is not None else reason
    if result.outcome.finished and result.outcome.winner is not None:
        # A game played for stakes ends with who pays whom (seats, as in the file).
        options = result.game.ruleset_for(max(1, len(result.hands))).options
        payments = result.game.ruleset.kind.settlement(
            options, result.totals, result.outcome.winner
        )
        if any(payment.amount for payment in payments):
            doc["settlement"] = [
                {"payer": p.payer, "payee": p.payee, "amount": p.amount} for p in payments
            ]
    return doc
