"""Values worked out once per options value: a ruleset's tables for replaying hands.

A game's options are a frozen dataclass of some sixty fields; hashing one costs more than
scoring a hand. So a table is found by the options object's identity first, and by value
only for an options object not seen before (each game loaded from the store has its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class PerOptions(Generic[T]):
    """`build(options)`, kept for each options value (a bounded number of them)."""

    def __init__(self, build: Callable[[Any], T], limit: int = 64) -> None:
        self._build = build
        self._limit = limit
        self._by_value: dict[Any, T] = {}
        self._by_id: dict[int, tuple[Any, T]] = {}  # holds the options: their ids stay theirs

    def __call__(self, options: Any) -> T:
        held = self._by_id.get(id(options))
        if held is not None and held[0] is options:
            return held[1]
        value = self._by_value.get(options)
        if value is None:
            if len(self._by_value) >= self._limit:
                self._by_value.clear()
            value = self._by_value[options] = self._build(options)
        if len(self._by_id) >= 4 * self._limit:
            self._by_id.clear()
        self._by_id[id(options)] = (options, value)
        return value

    def clear(self) -> None:
        """Forget every value (a benchmark's cold start)."""
        self._by_value.clear()
        self._by_id.clear()
