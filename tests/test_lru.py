"""The least-recently-used map behind the result, game and page caches."""

from __future__ import annotations

from scorekeeper.lru import LRU


def test_keeps_the_most_recently_used_within_its_count():
    cache = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # a is now the most recent
    cache.put("c", 3)
    assert cache.get("b") is None and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2


def test_keeps_within_its_budget_and_skips_what_would_not_fit():
    cache = LRU(100, budget=10, weigh=len)
    cache.put("a", "x" * 4)
    cache.put("b", "x" * 4)
    cache.put("c", "x" * 4)  # 12 > 10: the oldest goes
    assert cache.get("a") is None and cache.get("b") and cache.get("c")
    cache.put("b", "x")  # replacing an item replaces its weight
    cache.put("d", "x" * 5)
    assert cache.get("c") and cache.get("d") and cache.get("b") == "x"
    cache.put("huge", "x" * 11)
    assert cache.get("huge") is None and len(cache) == 3
    cache.clear()
    assert len(cache) == 0 and cache.get("b") is None
