"""Oh Hell options in plain words, grouped as a rule sheet shows them."""

from __future__ import annotations

from typing import Any

from ..rulesheet import Answer, Group, choice_texts, grouped
from ..text import N_, Text, text
from .options import MissPenalty, OhHellOptions, TrickPoints, default_max_cards

CHOICES: dict[str, dict[str, str]] = {
    "deal": {
        "down_up": N_("from the largest hand down to 1 card, then back up to the largest"),
        "up_down": N_("from 1 card up to the largest hand, then back down to 1"),
        "down": N_("from the largest hand down to 1 card"),
        "up": N_("from 1 card up to the largest hand"),
    },
    "trick_points": {
        "if_exact": N_("only when the bid is made exactly"),
        "always": N_("always, made or missed"),
        "never": N_("never: only the bonus and the penalty count"),
    },
    "miss_penalty": {
        "none": N_("none: a missed bid scores only its tricks, if they count"),
        "bid": N_("lose the trick value times the bid"),
        "difference": N_("lose 1 point per trick over or under the bid"),
        "ten_per_trick": N_("lose 10 points per trick over or under the bid"),
    },
}


def _choice(name: str) -> Any:
    return lambda value, options: text(CHOICES[name][value.value])


def _largest(value: int, o: OhHellOptions) -> Text:
    if value:
        return text(N_("{n} cards each"), n=value)
    return text(
        N_("{n} cards each (the usual largest hand for {players} players)"),
        n=default_max_cards(o.players),
        players=o.players,
    )


SHEET: dict[str, tuple[str, str, Any]] = {
    "players": (
        N_("Table and deck"),
        N_("Number of players"),
        lambda v, o: text(N_("{n}, each for themselves; one 52-card pack"), n=v),
    ),
    "max_cards": (N_("Table and deck"), N_("Largest hand"), _largest),
    "deal": (
        N_("Hands"),
        N_("Hand sizes"),
        lambda v, o: text(
            N_("{how}: {hands} hands ({sizes})"),
            how=text(CHOICES["deal"][v.value]),
            hands=len(o.schedule),
            sizes=" ".join(map(str, o.schedule)),
        ),
    ),
    "hook": (
        N_("Bidding"),
        N_("The hook"),
        lambda v, o: (
            text(
                N_(
                    "the dealer, bidding last, may not make the bids add up to the cards in the hand"
                )
            )
            if v
            else text(N_("off: the dealer may bid anything"))
        ),
    ),
    "trick_points": (N_("Scoring"), N_("Tricks score"), _choice("trick_points")),
    "trick_value": (
        N_("Scoring"),
        N_("Points per trick"),
        lambda v, o: text(N_("{n}"), n=v),
    ),
    "exact_bonus": (
        N_("Scoring"),
        N_("Bonus for making the bid exactly"),
        lambda v, o: text(N_("{n} points"), n=v) if v else text(N_("no points")),
    ),
    "miss_penalty": (N_("Scoring"), N_("Missed bid"), _choice("miss_penalty")),
}


def describe(options: OhHellOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


# A blank card prints how the hands run and how a hand scores, even where silent.
PRINTED = frozenset({"deal", "max_cards", "exact_bonus", "miss_penalty"})
KEY = frozenset(
    {"players", "deal", "max_cards", "hook", "trick_points", "exact_bonus", "miss_penalty"}
)


def relevant(o: OhHellOptions) -> frozenset[str]:
    """The trick value only matters where tricks or a bid penalty count."""
    off = {
        "trick_value": o.trick_points is TrickPoints.NEVER
        and o.miss_penalty is not MissPenalty.BID,
    }
    return frozenset(name for name in SHEET if not off.get(name, False))


def answers(o: OhHellOptions) -> list[Answer]:
    """What tables argue about: who deals and bids, the hook, a hand's score, the end."""
    return [
        Answer(
            text(N_("Deal and trumps")),
            (
                text(
                    N_(
                        "The deal passes one seat to the left each hand. After the deal the next card is turned; its suit is trumps for the hand."
                    )
                ),
                text(N_("Hand sizes: {sizes}."), sizes=" ".join(map(str, o.schedule))),
            ),
            ("deal", "max_cards"),
        ),
        Answer(
            text(N_("Bidding")),
            (
                text(
                    N_(
                        "The player left of the dealer bids first and the dealer last; a bid is any number from 0 to the cards in the hand."
                    )
                ),
                text(
                    N_(
                        "The hook: the dealer may not bid the number that would make the bids add up to the cards in the hand, so somebody must miss."
                    )
                )
                if o.hook
                else text(N_("No hook: the dealer may bid any number.")),
            ),
            ("hook",),
        ),
        Answer(
            text(N_("Play")),
            (
                text(
                    N_(
                        "The player left of the dealer leads; follow suit if you can, otherwise play any card. The highest trump wins the trick, or else the highest card of the suit led."
                    )
                ),
            ),
        ),
        Answer(
            text(N_("End of the game")),
            (
                text(
                    N_(
                        "After the last hand of the schedule the highest total wins; players tied for the highest share the win."
                    )
                ),
            ),
            ("deal",),
        ),
    ]
