"""Pinochle options in plain words, grouped as a rule sheet shows them."""

from __future__ import annotations

from typing import Any

from ..rulesheet import Answer, Group, Sheet, choice_texts, grouped
from ..text import N_, Text, text
from .hand import meld_table
from .melds import NAMES, fold
from .options import BidSteps, ConcedeCounters, Maybe, MeldValues, Moon, PinochleOptions

CHOICES: dict[str, dict[str, str]] = {
    "deck": {
        "single": N_("single deck: 48 cards, A 10 K Q J 9 twice in each suit"),
        "double": N_("double deck: 80 cards, A 10 K Q J four times in each suit, no nines"),
    },
    "double_melds": {
        "table": N_("a double (triple, quadruple) meld scores its own value from the table"),
        "singles": N_("an n-fold meld scores n times the single value"),
    },
    "run_extras": {
        "marriage": N_(
            "only an extra king and queen of trumps beside a run make a royal marriage"
        ),
        "king_or_queen": N_(
            "each extra king or queen of trumps beside a run makes a royal marriage"
        ),
        "included": N_("the run's own king and queen also count as a royal marriage"),
    },
    "save_meld": {
        "points": N_("a side keeps its meld only by taking trick points"),
        "trick": N_("a side keeps its meld by taking any trick"),
        "none": N_("every side keeps its meld whatever it takes in the play"),
    },
    "save_meld_bidders": {
        "same": N_("the bidders must save their meld like everyone"),
        "none": N_("the bidders' meld always counts toward the bid"),
    },
    "short_side_scores": {
        "counters": N_("a side that lost its meld still scores its counters"),
        "nothing": N_("a side under the minimum in tricks scores nothing"),
    },
    "bidder_short_meld": {
        "play": N_("the hand is played"),
        "concede": N_("the bid is lost without play; the others score their meld"),
    },
    "hopeless": {
        "play": N_("the hand is played"),
        "concede": N_("a bid that cannot be made is lost without play"),
    },
    "made_scores": {
        "points": N_("meld + counters"),
        "bid": N_("exactly the bid"),
    },
    "set_scoring": {
        "minus_bid": N_("the bid is subtracted; meld and counters are lost"),
        "zero": N_("nothing for the hand"),
        "bid_to_opponents": N_("nothing, and every other side adds the bid"),
    },
    "opponents_score": {
        "own": N_("their own kept meld + counters"),
        "none": N_("nothing: only the bidder scores"),
    },
    "moon": {
        "off": N_("not played"),
        "points": N_("made: + the moon's points; failed: − them; nobody else scores"),
        "win": N_("made: the game is won; failed: the game is lost"),
    },
    "going_out": {
        "bidder": N_("the bidding side at the target wins, whatever the others have"),
        "highest": N_("the highest total at the target wins"),
    },
}


def _chosen(name: str) -> Any:
    return lambda v, o: text(CHOICES[name][v.value])


def _n(v: int, o: PinochleOptions) -> Text:
    return text("{n}", n=v)


def _yes(v: bool, o: PinochleOptions) -> Text:
    return text(N_("yes")) if v else text(N_("no"))


def _players(v: int, o: PinochleOptions) -> Text:
    if v == 4:
        return text(N_("4, in two partnerships (seats 1 and 3 against 2 and 4)"))
    return text(N_("3, each for themselves; a widow of 3 to the bidder"))


def _steps(v: BidSteps, o: PinochleOptions) -> Text:
    return text(N_("from {min}: {steps}"), min=o.min_bid, steps=v.line)


def _meld_values(v: MeldValues, o: PinochleOptions) -> Text:
    if not v.values:
        return text(N_("the table's values"))
    return text(N_("the table's values, with {own}"), own=v.line)


def _concede_counters(v: ConcedeCounters, o: PinochleOptions) -> Text:
    words = {
        "none": N_("nothing for the cards"),
        "half": N_("half the counters ({n})"),
        "all": N_("all the counters ({n})"),
    }
    if v.word:
        return text(words[v.word], n=v.of(o.counters_total))
    return text(N_("{n} for the cards"), n=v.points)


def _maybe(none: str) -> Any:
    def say(v: Maybe, o: PinochleOptions) -> Text:
        return text(none) if v.number is None else text("{n}", n=v.number)

    return say


def _zero_none(v: int, o: PinochleOptions) -> Text:
    return text(N_("none")) if not v else text("{n}", n=v)


DECK, AUCTION, MELD, KEEP, CONTRACT, THROW, MOON, END = (
    N_("Table and deck"),
    N_("Auction"),
    N_("Meld"),
    N_("Keeping the meld"),
    N_("The contract"),
    N_("Throw-in"),
    N_("The moon"),
    N_("End of game"),
)

SHEET: Sheet = {
    "players": (DECK, N_("Number of players"), _players),
    "deck": (DECK, N_("Pack"), _chosen("deck")),
    "counters_total": (DECK, N_("Counters in a hand, last trick included"), _n),
    "last_trick": (DECK, N_("The last trick"), _n),
    "counter_unit": (DECK, N_("Counters are counted in"), _n),
    "meld_unit": (DECK, N_("Meld is counted in"), _n),
    "min_bid": (AUCTION, N_("Lowest bid (the dealer is stuck with it)"), _n),
    "bid_steps": (AUCTION, N_("Bids go up"), _steps),
    "meld_values": (MELD, N_("Meld values"), _meld_values),
    "double_melds": (MELD, N_("Double melds"), _chosen("double_melds")),
    "run_extras": (MELD, N_("A run with more kings or queens of trumps"), _chosen("run_extras")),
    "min_meld": (KEEP, N_("Meld needed to be on the board"), _zero_none),
    "save_meld": (KEEP, N_("Saving the meld"), _chosen("save_meld")),
    "save_meld_bidders": (KEEP, N_("The bidders' meld"), _chosen("save_meld_bidders")),
    "save_meld_min": (KEEP, N_("Counters needed to keep the meld"), _zero_none),
    "short_side_scores": (KEEP, N_("A side short in tricks"), _chosen("short_side_scores")),
    "bidder_short_meld": (
        CONTRACT,
        N_("Bidders short of the meld needed"),
        _chosen("bidder_short_meld"),
    ),
    "hopeless": (CONTRACT, N_("A bid the meld cannot reach"), _chosen("hopeless")),
    "made_scores": (CONTRACT, N_("Bid made: the bidders score"), _chosen("made_scores")),
    "set_scoring": (CONTRACT, N_("Bid set: the bidders score"), _chosen("set_scoring")),
    "opponents_score": (CONTRACT, N_("The other sides score"), _chosen("opponents_score")),
    "concede_meld": (THROW, N_("The others keep their meld"), _yes),
    "concede_counters": (THROW, N_("The others get for the cards"), _concede_counters),
    "moon": (MOON, N_("Shooting the moon"), _chosen("moon")),
    "moon_points": (MOON, N_("The moon's points"), _maybe(N_("the target"))),
    "moon_negative_reset": (MOON, N_("A moon made below zero goes back to 0"), _yes),
    "target": (END, N_("Target"), lambda v, o: text(N_("{n} points"), n=v)),
    "going_out": (END, N_("Going out"), _chosen("going_out")),
    "losing_score": (END, N_("A side at or below this loses"), _maybe(N_("none"))),
    "margin": (END, N_("A lead that wins the game"), _zero_none),
}


def describe(options: PinochleOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


PRINTED = frozenset({"deck", "min_bid", "save_meld", "set_scoring", "target", "going_out"})
KEY = frozenset(
    {"players", "deck", "counters_total", "min_bid", "bid_steps", "run_extras", "save_meld"}
    | {"made_scores", "set_scoring", "concede_counters", "target", "going_out"}
)


def relevant(o: PinochleOptions) -> frozenset[str]:
    """The moon's details only where a moon is played."""
    off = {
        "moon_points": o.moon is not Moon.POINTS,
        "moon_negative_reset": o.moon is not Moon.WIN,
    }
    return frozenset(name for name in SHEET if not off.get(name, False))


def answers(o: PinochleOptions) -> list[Answer]:
    """What tables argue about: the meld table, keeping the meld, made and set, going out."""
    table = meld_table(o)
    singles = [(meld, value) for meld, value in table.rows() if fold(meld)[0] == 1]
    melds = text(
        ", ".join(f"{{m{i}}} {value}" for i, (_, value) in enumerate(singles)),
        **{f"m{i}": text(NAMES[meld]) for i, (meld, _) in enumerate(singles)},
    )
    return [
        Answer(
            text(N_("The meld table")),
            (
                text(N_("{melds}; the doubles (and more) in the meld table."), melds=melds),
                text(
                    N_(
                        "A card may serve in one meld of each class (runs and marriages; the arounds; the pinochles), never in two of one class."
                    )
                ),
            ),
            ("meld_values", "double_melds", "run_extras"),
        ),
        Answer(
            text(N_("Who keeps the meld")),
            (text(CHOICES["save_meld"][o.save_meld.value]),),
            ("save_meld", "save_meld_min", "min_meld"),
        ),
        Answer(
            text(N_("Made or set")),
            (
                text(
                    N_(
                        "The bidders' kept meld + counters reaching the bid makes it: they score {made}. Short of it they are set: {set}."
                    ),
                    made=text(CHOICES["made_scores"][o.made_scores.value]),
                    set=text(CHOICES["set_scoring"][o.set_scoring.value]),
                ),
            ),
            ("made_scores", "set_scoring"),
        ),
        Answer(
            text(N_("Going out")),
            (text(CHOICES["going_out"][o.going_out.value]),),
            ("target", "going_out"),
        ),
    ]
