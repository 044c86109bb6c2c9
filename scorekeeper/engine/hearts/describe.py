"""Hearts options in plain words, grouped as a rule sheet shows them."""

from __future__ import annotations

from ..rulesheet import Answer, Group, Say, Sheet, choice_texts, grouped
from ..text import N_, Text, number, text
from .options import BonusCard, End, HeartsOptions, Passing


def _allowed(value: bool, _: HeartsOptions) -> Text:
    return text(N_("yes")) if value else text(N_("no"))


def _number(value: int, _: HeartsOptions) -> Text:
    return text(N_("{n}"), n=number(value))  # a true minus: −200


def _points(value: int, _: HeartsOptions) -> Text:
    return text(N_("{n} points"), n=value) if value else text(N_("no points"))


CHOICES: dict[str, dict[str, str]] = {
    "removed_cards": {
        "none": N_("none: the full 52-card pack"),
        "2d": N_("2♦ removed"),
        "2c": N_("2♣ removed"),
        "2d_2c": N_("2♦ and 2♣ removed"),
    },
    "bonus_card": {
        "none": N_("none"),
        "jack_of_diamonds": N_("J♦ counts minus for its taker"),
        "ten_of_diamonds": N_("10♦ counts minus for its taker"),
    },
    "moon": {
        "choice": N_("the shooter chooses: −26 to self, or +26 to every other player"),
        "subtract": N_("always −26 to the shooter"),
        "add": N_("always +26 to every other player"),
        "none": N_("no moon: taking everything simply scores it"),
    },
    "end": {
        "target": N_("when someone reaches the target, the lowest total wins; a tie plays on"),
        "one_deal_each": N_(
            "after as many hands as players, the lowest total wins; a tie plays on"
        ),
    },
    "passing": {
        "standard": N_("left, right, across, hold (no across with 3 or 5 players)"),
        "right": N_("every hand to the right"),
        "widow": N_("2 left, look, then 1 more left; later hands alternate right and left"),
        "none": N_("no passing"),
    },
    "first_lead": {
        "two_of_clubs": N_("the holder of 2♣ leads it"),
        "lowest_club": N_("the holder of the lowest club leads it"),
        "dealer_left": N_("the player left of the dealer"),
    },
    "hearts_lead": {
        "broken": N_("not until a heart has been played (unless the leader holds only hearts)"),
        "anytime": N_("at any time"),
    },
}


def _choice(name: str) -> Say:
    return lambda value, options: text(CHOICES[name][value.value])


SHEET: Sheet = {
    "players": (N_("Table and deck"), N_("Number of players"), _number),
    "removed_cards": (N_("Table and deck"), N_("Cards removed"), _choice("removed_cards")),
    "widow": (
        N_("Table and deck"),
        N_("Widow"),
        lambda v, o: (
            text(
                N_("{n} cards left over go to the winner of the last trick, with their points"),
                n=o.widow_cards,
            )
            if v
            else text(N_("no widow"))
        ),
    ),
    "heart_points": (N_("Scoring"), N_("Each heart"), _points),
    "queen_points": (N_("Scoring"), N_("Q♠"), _points),
    "spade_king_points": (N_("Scoring"), N_("K♠"), _points),
    "spade_ace_points": (N_("Scoring"), N_("A♠"), _points),
    "bonus_card": (N_("Scoring"), N_("Bonus card"), _choice("bonus_card")),
    "bonus_points": (
        N_("Scoring"),
        N_("Bonus card is worth"),
        lambda v, o: text(N_("−{n} points"), n=v),
    ),
    "moon": (N_("Scoring"), N_("Shooting the moon (all 13 hearts and Q♠)"), _choice("moon")),
    "end": (N_("End of game"), N_("End"), _choice("end")),
    "target": (N_("End of game"), N_("Target"), lambda v, o: text(N_("{n} points"), n=v)),
    "passing": (N_("Play"), N_("Passing"), _choice("passing")),
    "pass_cards": (N_("Play"), N_("Cards passed"), _number),
    "first_lead": (N_("Play"), N_("First lead"), _choice("first_lead")),
    "hearts_lead": (N_("Play"), N_("Leading hearts"), _choice("hearts_lead")),
}


def describe(options: HeartsOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


# Options a blank scorecard prints even where the source is silent (how the game ends).
PRINTED = frozenset({"target", "end", "moon"})
KEY = frozenset({"players", "heart_points", "queen_points", "moon", "end", "target", "passing"})


def relevant(o: HeartsOptions) -> frozenset[str]:
    """The options that can matter under these rules."""
    off = {
        "bonus_points": o.bonus_card is BonusCard.NONE,
        "target": o.end is not End.TARGET,
        "spade_king_points": not o.spade_king_points,
        "spade_ace_points": not o.spade_ace_points,
        "pass_cards": o.passing is Passing.NONE,
        "widow": not o.widow,
    }
    return frozenset(name for name in SHEET if not off.get(name, False))


def answers(o: HeartsOptions) -> list[Answer]:
    """Quick answers to what Hearts tables argue about."""
    points = [text(N_("Each heart {n}, Q♠ {q}."), n=o.heart_points, q=o.queen_points)]
    if o.spade_king_points or o.spade_ace_points:
        points.append(text(N_("K♠ {k}, A♠ {a}."), k=o.spade_king_points, a=o.spade_ace_points))
    if o.bonus_card is not BonusCard.NONE:
        points.append(text(CHOICES["bonus_card"][o.bonus_card.value]))
    if o.widow:
        points.append(
            text(
                N_("The widow ({n} cards) goes to the winner of the last trick, with its points."),
                n=o.widow_cards,
            )
        )
    end = (
        text(
            N_(
                "When someone reaches {n}, the lowest total wins; a tie for the lowest plays another hand."
            ),
            n=o.target,
        )
        if o.end is End.TARGET
        else text(
            N_(
                "After as many hands as players, the lowest total wins; a tie for the lowest plays another hand."
            )
        )
    )
    return [
        Answer(
            text(N_("Points")),
            tuple(points),
            ("heart_points", "queen_points", "bonus_card", "widow"),
        ),
        Answer(text(N_("Shooting the moon")), (text(CHOICES["moon"][o.moon.value]),), ("moon",)),
        Answer(
            text(N_("Passing and leading")),
            (
                text(CHOICES["passing"][o.passing.value]),
                text(
                    N_("First lead: {who}."), who=text(CHOICES["first_lead"][o.first_lead.value])
                ),
                text(
                    N_("Hearts may be led: {when}."),
                    when=text(CHOICES["hearts_lead"][o.hearts_lead.value]),
                ),
            ),
            ("passing", "first_lead", "hearts_lead"),
        ),
        Answer(text(N_("End of the game and ties")), (end,), ("end", "target")),
    ]
