"""Spitzer options in plain words."""

from __future__ import annotations

from ..rulesheet import Answer, Group, Sheet, choice_texts, grouped
from ..text import N_, Text, text
from .options import SpitzerOptions

CHOICES = {
    "no_trick_dash": {
        "as_0_30": N_("scored as the 0–30 column (−9)"),
        "minus_42": N_("−42"),
    }
}

SHEET: Sheet = {
    "players": (
        N_("Table and deck"),
        N_("Number of players"),
        lambda v, o: text(N_("{n}; 32 cards (A K Q J 10 9 8 7), 8 each"), n=v),
    ),
    "no_trick_dash": (
        N_("Scoring"),
        N_('No trick in a queens partnership or stealer (the seed prints "–")'),
        lambda v, o: text(CHOICES["no_trick_dash"][v.value]),
    ),
    "target": (
        N_("End of game"),
        N_("Target"),
        lambda v, o: text(N_("{n} points; the highest total wins, a tie plays on"), n=v),
    ),
    "stake_per_game": (N_("Settlement"), N_("Stake per game"), lambda v, o: text(N_("{n}"), n=v)),
    "stake_per_point": (
        N_("Settlement"),
        N_("Stake per point of difference"),
        lambda v, o: text(N_("{n}"), n=v),
    ),
}


def describe(options: SpitzerOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


# Options a blank scorecard prints even where the source is silent (how the game ends).
PRINTED = frozenset({"target"})
KEY = frozenset({"players", "target", "no_trick_dash"})


def relevant(o: SpitzerOptions) -> frozenset[str]:
    """Every Spitzer option can matter (stakes only settle money after the game)."""
    return frozenset(SHEET)


# What a table argues about in seed 003's rules: (question, the answer's lines).
_FIXED_ANSWERS = (
    (
        N_("Partners"),
        (
            N_(
                "The holders of Q♣ (the big queen) and Q♠ (the little queen) are partners; the other two play together. Nobody may say who holds them until the cards show it."
            ),
            N_(
                "A player holding both may call a partner, or play alone against three: silently (a Stealer, スチーラー) or by declaring Zola."
            ),
        ),
    ),
    (
        N_("Declarations"),
        (
            N_(
                "From the dealer's left, each player may declare once; the first declaration ends it."
            ),
            N_(
                "Calling a partner (only the holder of both black queens): name a non-trump ace you do not hold but hold a card of its suit; if no suit allows that, an ace of a suit you are void in; if you hold every non-trump ace, the first other player to win a trick."
            ),
            N_(
                "Zola: alone against three, more than 60 card points; anyone may declare it, and the queens' partnership no longer counts. Zola Schneider: 90 or more. Zola Schneider Schwarz: every trick."
            ),
            N_(
                "Schneider: the queens' partnership announces 90 or more; anyone may declare it, even a player holding no black queen."
            ),
        ),
    ),
    (
        N_("The called ace"),
        (
            N_(
                "When its suit is first led, its holder must play the called ace; it may not be thrown away on another suit."
            ),
            N_(
                "Its holder may lead another card of that suit; after that the ace is free to be played or discarded."
            ),
        ),
    ),
    (
        N_("Play"),
        (
            N_("The player left of the dealer leads; the winner of a trick leads the next."),
            N_("Follow suit if you can; if not, play a trump; with neither, play any card."),
            N_(
                "Trumps, high to low: Q♣, 7♦ (the Spitzer), Q♠, Q♥, Q♦, J♣, J♠, J♥, J♦, A♦, 10♦, K♦, 9♦, 8♦. Other suits: A 10 K 9 8 7."
            ),
            N_("Card points: A 11, 10 10, K 4, Q 3, J 2; 120 in all."),
        ),
    ),
)


def answers(o: SpitzerOptions) -> list[Answer]:
    """Seed 003's rules a table argues about: partners, declarations, the called ace, play."""
    fixed = [
        Answer(text(question), tuple(text(line) for line in lines))
        for question, lines in _FIXED_ANSWERS
    ]
    end = Answer(
        text(N_("End of the game")),
        (
            text(
                N_(
                    "After a deal in which someone reaches {n}, the highest total wins; a tie for the highest plays on."
                ),
                n=o.target,
            ),
            text(
                N_(
                    "Each loser pays the winner the agreed stake plus an amount for the difference in score."
                )
            ),
        ),
        ("target", "stake_per_game", "stake_per_point"),
    )
    return [*fixed, end]
