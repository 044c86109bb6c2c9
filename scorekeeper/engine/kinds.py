"""Game kinds and the interface each one provides.

A kind owns its options, its hand shape, its scoring, its end of game and how it is
written down. Nothing outside a kind's own package names a game: the game loop, the
store, the web pages, the PDF and the command line talk to a kind only through this
interface. Adding a kind is adding its package here (engine/<kind>/, with presets in
presets/<kind>/), its entry in the web layer (web/entry/<kind>.py, templates/kinds/<kind>/)
and one line in `_KINDS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .hand import Body, Gettext
from .text import N_, text
from .types import Marker, Side, StatColumn

if TYPE_CHECKING:
    from .game import GameResult
    from .rulesheet import Answer, Group, Table
    from .text import Part, Text
    from .types import HandResult, Need, Outcome, Payment

# What `score` prints of a game beyond the generic fields: per hand, and for the game.
Report = tuple[list[dict[str, object]], dict[str, object]]

Opts = TypeVar("Opts", contravariant=True)  # a kind's options
Hand = TypeVar("Hand")  # a kind's hand
Played = TypeVar("Played", contravariant=True)  # the same, as scoring is given it
State = TypeVar("State")  # what a kind carries from hand to hand
Opt = TypeVar("Opt")  # the same, for the defaults a kind inherits
St = TypeVar("St")

# The registry: a game kind is a package of the engine, one line here.
_KINDS = {
    "spades": "scorekeeper.engine.spades",
    "hearts": "scorekeeper.engine.hearts",
    "spitzer": "scorekeeper.engine.spitzer",
    "oh-hell": "scorekeeper.engine.oh_hell",
    "euchre": "scorekeeper.engine.euchre",
    "bridge": "scorekeeper.engine.bridge",
    "pinochle": "scorekeeper.engine.pinochle",
}


# A game that ends at a total names that option so, in every kind: "play on" raises it.
TARGET_OPTION = "target"


@dataclass(frozen=True)
class Shape:
    """What a game is at the table under a ruleset's options: the facts the pages, the
    sheet and the game loop ask of a kind, never reading the kind's options themselves."""

    players: int  # the seats filled
    partnerships: bool  # two sides of two, partners opposite: seats 1 + 3 against 2 + 4
    # Tricks in every hand; for a game whose hands grow and shrink, each hand's in turn.
    tricks: int | tuple[int, ...]
    # The sides' own names where they are not their players' (a traveller's directions).
    side_names: tuple[str, ...] = ()

    def tricks_in(self, number: int) -> int:
        """The tricks of hand `number` (0 past the last hand of a fixed schedule)."""
        if isinstance(self.tricks, int):
            return self.tricks
        return self.tricks[number - 1] if 1 <= number <= len(self.tricks) else 0

    def sides(self, players: Sequence[str]) -> tuple[Side, ...]:
        """The scoring sides: the two partnerships, or every player for themselves."""
        if self.partnerships and self.side_names:
            return (Side(self.side_names[0], (0, 2)), Side(self.side_names[1], (1, 3)))
        if self.partnerships:
            return (
                Side(f"{players[0]} & {players[2]}", (0, 2)),
                Side(f"{players[1]} & {players[3]}", (1, 3)),
            )
        return tuple(Side(name, (seat,)) for seat, name in enumerate(players))


class Words(Protocol[Opts]):
    """A kind's rules in words: its `describe` module, imported when first asked for
    (scoring never asks, and `scorekeeper score` starts without it)."""

    KEY: frozenset[str]  # the options a rule page shows even where the source is silent
    PRINTED: frozenset[str]  # the options a printed card shows even where it is silent

    def describe(self, options: Opts) -> list[Group]:
        """Every option in words: groups of (option name, label, value)."""
        ...

    def choice_words(self) -> dict[str, dict[str, Text]]:
        """For each option with a fixed set of values, each value in words."""
        ...

    def relevant(self, options: Opts) -> frozenset[str]:
        """The options that can matter under these options (others are folded away)."""
        ...

    def answers(self, options: Opts) -> list[Answer]:
        """Quick answers to what tables argue about, from the options in force."""
        ...


@dataclass(frozen=True)
class Facts:
    """What a game is, whatever the options: its names, what its sheets and statistics
    show, what it carries from hand to hand."""

    name: str  # as game files and presets name the game
    title: str  # the game's name, marked for translation
    featured: str  # the preset a table means by the game's bare name: first in lists
    options: type  # the frozen dataclass of the game's options
    markers: Mapping[str, Marker]  # what each marker of a hand result says on the sheet
    stat_columns: tuple[StatColumn, ...]  # the columns it adds to the players' table
    # A blank scorecard's columns: once per hand, then once per side (N_ templates).
    scorecard: tuple[tuple[str, ...], tuple[str, ...]]
    # What a side carries from hand to hand beside its points, as `score` names it in its
    # output (a count of overtricks, say), and how a sheet says it (an Nn_ pair, %(num)s).
    carried: str | None = None
    carried_words: tuple[str, str] = ("%(num)s", "%(num)s")
    rated: bool = True  # whether a finished game's places rate its players
    # The options that decide who sits where and what each holds: fixed once a game has
    # started (a change during the game cannot alter them).
    seated_by: frozenset[str] = frozenset({"players"})


class Scoring(Protocol[Opts, Played, State]):
    """A kind's scoring: its `scoring` module, checked against this by mypy."""

    def start(self, options: Opts, players: Sequence[str]) -> State:
        """The state before the first hand."""
        ...

    def play(self, options: Opts, state: State, hand: Played) -> HandResult:
        """Score one hand from `state`; raise InvalidHand when the rules forbid it."""
        ...

    def outcome(self, options: Opts, state: State) -> Outcome:
        """Whether the game is over after the hands in `state`, and who won."""
        ...

    def needs(self, options: Opts, state: State) -> list[Need]:
        """Before the next hand, from the state after the hands played: what each side
        needs, in numbers (points to the target…)."""
        ...


class Hands(Protocol[Opts, Hand]):
    """A kind's hand: a `HandForm` declared from its fields (engine/hand.py), or, for a
    hand that is more than its fields, the kind's own class saying the same."""

    def parse(self, raw: object, options: Opts) -> Hand:
        """Turn a game file's hand into the kind's hand value; raise InvalidHand."""
        ...

    def to_json(self, hand: Hand) -> dict[str, object]:
        """Turn a hand back into its game-file form."""
        ...

    def words(self, body: Body, players: Sequence[str]) -> list[Part]:
        """A game-file hand in words, part by part: (who or what, what was entered)."""
        ...

    def shorthand(
        self, body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext
    ) -> str:
        """One side's part of a hand, as a scoresheet cell says it ("3/4")."""
        ...

    @property
    def csv_columns(self) -> tuple[str, ...]:
        """The CSV columns the hand fills for each seat ("bid", "tricks", or its own)."""
        ...

    def csv_cells(self, body: Body, seat: int) -> dict[str, str]:
        """A seat's cells of the CSV export, by column ("" where the seat has none)."""
        ...


class GameKind(Protocol[Opts, Hand, State]):
    """A game kind: what its game is (`facts`, `shape`), its scoring and its words, and
    what varies from game to game as methods. Typed by the kind's options (a frozen
    dataclass), its hand and the state it carries from hand to hand."""

    @property
    def facts(self) -> Facts:
        """What the game is, whatever the options."""
        ...

    @property
    def scoring(self) -> Scoring[Opts, Hand, State]:
        """The game's scoring, hand by hand."""
        ...

    @property
    def hand(self) -> Hands[Opts, Hand]:
        """The game's hand: read, written, said, on the sheet and in the CSV."""
        ...

    def words(self) -> Words[Opts]:
        """The kind's rules in words (its `describe` module)."""
        ...

    def shape(self, options: Opts) -> Shape:
        """The table these options make: seats, partnerships, tricks."""
        ...

    def carry_hand(
        self, raw: Body, played: Opts, other: Opts, players: Sequence[str]
    ) -> tuple[Body, Text | None]:
        """A hand played under options `played`, as a table under options `other` would
        have entered it (game-file form), and what that changed in words (else None)."""
        ...

    def dealt_by(self, state: State, dealer: int) -> State:
        """The state told which seat deals the next hand (before hand 1: the game file's
        `first_dealer`; before a hand that names its real dealer: that seat), for a kind
        whose rules depend on who deals."""
        ...

    def dealers(self, options: Opts, state: State, rotation: Sequence[int]) -> Sequence[int]:
        """The seat that dealt each hand so far, then the one that deals the next, from
        the state after the last hand; `rotation` is the same from the deal passing
        left (a hand that names its dealer: from it), what most games answer."""
        ...

    def lowest_wins(self, options: Opts) -> bool:
        """Whether the lowest total leads rather than the highest."""
        ...

    def across_tables(self, tables: Sequence[GameResult]) -> list[Body] | None:
        """An evening's tables of this kind compared with each other, as game files to
        score (one per way of comparing them: a traveller of the boards they all
        played); [] while nothing is to compare yet; None where the kind compares none."""
        ...

    def paper(self, options: Opts) -> str:
        """The name of the kind's own paper under these options (its partials
        `templates/kinds/<module>/pdf/<paper>_sheet.html` for a game's scoresheet and
        `<paper>_pad.html` for a blank score pad), or "" for the rows every game prints."""
        ...

    def unnamed(self, options: Opts) -> tuple[str, ...] | None:
        """The players of a file that names none, where the rules need no names (the
        results come from many tables); None: a file must name its players."""
        ...

    def stop(self, options: Opts, state: State) -> State:
        """The state once the table stops before the game's end (a game file's
        `"stopped": true`), for a kind whose rules score an unfinished game."""
        ...

    def report(self, options: Opts, state: State) -> Report:
        """What `score` prints beyond the points, from the state after the last hand:
        for each hand its own fields, then the game's (those may replace the generic
        ones, `totals` say, where the kind's totals are not the hands' points added)."""
        ...

    def target(self, options: Opts) -> int | None:
        """The total that ends the game, when a total does (not a number of hands)."""
        ...

    def target_step(self, options: Opts) -> int:
        """How far "play on" offers to raise the target of a finished game, on the
        game's own scale (a game to 500 → 600; a game to 42 → 52, not 142)."""
        ...

    def footer(self, options: Opts) -> list[Text]:
        """What a scoresheet's footer says of the rules in force ("target 500")."""
        ...

    def settlement(self, options: Opts, totals: Sequence[int], winner: int) -> list[Payment]:
        """Who pays whom at the end, for a game played for stakes (else nothing)."""
        ...

    def on_sheet(self, options: Opts, body: Body) -> Body:
        """A stored hand as its scoresheet cell reads it (`hand.shorthand`): the hand, with
        what the rules derive from it where the cell shows that (counts picked from a
        table, by what they add up to)."""
        ...

    def scorecard_rows(self, options: Opts) -> tuple[tuple[str, ...], ...] | None:
        """A blank scorecard's rows, their once-per-hand cells printed, where the rules fix
        every hand in advance (a schedule); None for as many blank rows as a card holds."""
        ...

    def tables(self, options: Opts) -> list[Table]:
        """Score tables the game is played by, to print beside its rules."""
        ...

    def tally(
        self, options: Opts, hand: Hand, result: HandResult, seat: int, side: int
    ) -> dict[str, int]:
        """What one hand adds to a player's statistics, beyond points: counts keyed by
        name, only the ones that happened."""
        ...

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        """This game's fields of a player's `stats --json` entry, from the tallies."""
        ...

    def seat_markers(
        self, options: Opts, hand: Hand, markers: Sequence[str], seat: int
    ) -> tuple[str, ...]:
        """Of a side's markers for a hand, those that belong to the player in `seat` (a bid
        of nothing made is its bidder's, not the partner's; a set is the whole side's)."""
        ...

    def seating(self, options: Opts, count: int) -> Text | None:
        """Why a file naming `count` players, not the ruleset's number, cannot be played,
        where the kind says it in its own words (None: the engine's words)."""
        ...

    def past_the_end(self, options: Opts, number: int) -> Text | None:
        """Why there is no hand `number` after the game is over, where the kind's rules
        say so themselves (None: the engine says who won after which hand)."""
        ...

    def first_lead(
        self, options: Opts, dealer: int, players: Sequence[str]
    ) -> tuple[int | None, Text | None]:
        """Who led a played hand's first trick as the rules say: the seat when the rules
        name one, and the rule in words for the scoresheet (None where the sheet marks
        the hand otherwise: by its bids, or who played it)."""
        ...


# A kind whose options, hands and state the holder does not know: one found by its name,
# or a game's kind in the generic loop. Its types meet the loop's here, at the registry.
SomeKind = GameKind[Any, Any, Any]


class KindDefaults(Generic[Opt, St]):
    """What most games say alike: a kind subclasses this and writes its facts, its
    scoring, its words, its shape, and what differs."""

    def carry_hand(
        self, raw: Body, played: Opt, other: Opt, players: Sequence[str]
    ) -> tuple[Body, Text | None]:
        return raw, None  # a hand is entered alike under every ruleset of the kind

    def dealt_by(self, state: St, dealer: int) -> St:
        return state  # the scores do not depend on who deals

    def dealers(self, options: Opt, state: St, rotation: Sequence[int]) -> Sequence[int]:
        return rotation  # the deal passes to the left

    def lowest_wins(self, options: Opt) -> bool:
        return False  # the highest total leads

    def across_tables(self, tables: Sequence[GameResult]) -> list[Body] | None:
        return None  # each table's game stands on its own

    def paper(self, options: Opt) -> str:
        return ""  # a row per hand, points and total per side

    def unnamed(self, options: Opt) -> tuple[str, ...] | None:
        return None  # a file names its players

    def stop(self, options: Opt, state: St) -> St:
        return state  # nothing is scored for stopping early

    def report(self, options: Opt, state: St) -> Report:
        return [], {}  # the points, totals and explanation say it all

    def on_sheet(self, options: Opt, body: Body) -> Body:
        return body  # a cell says the hand as it was entered

    def target(self, options: Opt) -> int | None:
        return None  # the game ends after its hands

    def target_step(self, options: Opt) -> int:
        """A quarter of the target, down to a round step (1, 2 or 5 times a power of 10)."""
        quarter = max(1, abs(self.target(options) or 0) // 4)
        step, power = 1, 1
        while power <= quarter:
            step = max(f * power for f in (1, 2, 5) if f * power <= quarter)
            power *= 10
        return step

    def footer(self, options: Opt) -> list[Text]:
        """The target, when a target ends the game."""
        target = self.target(options)
        return [text(N_("target {n}"), n=target)] if target is not None else []

    def settlement(self, options: Opt, totals: Sequence[int], winner: int) -> list[Payment]:
        return []  # no stakes

    def scorecard_rows(self, options: Opt) -> tuple[tuple[str, ...], ...] | None:
        return None  # the hands are not known in advance

    def tables(self, options: Opt) -> list[Table]:
        return []  # no score table

    def seating(self, options: Opt, count: int) -> Text | None:
        return None

    def seat_markers(
        self, options: Opt, hand: Any, markers: Sequence[str], seat: int
    ) -> tuple[str, ...]:  # any kind's hand: the default never reads it
        return tuple(markers)  # what happened to a side happened to each of its players

    def past_the_end(self, options: Opt, number: int) -> Text | None:
        return None

    def first_lead(
        self, options: Opt, dealer: int, players: Sequence[str]
    ) -> tuple[int | None, Text | None]:
        return None, None


def kind_names() -> list[str]:
    """List the game kinds the engine knows."""
    return list(_KINDS)


def module_name(name: str) -> str:
    """The name of a kind's package, which its web entry and templates share: the game's
    name as a Python module can spell it."""
    if name not in _KINDS:
        raise KeyError(name)
    return _KINDS[name].rsplit(".", 1)[1]


def find_kind(name: str) -> SomeKind:
    """Return the game kind with this name, importing it on first use (the registry is
    the edge where a kind's own types meet the generic loop)."""
    found = _FOUND.get(name)
    if found is None:
        if name not in _KINDS:
            raise KeyError(name)
        found = _FOUND[name] = importlib.import_module(_KINDS[name]).KIND
    return found


# The kinds imported: asked for ~15 times a game replayed, and importlib's look in
# sys.modules each time was a twentieth of making a game's summary again.
_FOUND: dict[str, SomeKind] = {}
