"""The meld tables (RULES.md §8.3) and the meld calculator (§8.4): cards laid down → meld.

Values are kept in ones (the double deck's and the single deck's counted in ones); a game
whose hand is worth 250 counts the same table in tens."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ..text import N_

SUITS = ("spades", "hearts", "diamonds", "clubs")
SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_LETTERS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("A", "T", "K", "Q", "J", "9")
RUN = ("A", "T", "K", "Q", "J")
FOLD = ("", "double_", "triple_", "quadruple_")  # the n-fold meld's id, n = 1…4

# The single values, then the n-fold ones, in ones (§8.3); a single deck has no triples or
# quadruples, the double deck no nines.
_TABLE: dict[str, tuple[int, ...]] = {
    "run": (15, 150, 225, 300),
    "pinochle": (4, 30, 60, 90),
    "aces_around": (10, 100, 150, 200),
    "kings_around": (8, 80, 120, 160),
    "queens_around": (6, 60, 90, 120),
    "jacks_around": (4, 40, 60, 80),
}
SINGLES = {"royal_marriage": 4, "marriage": 2, "dix": 1}  # each counted one by one
AROUNDS = {"A": "aces_around", "K": "kings_around", "Q": "queens_around", "J": "jacks_around"}

ONES: dict[str, int] = {
    **{f"{FOLD[n]}{base}": values[n] for base, values in _TABLE.items() for n in range(4)},
    **SINGLES,
}
MELD_IDS = tuple(
    ["run", "double_run", "triple_run", "quadruple_run", "royal_marriage", "marriage", "dix"]
    + [f"{FOLD[n]}pinochle" for n in range(4)]
    + [f"{FOLD[n]}{base}" for base in AROUNDS.values() for n in range(4)]
)

NAMES: dict[str, str] = {
    "run": N_("run"),
    "double_run": N_("double run"),
    "triple_run": N_("triple run"),
    "quadruple_run": N_("quadruple run"),
    "royal_marriage": N_("royal marriage"),
    "marriage": N_("marriage"),
    "dix": N_("dix"),
    "pinochle": N_("pinochle"),
    "double_pinochle": N_("double pinochle"),
    "triple_pinochle": N_("triple pinochle"),
    "quadruple_pinochle": N_("quadruple pinochle"),
    "aces_around": N_("aces around"),
    "double_aces_around": N_("double aces around"),
    "triple_aces_around": N_("triple aces around"),
    "quadruple_aces_around": N_("quadruple aces around"),
    "kings_around": N_("kings around"),
    "double_kings_around": N_("double kings around"),
    "triple_kings_around": N_("triple kings around"),
    "quadruple_kings_around": N_("quadruple kings around"),
    "queens_around": N_("queens around"),
    "double_queens_around": N_("double queens around"),
    "triple_queens_around": N_("triple queens around"),
    "quadruple_queens_around": N_("quadruple queens around"),
    "jacks_around": N_("jacks around"),
    "double_jacks_around": N_("double jacks around"),
    "triple_jacks_around": N_("triple jacks around"),
    "quadruple_jacks_around": N_("quadruple jacks around"),
}


def pack_holds(meld: str, deck: str) -> bool:
    """Whether a pack can make this meld: no nines in the double deck, no triples or
    quadruples in the single."""
    if meld not in ONES:
        return False
    if deck == "double":
        return meld != "dix"
    return not meld.startswith(("triple_", "quadruple_"))


def fold(meld: str) -> tuple[int, str]:
    """An n-fold meld's n and its single meld ("double_run" → 2, "run")."""
    for n in (4, 3, 2):
        if meld.startswith(FOLD[n - 1]):
            return n, meld[len(FOLD[n - 1]) :]
    return 1, meld


@dataclass(frozen=True)
class MeldTable:
    """A game's meld values: the table in its scale, doubles by the table or as n singles,
    and the table's own values over both."""

    deck: str
    scale: int  # 10: counted in tens; 1: in ones
    singles: bool = False  # an n-fold meld scores n singles
    own: Mapping[str, int] | None = None  # meld_values

    def holds(self, meld: str) -> bool:
        return pack_holds(meld, self.deck)

    def value(self, meld: str) -> int:
        if self.own and meld in self.own:
            return self.own[meld]
        n, single = fold(meld)
        if self.singles and n > 1:
            return n * self.value(single)
        return ONES[meld] * self.scale

    def rows(self) -> list[tuple[str, int]]:
        """Every meld this pack can hold with its value, in the table's order."""
        return [(meld, self.value(meld)) for meld in MELD_IDS if self.holds(meld)]


Card = tuple[str, str]  # rank, suit

_CARD = re.compile(r"^(10|[ATKQJ9])([SHDC♠♥♦♣])$", re.IGNORECASE)
_SIGN_SUITS = {sign: suit for suit, sign in SUIT_SIGNS.items()}


def read_card(token: str) -> Card | None:
    """A card as a game file writes it ("AH", "TS", "10S", "9D"), or None."""
    match = _CARD.match(token)
    if not match:
        return None
    rank = match.group(1).upper().replace("10", "T")
    suit = match.group(2).upper()
    return rank, SUIT_LETTERS.get(suit) or _SIGN_SUITS[suit]


def pack_cards(deck: str) -> list[Card]:
    """The pack's distinct cards, suit by suit in the order A 10 K Q J 9 (no nines in the
    double deck)."""
    ranks = [rank for rank in RANKS if not (rank == "9" and deck == "double")]
    return [(rank, suit) for suit in SUITS for rank in ranks]


def card_code(card: Card) -> str:
    """A card as a game file writes it ("TH")."""
    rank, suit = card
    return rank + suit[0].upper()


def card_face(card: Card) -> str:
    """A card's rank as it is printed on it ("10" for a ten)."""
    return "10" if card[0] == "T" else card[0]


def card_name(card: Card) -> str:
    return f"{card_face(card)}{SUIT_SIGNS[card[1]]}"


@dataclass(frozen=True)
class Found:
    """One meld a player laid down: its id, how many, and their value; a marriage names
    its suit."""

    meld: str
    count: int
    points: int
    suit: str | None = None


def find_melds(cards: Counter[Card], trump: str, table: MeldTable, run_extras: str) -> list[Found]:
    """The melds one player's cards make (§8.4): a card serves once in each class — runs,
    marriages and dix; the arounds; the pinochles."""
    found: list[Found] = []

    def add(meld: str, count: int = 1, suit: str | None = None) -> None:
        if count > 0:
            found.append(Found(meld, count, count * table.value(meld), suit))

    runs = min(cards[(rank, trump)] for rank in RUN)
    if runs:
        add(f"{FOLD[runs - 1]}run")
    kings, queens = cards[("K", trump)], cards[("Q", trump)]
    if not runs:
        royal = min(kings, queens)
    elif run_extras == "king_or_queen":
        royal = (kings - 1) + (queens - 1) if runs == 1 else 0
    elif run_extras == "included":
        royal = min(kings, queens)
    else:
        royal = min(kings, queens) - runs
    add("royal_marriage", royal)
    for suit in SUITS:
        if suit != trump:
            add("marriage", min(cards[("K", suit)], cards[("Q", suit)]), suit)
    if table.holds("dix"):
        add("dix", cards[("9", trump)])
    for rank, around in AROUNDS.items():
        n = min(cards[(rank, suit)] for suit in SUITS)
        if n:
            add(f"{FOLD[n - 1]}{around}")
    pinochles = min(cards[("Q", "spades")], cards[("J", "diamonds")])
    if pinochles:
        add(f"{FOLD[pinochles - 1]}pinochle")
    return found
