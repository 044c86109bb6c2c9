"""Database connections: one per server thread, kept open from request to request.

Opening a connection (and setting its pragmas) cost more than reading a scoresheet's
game; a server thread serves one request at a time, so it can keep its own. Every
write is a transaction that commits or rolls back before its request ends; a request
that ends inside one anyway (an error mid-write) is rolled back here, so the next
request on the thread starts clean. The schema is migrated once at start.
"""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..store import ratings, refresh, summaries
from ..store.db import open_database, open_instance

EXTENSION = "scorekeeper.db"


def get_db() -> Database:
    """This thread's database connection (opened on its first request)."""
    db = g.get("db")
    if db is None:
        local = current_app.extensions[EXTENSION]
        db = getattr(local, "db", None)
        if db is None:
            db = local.db = open_database(current_app.config["DATABASE"])
        refresh(db)  # once a request: a restore while serving changes every cache key
        g.db = db
    return db  # type: ignore[no-any-return]


def end_request(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    """Migrate the database once at start, bring every game's summary up to date (after
    an upgrade or a scoring fix, each is made again from its hands: once, here, rather
    than on a player's first view); keep one connection per serving thread."""
    db = open_instance(Path(app.config["DATABASE"]))
    try:
        made = summaries.refresh(db)
        if made:
            app.logger.info("%s game summaries made again from their hands", made)
        ratings.refresh(db)
    finally:
        db.close()
    app.extensions[EXTENSION] = threading.local()
    app.teardown_appcontext(end_request)
