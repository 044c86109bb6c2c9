"""Settling disputes: compare rulesets option by option, and re-score a game under another."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .describe import RuleSheet, describe
from .errors import GameError, HandError, InvalidHand
from .game import Game, GameResult, player_counts, score_game
from .options import option_values
from .outcome import shared_win
from .ruleset import Ruleset, all_rulesets
from .text import N_, Nn_, Text, ntext, text
from .types import Outcome, Side


@dataclass(frozen=True)
class CompareRow:
    option: str
    label: Text
    values: tuple[Text, ...]  # one per ruleset, in words
    raw: tuple[object, ...]
    origins: tuple[str, ...]
    differs: bool


@dataclass(frozen=True)
class Comparison:
    rulesets: tuple[Ruleset, ...]
    groups: tuple[tuple[Text, tuple[CompareRow, ...]], ...]

    @property
    def differences(self) -> list[CompareRow]:
        return [row for _, rows in self.groups for row in rows if row.differs]


def compare(rulesets: Sequence[Ruleset]) -> Comparison:
    """One table of every option of two or more rulesets of the same game, differences marked."""
    if len(rulesets) < 2:
        raise GameError(text(N_("compare needs at least two rulesets")))
    games = {r.game for r in rulesets}
    if len(games) > 1:
        raise GameError(
            text(
                N_("only rulesets of the same game can be compared ({games})"),
                games=", ".join(sorted(games)),
            )
        )
    sheets: list[RuleSheet] = [describe(r) for r in rulesets]
    raws = [option_values(r.options) for r in rulesets]
    groups = []
    for index, group in enumerate(sheets[0].groups):
        rows = []
        for position, rule in enumerate(group.rules):
            lines = [sheet.groups[index].rules[position] for sheet in sheets]
            raw = tuple(values[rule.option] for values in raws)
            rows.append(
                CompareRow(
                    option=rule.option,
                    label=rule.label,
                    values=tuple(line.value for line in lines),
                    raw=raw,
                    origins=tuple(line.origin for line in lines),
                    differs=len({repr(v) for v in raw}) > 1,
                )
            )
        groups.append((group.title, tuple(rows)))
    return Comparison(tuple(rulesets), tuple(groups))


@dataclass(frozen=True)
class WhatIfRow:
    number: int
    actual: tuple[int, ...]
    other: tuple[int, ...] | None  # None once the other ruleset refuses a hand
    difference: tuple[int, ...] | None


@dataclass(frozen=True)
class Carried:
    """How hands played under one rule were entered to be scored under the other (a
    side's two bids added into one team bid), and which hands it changed."""

    note: Text
    hands: tuple[int, ...]


@dataclass(frozen=True)
class WhatIf:
    actual: GameResult
    other: GameResult
    ruleset: Ruleset
    rows: tuple[WhatIfRow, ...]
    stopped: HandError | None  # the first hand the other ruleset does not allow
    carried: tuple[Carried, ...] = ()

    @property
    def refused(self) -> bool:
        """The other rules cannot score a hand the table played: how the game would end
        under them cannot be known (a game that ended earlier under them is known)."""
        return self.stopped is not None and not self.other.outcome.finished

    @property
    def winner_changes(self) -> bool:
        if self.refused:
            return False
        return self.actual.outcome.won_by != self.other.outcome.won_by or (
            self.actual.outcome.finished != self.other.outcome.finished
        )


def other_ruleset(game: Game) -> Ruleset | None:
    """The preset a what-if offers first: the first other preset of the game's kind that
    seats its players (its own would only repeat the scoresheet)."""
    for ruleset in all_rulesets(game.ruleset.game):
        if ruleset.id == game.ruleset.id:
            continue
        try:
            _comparable(game, ruleset)
        except GameError:
            continue
        return ruleset
    return None


def what_if(game: Game, ruleset: Ruleset) -> WhatIf:
    """Re-score the same hands under another ruleset, hand by hand, as far as it allows.

    Each hand is first entered as the other rules take it (the kind's `carry_hand`: a
    side's two bids become one team bid), then scored."""
    ruleset = _comparable(game, ruleset)
    actual = score_game(game)
    kind = ruleset.kind
    hands = []
    stopped: HandError | None = None
    carried: dict[tuple[object, ...], tuple[Text, list[int]]] = {}
    for number, hand in enumerate(game.hands, start=1):
        raw, note = kind.carry_hand(
            kind.hand.to_json(hand),
            game.ruleset_for(number).options,
            ruleset.options,
            game.players,
        )
        try:
            reparsed = kind.hand.parse(raw, ruleset.options)
        except InvalidHand as error:
            stopped = HandError(number, error.message, error.seat, error.field)
            break
        hands.append(reparsed)
        try:
            score_game(_replayed(game, ruleset, hands))
        except HandError as error:
            stopped = error
            hands.pop()
            break
        if note is not None:
            carried.setdefault(note.key(), (note, []))[1].append(number)
    other = score_game(_replayed(game, ruleset, hands))
    return WhatIf(
        actual,
        other,
        ruleset,
        _rows(actual, other),
        stopped,
        tuple(Carried(note, tuple(numbers)) for note, numbers in carried.values()),
    )


def _comparable(game: Game, ruleset: Ruleset) -> Ruleset:
    """The other rules, seated as the game is; a GameError when they cannot score it."""
    if ruleset.game != game.ruleset.game:
        raise GameError(
            text(
                N_("a {game} game cannot be re-scored under a {other} ruleset"),
                game=game.ruleset.game,
                other=ruleset.game,
            )
        )
    ruleset = ruleset.seated(len(game.players))
    if ruleset.options.players != len(game.players):
        raise GameError(
            text(
                N_("ruleset {id!r} needs {n} players; this game has {m}"),
                id=ruleset.id,
                n=player_counts(ruleset),
                m=len(game.players),
            )
        )
    partners = ruleset.kind.shape(ruleset.options).partnerships
    if partners != game.kind.shape(game.ruleset.options).partnerships:
        said = (
            N_("ruleset {id!r} plays in partnerships; this game was played each for themselves")
            if partners
            else N_(
                "ruleset {id!r} plays each for themselves; this game was played in partnerships"
            )
        )
        raise GameError(text(said, id=ruleset.id))
    return ruleset


def _rows(actual: GameResult, other: GameResult) -> tuple[WhatIfRow, ...]:
    """Each hand's totals under both rules, and the difference (None past the stop)."""
    rows = []
    for number, hand in enumerate(actual.hands, start=1):
        theirs = other.hands[number - 1].totals if number <= len(other.hands) else None
        rows.append(
            WhatIfRow(
                number,
                hand.totals,
                theirs,
                tuple(o - a for o, a in zip(theirs, hand.totals, strict=True)) if theirs else None,
            )
        )
    return tuple(rows)


WINS = Nn_("{side} wins", "{side} win")  # a side of two players is plural


def outcome_words(outcome: Outcome, sides: Sequence[Side]) -> Text:
    """Say who won, or that nobody has yet."""
    if outcome.finished and outcome.winner is not None:
        side = sides[outcome.winner]
        return ntext(WINS, len(side.seats), side=side.name)
    if outcome.finished and outcome.winners:
        return shared_win(outcome, sides)
    if outcome.tie:
        return text(N_("tie at the top — another hand"))
    return text(N_("not finished"))


def other_outcome_words(result: WhatIf) -> Text:
    """How the game stands under the other rules: who won, or where they stopped."""
    if result.refused and result.stopped is not None:
        return text(
            N_("cannot score hand {n}; compared up to hand {last}"),
            n=result.stopped.hand,
            last=result.stopped.hand - 1,
        )
    return outcome_words(result.other.outcome, result.other.sides)


def verdict(result: WhatIf) -> Text:
    """Say what the other rules change about the end: the winner, or whether it is over;
    nothing about the end when they cannot score every hand played."""
    actual, other = result.actual.outcome, result.other.outcome
    if result.refused and result.stopped is not None:
        if result.stopped.hand == 1:
            return text(
                N_("No verdict: these rules cannot score hand 1, so nothing can be compared.")
            )
        return text(
            N_(
                "No verdict: these rules cannot score hand {n}, so the hands after hand"
                " {last} cannot be compared and how the game would end cannot be known."
            ),
            n=result.stopped.hand,
            last=result.stopped.hand - 1,
        )
    if actual.finished and not other.finished:
        return text(N_("Under these rules the game would not be over yet."))
    if other.finished and not actual.finished:
        return text(N_("Under these rules the game would already be over."))
    if not actual.finished and not other.finished:
        return text(N_("Under both rules the game is not over yet."))
    if actual.won_by != other.won_by:
        return text(N_("The winner changes."))
    return text(N_("The winner does not change."))


def _replayed(game: Game, ruleset: Ruleset, hands: list[object]) -> Game:
    """The game's hands (as far as they go) under other rules, dealt as they were."""
    return Game(
        ruleset,
        game.players,
        tuple(hands),
        first_dealer=game.first_dealer,
        dealers=game.dealers[: len(hands)],
    )
