"""Backing up and restoring the database with SQLite's online backup, safely while serving.

A backup is a consistent copy even while hands are being written. A restore replaces
the database's content and then writes a new generation (see db.m005_generation): a
running app reads it again with its next request, so no page or game cached from
before the restore is ever shown for the restored content.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ..engine.text import N_, text
from .db import StoreError, migrate, migrations, new_generation, open_database


class BackupError(StoreError):
    """A backup or restore could not be made; `message` says why, for people."""


def backup(source: Path, output: str) -> int:
    """Copy the database at `source` to `output` (atomically: no half copy is left);
    return the number of games copied."""
    if not source.exists():
        raise BackupError(text(N_("there is no database at {path}"), path=str(source)))
    live = open_database(source)  # refuses a damaged or foreign file, untouched
    partial = f"{output}.partial"
    try:
        if os.path.exists(partial):
            os.remove(partial)  # left by a backup that was interrupted
        # Readable by its owner only, like the database: it holds PINs and share links.
        os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        with sqlite3.connect(partial) as copy:
            live.conn.backup(copy)
            games = int(copy.execute("SELECT count(*) FROM games").fetchone()[0])
        os.replace(partial, output)
    except (OSError, sqlite3.Error) as error:
        if os.path.exists(partial):
            os.remove(partial)
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise BackupError(
            text(N_("cannot back up to {path}: {why}"), path=output, why=why)
        ) from None
    finally:
        live.close()
    return games


def restore(path: str, target: Path) -> int:
    """Replace the database at `target` with the backup at `path`, after checking it is
    a sound scorekeeper database; return the number of games restored."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as copy:
            if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                raise BackupError(
                    text(N_("{path} is damaged (integrity check failed)"), path=path)
                )
            names = {
                row[0] for row in copy.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if not {"games", "hands", migrations.migrations_table} <= names:
                raise BackupError(text(N_("{path} is not a scorekeeper backup"), path=path))
            target.parent.mkdir(parents=True, exist_ok=True)
            # Refuses a damaged or foreign file where the database should be, untouched.
            db = open_database(target)
            try:
                # One step, one transaction: an interrupted restore leaves the old content.
                copy.backup(db.conn)
                games = int(copy.execute("SELECT count(*) FROM games").fetchone()[0])
                migrate(db)  # a backup from an older version gets this version's schema
                new_generation(db)
            finally:
                db.close()
    except (OSError, sqlite3.Error) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise BackupError(text(N_("cannot restore {path}: {why}"), path=path, why=why)) from None
    return games
