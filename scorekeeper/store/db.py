"""Opening the database: its settings, damage told apart from a busy or full disk, the
write lock, and migrating it (the migrations themselves: store/migrations.py)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from sqlite_utils import Database

from ..engine.text import N_, Text, text
from .migrations import migrations

# Written into every scorekeeper database's header ("SKpr"): a file with another id is
# somebody else's, and is refused before anything is written into it.
APPLICATION_ID = 0x534B7072
WAIT_FOR_LOCK_MS = 10_000  # a busy database makes a process wait this long, not fail


class StoreError(Exception):
    """The database cannot be used; `message` says what is wrong and what to do, and
    `damaged` whether the file itself is damaged."""

    def __init__(self, message: Text, *, damaged: bool = False) -> None:
        self.message = message
        self.damaged = damaged
        super().__init__(str(message))


def damaged(path: str | Path, why: object) -> StoreError:
    """The refusal for a damaged database: what is wrong, and how to recover."""
    return StoreError(
        text(
            N_(
                "the database {path} is damaged ({why}); it was left as it is. Restore a"
                " backup with `scorekeeper restore BACKUP.db` (see Backups in the README)"
            ),
            path=str(path),
            why=str(why),
        ),
        damaged=True,
    )


def is_damage(error: BaseException) -> bool:
    """Whether a SQLite error says the file itself is damaged ("database disk image is
    malformed", "file is not a database"), not busy, full or misused."""
    code = getattr(error, "sqlite_errorcode", None)
    return (
        isinstance(error, sqlite3.DatabaseError)
        and code is not None
        and (code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB))
    )


def is_disk_full(error: BaseException) -> bool:
    """Whether a SQLite error says the disk (or the database's largest size) is full."""
    code = getattr(error, "sqlite_errorcode", None)
    return (
        isinstance(error, sqlite3.Error)
        and code is not None
        and (code & 0xFF == sqlite3.SQLITE_FULL)
    )


def damage(path: str | Path, *, thorough: bool = False) -> str | None:
    """What is damaged in the database file at `path`, or None when it reads as sound.

    SQLite's quick check reads every page of every table and index (a few milliseconds
    for a season of games); `thorough` also checks that each index agrees with its table.
    Read through a read-only connection: nothing is written, not even a journal.
    """
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    with contextlib.closing(
        sqlite3.connect(uri, uri=True, timeout=WAIT_FOR_LOCK_MS / 1000)
    ) as conn:
        return connection_damage(conn, thorough=thorough)


def connection_damage(conn: sqlite3.Connection, *, thorough: bool = False) -> str | None:
    """What is damaged in the database open on `conn`, or None (see `damage`)."""
    check = "integrity_check" if thorough else "quick_check"
    try:
        found = [row[0] for row in conn.execute(f"PRAGMA {check}(3)").fetchall()]
    except sqlite3.DatabaseError as error:
        if is_damage(error):
            return str(error)
        raise
    lines = [line for row in found for line in row.splitlines()]
    problems = [line for line in lines if line != "ok" and not line.startswith("***")]
    return "; ".join(problems[:2]) if problems else None


# Database files found damaged by this process (by device and inode: a file restored in
# a damaged one's place is another file) -> what was found. A server refuses every
# page of a damaged database until it is replaced, so nothing more is written into it.
_KNOWN_DAMAGED: dict[tuple[int, int], str] = {}


def file_identity(path: str | Path) -> tuple[int, int] | None:
    """The file at `path` as the file system knows it (None if there is none)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def mark_damaged(path: str | Path, why: object) -> None:
    """Remember that the database file now at `path` is damaged."""
    identity = file_identity(path)
    if identity is not None:
        _KNOWN_DAMAGED[identity] = str(why)


def known_damage(path: str | Path) -> str | None:
    """What this process found damaged in the file now at `path`, if anything."""
    identity = file_identity(path)
    return _KNOWN_DAMAGED.get(identity) if identity is not None else None


def read_only(path: str | Path) -> sqlite3.Connection:
    """A connection that only reads the database (scorekeeper's, else StoreError): it
    never writes into the file, not even the checkpoint a closing connection makes, so a
    damaged file and its write-ahead log are left exactly as they were."""
    _refuse_foreign(path)
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    try:
        return sqlite3.connect(uri, uri=True, timeout=WAIT_FOR_LOCK_MS / 1000)
    except sqlite3.Error as error:
        raise _cannot_open(path, error) from None


def _refuse_foreign(path: str | Path) -> None:
    """Raise StoreError unless the file is a scorekeeper database or an empty one. It is
    read through a read-only connection, closed before anything else opens it: a damaged
    or foreign file is left exactly as it was (no journal rolled back into it)."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    try:
        with contextlib.closing(
            sqlite3.connect(uri, uri=True, timeout=WAIT_FOR_LOCK_MS / 1000)
        ) as conn:
            if _recognised(conn):
                return
    except sqlite3.Error as error:
        raise _cannot_open(path, error) from None
    raise StoreError(
        text(
            N_(
                "{path} is not a scorekeeper database (another program's file?); nothing was"
                " changed. Point SCOREKEEPER_INSTANCE at scorekeeper's own folder"
            ),
            path=str(path),
        )
    )


def _recognised(conn: sqlite3.Connection) -> bool:
    """Whether a database is scorekeeper's: its application id, or (made before the id
    was written) its migrations; an empty file is a new one."""
    application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if application_id == APPLICATION_ID or (application_id == 0 and not tables):
        return True
    if application_id != 0 or migrations.migrations_table not in tables:
        return False
    sets = conn.execute(f"SELECT DISTINCT migration_set FROM [{migrations.migrations_table}]")
    return (migrations.name,) in sets.fetchall()


def open_database(path: str | Path) -> Database:
    """Open (creating if needed) the database, with the settings every connection needs.

    A new file is made readable by its owner only (it holds PINs and share links); a
    file that is damaged or not scorekeeper's raises StoreError, untouched.
    """
    if str(path) == ":memory:":
        db = Database(":memory:")
        db.execute("PRAGMA foreign_keys = ON")
        return db
    if not os.path.exists(path):
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass  # another process made it a moment ago
        except OSError as error:
            raise StoreError(
                text(
                    N_("cannot use the database {path}: {why}"),
                    path=str(path),
                    why=error.strerror or str(error),
                )
            ) from None
    _refuse_foreign(path)
    _keep_private(Path(path))
    try:
        db = Database(str(path))
        db.execute(f"PRAGMA busy_timeout = {WAIT_FOR_LOCK_MS}")
        db.execute("PRAGMA foreign_keys = ON")
        # WAL is a property of the file: set once, it stays (asking costs a query a request).
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            _switch_to_wal(db)
        # A hand the app confirmed must survive a crash of the process or the machine.
        db.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as error:
        raise _cannot_open(path, error) from None
    return db


def _switch_to_wal(db: Database) -> None:
    """Put a new database in WAL mode. Of processes starting together on a new file,
    the switch may find another's lock and SQLite then says "locked" at once, without
    waiting (it would deadlock): try again until the wait is over."""
    deadline = time.monotonic() + WAIT_FOR_LOCK_MS / 1000
    while True:
        try:
            db.execute("PRAGMA journal_mode = wal")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _keep_private(path: Path) -> None:
    """Make a database that older versions created readable by every local user, and its
    -wal and -shm files, its owner's only."""
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(OSError):  # absent, or not the owner's: leave it
            mode = file.stat().st_mode
            if mode & 0o077:
                file.chmod(mode & 0o700)


def _cannot_open(path: str | Path, error: sqlite3.Error) -> StoreError:
    if isinstance(error, sqlite3.OperationalError):
        return StoreError(
            text(N_("cannot use the database {path}: {why}"), path=str(path), why=str(error))
        )
    return damaged(path, error)


@contextlib.contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One unit of work that writes, holding the write lock from its start: another
    process's write makes it wait (busy_timeout) rather than fail halfway, as a deferred
    transaction can when someone else commits between its first read and its first
    write. Nested, it is a savepoint of the outer one."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        db.conn.rollback()  # a failed COMMIT (a full disk) leaves no transaction open
        raise


def migrate(db: Database) -> None:
    """Apply any pending migrations under one write lock: of processes starting together
    one migrates, the others wait and find it done. A migration that fails rolls back
    whole, and is never recorded as applied."""
    if not migrations.pending(db) and _marked(db):
        return
    with writing(db):  # waits (busy_timeout) while another process migrates
        migrations.apply(db)  # each migration a savepoint inside this transaction
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def open_instance(path: Path) -> Database:
    """Open the instance's database for a process, creating its folder and migrating it:
    every way that can fail is a StoreError that names the file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            text(
                N_("cannot make the folder {path}: {why}"),
                path=str(path.parent),
                why=error.strerror or str(error),
            )
        ) from None
    db = open_database(path)
    if known_damage(path) is not None:
        return db  # nothing is written into a damaged file, not even a migration
    try:
        migrate(db)
    except sqlite3.Error as error:
        db.close()
        raise _cannot_open(path, error) from None
    return db


def _marked(db: Database) -> bool:
    return bool(db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID)
