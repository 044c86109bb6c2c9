"""One contract and what it scores (Law 77; RULES.md §7.2), the boards' conditions
(Law 2) and the IMP scale (Law 78B): the arithmetic every form of bridge shares."""

from __future__ import annotations

import re
from dataclasses import dataclass

STRAINS = ("C", "D", "H", "S", "NT")
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
DOUBLINGS = ("", "X", "XX")
_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$")


@dataclass(frozen=True)
class Contract:
    """A level 1–7, a strain, and 0 (undoubled), 1 (doubled) or 2 (redoubled)."""

    level: int
    strain: str
    doubled: int = 0

    @property
    def code(self) -> str:
        """As a game file writes it: "4SX"."""
        return f"{self.level}{self.strain}{DOUBLINGS[self.doubled]}"

    @property
    def bid(self) -> str:
        """As a scoresheet prints it: "4♠X"."""
        return f"{self.level}{SYMBOLS[self.strain]}{DOUBLINGS[self.doubled]}"

    @property
    def needed(self) -> int:
        """The tricks the declaring side must take."""
        return self.level + 6


def read_contract(raw: str) -> Contract | None:
    """A contract from its code ("4sx", "3N"), or None when it is not one."""
    found = _CONTRACT.match(raw.strip().upper())
    if found is None:
        return None
    strain = "NT" if found.group(2) == "N" else found.group(2)
    return Contract(int(found.group(1)), strain, DOUBLINGS.index(found.group(3) or ""))


@dataclass(frozen=True)
class Item:
    """One scoring element of a deal: which side scores it, what it is, how much, and
    whether rubber writes it below the line (trick points) or above."""

    side: int
    kind: str  # tricks, overtricks, insult, slam, game, partscore, undertricks, honours, rubber
    points: int

    @property
    def line(self) -> str:
        return "below" if self.kind == "tricks" else "above"


def trick_points(contract: Contract) -> int:
    """The trick score of the tricks bid and made (doubling counts)."""
    per = 20 if contract.strain in ("C", "D") else 30
    first = 40 if contract.strain == "NT" else per
    return (first + per * (contract.level - 1)) * (1, 2, 4)[contract.doubled]


def overtrick_points(contract: Contract, vulnerable: bool, overtricks: int) -> int:
    if not contract.doubled:
        return overtricks * (20 if contract.strain in ("C", "D") else 30)
    each = (200 if vulnerable else 100) * contract.doubled
    return overtricks * each


def undertrick_points(contract: Contract, vulnerable: bool, down: int) -> int:
    """What the defenders score for `down` undertricks."""
    if not contract.doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * contract.doubled


def contract_items(
    contract: Contract, side: int, vulnerable: bool, tricks: int, premiums: bool
) -> list[Item]:
    """What a contract scores, item by item; `premiums`: the duplicate game and
    partscore premiums (rubber and carried Chicago have none on the deal)."""
    result = tricks - contract.needed
    if result < 0:
        return [Item(1 - side, "undertricks", undertrick_points(contract, vulnerable, -result))]
    points = trick_points(contract)
    items = [Item(side, "tricks", points)]
    if result:
        items.append(Item(side, "overtricks", overtrick_points(contract, vulnerable, result)))
    if contract.doubled:
        items.append(Item(side, "insult", 50 * contract.doubled))
    if contract.level == 6:
        items.append(Item(side, "slam", 750 if vulnerable else 500))
    elif contract.level == 7:
        items.append(Item(side, "slam", 1500 if vulnerable else 1000))
    if premiums:
        if points >= 100:
            items.append(Item(side, "game", 500 if vulnerable else 300))
        else:
            items.append(Item(side, "partscore", 50))
    return items


# Law 2: boards 1–16, repeated every 16 boards.
BOARD_DEALER = (0, 1, 2, 3)  # board b: (b − 1) mod 4
_BOARD_VUL = [
    "none",
    "ns",
    "ew",
    "both",
    "ns",
    "ew",
    "both",
    "none",
    "ew",
    "both",
    "none",
    "ns",
    "both",
    "none",
    "ns",
    "ew",
]
VULNERABILITY = {
    "none": (False, False),
    "ns": (True, False),
    "ew": (False, True),
    "both": (True, True),
}


def board_dealer(board: int) -> int:
    return (board - 1) % 4


def board_vulnerability(board: int) -> str:
    """ "none", "ns", "ew" or "both", as Law 2 marks board `board`."""
    return _BOARD_VUL[(board - 1) % 16]


# Law 78B: the least difference that gains each IMP from 1 to 24.
_IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: float) -> int:
    """The IMPs a score difference converts to, with its sign (Law 78B). A difference
    that is not a whole multiple of 10 (a datum or an average) falls in the step below
    the next boundary: 15 is 0, 45 is 1."""
    size = abs(difference)
    gained = sum(1 for step in _IMP_STEPS if size >= step)
    return gained if difference >= 0 else -gained


def possible_scores(vulnerable: tuple[bool, bool]) -> frozenset[int]:
    """Every North-South score a contract can make at these conditions (a passed-out
    board's 0 too): what a score typed on a traveller is checked against."""
    found = {0}
    for level in range(1, 8):
        for strain in STRAINS:
            for doubled in (0, 1, 2):
                contract = Contract(level, strain, doubled)
                for side in (0, 1):
                    for tricks in range(14):
                        items = contract_items(contract, side, vulnerable[side], tricks, True)
                        found.add(sum(i.points if i.side == 0 else -i.points for i in items))
    return frozenset(found)
