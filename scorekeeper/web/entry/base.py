"""What every kind's entry shares: the tap targets, and the steps a hand goes through
(bids, then tricks; or one page)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, Protocol, TypeVar

from ...engine import GameResult, Side
from ...engine.hand import Body
from ...engine.text import N_, Text, text
from ...store import StoredGame

REST = "rest"  # "the rest": the last player's share, worked out from the others


@dataclass
class Choice:
    value: str
    label: object  # words: a string, a lazy string or a Text
    wide: bool = False  # words, not a number: a wider button
    disabled: bool = False  # shown, but closed now (the picker's `closed` says why)


@dataclass
class Picker:
    """One row of tap targets: a seat's bid or tricks, or a partnership's number."""

    name: str
    label: str
    hint: object = ""
    choices: list[Choice] = field(default_factory=list)
    selected: str | None = None
    error: Text | None = None
    closed: list[tuple[object, Text]] = field(default_factory=list)
    multiple: bool = False  # checkboxes (several may be chosen) instead of radio buttons
    chosen: list[str] = field(default_factory=list)  # the choices made, when multiple
    words: bool = False  # every choice is a phrase, not a number: two buttons a row
    keypad: tuple[int, int] | None = None  # a number typed, low to high, instead of chips
    # A row whose choice may not make the form's rows of the same kind add up to this
    # number; static/app.js closes that choice as the others are tapped, saying why
    # (the words of `closed`, "{n}" standing for the choice).
    total_not: int | None = None
    total_not_why: tuple[object, Text] | None = None
    total_not_open: str | None = None  # a choice the rule never closes (a bid of 0)
    then: str = ""  # a template partial the page shows after this picker (a number field)
    # Hidden while the form's live answer (OnePageEntry.live) says this name (a question
    # the hand no longer asks), and whether it says it now.
    live_hide: str = ""
    hidden: bool = False


Key = TypeVar("Key")  # a form field, or a seat
Opts = TypeVar("Opts", contravariant=True)  # a kind's options
Rules = TypeVar("Rules")  # the rules a hand is entered under
Kind = TypeVar("Kind")  # a kind's options, in a class that builds an entry
Form = Mapping[str, str]  # a form's values, by field
# What reading a form gives: the game-file hand (None when refused), the errors beside
# their fields, and the errors of the whole form.
Read = tuple[dict[str, object] | None, dict[str, Text], list[Text]]


def numbers(low: int, high: int) -> list[Choice]:
    """Tap targets for the numbers low..high."""
    return [Choice(str(n), str(n)) for n in range(low, high + 1)]


class Entry(Protocol):
    """How a table enters one kind's hands, and what the scoresheet shows around them."""

    # The hands-blueprint pages a new hand goes through, in order: ("bids", "tricks"),
    # or ("play",) for a hand entered on one page.
    steps: tuple[str, ...]
    # Template partials: the box before the next hand (every role), and what follows
    # the outcome of a finished game (a settlement), or "" for nothing.
    next_template: str
    outcome_template: str

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        """The variables the kind's partials need on the scoresheet."""
        ...

    def next_button(self, number: int) -> Text:
        """The button to the first step of hand `number` ("Enter bids")."""
        ...

    def next_words(self, stored: StoredGame) -> Text:
        """What a hand's page says of the next one ("Next: hand 4 — Ann deals…")."""
        ...


class BiddingEntry(Entry, Protocol[Opts, Rules]):
    """A kind whose hands are bid before they are played and scored after (steps
    "bids" then "tricks"): the flow web/hands.py drives. Typed by the kind's options and
    the rules a hand is entered under (`hand_rules`: the options, or more where hands
    differ), each kind naming them its own way."""

    templates: ClassVar[dict[str, str]]  # the pages of the two steps and of an edit ("edit")

    def hand_rules(self, options: Opts, number: int) -> Rules:
        """The rules hand `number` is entered under: the options themselves, or for a kind
        whose hands differ one from the next, the options with what this hand is."""
        ...

    def bid_pickers(
        self,
        options: Rules,
        /,
        sides: Sequence[Side],
        players: Sequence[str],
        totals: Sequence[int],
        dealer: int,
        values: Form,
        errors: Mapping[str, Text],
    ) -> list[Picker]: ...

    def read_bids(
        self,
        options: Rules,
        /,
        sides: Sequence[Side],
        players: Sequence[str],
        totals: Sequence[int],
        dealer: int,
        form: Form,
    ) -> tuple[list[object] | None, dict[str, Text], list[Text]]: ...

    def trick_pickers(
        self,
        options: Rules,
        /,
        sides: Sequence[Side],
        players: Sequence[str],
        bids: Sequence[object],
        dealer: int,
        values: Form,
        errors: Mapping[str, Text],
        by_team: bool,
    ) -> list[Picker]: ...

    def read_tricks(
        self,
        options: Rules,
        /,
        sides: Sequence[Side],
        bids: Sequence[object],
        dealer: int,
        form: Form,
        by_team: bool,
    ) -> Read: ...

    def hand_values(
        self, body: Body, options: Rules, sides: Sequence[Side], dealer: int
    ) -> dict[str, str]:
        """A stored hand as the forms' values, to edit it."""
        ...

    def guidance(
        self, stored: StoredGame, result: GameResult, bids: Sequence[object] | None = None
    ) -> object:
        """Who deals, bids and leads, and which bids are open now (the box before bids)."""
        ...

    def pending(self, stored: StoredGame) -> list[tuple[str, str]]:
        """The bids of the hand being played, as the scoresheet writes them."""
        ...


class OnePageEntry(Entry, Protocol[Opts]):
    """A kind whose hand is entered on one page (step "play"), typed by its options."""

    several: str  # the form field where several may be chosen ("" when none)

    def pickers(
        self,
        options: Opts,
        players: Sequence[str],
        dealer: int,
        values: Form,
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]: ...

    def read(
        self, options: Opts, players: Sequence[str], values: Form, chosen: list[str]
    ) -> Read: ...

    def values_from_hand(self, body: Body) -> tuple[dict[str, str], list[str]]: ...

    def notes(self, options: Opts, number: int) -> list[Text]:
        """What the table does before the hand ("pass 3 across"; who leads)."""
        ...

    def live(
        self, options: Opts, players: Sequence[str], values: Form
    ) -> Mapping[str, Text | str]:
        """What the page says of the hand as it is filled in, by name: the page's
        elements marked `data-live-text`, `data-live-show` or `data-live-hide` with a
        name follow it (static/app.js `live`; an empty mapping for a kind with nothing
        to say)."""
        ...


class OnePage(Generic[Kind]):
    """What every kind entered on one page shares: its step, the box before the next
    hand, and how that box and a hand's page speak of the next hand."""

    steps: tuple[str, ...] = ("play",)
    several = ""  # no field where several may be chosen
    next_template = "entry/one_page_next.html"
    outcome_template = ""

    def next_button(self, number: int) -> Text:
        return text(N_("Enter hand {n}"), n=number)

    def next_words(self, stored: StoredGame) -> Text:
        number = len(stored.hands) + 1
        return text(
            N_("Next: hand {n} — {dealer} deals."),
            n=number,
            dealer=stored.players[stored.dealer(number)],
        )

    def notes(self, options: Kind, number: int) -> list[Text]:
        return []

    def live(
        self, options: Kind, players: Sequence[str], values: Form
    ) -> Mapping[str, Text | str]:
        return {}


def fill_the_rest(entries: dict[Key, int | None], most: int) -> Text | None:
    """Give "the rest" (None) what the others left of the hand's `most` tricks; or say
    why the tricks cannot be the hand's."""
    rest = [name for name, n in entries.items() if n is None]
    known = sum(n for n in entries.values() if n is not None)
    if len(rest) > 1:
        return text(N_("Only one player can take 'the rest'"))
    if rest:
        if known > most:
            said = N_("The others already took {n} tricks; a hand has {most}")
            return text(said, n=known, most=most)
        entries[rest[0]] = most - known
    elif known != most:
        return text(N_("Tricks add up to {n}; a hand has {most}"), n=known, most=most)
    return None
