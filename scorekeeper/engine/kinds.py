"""Game kinds (Spades, later Hearts and Spitzer) and the interface each one provides.

A kind owns its options, its hand shape, its scoring and its end of game. The generic
game loop (`game.py`) only talks to a kind through this interface, so adding a kind is
adding a module and one line in `_KINDS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .game import HandResult, Outcome, Side
    from .ruleset import Ruleset
    from .sheet import Answer
    from .text import Part, Text

_KINDS = {
    "spades": "scorekeeper.engine.spades",
    "hearts": "scorekeeper.engine.hearts",
    "spitzer": "scorekeeper.engine.spitzer",
}


class GameKind(Protocol):
    """What the generic game loop needs from a game kind."""

    name: str
    options_type: type
    counts_bags: bool

    def sides(self, options: Any, players: Sequence[str]) -> tuple[Side, ...]:
        """Group the seats into scoring sides."""
        ...

    def parse_hand(self, raw: object, options: Any) -> Any:
        """Turn a game file's hand into the kind's hand value; raise InvalidHand."""
        ...

    def hand_to_json(self, hand: Any) -> dict[str, Any]:
        """Turn a hand back into its game-file form."""
        ...

    def start(self, ruleset: Ruleset, players: Sequence[str]) -> Any:
        """Return the state before the first hand."""
        ...

    def play(self, ruleset: Ruleset, state: Any, hand: Any) -> HandResult:
        """Score one hand from `state`; raise InvalidHand when the rules forbid it."""
        ...

    def outcome(self, ruleset: Ruleset, state: Any) -> Outcome:
        """Say whether the game is over after the hands in `state`, and who won."""
        ...

    def describe(self, options: Any) -> list[tuple[Text, list[tuple[str, Text, Text]]]]:
        """Return every option in words: groups of (option name, label, value)."""
        ...

    def choice_words(self) -> dict[str, dict[str, Text]]:
        """For each option with a fixed set of values, each value in words."""
        ...

    def relevant(self, options: Any) -> frozenset[str]:
        """The options that can matter under these options (others are folded away)."""
        ...

    def key_options(self) -> frozenset[str]:
        """The options a rule page shows even where the source says nothing of them."""
        ...

    def answers(self, options: Any) -> list[Answer]:
        """Quick answers to what tables argue about, from the options in force."""
        ...

    def lowest_wins(self, options: Any) -> bool:
        """Whether the lowest total leads (Hearts; error scoring) rather than the highest."""
        ...

    def hand_words(self, body: Mapping[str, Any], players: Sequence[str]) -> list[Part]:
        """A game-file hand in words, part by part: (who or what, what was entered)."""
        ...


def kind_names() -> list[str]:
    """List the game kinds the engine knows."""
    return list(_KINDS)


def find_kind(name: str) -> GameKind:
    """Return the game kind with this name, importing it on first use."""
    if name not in _KINDS:
        raise KeyError(name)
    module = importlib.import_module(_KINDS[name])
    return module.KIND  # type: ignore[no-any-return]
