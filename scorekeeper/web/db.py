"""One database connection per request, on `g`; the schema migrated at start."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..store.db import migrate, open_database


def get_db() -> Database:
    """The request's database connection."""
    if "db" not in g:
        g.db = open_database(current_app.config["DATABASE"])
    return g.db  # type: ignore[no-any-return]


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate the database once at start and close connections after each request."""
    db = open_database(app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.close()
    app.teardown_appcontext(close_db)
