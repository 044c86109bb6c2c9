"""Players' ratings: who is strong, from every finished game in the order played.

A rating is worked out, never typed in: each finished game of a rated kind moves its
players' ratings by their sides' places (the winners first; partners rise and fall
together; a shared place is a draw), with the Weng-Lin model of the `openskill` library
(Plackett-Luce). A rating is a belief (mu) and how unsure it is (sigma); the figure
shown is the cautious one, mu - 3 sigma, which rises as a player wins and as the
evidence grows. Under five games it is marked provisional.

Pure: the store keeps the ratings beside the games and calls `rate` for each game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

PROVISIONAL_UNDER = 5  # games: fewer, and the figure is marked provisional


def _model() -> Any:
    """The rating model, its library imported only where ratings are worked out."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


@dataclass
class Rating:
    """One player's rating in one game kind."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def figure(self) -> float:
        """The cautious figure shown: mu - 3 sigma (0 before any game)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> str:
        """The figure as a page prints it: one decimal, a true minus sign (−1.5)."""
        tenths = round(self.figure * 10)
        return f"{'−' if tenths < 0 else ''}{abs(tenths) // 10}.{abs(tenths) % 10}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_UNDER

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": round(self.figure, 2),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
            "provisional": self.provisional,
        }


def new_rating() -> Rating:
    model = _model()
    return Rating(model.mu, model.sigma)


def rate(
    ratings: dict[str, Rating], sides: Sequence[Sequence[str]], places: Sequence[int]
) -> None:
    """Move the ratings (by player key, in place) by one finished game: its sides'
    players and each side's place (0 first; equal places a draw)."""
    model = _model()
    teams = [
        [
            model.create_rating([r.mu, r.sigma])
            for r in (ratings.setdefault(p, new_rating()) for p in side)
        ]
        for side in sides
    ]
    moved = model.rate(teams, ranks=[float(place) for place in places])
    for side, team in zip(sides, moved, strict=True):
        for player, after in zip(side, team, strict=True):
            kept = ratings[player]
            kept.mu, kept.sigma, kept.games = after.mu, after.sigma, kept.games + 1


def rate_all(games: Sequence[tuple[Sequence[Sequence[str]], Sequence[int]]]) -> dict[str, Rating]:
    """The ratings after these games (sides and places), in the order given."""
    ratings: dict[str, Rating] = {}
    for sides, places in games:
        rate(ratings, sides, places)
    return ratings
