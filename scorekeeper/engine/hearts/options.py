"""Hearts option dimensions (RULES.md §2): packs, scoring cards, the moon, passing, the end."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import check_options
from ..text import N_


class Moon(StrEnum):
    CHOICE = "choice"  # the shooter chooses: −26 to self, or +26 to every other player
    SUBTRACT = "subtract"  # always −26 to the shooter
    ADD = "add"  # always +26 to every other player
    NONE = "none"  # no moon: the taker simply scores what they took


class BonusCard(StrEnum):
    NONE = "none"
    JACK_OF_DIAMONDS = "jack_of_diamonds"
    TEN_OF_DIAMONDS = "ten_of_diamonds"


class Removed(StrEnum):
    NONE = "none"
    TWO_OF_DIAMONDS = "2d"
    TWO_OF_CLUBS = "2c"
    BOTH_TWOS = "2d_2c"


class Passing(StrEnum):
    STANDARD = "standard"  # left, right, across, hold (no across with 3 or 5 players)
    RIGHT = "right"  # every hand to the right
    WIDOW = "widow"  # 2 left, look, 1 more left; then alternately right and left
    NONE = "none"


class End(StrEnum):
    TARGET = "target"  # when someone reaches the target, lowest total wins
    ONE_DEAL_EACH = "one_deal_each"  # as many hands as players, lowest total wins


class HeartsLead(StrEnum):
    BROKEN = "broken"
    ANYTIME = "anytime"


class FirstLead(StrEnum):
    TWO_OF_CLUBS = "two_of_clubs"
    LOWEST_CLUB = "lowest_club"
    DEALER_LEFT = "dealer_left"


REMOVED_COUNT = {
    Removed.NONE: 0,
    Removed.TWO_OF_DIAMONDS: 1,
    Removed.TWO_OF_CLUBS: 1,
    Removed.BOTH_TWOS: 2,
}


@dataclass(frozen=True)
class HeartsOptions:
    """One point in the Hearts option space."""

    players: int = 4
    removed_cards: Removed = Removed.NONE
    widow: bool = False
    # Scoring cards
    heart_points: int = 1
    queen_points: int = 13
    spade_king_points: int = 0
    spade_ace_points: int = 0
    bonus_card: BonusCard = BonusCard.NONE
    bonus_points: int = 10
    moon: Moon = Moon.CHOICE
    # End of game
    end: End = End.TARGET
    target: int = 100
    # Referee facts
    passing: Passing = Passing.STANDARD
    pass_cards: int = 3
    first_lead: FirstLead = FirstLead.TWO_OF_CLUBS
    hearts_lead: HeartsLead = HeartsLead.BROKEN

    @property
    def widow_cards(self) -> int:
        if not self.widow:
            return 0
        return {4: 4, 5: 2}.get(self.players, 0)

    @property
    def cards_each(self) -> int:
        return (52 - REMOVED_COUNT[self.removed_cards] - self.widow_cards) // max(self.players, 1)

    def validate(self) -> None:
        """Reject combinations no table could play; raise OptionError."""
        left = 52 - REMOVED_COUNT[self.removed_cards] - self.widow_cards
        check_options(
            [
                (not 3 <= self.players <= 5, ("players",), N_("Hearts is for 3, 4 or 5 players.")),
                (
                    self.widow and self.players not in (4, 5),
                    ("widow", "players"),
                    N_("The widow game is for 4 or 5 players."),
                ),
                (
                    # Only asked of a player count Hearts has (0 players divides nothing).
                    3 <= self.players <= 5 and left % self.players != 0,
                    ("removed_cards", "players"),
                    N_(
                        "The cards do not deal out evenly: 3 players remove one two (2♦ or 2♣), "
                        "5 players remove both."
                    ),
                ),
                (self.target < 1, ("target",), N_("Enter 1 or more.")),
                *[
                    (
                        getattr(self, name) < 0,
                        (name,),
                        N_("Card points are written as positive numbers."),
                    )
                    for name in (
                        "heart_points",
                        "queen_points",
                        "spade_king_points",
                        "spade_ace_points",
                        "bonus_points",
                    )
                ],
                (not 0 <= self.pass_cards <= 4, ("pass_cards",), N_("Pass 0 to 4 cards.")),
            ]
        )
