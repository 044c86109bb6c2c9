"""A small thread-safe least-recently-used map, bounded by count and optionally by size."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


class LRU:
    """Keeps at most `size` items, and at most `budget` in total by `weigh` if given.

    The caches keyed by a game's version never go stale: every write bumps the version.
    """

    def __init__(
        self, size: int, *, budget: int | None = None, weigh: Callable[[Any], int] | None = None
    ) -> None:
        self._items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._size = size
        self._budget = budget
        self._weigh = weigh
        self._total = 0
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Any, value: Any) -> None:
        weight = self._weigh(value) if self._weigh else 0
        if self._budget is not None and weight > self._budget:
            return  # larger than the whole cache: not worth evicting everything for
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._total -= old[1]
            self._items[key] = (value, weight)
            self._total += weight
            while len(self._items) > self._size or (
                self._budget is not None and self._total > self._budget
            ):
                self._total -= self._items.popitem(last=False)[1][1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._total = 0

    def __len__(self) -> int:
        return len(self._items)
