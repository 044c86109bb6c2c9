"""Backing up and restoring the database with SQLite's online backup, safely while serving.

A backup is a consistent copy even while hands are being written. A restore replaces
the database's content in one transaction: a running app shows the restored games with
its next request (it keeps no game in memory).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from ..engine.text import N_, text
from .db import (
    StoreError,
    connection_damage,
    damage,
    migrate,
    open_database,
    read_only,
)
from .migrations import migrations


class BackupError(StoreError):
    """A backup or restore could not be made; `message` says why, for people."""


def backup(source: Path, output: str) -> int:
    """Copy the database at `source` to `output` (atomically: no half copy is left);
    return the number of games copied."""
    if not source.exists():
        raise BackupError(text(N_("there is no database at {path}"), path=str(source)))
    live = read_only(source)  # refuses a foreign file; writes nothing into this one
    partial = f"{output}.partial"
    try:
        if os.path.exists(partial):
            os.remove(partial)  # left by a backup that was interrupted
        # Readable by its owner only, like the database: it holds PINs and share links.
        os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        with contextlib.closing(sqlite3.connect(partial)) as copy:
            live.backup(copy)
            # The copy is read whole before it is kept: a backup of a damaged database
            # would only be found damaged when it is needed.
            found = connection_damage(copy, thorough=True)
            games = 0 if found else int(copy.execute("SELECT count(*) FROM games").fetchone()[0])
        if found is not None:
            os.remove(partial)
            raise BackupError(
                text(
                    N_(
                        "the database {path} is damaged ({why}), so its copy would be too:"
                        " nothing was written to {output}. Restore an earlier backup with"
                        " `scorekeeper restore BACKUP.db` (see Backups in the README)"
                    ),
                    path=str(source),
                    why=found,
                    output=output,
                )
            )
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


class Restored(NamedTuple):
    games: int  # restored
    kept_aside: Path | None  # where the damaged database it replaced was put, if any


def restore(path: str, target: Path) -> Restored:
    """Replace the database at `target` with the backup at `path`, after checking it is
    a sound scorekeeper database. A damaged database at `target` is kept aside (renamed
    with the time, never deleted) and the backup restored in its place."""
    try:
        # As a URI (to open it read-only), the name escaped: "#", "?" and "%" are a
        # file name's letters, not a URI's.
        uri = f"{Path(path).resolve().as_uri()}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as copy:
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
            aside = _put_aside_if_damaged(target)
            # Refuses somebody else's file where the database should be, untouched.
            db = open_database(target)
            try:
                # One step, one transaction: an interrupted restore leaves the old content.
                copy.backup(db.conn)
                games = int(copy.execute("SELECT count(*) FROM games").fetchone()[0])
                migrate(db)  # a backup from an older version gets this version's schema
            finally:
                db.close()
    except (OSError, sqlite3.Error) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise BackupError(text(N_("cannot restore {path}: {why}"), path=path, why=why)) from None
    return Restored(games, aside)


def _put_aside_if_damaged(target: Path) -> Path | None:
    """Rename a damaged database at `target` (and its -wal file when that holds pages,
    which then belong to it) to `<name>.damaged-<UTC time>`; return that name, or None if
    it is sound. An empty -wal and the -shm (an index of the -wal, rebuilt by whatever
    opens the file next), as the check itself leaves them, are removed: the copy kept
    is one file."""
    if not target.exists():
        return None
    try:
        found = damage(target)
    except sqlite3.Error:
        return None  # busy or unreadable, not damaged: opening it says why
    if found is None:
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = target.with_name(f"{target.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = target.with_name(f"{target.name}.damaged-{stamp}-{n}")
    wal, shm = (target.with_name(target.name + suffix) for suffix in ("-wal", "-shm"))
    os.replace(target, aside)
    if wal.exists() and wal.stat().st_size > 0:
        os.replace(wal, aside.with_name(aside.name + "-wal"))
    for left in (wal, shm):  # all three move together, or SQLite would pair them wrongly
        with contextlib.suppress(FileNotFoundError):
            os.remove(left)
    return aside
