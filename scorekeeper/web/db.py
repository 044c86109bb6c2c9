"""Database connections: one per server thread, kept open from request to request.

Opening a connection (and setting its pragmas) cost more than reading a scoresheet's
game; a server thread serves one request at a time, so it can keep its own. Every
write is a transaction that commits or rolls back before its request ends; a request
that ends inside one anyway (an error mid-write) is rolled back here, so the next
request on the thread starts clean. The schema is migrated once at start.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from flask import Flask, current_app, g, request
from sqlite_utils import Database

from ..store import summaries
from ..store.catch_up import CatchUp
from ..store.db import (
    damage,
    damaged,
    file_identity,
    known_damage,
    mark_damaged,
    open_database,
    open_instance,
)

EXTENSION = "scorekeeper.db"
CATCH_UP = "scorekeeper.catch_up"
# How long a page waits for the summaries it needs (the catch-up worker makes the
# games pages wait for first) before it says how far the catching up is instead.
PAGE_WAITS = 2.5


def get_db() -> Database:
    """This thread's database connection (opened on its first request).

    A database found damaged is refused (StoreError: the damaged-database page) until
    another file takes its place, as `scorekeeper restore` does; a connection to the
    file that was there before is then closed and the new one opened.
    """
    db = g.get("db")
    if db is None:
        db = g.db = thread_db(current_app)
    return db  # type: ignore[no-any-return]


def thread_db(app: Flask) -> Database:
    """This serving thread's connection to the app's database, outside a request's
    context too (web/polls.py); StoreError for a database found damaged."""
    path = app.config["DATABASE"]
    now = file_identity(path)
    why = known_damage(path)
    if why is not None:
        raise damaged(path, why)
    local = app.extensions[EXTENSION]
    db = getattr(local, "db", None)
    if db is not None and now is not None and now != local.identity:
        db.close()  # the file was replaced (a restore over a damaged one)
        db = None
    if db is None:
        db = local.db = open_database(path)
        local.identity = file_identity(path)
    return db


# What a phone may still open while the database is damaged: none of it reads it.
OPEN_WHEN_DAMAGED = frozenset(
    {"static", "lang.switch", "pwa.healthz", "pwa.manifest", "pwa.service_worker", "pwa.offline"}
)


def refuse_damaged() -> None:
    """Every page of a database found damaged says so, even one that would not read a
    damaged part: the table learns at once, and no form leads to a write refused."""
    if request.endpoint in OPEN_WHEN_DAMAGED:
        return
    path = current_app.config["DATABASE"]
    why = known_damage(path)
    if why is not None:
        raise damaged(path, why)


def end_request(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def check_at_start(path: Path) -> None:
    """Read the whole database once before serving (SQLite's quick check: milliseconds
    for a season of games). Damage found is remembered: every page then says so and
    nothing is written into the file, until a backup is restored in its place."""
    if not path.exists():
        return
    try:
        found = damage(path)
    except sqlite3.Error:
        return  # busy, or not a database at all: opening it says why
    if found is not None:
        mark_damaged(path, found)


def catch_up(app: Flask | None = None) -> CatchUp:
    """The app's catch-up worker (store/catch_up.py)."""
    return (app or current_app).extensions[CATCH_UP]  # type: ignore[no-any-return]


class _Page:
    """How a page that spans games waits for stale summaries (store/summaries.py)."""

    def current(self, db: Database) -> bool:
        return catch_up().current(db)

    def wait(self, db: Database, games: list[str]) -> None:
        g.spans_games = True  # it says so while catching up
        if games:
            catch_up().wait(games, PAGE_WAITS)
        elif not catch_up().current(db):  # a restore of current summaries: say they are
            catch_up().start()


def _waits() -> None:
    summaries.waiting.set(_Page())


def _waits_no_more(_error: BaseException | None = None) -> None:
    summaries.waiting.set(None)


def catching_up() -> tuple[int, int] | None:
    """How far the catching up is, on a page that spans games (None: no banner)."""
    return catch_up().progress() if g.get("spans_games") else None


def init_app(app: Flask) -> None:
    """Check and migrate the database once at start; keep one connection per serving
    thread. Stale summaries (after an upgrade of the code that makes them, or a
    restore) are made again by the catch-up worker, never before the server answers
    nor inside a page: a page that needs them waits for them."""
    path = Path(app.config["DATABASE"])
    check_at_start(path)
    open_instance(path).close()
    app.extensions[CATCH_UP] = CatchUp(path)
    app.extensions[EXTENSION] = threading.local()
    app.before_request(refuse_damaged)
    app.before_request(_waits)
    app.teardown_request(_waits_no_more)
    app.teardown_appcontext(end_request)
    app.jinja_env.globals["catching_up"] = catching_up
