"""Oh Hell option dimensions (RULES.md §4): hand sizes, the hook, scoring."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import check_options
from ..text import N_

PACK = 52  # one card is turned for trumps after the deal, so 51 can be dealt


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


def default_max_cards(players: int) -> int:
    """The largest hand a table deals when it does not choose: 10, or 8 for 6, 7 for 7."""
    return {6: 8, 7: 7}.get(players, 10)


@dataclass(frozen=True)
class OhHellOptions:
    """One point in the Oh Hell option space."""

    players: int = 4
    deal: Deal = Deal.DOWN_UP
    max_cards: int = 0  # the largest hand; 0: the default for the number of players
    hook: bool = True
    trick_points: TrickPoints = TrickPoints.IF_EXACT
    trick_value: int = 1
    exact_bonus: int = 10
    miss_penalty: MissPenalty = MissPenalty.NONE

    @property
    def largest(self) -> int:
        """The largest hand of the game, the default worked out."""
        return self.max_cards or default_max_cards(self.players)

    @property
    def most_cards(self) -> int:
        """The largest hand one pack allows, a card kept back for trumps."""
        return (PACK - 1) // max(self.players, 1)

    @property
    def schedule(self) -> tuple[int, ...]:
        """Every hand's size, in order: the game is over after the last."""
        top = self.largest
        down = tuple(range(top, 0, -1))
        up = tuple(range(1, top + 1))
        return {
            Deal.DOWN_UP: down + up[1:],
            Deal.UP_DOWN: up + down[1:],
            Deal.DOWN: down,
            Deal.UP: up,
        }[self.deal]

    def validate(self) -> None:
        """Reject combinations no table could play; raise OptionError."""
        check_options(
            [
                (not 3 <= self.players <= 7, ("players",), N_("Oh Hell is for 3 to 7 players.")),
                (
                    3 <= self.players <= 7 and not 0 <= self.max_cards <= self.most_cards,
                    ("max_cards", "players"),
                    N_(
                        "One pack deals at most 51 ÷ players cards each (17 for 3, 12 for 4, 10 "
                        "for 5, 8 for 6, 7 for 7); 0 takes the usual largest hand."
                    ),
                ),
                (self.trick_value < 0, ("trick_value",), N_("Enter 0 or more.")),
                (self.exact_bonus < 0, ("exact_bonus",), N_("Enter 0 or more.")),
            ]
        )


@dataclass(frozen=True)
class HandRules:
    """The rules one hand is entered under: the game's options and this hand's size."""

    options: OhHellOptions
    number: int
    cards: int  # 0 past the schedule's last hand
    hands: int  # in the schedule
    partnership: bool = False  # the shared trick page offers no partnership totals

    @property
    def tricks_per_hand(self) -> int:
        return self.cards


def hand_rules(options: OhHellOptions, number: int) -> HandRules:
    schedule = options.schedule
    cards = schedule[number - 1] if 1 <= number <= len(schedule) else 0
    return HandRules(options, number, cards, len(schedule))
