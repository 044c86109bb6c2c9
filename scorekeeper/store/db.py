"""Opening the database and its numbered migrations."""

from __future__ import annotations

import secrets
from pathlib import Path

from sqlite_utils import Database, Migrations

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_hands_history(db: Database) -> None:
    """Create games, their hand logs and their history."""
    db.execute(
        """
        CREATE TABLE games (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            players TEXT NOT NULL,
            first_dealer INTEGER NOT NULL DEFAULT 0,
            pending_bids TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            hand_count INTEGER NOT NULL DEFAULT 0,
            finished INTEGER NOT NULL DEFAULT 0,
            winner INTEGER,
            totals TEXT NOT NULL DEFAULT '[]',
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE hands (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            body TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (game_id, number)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE history (
            id INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            action TEXT NOT NULL,
            hand INTEGER,
            detail TEXT NOT NULL DEFAULT '{}'
        ) STRICT
        """
    )
    db.execute("CREATE INDEX history_game ON history(game_id, id)")
    db.execute("CREATE INDEX games_updated ON games(updated_at)")


@migrations()
def m002_rule_changes_and_confirmation(db: Database) -> None:
    """Rule changes made during a game; optional confirmation of each hand by another player."""
    db.execute("ALTER TABLE games ADD COLUMN option_changes TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE games ADD COLUMN confirm_hands INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE hands ADD COLUMN confirmed_by TEXT")
    db.execute("ALTER TABLE hands ADD COLUMN confirmed_at TEXT")


@migrations()
def m003_access(db: Database) -> None:
    """Share links, a scorer PIN, and which browsers may watch or edit which games."""
    db.execute("ALTER TABLE games ADD COLUMN watch_token TEXT")
    db.execute("ALTER TABLE games ADD COLUMN scorer_token TEXT")
    db.execute("ALTER TABLE games ADD COLUMN pin TEXT")
    for (game_id,) in db.execute("SELECT id FROM games").fetchall():
        db.execute(
            "UPDATE games SET watch_token = ?, scorer_token = ?, pin = ? WHERE id = ?",
            [new_token(), new_token(), new_pin(), game_id],
        )
    db.execute("CREATE UNIQUE INDEX games_watch ON games(watch_token)")
    db.execute("CREATE UNIQUE INDEX games_scorer ON games(scorer_token)")
    db.execute(
        """
        CREATE TABLE grants (
            device TEXT NOT NULL,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('watch', 'edit')),
            created_at TEXT NOT NULL,
            PRIMARY KEY (device, game_id)
        ) STRICT
        """
    )


@migrations()
def m004_archived(db: Database) -> None:
    """Each phone can put a game away from its own home list without deleting it."""
    db.execute("ALTER TABLE grants ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")


@migrations()
def m005_generation(db: Database) -> None:
    """A generation for the whole database, rewritten by a restore: cached pages and games
    are keyed by it, so the same game versions with other content never meet old copies."""
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT")
    db.execute("INSERT INTO meta (key, value) VALUES ('generation', ?)", [new_token()])


@migrations()
def m006_evenings(db: Database) -> None:
    """An evening groups games: a club night or a family weekend with several tables."""
    db.execute(
        """
        CREATE TABLE evenings (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute("ALTER TABLE games ADD COLUMN evening TEXT REFERENCES evenings(id)")
    db.execute("CREATE INDEX games_evening ON games(evening)")


@migrations()
def m007_evening_links(db: Database) -> None:
    """An evening's watch link: a TV or a guest's phone sees every table of the evening."""
    db.execute("ALTER TABLE evenings ADD COLUMN watch_token TEXT")
    for (evening_id,) in db.execute("SELECT id FROM evenings").fetchall():
        db.execute("UPDATE evenings SET watch_token = ? WHERE id = ?", [new_token(), evening_id])
    db.execute("CREATE UNIQUE INDEX evenings_watch ON evenings(watch_token)")
    db.execute(
        """
        CREATE TABLE evening_grants (
            device TEXT NOT NULL,
            evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            PRIMARY KEY (device, evening)
        ) STRICT
        """
    )


@migrations()
def m008_game_parts(db: Database) -> None:
    """Each game's part of the players' statistics, kept per game version: after a restart
    the players pages add up 200 parts instead of replaying 200 games. A cache: a row of
    an older version or format is worked out again, and any row may be deleted."""
    db.execute(
        """
        CREATE TABLE game_parts (
            game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            format INTEGER NOT NULL,
            part TEXT NOT NULL
        ) STRICT
        """
    )


def new_generation(db: Database) -> str:
    """Mark the database's content as new (after a restore): every cache key changes."""
    generation = new_token()
    with db.atomic():
        db.execute(
            "INSERT INTO meta (key, value) VALUES ('generation', ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [generation],
        )
    return generation


def new_id() -> str:
    """An unguessable id for a game or an evening (96 bits) that never starts with "-".

    An id is typed on command lines (`scorekeeper export ID`), where a leading "-" reads
    as an option; one id in 64 would have started with it.
    """
    while True:
        candidate = secrets.token_urlsafe(12)
        if candidate[0].isalnum():
            return candidate


def new_token() -> str:
    """An unguessable token for a share link (128 bits)."""
    return secrets.token_urlsafe(16)


def new_pin() -> str:
    """A six-digit scorer PIN (guessing is rate-limited by the app)."""
    return f"{secrets.randbelow(1_000_000):06d}"


def open_database(path: str | Path) -> Database:
    """Open (creating if needed) the database, with the settings every connection needs."""
    db = Database(str(path))
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    if str(path) != ":memory:":
        # WAL is a property of the file: set once, it stays (asking costs a query a request).
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.enable_wal()
        # A hand the app confirmed must survive a crash of the process or the machine.
        db.execute("PRAGMA synchronous = FULL")
    return db


def migrate(db: Database) -> None:
    """Apply any pending migrations (a no-op when the schema is current)."""
    migrations.apply(db)
