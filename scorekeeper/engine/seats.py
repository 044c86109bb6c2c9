"""Who deals and who bids first: the deal passes to the left, whatever the game."""

from __future__ import annotations

from collections.abc import Sequence


def dealer_of(
    first_dealer: int, seats: int, hand_number: int, named: Sequence[int | None] = ()
) -> int:
    """The seat that deals hand `hand_number` (1-based); the deal passes to the left.

    `named` holds, hand by hand, the seat a hand says really dealt it (a table that dealt
    out of turn), or None: the hands after such a hand rotate from it."""
    for number in range(min(hand_number, len(named)), 0, -1):
        seat = named[number - 1]
        if seat is not None:
            return (seat + hand_number - number) % seats
    return (first_dealer + hand_number - 1) % seats


def named_dealers(bodies: Sequence[object]) -> list[int | None]:
    """The `"dealer"` each game-file hand names (None where it names none)."""
    return [
        body.get("dealer") if isinstance(body, dict) and _is_seat(body.get("dealer")) else None
        for body in bodies
    ]


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def bidding_order(dealer: int, seats: int) -> list[int]:
    """Seats in bidding (and entry) order: left of the dealer first, the dealer last."""
    return [(dealer + 1 + k) % seats for k in range(seats)]
