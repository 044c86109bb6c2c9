"""Pausing Python's cycle collector around work that makes many short-lived objects."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause the cycle collector for the work inside; it runs again afterwards.

    Scoring a long game or rendering a PDF builds hundreds of thousands of objects
    that reference counting frees as it goes; the collector ran over them again and
    again to find a few in cycles (10 ms of `scorekeeper score`'s 100 on 1,000 hands,
    ~9 ms of a 30-hand scoresheet PDF's 160). Those few are collected after.
    Nested pauses, and pauses in other threads, are left as they are: only a pause
    that found the collector running turns it back on.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
