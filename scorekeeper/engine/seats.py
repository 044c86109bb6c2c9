"""Who deals and who bids first: the deal passes to the left, whatever the game."""

from __future__ import annotations


def dealer_of(first_dealer: int, seats: int, hand_number: int) -> int:
    """The seat that deals hand `hand_number` (1-based); the deal passes to the left."""
    return (first_dealer + hand_number - 1) % seats


def bidding_order(dealer: int, seats: int) -> list[int]:
    """Seats in bidding (and entry) order: left of the dealer first, the dealer last."""
    return [(dealer + 1 + k) % seats for k in range(seats)]
