"""Euchre options in plain words, grouped as a rule sheet shows them."""

from __future__ import annotations

from ..rulesheet import Answer, Group, Sheet, choice_texts, grouped
from ..text import N_, Nn_, Text, ntext, text
from .options import DefendAlone, EuchreOptions

CHOICES: dict[str, dict[str, str]] = {
    "defend_alone": {
        "off": N_("not played"),
        "against_loner": N_("a defender may play alone against a lone maker"),
        "any": N_("a defender may play alone whatever the maker chose"),
    },
}


def _points(value: int, o: EuchreOptions) -> Text:
    return ntext(Nn_("{n} point", "{n} points"), value) if value else text(N_("none"))


def _target(value: int, o: EuchreOptions) -> Text:
    if not value:
        return text(N_("none: the number of hands ends the game"))
    return text(N_("{n} points: the side that reaches it wins"), n=value)


def _hands(value: int, o: EuchreOptions) -> Text:
    if not value:
        return text(N_("not fixed: the target ends the game"))
    return text(
        N_("{n}; the higher total wins, and a level game is settled by one more hand, not added"),
        n=value,
    )


SHEET: Sheet = {
    "players": (
        N_("Table and deck"),
        N_("Number of players"),
        lambda v, o: text(
            N_("{n}, in two partnerships (seats 1 and 3 against 2 and 4); 24 cards, 5 each"), n=v
        ),
    ),
    "make_points": (N_("The makers score"), N_("3 or 4 tricks"), _points),
    "march_points": (N_("The makers score"), N_("All 5 tricks (a march)"), _points),
    "lone_march_points": (N_("The makers score"), N_("All 5 tricks alone"), _points),
    "euchre_points": (N_("The defenders score"), N_("The makers take 2 or fewer"), _points),
    "lone_euchre_points": (N_("The defenders score"), N_("… when the maker was alone"), _points),
    "defend_alone": (
        N_("The defenders score"),
        N_("Defending alone"),
        lambda v, o: text(CHOICES["defend_alone"][v.value]),
    ),
    "defend_alone_points": (
        N_("The defenders score"),
        N_("… when a defender played alone"),
        _points,
    ),
    "super_euchre_points": (
        N_("The defenders score"),
        N_("… when the makers took no trick"),
        _points,
    ),
    "target": (N_("End of game"), N_("Target"), _target),
    "hands": (N_("End of game"), N_("Number of hands"), _hands),
}


def describe(options: EuchreOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


PRINTED = frozenset({"target", "hands", "make_points", "march_points", "euchre_points"})
KEY = frozenset(
    {"players", "target", "hands", "make_points", "march_points", "lone_march_points"}
    | {"euchre_points", "lone_euchre_points"}
)


def relevant(o: EuchreOptions) -> frozenset[str]:
    """The lone defender's value only where defending alone is played."""
    off = {"defend_alone_points": o.defend_alone is DefendAlone.OFF}
    return frozenset(name for name in SHEET if not off.get(name, False))


def answers(o: EuchreOptions) -> list[Answer]:
    """What tables argue about: the deal, the bowers, who leads, what a hand scores."""
    return [
        Answer(
            text(N_("Deal and the suit")),
            (
                text(
                    N_(
                        "The deal passes to the left. After the deal one card is turned up: it proposes the suit; the player who orders it up, accepts it or later names a suit is the maker. A deal everybody passes is thrown in and dealt again: nothing is recorded."
                    )
                ),
                text(
                    N_(
                        "The jack of the chosen suit (the right bower) is the highest card, then the other jack of the same colour (the left bower)."
                    )
                ),
            ),
        ),
        Answer(
            text(N_("Play")),
            (
                text(
                    N_(
                        "The player left of the dealer leads; when that player's partner plays alone, the player across from the dealer leads. A lone player's partner lays the hand face down."
                    )
                ),
            ),
        ),
        Answer(
            text(N_("What a hand scores")),
            (
                text(
                    N_(
                        "Makers with 3 or 4 tricks: {make}; all 5: {march}; all 5 alone: {lone}. Makers with 2 or fewer are euchred: the defenders score {euchre} ({lone_euchre} against a lone maker). Where several apply, the largest counts."
                    ),
                    make=o.make_points,
                    march=o.march_points,
                    lone=o.lone_march_points,
                    euchre=o.euchre_points,
                    lone_euchre=o.lone_euchre_points,
                ),
            ),
            ("make_points", "march_points", "euchre_points", "lone_euchre_points"),
        ),
        Answer(
            text(N_("End of the game")),
            tuple(
                line
                for line in (
                    text(N_("The side that reaches {n} wins."), n=o.target) if o.target else None,
                    text(
                        N_(
                            "After hand {n} the higher total wins; a level game is settled by one more hand whose points are not added."
                        ),
                        n=o.hands,
                    )
                    if o.hands
                    else None,
                )
                if line is not None
            ),
            ("target", "hands"),
        ),
    ]
