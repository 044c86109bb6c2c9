"""Every Spades option dimension of RULES.md §1.1, as one frozen value.

The defaults are the "most common" choices the catalog names for a silent source: sum
contract, +1 overtricks, no sandbagging, nil allowed at ±100, no blind bids, target 500.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..options import check_options
from ..text import N_

POSITIVE = N_("Points and margins are written as positive numbers.")


class Contract(StrEnum):
    SUM = "sum"  # each player bids; the partnership's contract is the sum
    TEAM_TOTAL = "team_total"  # the later partner states the team's total


class SetPenalty(StrEnum):
    BID = "bid"  # −10 × contract
    SHORTFALL = "shortfall"  # −10 × missing tricks


class Overtricks(StrEnum):
    PLUS_ONE = "plus_one"
    MINUS_ONE = "minus_one"
    MINUS_TEN = "minus_ten"
    ZERO = "zero"  # worth nothing; still bags (a peer scorer's "no bag penalty")


class TenFor(StrEnum):
    NONE = "none"
    BONUS_200 = "bonus_200"  # 10+ made +200, set −200
    EXACT_10_200 = "exact_10_200"  # exactly 10 bid and taken +200
    DOUBLE = "double"  # contract points doubled when 10+ made
    BONUS_100 = "bonus_100"  # 10+ made +100, set −100


class AllTricks(StrEnum):
    NONE = "none"
    BONUS_200 = "bonus_200"
    WINS_GAME = "wins_game"


class FailedNilTricks(StrEnum):
    COUNT_FOR_TEAM = "count_for_team"  # help the partner's contract, and are bags
    BAGS_ONLY = "bags_only"  # bags, no points, never help the partner
    BAGS_AND_POINTS = "bags_and_points"  # overtricks of their own: +1 and a bag each
    NOTHING = "nothing"  # neither help the partner nor count as bags


class BlindReward(StrEnum):
    DOUBLE = "double"  # contract points ×2, made and set
    BONUS_100 = "bonus_100"  # +100 when made; when set see BlindSet


class BlindSet(StrEnum):
    NORMAL = "normal"
    DOUBLE = "double"
    PENALTY_100 = "penalty_100"


class Scoring(StrEnum):
    POINTS = "points"
    ERROR = "error"  # Lefty / Righty: accumulated |bid − tricks|, lowest wins


class Jokers(StrEnum):
    NONE = "none"
    REMOVE_2C_2H = "remove_2c_2h"
    REMOVE_2D_2H = "remove_2d_2h"


class TrumpOrder(StrEnum):
    STANDARD = "standard"  # A♠ K♠ … 2♠
    JOKERS = "jokers"  # Big Joker, Little Joker, A♠ … 2♠
    JOKERS_DEUCE = "jokers_deuce"  # Big Joker, Little Joker, 2♠, A♠ … 3♠


class FirstLead(StrEnum):
    DEALER_LEFT = "dealer_left"
    TWO_OF_CLUBS = "two_of_clubs"
    LOWEST_CLUB_ALL = "lowest_club_all"  # everybody plays their lowest club to trick 1
    HIGHEST_BIDDER = "highest_bidder"


class SpadesLead(StrEnum):
    BROKEN = "broken"  # not before a spade has been played (or only spades are left)
    ANYTIME = "anytime"


class PlayConstraint(StrEnum):
    NONE = "none"
    LEFTMOST = "leftmost"
    RIGHTMOST = "rightmost"


@dataclass(frozen=True)
class SpadesOptions:
    """One point in the Spades option space."""

    # Table
    players: int = 4
    partnership: bool = True
    tricks_per_hand: int = 13
    contract: Contract = Contract.SUM
    # Contract scoring
    set_penalty: SetPenalty = SetPenalty.BID
    overtricks: Overtricks = Overtricks.PLUS_ONE
    sandbagging: bool = False
    sandbag_limit: int = 10
    sandbag_penalty: int = 100
    sandbag_takes_back_bags: bool = False
    exact_bid_bonus: int = 0
    high_bid_bonus: bool = False
    small_bid_table: bool = False
    ten_for: TenFor = TenFor.NONE
    all_tricks: AllTricks = AllTricks.NONE
    # Nil family
    nil: bool = True
    nil_points: int = 100
    nil_exchange: int = 0
    zero_is_nil: bool = False
    blind_nil: bool = False
    blind_nil_behind: int = 0
    blind_nil_points: int = 200
    blind_nil_fail_points: int = 200
    blind_nil_exchange: int = 0
    double_blind_nil: bool = False
    double_blind_nil_points: int = 400
    double_blind_nil_behind: int = 0
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.COUNT_FOR_TEAM
    min_bid: int = 0
    suicide: bool = False
    roulette: bool = False
    mirror: bool = False
    # Blind bids and moon
    blind_bids: bool = False
    blind_min: int = 7
    blind_behind: int = 100
    blind_reward: BlindReward = BlindReward.DOUBLE
    blind_set: BlindSet = BlindSet.NORMAL
    blind_exact: bool = False
    moon: bool = False
    moon_points: int = 200
    thirteen_is_moon: bool = False
    blind_moon: bool = False
    blind_moon_points: int = 400
    blind_moon_behind: int = 100
    # End of game
    scoring: Scoring = Scoring.POINTS
    target: int = 500
    margin: int = 0
    window_200: bool = False
    moon_wins: bool = False
    losing_score: bool = False
    losing_limit: int = -200
    hands_per_game: int = 4
    # Referee facts that do not change the arithmetic
    jokers: Jokers = Jokers.NONE
    trump_order: TrumpOrder = TrumpOrder.STANDARD
    first_lead: FirstLead = FirstLead.DEALER_LEFT
    spades_lead: SpadesLead = SpadesLead.BROKEN
    play_constraint: PlayConstraint = PlayConstraint.NONE

    def validate(self) -> None:
        """Reject combinations no table could play: OptionError names every one found."""
        check_options([(broken(self), names, why) for broken, names, why in _IMPOSSIBLE])


_NOT_NEGATIVE = (
    "nil_points", "blind_nil_points", "blind_nil_fail_points", "double_blind_nil_points",
    "moon_points", "blind_moon_points", "exact_bid_bonus", "blind_nil_behind",
    "double_blind_nil_behind", "blind_behind", "blind_moon_behind", "margin",
)  # fmt: skip


def _negative(name: str) -> Callable[[SpadesOptions], bool]:
    return lambda o: bool(getattr(o, name) < 0)


def _exchange_out_of_range(name: str) -> Callable[[SpadesOptions], bool]:
    return lambda o: not 0 <= getattr(o, name) <= 3


# Combinations no table could play: (is it so?, the options concerned, what to say).
_IMPOSSIBLE: tuple[tuple[Callable[[SpadesOptions], bool], tuple[str, ...], str], ...] = (
    (lambda o: o.players not in (2, 3, 4), ("players",), N_("Spades is for 2, 3 or 4 players.")),
    (
        lambda o: o.partnership and o.players != 4,
        ("partnership", "players"),
        N_("A partnership game needs 4 players (partners sit opposite)."),
    ),
    (
        lambda o: o.tricks_per_hand != (17 if o.players == 3 else 13),
        ("tricks_per_hand",),
        N_("3 players play 17 tricks a hand; 2 and 4 players play 13."),
    ),
    (
        lambda o: o.contract is Contract.TEAM_TOTAL and not o.partnership,
        ("contract",),
        N_("A team contract needs a partnership game."),
    ),
    (lambda o: o.sandbag_limit < 1, ("sandbag_limit",), N_("Enter 1 or more.")),
    (lambda o: o.sandbag_penalty < 0, ("sandbag_penalty",), POSITIVE),
    *((_negative(name), (name,), POSITIVE) for name in _NOT_NEGATIVE),
    *(
        (_exchange_out_of_range(name), (name,), N_("A card exchange is 0 to 3 cards."))
        for name in ("nil_exchange", "blind_nil_exchange")
    ),
    (
        lambda o: not 0 <= o.min_bid <= o.tricks_per_hand,
        ("min_bid",),
        N_("The minimum bid lies between 0 and the tricks per hand."),
    ),
    (
        lambda o: o.blind_bids and not 1 <= o.blind_min <= o.tricks_per_hand,
        ("blind_min",),
        N_("The smallest blind bid lies between 1 and the tricks per hand."),
    ),
    (
        lambda o: (
            o.failed_nil_tricks is FailedNilTricks.BAGS_AND_POINTS
            and o.overtricks is not Overtricks.PLUS_ONE
        ),
        ("failed_nil_tricks", "overtricks"),
        N_("A failed nil's tricks scored +1 each, like overtricks, need overtricks worth +1."),
    ),
    (lambda o: o.target < 1, ("target",), N_("Enter 1 or more.")),
    (lambda o: o.hands_per_game < 1, ("hands_per_game",), N_("Enter 1 or more.")),
    (
        lambda o: o.suicide and not o.partnership,
        ("suicide",),
        N_("Suicide needs a partnership game."),
    ),
    (
        lambda o: o.suicide and not (o.nil or o.blind_nil or o.double_blind_nil),
        ("suicide",),
        N_("Suicide needs nil bids to be allowed."),
    ),
    (
        lambda o: o.roulette and not o.blind_nil,
        ("roulette",),
        N_("Roulette needs blind nil to be allowed."),
    ),
    (
        lambda o: o.scoring is Scoring.ERROR and o.partnership,
        ("scoring",),
        N_("Error scoring (Lefty/Righty) is for individual games."),
    ),
)
