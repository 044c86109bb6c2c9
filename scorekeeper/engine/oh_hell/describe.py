"""Oh Hell options in plain words, grouped as a rule sheet shows them."""

from __future__ import annotations

from ..rulesheet import Answer, Group, Say, Sheet, choice_texts, grouped
from ..text import N_, Nn_, Text, ntext, signed, text
from .options import (
    HookScope,
    MissPenalty,
    OhHellOptions,
    TrickPoints,
    ZeroMade,
    ZeroMissed,
    default_max_cards,
)
from .scoring import seat_score

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
        "per_trick": N_("lose the miss value for each trick over or under the bid"),
        "flat": N_("lose the miss value once, however far the bid was missed"),
    },
    "hook_scope": {
        "every_hand": N_("every dealer, every hand"),
        "leader": N_(
            "only a dealer whose total is higher than every other player's, and never a bid of 0 (the Canadian rule)"
        ),
    },
    "zero_made": {
        "normal": N_("as any bid made exactly"),
        "fixed": N_("the zero value, in place of the exact bonus"),
        "plus_cards": N_("the zero value plus the cards in the hand"),
    },
    "zero_missed": {
        "normal": N_("as any missed bid"),
        "minus_value": N_("lose the zero value, in place of the miss penalty"),
    },
}


def _choice(name: str) -> Say:
    return lambda value, options: text(CHOICES[name][value.value])


def _largest(value: int, o: OhHellOptions) -> Text:
    if value:
        return text(N_("{n} cards each"), n=value)
    usual = default_max_cards(o.players, o.pack, o.whole_pack)
    if o.whole_pack:
        return text(
            N_("{n} cards each: every card of the pack to {players} players"),
            n=usual,
            players=o.players,
        )
    return text(
        N_("{n} cards each (the usual largest hand for {players} players)"),
        n=usual,
        players=o.players,
    )


def _pack(value: int, o: OhHellOptions) -> Text:
    if value == 60:
        return text(
            N_(
                "60 cards, the Wizard pack: 52 cards, 4 Wizards that always win the trick and 4 Jesters that always lose it"
            )
        )
    return text(N_("52 cards, one pack"))


def _largest_repeat(value: int, o: OhHellOptions) -> Text:
    if value == 1:
        return text(N_("once each time the hands reach it"))
    return text(N_("{n} times in a row each time the hands reach it"), n=value)


def _points(value: int, o: OhHellOptions) -> Text:
    return ntext(Nn_("{n} point", "{n} points"), value) if value else text(N_("no points"))


SHEET: Sheet = {
    "players": (
        N_("Table and deck"),
        N_("Number of players"),
        lambda v, o: text(N_("{n}, each for themselves"), n=v),
    ),
    "pack": (N_("Table and deck"), N_("Pack"), _pack),
    "max_cards": (N_("Table and deck"), N_("Largest hand"), _largest),
    "whole_pack": (
        N_("Table and deck"),
        N_("The whole pack"),
        lambda v, o: (
            text(N_("the largest hand may deal every card; then no card is turned for trumps"))
            if v
            else text(N_("a card is always left to turn for trumps"))
        ),
    ),
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
    "largest_repeat": (N_("Hands"), N_("The largest hand is dealt"), _largest_repeat),
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
    "hook_scope": (N_("Bidding"), N_("The hook binds"), _choice("hook_scope")),
    "trick_points": (N_("Scoring"), N_("Tricks score"), _choice("trick_points")),
    "trick_value": (
        N_("Scoring"),
        N_("Points per trick"),
        lambda v, o: text(N_("{n}"), n=v),
    ),
    "exact_bonus": (N_("Scoring"), N_("Bonus for making the bid exactly"), _points),
    "miss_penalty": (N_("Scoring"), N_("Missed bid"), _choice("miss_penalty")),
    "miss_value": (N_("Scoring"), N_("Miss value"), _points),
    "zero_made": (N_("Scoring"), N_("A bid of 0 made"), _choice("zero_made")),
    "zero_missed": (N_("Scoring"), N_("A bid of 0 missed"), _choice("zero_missed")),
    "zero_value": (N_("Scoring"), N_("Zero value"), _points),
}


def describe(options: OhHellOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)


# A blank card prints how the hands run and how a hand scores, even where silent.
PRINTED = frozenset({"pack", "deal", "max_cards", "exact_bonus", "miss_penalty"})
KEY = frozenset(
    {
        "players",
        "pack",
        "deal",
        "max_cards",
        "hook",
        "trick_points",
        "exact_bonus",
        "miss_penalty",
    }
)


def relevant(o: OhHellOptions) -> frozenset[str]:
    """The trick value only matters where tricks or a bid penalty count; the hook's scope
    under the hook; the miss and zero values where a choice uses them."""
    zero = o.zero_made is not ZeroMade.NORMAL or o.zero_missed is not ZeroMissed.NORMAL
    off = {
        "trick_value": o.trick_points is TrickPoints.NEVER
        and o.miss_penalty is not MissPenalty.BID,
        "hook_scope": not o.hook,
        "miss_value": o.miss_penalty not in (MissPenalty.PER_TRICK, MissPenalty.FLAT),
        "zero_value": not zero,
    }
    return frozenset(name for name in SHEET if not off.get(name, False))


def _deal_lines(o: OhHellOptions) -> tuple[Text, ...]:
    lines = [
        text(
            N_(
                "The deal passes one seat to the left each hand. After the deal the next card is turned; its suit is trumps for the hand."
            )
        ),
        text(N_("Hand sizes: {sizes}."), sizes=" ".join(map(str, o.schedule))),
    ]
    if o.pack == 60:
        lines.append(
            text(
                N_(
                    "When the turned card is a Wizard the dealer chooses trumps; when it is a Jester the hand has no trumps."
                )
            )
        )
    if o.uses_every_card(o.largest):
        lines.append(
            text(
                N_(
                    "A hand of {n} cards deals every card: none is left to turn, and the hand is played without trumps."
                ),
                n=o.largest,
            )
        )
    return tuple(lines)


def _hook_line(o: OhHellOptions) -> Text:
    if not o.hook:
        return text(N_("No hook: the dealer may bid any number."))
    if o.hook_scope is HookScope.LEADER:
        return text(
            N_(
                "The hook binds a dealer clearly leading (a total higher than every other player's; a tie is not a lead): such a dealer may not make the bids add up to the cards in the hand, except by bidding 0. Other dealers bid anything."
            )
        )
    return text(
        N_(
            "The hook: the dealer may not bid the number that would make the bids add up to the cards in the hand, so somebody must miss."
        )
    )


def _play_lines(o: OhHellOptions) -> tuple[Text, ...]:
    if o.pack == 60:
        return (
            text(
                N_(
                    "The player left of the dealer leads; follow suit if you can, otherwise play any card. A Wizard or a Jester may be played at any time."
                )
            ),
            text(
                N_(
                    "The first Wizard played wins the trick; else the highest trump, else the highest card of the suit led. Jesters always lose, unless every card played is a Jester: then the first one wins."
                )
            ),
        )
    return (
        text(
            N_(
                "The player left of the dealer leads; follow suit if you can, otherwise play any card. The highest trump wins the trick, or else the highest card of the suit led."
            )
        ),
    )


def _score_lines(o: OhHellOptions) -> tuple[Text, ...]:
    """A hand's score in words, with a made and a missed bid of 2 worked out."""
    made, _ = seat_score(o, 2, 2, max(o.largest, 2))
    short, _ = seat_score(o, 2, 1, max(o.largest, 2))
    lines = [
        text(
            N_("Bid 2 and take 2: {made}. Bid 2 and take 1: {short}."),
            made=signed(made),
            short=signed(short),
        )
    ]
    if o.zero_made is not ZeroMade.NORMAL or o.zero_missed is not ZeroMissed.NORMAL:
        zero, _ = seat_score(o, 0, 0, o.largest)
        missed, _ = seat_score(o, 0, 1, o.largest)
        lines.append(
            text(
                N_("Bid 0 in a hand of {cards}: made {zero}, missed by a trick {missed}."),
                cards=o.largest,
                zero=signed(zero),
                missed=signed(missed),
            )
        )
    return tuple(lines)


def answers(o: OhHellOptions) -> list[Answer]:
    """What tables argue about: who deals and bids, the hook, a hand's score, the end."""
    return [
        Answer(text(N_("Deal and trumps")), _deal_lines(o), ("deal", "max_cards", "whole_pack")),
        Answer(
            text(N_("Bidding")),
            (
                text(
                    N_(
                        "The player left of the dealer bids first and the dealer last; a bid is any number from 0 to the cards in the hand."
                    )
                ),
                _hook_line(o),
            ),
            ("hook", "hook_scope"),
        ),
        Answer(text(N_("Play")), _play_lines(o), ("pack",)),
        Answer(
            text(N_("What a hand scores")),
            _score_lines(o),
            ("trick_points", "exact_bonus", "miss_penalty", "zero_made", "zero_missed"),
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
