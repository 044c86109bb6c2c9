"""Pinochle option dimensions (RULES.md §8.2): the pack and a hand's points, the auction's
ladder, the meld table, what keeps a side's meld, the contract, throw-ins, the moon and
the end of the game."""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from enum import StrEnum

from ..options import OptionError, OptionValue, Problem
from ..text import N_, Text, text
from .melds import MELD_IDS, pack_holds


class Deck(StrEnum):
    SINGLE = "single"  # 48 cards: two each of A 10 K Q J 9 in four suits
    DOUBLE = "double"  # 80 cards: four each of A 10 K Q J


class DoubleMelds(StrEnum):
    TABLE = "table"  # a double (triple…) meld scores its own value from the table
    SINGLES = "singles"  # an n-fold meld scores n times the single value


class RunExtras(StrEnum):
    MARRIAGE = "marriage"  # only an extra K + Q pair beside a run is a royal marriage
    KING_OR_QUEEN = "king_or_queen"  # each extra K or Q pairs with the run's partner
    INCLUDED = "included"  # the run's own K-Q is also a royal marriage


class SaveMeld(StrEnum):
    POINTS = "points"  # some trick points keep the meld
    TRICK = "trick"  # any trick keeps it
    NONE = "none"  # the meld counts whatever the side took


class SaveMeldBidders(StrEnum):
    SAME = "same"  # the bidders need what every side needs
    NONE = "none"  # the bidders' meld always counts toward the bid


class ShortSide(StrEnum):
    COUNTERS = "counters"  # a side that lost its meld still scores its counters
    NOTHING = "nothing"  # under save_meld_min in tricks a side scores nothing


class Play(StrEnum):
    PLAY = "play"
    CONCEDE = "concede"


class MadeScores(StrEnum):
    POINTS = "points"  # meld + counters
    BID = "bid"  # exactly the bid


class SetScoring(StrEnum):
    MINUS_BID = "minus_bid"
    ZERO = "zero"
    BID_TO_OPPONENTS = "bid_to_opponents"


class OpponentsScore(StrEnum):
    OWN = "own"
    NONE = "none"


class Moon(StrEnum):
    OFF = "off"
    POINTS = "points"
    WIN = "win"


class GoingOut(StrEnum):
    BIDDER = "bidder"  # the bidding side at the target wins, whatever the others have
    HIGHEST = "highest"  # the highest total at the target wins


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json(line: str) -> object:
    """A line typed as the game file writes the value ([[50, 1], [60, 5]]), else None."""
    try:
        return json.loads(line)
    except ValueError:
        return None


def _wrong(name: str, what: str) -> OptionError:
    return OptionError(text(N_("option {name} must be {what}"), name=name, what=text(what)))


@dataclass(frozen=True)
class BidSteps(OptionValue):
    """Where bids go up by what: (from, step) pairs, ascending ("50 by 1, 60 by 5")."""

    steps: tuple[tuple[int, int], ...]

    @classmethod
    def from_option(cls, name: str, raw: object) -> BidSteps:
        if not isinstance(raw, list | tuple) or not raw:
            raise _wrong(name, N_("a list of [from, step] pairs"))
        steps = []
        for pair in raw:
            if (
                not isinstance(pair, list | tuple)
                or len(pair) != 2
                or not all(_whole(n) for n in pair)
                or pair[1] < 1
            ):
                raise _wrong(name, N_("a list of [from, step] pairs, each step 1 or more"))
            steps.append((int(pair[0]), int(pair[1])))
        if any(a[0] >= b[0] for a, b in itertools.pairwise(steps)):
            raise _wrong(name, N_("a list of [from, step] pairs, ascending"))
        return cls(tuple(steps))

    @classmethod
    def from_line(cls, name: str, line: str) -> BidSteps:
        if isinstance(_json(line), list):
            return cls.from_option(name, _json(line))
        pairs = re.findall(r"(-?\d+)\s*(?:by|:|/)\s*(\d+)", line)
        if not pairs or re.sub(r"(-?\d+)\s*(?:by|:|/)\s*(\d+)|[,;\s]", "", line):
            raise OptionError(text(N_('Write the steps as "50 by 1, 60 by 5, 100 by 10".')))
        return cls.from_option(name, [[int(a), int(b)] for a, b in pairs])

    @property
    def value(self) -> object:
        return [list(pair) for pair in self.steps]

    @property
    def line(self) -> str:
        return ", ".join(f"{start} by {step}" for start, step in self.steps)

    def step_at(self, bid: int) -> tuple[int, int]:
        """The rung a bid stands on: (from, step); below the first, the first step."""
        found = self.steps[0]
        for pair in self.steps:
            if bid >= pair[0]:
                found = pair
        return found


@dataclass(frozen=True)
class MeldValues(OptionValue):
    """The table's own values for some melds, over the preset's table."""

    values: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_option(cls, name: str, raw: object) -> MeldValues:
        if not isinstance(raw, dict) or not all(
            isinstance(k, str) and _whole(v) and v >= 0 for k, v in raw.items()
        ):
            raise _wrong(name, N_("an object of meld ids and whole numbers"))
        unknown = [k for k in raw if k not in MELD_IDS]
        if unknown:
            raise OptionError(
                text(N_("option {name}: unknown meld '{id}'"), name=name, id=unknown[0])
            )
        return cls(tuple(sorted(raw.items())))

    @classmethod
    def from_line(cls, name: str, line: str) -> MeldValues:
        if isinstance(_json(line), dict):
            return cls.from_option(name, _json(line))
        pairs = re.findall(r"([a-z_]+)\s*[= :]\s*(\d+)", line)
        if re.sub(r"([a-z_]+)\s*[= :]\s*(\d+)|[,;\s]", "", line):
            raise OptionError(text(N_('Write the values as "run 250, pinochle 150".')))
        return cls.from_option(name, {k: int(v) for k, v in pairs})

    @property
    def value(self) -> object:
        return dict(self.values)

    @property
    def line(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.values)


@dataclass(frozen=True)
class ConcedeCounters(OptionValue):
    """What the other sides get for the cards of a thrown-in hand: none, half, all, or
    a number."""

    word: str = "none"  # "none", "half", "all", or "" with `points`
    points: int = 0

    @classmethod
    def from_option(cls, name: str, raw: object) -> ConcedeCounters:
        if raw in ("none", "half", "all"):
            return cls(str(raw))
        if _whole(raw) and isinstance(raw, int) and raw >= 0:
            return cls("", raw)
        raise _wrong(name, N_("none, half, all or a whole number"))

    @classmethod
    def from_line(cls, name: str, line: str) -> ConcedeCounters:
        line = line.strip()
        return cls.from_option(name, int(line) if line.isdigit() else line)

    @property
    def value(self) -> object:
        return self.word or self.points

    @property
    def line(self) -> str:
        return self.word or str(self.points)

    def of(self, total: int) -> int:
        """The counters given for a hand whose counters add up to `total`."""
        return {"none": 0, "half": total // 2, "all": total}.get(self.word, self.points)


@dataclass(frozen=True)
class Maybe(OptionValue):
    """A whole number, or none (null)."""

    number: int | None = None

    @classmethod
    def from_option(cls, name: str, raw: object) -> Maybe:
        if raw is None or (_whole(raw) and isinstance(raw, int)):
            return cls(raw)
        raise _wrong(name, N_("a whole number or null"))

    @classmethod
    def from_line(cls, name: str, line: str) -> Maybe:
        line = line.strip()
        if line.lower() in ("", "none", "null"):
            return cls(None)
        try:
            return cls(int(line.replace("−", "-")))
        except ValueError:
            raise OptionError(text(N_("Enter a whole number, or nothing for none."))) from None

    @property
    def value(self) -> object:
        return self.number

    @property
    def line(self) -> str:
        return "" if self.number is None else str(self.number)


@dataclass(frozen=True)
class PinochleOptions:
    """One point in the Pinochle option space (RULES.md §8.2); the defaults are
    `pinochle-partnership`'s."""

    players: int = 4  # 4: two partnerships; 3: cutthroat, each for themselves
    deck: Deck = Deck.SINGLE
    counters_total: int = 250
    last_trick: int = 10
    counter_unit: int = 10
    meld_unit: int = 10
    min_bid: int = 250
    bid_steps: BidSteps = BidSteps(((250, 10),))
    meld_values: MeldValues = MeldValues()
    double_melds: DoubleMelds = DoubleMelds.TABLE
    run_extras: RunExtras = RunExtras.KING_OR_QUEEN
    min_meld: int = 0
    save_meld: SaveMeld = SaveMeld.POINTS
    save_meld_bidders: SaveMeldBidders = SaveMeldBidders.SAME
    save_meld_min: int = 0
    short_side_scores: ShortSide = ShortSide.COUNTERS
    bidder_short_meld: Play = Play.PLAY
    hopeless: Play = Play.PLAY
    made_scores: MadeScores = MadeScores.POINTS
    set_scoring: SetScoring = SetScoring.MINUS_BID
    opponents_score: OpponentsScore = OpponentsScore.OWN
    concede_meld: bool = True
    concede_counters: ConcedeCounters = ConcedeCounters()
    moon: Moon = Moon.OFF
    moon_points: Maybe = Maybe()  # none: the target
    moon_negative_reset: bool = False
    target: int = 1500
    going_out: GoingOut = GoingOut.BIDDER
    losing_score: Maybe = Maybe()
    margin: int = 0

    @property
    def partnership(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> int:
        return 2 if self.partnership else self.players

    @property
    def copies(self) -> int:
        """How many of each card the pack holds."""
        return 4 if self.deck is Deck.DOUBLE else 2

    @property
    def hand_cards(self) -> int:
        """The cards a player holds after the deal."""
        if self.deck is Deck.DOUBLE:
            return 20
        return 12 if self.partnership else 15

    @property
    def tens(self) -> bool:
        """Whether the meld table counts in tens (a hand of 250) or in ones (25, 50)."""
        return self.counters_total >= 100

    @property
    def moon_value(self) -> int:
        return self.target if self.moon_points.number is None else self.moon_points.number

    def validate(self) -> None:
        """Reject what no table could play; raise OptionError with every problem, the first
        as a game file's line says it (GAME-FORMAT.md, Pinochle)."""
        found: list[tuple[Problem, Text]] = []

        def problem(fields: tuple[str, ...], line: Text) -> None:
            found.append(((fields, line), line))

        if self.players not in (3, 4):
            problem(
                ("players",),
                text(N_("Pinochle is for 4 players (partnerships) or 3 (cutthroat)")),
            )
        elif self.deck is Deck.DOUBLE and not self.partnership:
            problem(("deck", "players"), text(N_("the double deck is for 4 players")))
        if self.run_extras is RunExtras.KING_OR_QUEEN and self.deck is Deck.DOUBLE:
            problem(
                ("run_extras",),
                text(N_("option run_extras king_or_queen is for the single deck")),
            )
        for name in ("counters_total", "counter_unit", "meld_unit", "target"):
            if getattr(self, name) < 1:
                problem((name,), text(N_("option {name} must be above 0"), name=name))
        for name in ("last_trick", "min_bid", "min_meld", "save_meld_min", "margin"):
            if getattr(self, name) < 0:
                problem((name,), text(N_("option {name} must be 0 or more"), name=name))
        if self.counter_unit >= 1 and self.counters_total % self.counter_unit:
            problem(
                ("counters_total", "counter_unit"),
                text(
                    N_("option counters_total {total} is not a multiple of counter_unit {unit}"),
                    total=self.counters_total,
                    unit=self.counter_unit,
                ),
            )
        stray = [k for k, _ in self.meld_values.values if not pack_holds(k, self.deck.value)]
        if stray:
            problem(
                ("meld_values",),
                text(
                    N_("option meld_values: unknown meld '{id}' for a {deck} deck"),
                    id=stray[0],
                    deck=self.deck.value,
                ),
            )
        if found:
            problems = [p for p, _ in found]
            raise OptionError(problems[0][1], problems, found[0][1])
