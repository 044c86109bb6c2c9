"""The round clock of a club evening: the time left in the round being played, and
"last hand" in its last minutes; the evening's page, the TV and each table's game page
show it (static/app.js counts it down from the server's time)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from flask_babel import gettext as _
from flask_babel import ngettext

from .. import store
from .db import get_db


@dataclass
class Clock:
    """The round clock: when the round ends, and when its last hand begins."""

    deadline: int  # milliseconds since the epoch
    now: int  # the server's time as the page was made, in milliseconds since the epoch
    last_hand: int  # seconds before the deadline when "last hand" is called
    left: int  # seconds left as the page was made (negative: over)
    words: str  # what the page says before its script counts down


LAST_HAND_SECONDS = 300  # five minutes, or a quarter of a shorter round


def round_clock(minutes: int | None, started_at: str | None) -> Clock | None:
    """The clock of a round of `minutes` that started then (None: no clock)."""
    if not minutes or not started_at:
        return None
    deadline = datetime.fromisoformat(started_at).timestamp() + minutes * 60
    now = datetime.now(UTC).timestamp()
    left = int(deadline - now)
    last = min(LAST_HAND_SECONDS, minutes * 15)
    return Clock(int(deadline * 1000), int(now * 1000), last, left, clock_words(left, last))


def clock_words(left: int, last: int) -> str:
    """What the clock says with `left` seconds to go."""
    minutes = max(1, (left + 59) // 60)
    if left <= 0:
        return str(_("Time: finish the hand being played"))
    if left <= last:
        return str(
            ngettext(
                "Last hand · %(num)s minute left", "Last hand · %(num)s minutes left", minutes
            )
        )
    return str(ngettext("%(num)s minute left", "%(num)s minutes left", minutes))


def game_clock(stored: store.StoredGame) -> Clock | None:
    """The clock of a game's round, while it is being played and its evening keeps one."""
    if stored.evening is None or stored.round_number is None or stored.over:
        return None
    row = (
        get_db()
        .execute(
            "SELECT e.round_minutes, r.created_at, r.ended_at FROM evenings e"
            " JOIN rotation_rounds r ON r.evening = e.id WHERE e.id = ? AND r.number = ?",
            [stored.evening, stored.round_number],
        )
        .fetchone()
    )
    if row is None or row[2] is not None:
        return None
    return round_clock(row[0], row[1])
