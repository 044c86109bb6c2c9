"""A server's one worker that makes stale summaries again, in the background.

Summaries go stale together when the code that makes them changes (an upgrade) or when
a backup is restored into the running server. The server answers at once anyway: this
worker makes them again, one batch of games a transaction, the games a waiting page
needs first (the page that asked first, first; a page that stopped waiting lets the
next one go first), then every other stale game, the last played first; then the
ratings. A page that needs stale summaries waits for them here
(store/summaries.py `refresh`), never making them itself: however many phones ask, each
game is made once.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from sqlite_utils import Database

from . import ratings, summaries, totals
from .db import known_damage, open_database, writing

CHUNK = 50  # games between two looks at the pages waiting
MOST_HELPERS = 4  # processes scoring games beside the server while it catches up
SAY_EVERY = 5.0  # seconds between two lines on the terminal


def _end_with(server: int) -> None:
    """In a helper: end when the server ends, however it ends."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _started() -> None:
    """In a helper: nothing, but that it has started (and imported what it scores with)."""


def _helpers() -> ProcessPoolExecutor | None:
    """Processes that score games while the server catches up, one per core (none on
    one core): 10,000 games took 14 to 17 s of the server's thread alone."""
    count = min(MOST_HELPERS, os.cpu_count() or 1)
    if count < 2:
        return None
    return ProcessPoolExecutor(
        count,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_end_with,
        initargs=(os.getpid(),),
    )


def _add_up_again(db: Database) -> None:
    """The figures pages keep (the players page's totals, a player's), added up again
    from the summaries made again, before a phone asks for them (about a second for a
    club's 120,000 player-games)."""
    for (kept,) in db.execute("SELECT scope FROM span_totals").fetchall():
        what, _, rest = kept.partition(":")
        device, _, key = rest.partition(":") if what == "player" else (rest, "", "")
        scope = totals.Scope(None if device == "None" else device)
        if what == "device":
            totals.player_totals(db, scope)
        elif what == "player":
            totals.player_of(db, scope, key)


def _add_up_and_rate(where: Database | str) -> None:
    """Once every game is made again: the pages' kept totals added up again, then the
    ratings worked out again (they count every game). Given a path, in a helper with a
    connection of its own: in the server's process the ratings' ~1.3 s of processor at
    10,000 games held the interpreter while the pages that waited for the catch-up added
    up their figures (the players page took 0.9 s instead of 0.3)."""
    db = open_database(Path(where)) if isinstance(where, str) else where
    try:
        _add_up_again(db)
        ratings.refresh(db)
    finally:
        if isinstance(where, str):
            db.close()


class CatchingUp(Exception):
    """The games a page needs are not made again yet: it says how far the worker is."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"catching up: {done} of {total} games")
        self.done, self.total = done, total


@dataclass
class _Need:
    left: list[str]  # the games not made yet
    done: threading.Event = field(default_factory=threading.Event)
    abandoned: bool = False  # its page stopped waiting: the games wait their turn


class CatchUp:
    """The worker of one database; started when a server starts (`start`), and again
    whenever a page finds stale summaries (after a restore); it stops when none are."""

    def __init__(self, path: Path, say: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.say = say
        self._lock = threading.Lock()
        self._needs: deque[_Need] = deque()
        self._queue: list[str] = []  # every other stale game, the last played first
        self._pending: set[str] = set()  # every stale game of this catch-up not made yet
        self._total = 0
        self._look = False  # look for every stale game before going on
        self._unscorable: set[str] = set()  # games this version cannot score
        self._thread: threading.Thread | None = None
        self._token: str | None = None  # what this worker wrote once it found none stale
        self._resting = threading.Event()  # set while the worker is not running
        self._resting.set()

    def start(self) -> None:
        """Look for stale summaries now, and make them again in the background."""
        with self._lock:
            self._look = True
            self._run()

    def rest(self, seconds: float) -> bool:
        """Wait until the worker stops (nothing stale is left, or it gave up), at most
        `seconds`; whether it did."""
        return self._resting.wait(seconds)

    def progress(self) -> tuple[int, int] | None:
        """(games made, games to make) while catching up; None when caught up."""
        with self._lock:
            if not self._pending:
                return None
            return self._total - len(self._pending), self._total

    def wait(self, games: list[str], seconds: float) -> None:
        """Wait until these games' summaries are made (they are stale); CatchingUp if
        that takes longer than `seconds` (the worker goes on with them)."""
        games = [game for game in games if game not in self._unscorable]
        if not games:
            return
        need = _Need(list(games))
        with self._lock:
            self._needs.append(need)
            self._look = True  # the page found them: others may be stale too (a restore)
            self._run()
        if not need.done.wait(seconds):
            need.abandoned = True  # a page behind it needing a few games goes first
            raise CatchingUp(*(self.progress() or (0, len(games))))

    def _run(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._resting.clear()
            self._thread = threading.Thread(target=self._work, name="catch-up", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        db: Database | None = None
        helpers: ProcessPoolExecutor | None = None
        started: Future[None] | None = None  # a helper has started once it is done
        chunk = CHUNK
        began = said = time.monotonic()
        made = 0
        try:
            while True:
                with self._lock:
                    look, self._look = self._look, False
                    while self._needs and self._needs[0].abandoned:
                        self._needs.popleft()
                    need = self._needs[0] if self._needs and not look else None
                    source = need.left if need is not None else self._queue
                    batch = source[:chunk] if not look else []
                    del source[: len(batch)]
                    if need is not None and not need.left:
                        self._needs.popleft()
                if known_damage(self.path) is not None:
                    self._give_up()
                    return
                if db is None:
                    db = open_database(self.path)
                    # Summaries are made from the hand logs, and made again if a power
                    # cut loses some: not worth a wait for the disk after each batch.
                    db.execute("PRAGMA synchronous = NORMAL")
                if not look and not batch:
                    if made:  # every game made again: what counts them, then
                        if helpers is not None:  # in a helper, beside the pages that waited
                            helpers.submit(_add_up_and_rate, str(self.path)).result()
                        else:
                            _add_up_and_rate(db)
                        if self.say:
                            took = time.monotonic() - began
                            self.say(f"Caught up: every game's summary is current ({took:.0f} s).")
                        made = 0
                    if self._verified(db):
                        break
                    continue
                if look:
                    self._found(summaries.stale(db))
                    continue
                if helpers is None and made == 0 and len(self._pending) > chunk:
                    helpers = _helpers()
                    started = None if helpers is None else helpers.submit(_started)
                # Until a helper has started (~1 s on a busy machine), this thread makes
                # the games itself.
                scoring = helpers if started is not None and started.done() else None
                chunk = CHUNK if scoring is None else CHUNK * 4
                self._unscorable |= summaries.remake_many(db, batch, scoring)
                made += len(batch)
                with self._lock:
                    self._pending.difference_update(batch)
                if need is not None and not need.left:
                    need.done.set()
                if self.say and time.monotonic() - said > SAY_EVERY and self.progress():
                    done, total = self.progress() or (0, 0)
                    self.say(f"Catching up: {done:,} of {total:,} games")
                    said = time.monotonic()
        except Exception as error:  # said on the terminal; the pages waiting are let go
            ending = type(error) is RuntimeError and helpers is not None  # the process ends:
            if not ending:  # its helpers take no more games (a broken one is said)
                logging.getLogger(__name__).exception("catching up failed")
            self._give_up()
        finally:
            if helpers is not None:
                helpers.shutdown(cancel_futures=True)
            if db is not None:
                db.close()

    def _verified(self, db: Database) -> bool:
        """Nothing stale is left (but games this version cannot score): say so in the
        database, with a word of this worker's that a restore does not carry, and stop;
        or queue what a write or a restore left stale meanwhile."""
        token = secrets.token_hex(8)
        with writing(db):
            stale = [game for game in summaries.stale(db) if game not in self._unscorable]
            if not stale:
                db.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('summaries_current', ?)",
                    [f"{summaries.stamp()}:{token}"],
                )
        if stale:
            self._found(stale)
            return False
        with self._lock:
            if self._needs or self._look:
                return False
            self._token = f"{summaries.stamp()}:{token}"
            self._pending.clear()
            self._thread = None
            self._resting.set()
            return True

    def current(self, db: Database) -> bool:
        """Whether no summary can be stale: this worker found none, and the database is
        the one it looked at (a restore puts another's word in its place)."""
        if self._token is None or not self._token.startswith(f"{summaries.stamp()}:"):
            return False
        row = db.execute("SELECT value FROM meta WHERE key = 'summaries_current'").fetchone()
        return row is not None and row[0] == self._token

    def _found(self, stale: list[str]) -> None:
        """The stale games found: queued behind the pages' needs."""
        stale = [game for game in stale if game not in self._unscorable]
        with self._lock:
            fresh = [game for game in stale if game not in self._pending]
            if fresh and not self._pending:
                self._total = 0
            self._pending.update(fresh)
            self._total += len(fresh)
            self._queue = [*stale]
        if fresh and self.say:
            self.say(
                f"Catching up: {len(fresh):,} games' summaries were made by other code"
                " or another database; making them again in the background."
            )

    def _give_up(self) -> None:
        """Nothing more is made (the database is damaged, or the worker failed): the
        pages waiting are let go (they find their summaries still stale)."""
        with self._lock:
            while self._needs:
                self._needs.popleft().done.set()
            self._queue.clear()
            self._pending.clear()
            self._thread = None
            self._resting.set()
