"""Oh Hell option dimensions (RULES.md §4, and §6.1 for Wizard and the family): the pack,
hand sizes, the hook, scoring."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum

from ..options import OptionError, Problem
from ..text import N_, Text, text

PACKS = (52, 60)

# A problem as a form shows it beside its fields, and as a game file's error line says it.
Found = tuple[Problem, Text]  # the standard pack, and Wizard's (52 cards, 4 Wizards, 4 Jesters)


class Deal(StrEnum):
    """The order of hand sizes over a game."""

    DOWN_UP = "down_up"  # the largest down to 1, then back up to the largest
    UP_DOWN = "up_down"  # 1 up to the largest, then back down to 1
    DOWN = "down"  # the largest down to 1
    UP = "up"  # 1 up to the largest


class TrickPoints(StrEnum):
    """When the tricks a player takes score."""

    IF_EXACT = "if_exact"  # only when the bid is made exactly
    ALWAYS = "always"  # made or not
    NEVER = "never"


class MissPenalty(StrEnum):
    """What a player loses for missing the bid."""

    NONE = "none"
    BID = "bid"  # the trick value times the bid
    DIFFERENCE = "difference"  # 1 per trick over or under
    TEN_PER_TRICK = "ten_per_trick"  # 10 per trick over or under
    PER_TRICK = "per_trick"  # miss_value per trick over or under
    FLAT = "flat"  # miss_value once, however far the bid was missed


class ZeroMade(StrEnum):
    """What a bid of 0 made scores."""

    NORMAL = "normal"  # as any exact bid
    FIXED = "fixed"  # zero_value, in place of the exact bonus
    PLUS_CARDS = "plus_cards"  # zero_value + the cards in the hand


class ZeroMissed(StrEnum):
    """What a bid of 0 missed costs."""

    NORMAL = "normal"  # the miss penalty
    MINUS_VALUE = "minus_value"  # zero_value, in place of the miss penalty


class HookScope(StrEnum):
    """Which dealers the hook binds."""

    EVERY_HAND = "every_hand"
    LEADER = "leader"  # the Canadian rule: only a dealer clearly leading, and never a bid of 0


def default_max_cards(players: int, pack: int = 52, whole_pack: bool = False) -> int:
    """The largest hand a table deals when it does not choose (RULES.md §4, §6.1): every
    card with the whole pack; else with 52 cards 10, or 8 for 6, 7 for 7; with 60 cards
    as many as the pack allows, a card kept back for trumps."""
    seats = max(players, 1)
    if whole_pack:
        return pack // seats
    if pack == 52:
        return {6: 8, 7: 7}.get(players, 10)
    return (pack - 1) // seats


def most_players(pack: int) -> int:
    """The largest table a pack is for: 7 with 52 cards, 6 with Wizard's 60."""
    return 6 if pack == 60 else 7


@dataclass(frozen=True)
class OhHellOptions:
    """One point in the Oh Hell option space."""

    players: int = 4
    pack: int = 52  # or 60, Wizard's pack
    deal: Deal = Deal.DOWN_UP
    max_cards: int = 0  # the largest hand; 0: the default for the table and the pack
    whole_pack: bool = False  # the largest hand may deal every card (no trump turned)
    largest_repeat: int = 1  # the largest hand is dealt this many times in a row
    hook: bool = True
    hook_scope: HookScope = HookScope.EVERY_HAND
    trick_points: TrickPoints = TrickPoints.IF_EXACT
    trick_value: int = 1
    exact_bonus: int = 10
    miss_penalty: MissPenalty = MissPenalty.NONE
    miss_value: int = 10  # for the per_trick and flat penalties
    zero_made: ZeroMade = ZeroMade.NORMAL
    zero_missed: ZeroMissed = ZeroMissed.NORMAL
    zero_value: int = 5  # for the fixed, plus_cards and minus_value zero bids

    @property
    def largest(self) -> int:
        """The largest hand of the game, the default worked out."""
        return self.max_cards or default_max_cards(self.players, self.pack, self.whole_pack)

    @property
    def most_cards(self) -> int:
        """The largest hand the pack allows: every card with `whole_pack`, else a card kept
        back for trumps."""
        dealt = self.pack if self.whole_pack else self.pack - 1
        return dealt // max(self.players, 1)

    @functools.cached_property  # asked several times a hand: 6 % of replaying a game
    def schedule(self) -> tuple[int, ...]:
        """Every hand's size, in order: the game is over after the last. Each time the run
        reaches the largest hand it is dealt `largest_repeat` times."""
        top = self.largest
        down = tuple(range(top, 0, -1))
        up = tuple(range(1, top + 1))
        run = {
            Deal.DOWN_UP: down + up[1:],
            Deal.UP_DOWN: up + down[1:],
            Deal.DOWN: down,
            Deal.UP: up,
        }[self.deal]
        if top == 1:  # one hand of one card: the run reaches its top once
            run = (1,)
        repeat = max(self.largest_repeat, 1)
        return tuple(size for cards in run for size in (cards,) * (repeat if cards == top else 1))

    def uses_every_card(self, cards: int) -> bool:
        """Whether a hand of `cards` each deals the whole pack: no card is left to turn."""
        return cards * self.players == self.pack

    def validate(self) -> None:
        """Reject combinations no table could play; raise OptionError with every problem,
        the first one also as a game file's error line says it (GAME-FORMAT.md)."""
        found: list[Found | None] = [self._table(), self._largest_hand()]
        if self.largest_repeat < 1:
            found.append(
                (
                    (("largest_repeat",), text(N_("Enter 1 or more."))),
                    text(N_("option largest_repeat must be 1 or more")),
                )
            )
        for name in ("trick_value", "exact_bonus", "miss_value", "zero_value"):
            if getattr(self, name) < 0:
                found.append(
                    (
                        ((name,), text(N_("Enter 0 or more."))),
                        text(N_("option {name} must be 0 or more"), name=name),
                    )
                )
        problems = [problem for problem in found if problem is not None]
        if problems:
            first, line = problems[0]
            raise OptionError(first[1], [problem for problem, _ in problems], line)

    def _table(self) -> Found | None:
        """The pack is one of two, and each is for so many players."""
        if self.pack not in PACKS:
            return (
                (("pack",), text(N_("Enter 52, or 60 for the Wizard pack."))),
                text(N_("option pack must be 52 or 60")),
            )
        if not 3 <= self.players <= 7:
            return (
                (("players",), text(N_("Oh Hell is for 3 to 7 players."))),
                text(N_("Oh Hell is for 3 to 7 players, got {count}"), count=self.players),
            )
        if self.players > most_players(self.pack):
            return (
                (("pack", "players"), text(N_("A 60-card pack is for 3 to 6 players."))),
                text(N_("options pack, players: a 60-card pack is for 3 to 6 players")),
            )
        return None

    def _largest_hand(self) -> Found | None:
        """A hand too large names the cards: what the pack deals to this table."""
        if self._table() is not None or 0 <= self.max_cards <= self.most_cards:
            return None
        if self.whole_pack:
            said = N_(
                "The whole {pack}-card pack deals at most {most} cards each to {players} "
                "players; 0 takes every card."
            )
            line = N_(
                "options max_cards, players: the whole {pack}-card pack deals at most "
                "{most} cards each to {players} players"
            )
        elif self.pack == 52:
            said = N_(
                "One pack deals at most {most} cards each to {players} players, a card "
                "being turned for trumps; 0 takes the usual largest hand."
            )
            line = N_(
                "options max_cards, players: one pack deals at most {most} cards each to "
                "{players} players, a card being turned for trumps"
            )
        else:
            said = N_(
                "One {pack}-card pack deals at most {most} cards each to {players} players, "
                "a card being turned for trumps; 0 takes the usual largest hand."
            )
            line = N_(
                "options max_cards, players: one {pack}-card pack deals at most {most} cards "
                "each to {players} players, a card being turned for trumps"
            )
        numbers = {"pack": self.pack, "most": self.most_cards, "players": self.players}
        return (("max_cards", "players"), text(said, **numbers)), text(line, **numbers)


@dataclass(frozen=True)
class HandRules:
    """The rules one hand is entered under: the game's options and this hand's size."""

    options: OhHellOptions
    number: int
    cards: int  # 0 past the schedule's last hand
    hands: int  # in the schedule


def hand_rules(options: OhHellOptions, number: int) -> HandRules:
    schedule = options.schedule
    cards = schedule[number - 1] if 1 <= number <= len(schedule) else 0
    return HandRules(options, number, cards, len(schedule))
