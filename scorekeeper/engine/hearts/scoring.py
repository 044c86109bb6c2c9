"""Scoring a Hearts hand: points cards taken, the moon, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeGuard

from ..errors import InvalidHand
from ..outcome import decide, individual_sides
from ..text import N_, Nn_, Text, ntext, shown, signed, text
from ..types import Explanation, HandResult, Line, Need, Outcome, Side
from .options import BonusCard, End, HeartsOptions, Moon, Passing

MOON_CHOICES = ("subtract", "add")
MOON_CHOICE_WORDS = {"subtract": N_("−26 for the shooter"), "add": N_("+26 for everyone else")}
CARD_RULES = {
    "queen_of_spades": "queen_points",
    "king_of_spades": "spade_king_points",
    "ace_of_spades": "spade_ace_points",
    "jack_of_diamonds": "bonus_points",
    "ten_of_diamonds": "bonus_points",
}
CARD_NAMES = {
    "queen_of_spades": N_("Q♠"),
    "king_of_spades": N_("K♠"),
    "ace_of_spades": N_("A♠"),
    "jack_of_diamonds": N_("J♦"),
    "ten_of_diamonds": N_("10♦"),
}


@dataclass(frozen=True)
class HeartsHand:
    """Hearts taken per seat, who took each scoring card these rules have (None: a card
    that does not score), and the moon choice if any."""

    hearts: tuple[int, ...]
    queen_of_spades: int | None = None
    king_of_spades: int | None = None
    ace_of_spades: int | None = None
    jack_of_diamonds: int | None = None
    ten_of_diamonds: int | None = None
    moon_choice: str | None = None

    @property
    def cards(self) -> dict[str, int]:
        """Each scoring card's key ("queen_of_spades") and the seat that took it."""
        taken = {card: getattr(self, card) for card in CARD_NAMES}
        return {card: seat for card, seat in taken.items() if seat is not None}


@dataclass(frozen=True)
class HeartsState:
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, ...]
    hands: int = 0


def scoring_cards(options: HeartsOptions) -> list[str]:
    """The single cards that score in this ruleset, by their game-file key."""
    cards = ["queen_of_spades"]
    if options.spade_king_points:
        cards.append("king_of_spades")
    if options.spade_ace_points:
        cards.append("ace_of_spades")
    if options.bonus_card is not BonusCard.NONE:
        cards.append(options.bonus_card.value)
    return cards


def _card_points(options: HeartsOptions, card: str) -> int:
    return {
        "queen_of_spades": options.queen_points,
        "king_of_spades": options.spade_king_points,
        "ace_of_spades": options.spade_ace_points,
    }.get(card, -options.bonus_points)


def _seat(value: object, seats: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def make_hand(hearts: list[int], moon_choice: str | None, **cards: int | None) -> HeartsHand:
    """The hand from its fields' values."""
    return HeartsHand(tuple(hearts), moon_choice=moon_choice, **cards)


def read_hearts(hearts: object, values: Mapping[str, object], options: HeartsOptions) -> list[int]:
    """The hearts each seat took: whole numbers that add up to 13."""
    return _hearts(hearts, options.players)


def read_moon_choice(
    choice: object, values: Mapping[str, object], options: HeartsOptions
) -> str | None:
    """The moon shooter's choice, read only where someone shot the moon."""
    hearts, queen = values["hearts"], values["queen_of_spades"]
    assert isinstance(hearts, list)
    shooter = next((seat for seat, n in enumerate(hearts) if n == 13 and queen == seat), None)
    if shooter is None:
        return None
    if choice not in MOON_CHOICES:
        raise InvalidHand(
            text(
                N_(
                    'seat {seat} shot the moon: \'moon_choice\' must be "subtract" (−26 to self) or "add" (+26 to everyone else)'
                ),
                seat=shooter + 1,
            ),
            shooter,
            field="moon_choice",
        )
    return str(choice)


def _hearts(hearts: object, seats: int) -> list[int]:
    """The hearts each seat took: whole numbers that add up to 13."""
    if not isinstance(hearts, list) or len(hearts) != seats:
        raise InvalidHand(
            text(N_("'hearts' needs one entry for each of the {seats} seats"), seats=seats)
        )
    for seat, taken in enumerate(hearts):
        if not isinstance(taken, int) or isinstance(taken, bool) or not 0 <= taken <= 13:
            raise InvalidHand(
                text(
                    N_("seat {seat}: hearts {taken} must be a whole number 0–13"),
                    seat=seat + 1,
                    taken=shown(taken),
                ),
                seat,
            )
    if sum(hearts) != 13:
        raise InvalidHand(text(N_("hearts add up to {total}, expected 13"), total=sum(hearts)))
    return hearts


def read_taker(card: str) -> Callable[[object, Mapping[str, object], HeartsOptions], int]:
    """How the seat that took a scoring card is read."""
    return lambda seat, values, options: _taker(seat, card, options.players)


def _taker(seat: object, card: str, seats: int) -> int:
    """The seat that took a scoring card."""
    name = Text(CARD_NAMES[card])
    if seat is None:
        raise InvalidHand(
            text(
                N_("nobody took {card}: '{key}' must name the seat that took it"),
                card=name,
                key=card,
            )
        )
    if isinstance(seat, list):
        raise InvalidHand(
            text(
                N_("exactly one player takes {card}; '{key}' names one seat"), card=name, key=card
            )
        )
    if not _seat(seat, seats):
        raise InvalidHand(
            text(
                N_(
                    "'{key}' must name a seat: 0 for seat 1 to {last} for seat {seats}, got {seat}"
                ),
                key=card,
                last=seats - 1,
                seats=seats,
                seat=shown(seat),
            )
        )
    return seat


def moon_shooter(
    options: HeartsOptions, hearts: Sequence[int], cards: Mapping[str, int]
) -> int | None:
    """The seat that took all 13 hearts and Q♠, where the ruleset has a moon."""
    if options.moon is Moon.NONE:
        return None
    for seat, taken in enumerate(hearts):
        if taken == 13 and cards.get("queen_of_spades") == seat:
            return seat
    return None


def start(options: HeartsOptions, players: Sequence[str]) -> HeartsState:
    sides = individual_sides(players)
    return HeartsState(tuple(players), sides, tuple(0 for _ in sides))


def play(options: HeartsOptions, state: HeartsState, hand: HeartsHand) -> HandResult:
    """Score one hand: penalty points taken (lower is better). Its lines are written out
    when somebody reads them (most hands scored are never explained)."""
    lines, markers = _lines(options, state, hand, words=False)
    scores = tuple(sum(line.points for line in side) for side in lines)
    totals = tuple(t + p for t, p in zip(state.totals, scores, strict=True))
    new_state = HeartsState(state.players, state.sides, totals, state.hands + 1)
    return HandResult(
        scores,
        totals,
        None,
        partial(explain, options, state, hand),
        tuple(tuple(m) for m in markers),
        new_state,
    )


def explain(options: HeartsOptions, state: HeartsState, hand: HeartsHand) -> Explanation:
    """Every seat's lines for a hand played from `state`, written out."""
    return tuple(tuple(side) for side in _lines(options, state, hand, words=True)[0])


def _lines(
    options: HeartsOptions, state: HeartsState, hand: HeartsHand, *, words: bool
) -> tuple[list[list[Line]], list[list[str]]]:
    """Each seat's lines and markers (the lines' words only with `words`)."""
    seats = len(state.players)
    lines: list[list[Line]] = [[] for _ in range(seats)]
    markers: list[list[str]] = [[] for _ in range(seats)]
    cards = hand.cards
    shooter = moon_shooter(options, hand.hearts, cards)
    _taken(options, hand, cards, shooter, lines, words)
    if shooter is not None:
        _moon(options, hand, cards, shooter, state.players, lines, markers, words)
    return lines, markers


_UNSAID = Text("")  # a line's words while only its points are counted


def _taken(
    options: HeartsOptions,
    hand: HeartsHand,
    cards: Mapping[str, int],
    shooter: int | None,
    lines: list[list[Line]],
    words: bool,
) -> None:
    """Each seat's hearts and scoring cards, but the moon shooter's."""
    for seat, taken in enumerate(hand.hearts):
        if seat == shooter or not taken:
            continue
        points = taken * options.heart_points
        said = (
            ntext(Nn_("{n} heart: {points}", "{n} hearts: {points}"), taken, points=signed(points))
            if words
            else _UNSAID
        )
        lines[seat].append(Line("heart_points", said, points))
    for card, seat in cards.items():
        if seat == shooter and card == "queen_of_spades":
            continue
        points = _card_points(options, card)
        said = (
            text(N_("{card}: {points}"), card=Text(CARD_NAMES[card]), points=signed(points))
            if words
            else _UNSAID
        )
        lines[seat].append(Line(CARD_RULES[card], said, points))


def _moon(
    options: HeartsOptions,
    hand: HeartsHand,
    cards: Mapping[str, int],
    shooter: int,
    players: Sequence[str],
    lines: list[list[Line]],
    markers: list[list[str]],
    words: bool,
) -> None:
    """The shooter's moon: minus the moon for self, or plus it for everyone else."""
    moon_total = 13 * options.heart_points + options.queen_points
    choice = options.moon.value if options.moon is not Moon.CHOICE else hand.moon_choice
    markers[shooter].append("moon")
    if options.bonus_card is not BonusCard.NONE and cards.get(options.bonus_card.value) == shooter:
        markers[shooter].append("slam")
    if choice == "subtract":
        said = text(N_("Shot the moon: chose −{n} for self"), n=moon_total) if words else _UNSAID
        lines[shooter].append(Line("moon", said, -moon_total))
        return
    said = (
        text(N_("Shot the moon: chose +{n} for everyone else"), n=moon_total) if words else _UNSAID
    )
    lines[shooter].append(Line("moon", said))
    for seat, seat_lines in enumerate(lines):
        if seat != shooter:
            said = (
                text(
                    N_("{player} shot the moon: {points}"),
                    player=players[shooter],
                    points=signed(moon_total),
                )
                if words
                else _UNSAID
            )
            seat_lines.append(Line("moon", said, moon_total))


def outcome(options: HeartsOptions, state: HeartsState) -> Outcome:
    """Lowest total wins when someone reaches the target (or after one deal each)."""
    everyone = range(len(state.sides))
    if options.end is End.ONE_DEAL_EACH:
        if state.hands < options.players:
            return Outcome(False)
        return decide(
            state.totals,
            state.sides,
            everyone,
            lowest=True,
            why=lambda best: text(
                N_("lowest total ({best}) after {n} hands"), best=best, n=state.hands
            ),
        )
    if max(state.totals, default=0) < options.target:
        return Outcome(False)
    return decide(
        state.totals,
        state.sides,
        everyone,
        lowest=True,
        why=lambda best: text(
            N_("someone reached {target}; the lowest total ({best}) wins"),
            target=options.target,
            best=best,
        ),
    )


def pass_direction(options: HeartsOptions, hand_number: int) -> Text:
    """Where the cards go before hand `hand_number` (1-based)."""
    n = options.pass_cards
    if options.passing is Passing.NONE or n == 0:
        return text(N_("no passing"))
    if options.passing is Passing.RIGHT:
        return text(N_("pass {n} to the right"), n=n)
    if options.passing is Passing.WIDOW:
        side = N_("left") if hand_number % 2 == 1 else N_("right")
        return text(N_("pass 2 to the {side}, look, then 1 more to the {side}"), side=Text(side))
    cycle = (
        [N_("pass {n} to the left"), N_("pass {n} to the right"), N_("pass {n} across"), None]
        if options.players == 4
        else [N_("pass {n} to the left"), N_("pass {n} to the right"), None]
    )
    where = cycle[(hand_number - 1) % len(cycle)]
    if where is None:
        return text(N_("hold: no passing this hand"))
    return text(where, n=n)


def needs(options: HeartsOptions, state: HeartsState) -> list[Need]:
    """Before the next hand: how far the player closest to the end score is from it
    (reaching it ends the game), or how many hands are left."""
    if options.end is End.ONE_DEAL_EACH:
        left = options.players - state.hands
        if left <= 0:
            return []
        forms = Nn_(
            "{n} hand to go; the lowest total wins", "{n} hands to go; the lowest total wins"
        )
        return [Need("", (ntext(forms, left),))]
    closest = max(state.totals, default=0)
    if closest >= options.target:
        return []  # a tie at the bottom: the next hand decides
    said = text(
        N_("{n} more to reach {target}, the closest: reaching it ends the game"),
        n=options.target - closest,
        target=options.target,
    )
    return [
        Need(side.name, (said,))
        for side, total in zip(state.sides, state.totals, strict=True)
        if total == closest
    ]
