"""Opening the database and its numbered migrations."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from sqlite_utils import Database, Migrations

from ..engine.text import N_, Text, text

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
    were keyed by it, so the same game versions with other content never met old copies.
    Nothing reads it since the app keeps no game in memory; every database has the row."""
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


@migrations()
def m009_no_game_parts(db: Database) -> None:
    """The players' statistics are worked out from the games each time: a kept copy went
    stale after any scoring fix unless someone remembered to bump its format."""
    db.execute("DROP TABLE IF EXISTS game_parts")


@migrations()
def m010_house_rules(db: Database) -> None:
    """A table's own house rules, as the `scorekeeper-rules/1` document they were saved
    as; which phones have them on their list; and, on each game started from some, the
    document as it was then (the game keeps its rules whatever happens to them later)."""
    db.execute(
        """
        CREATE TABLE house_rules (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            document TEXT NOT NULL,
            created_by TEXT,
            share_token TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE house_rule_grants (
            device TEXT NOT NULL,
            rules TEXT NOT NULL REFERENCES house_rules(id) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            PRIMARY KEY (device, rules)
        ) STRICT
        """
    )
    db.execute("ALTER TABLE games ADD COLUMN house_rules TEXT")


@migrations()
def m011_evening_tables_and_sit_outs(db: Database) -> None:
    """An evening's numbered tables (optionally named), each with a link that lets a
    phone start and score that table's games; which phones hold which table; which
    table each game is played at; and what a round sat out earns in the standings.
    Games already in an evening each get a table of their own, numbered in the order
    they were started."""
    db.execute("ALTER TABLE evenings ADD COLUMN sit_out TEXT NOT NULL DEFAULT 'average'")
    db.execute(
        """
        CREATE TABLE evening_tables (
            evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            token TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            PRIMARY KEY (evening, number)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE table_grants (
            device TEXT NOT NULL,
            evening TEXT NOT NULL,
            number INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (device, evening, number),
            FOREIGN KEY (evening, number) REFERENCES evening_tables(evening, number)
                ON DELETE CASCADE
        ) STRICT
        """
    )
    db.execute("ALTER TABLE games ADD COLUMN table_number INTEGER")
    rows = db.execute(
        "SELECT id, evening, created_at FROM games WHERE evening IS NOT NULL"
        " ORDER BY evening, created_at, rowid"
    ).fetchall()
    numbers: dict[str, int] = {}
    for game_id, evening, created_at in rows:
        numbers[evening] = numbers.get(evening, 0) + 1
        db.execute(
            "INSERT INTO evening_tables (evening, number, token, created_at) VALUES (?, ?, ?, ?)",
            [evening, numbers[evening], new_token(), created_at],
        )
        db.execute("UPDATE games SET table_number = ? WHERE id = ?", [numbers[evening], game_id])


@migrations()
def m012_pin_misses(db: Database) -> None:
    """Wrong scorer PINs, per game and phone, kept where a restart cannot forget them."""
    db.execute(
        """
        CREATE TABLE pin_misses (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            device TEXT NOT NULL,
            at REAL NOT NULL
        ) STRICT
        """
    )
    db.execute("CREATE INDEX pin_misses_game ON pin_misses(game_id, at)")


@migrations()
def m013_house_rules_per_phone(db: Database) -> None:
    """House rules' ids and names belong to the phone that saved them (or, stored from
    the command line, to everyone): two phones may each have their "friday-club", and a
    phone never learns another's private rules exist. Each stored ruleset gets a key of
    its own; a share link's grant names that key."""
    db.execute(
        """
        CREATE TABLE house_rules_v2 (
            key TEXT PRIMARY KEY,
            id TEXT NOT NULL,
            game TEXT NOT NULL,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            document TEXT NOT NULL,
            created_by TEXT,
            share_token TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        "INSERT INTO house_rules_v2 SELECT lower(hex(randomblob(16))), id, game, name,"
        " name_key, document, created_by, share_token, created_at, updated_at FROM house_rules"
    )
    db.execute(
        """
        CREATE TABLE house_rule_grants_v2 (
            device TEXT NOT NULL,
            rules TEXT NOT NULL REFERENCES house_rules_v2(key) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            PRIMARY KEY (device, rules)
        ) STRICT
        """
    )
    db.execute(
        "INSERT INTO house_rule_grants_v2 SELECT g.device, r.key, g.created_at"
        " FROM house_rule_grants g JOIN house_rules_v2 r ON r.id = g.rules"
        " WHERE g.device IS NOT r.created_by"  # the saver sees its own without a grant
    )
    db.execute("DROP TABLE house_rule_grants")
    db.execute("DROP TABLE house_rules")
    db.execute("ALTER TABLE house_rules_v2 RENAME TO house_rules")
    db.execute("ALTER TABLE house_rule_grants_v2 RENAME TO house_rule_grants")
    # One id and one name per owner ('' is the command line's, everyone's).
    db.execute("CREATE UNIQUE INDEX house_rules_id ON house_rules(ifnull(created_by, ''), id)")
    db.execute(
        "CREATE UNIQUE INDEX house_rules_name ON house_rules(ifnull(created_by, ''), name_key)"
    )


@migrations()
def m014_submission_tokens(db: Database) -> None:
    """Each hand a phone submits carries a token it made; a resend of the same token
    (a double tap, an outbox sending again after a lost answer) gets the first answer,
    never a second hand. Written in the same transaction as what it answers."""
    db.execute(
        """
        CREATE TABLE submissions (
            token TEXT PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            answer TEXT NOT NULL,
            created_at TEXT NOT NULL
        ) STRICT
        """
    )


@migrations()
def m015_corrected_next_dealer(db: Database) -> None:
    """The table says someone else deals the hand not entered yet ("Ben deals hand 5"):
    kept on the game until that hand is stored, which then names its dealer itself."""
    db.execute("ALTER TABLE games ADD COLUMN next_dealer INTEGER")


@migrations()
def m016_game_summaries_with_their_stamp(db: Database) -> None:
    """Each game's summary (each player's part of the statistics, the game's CSV rows,
    its sides' places), written with the game and stamped with the game's version and
    what made it (store/summaries.py): the pages that span games read these instead of
    replaying every hand. Filled for the stored games when the server starts. And the
    players page's totals, with a digest of the games and versions they were added up
    from; and each game kind's ratings, and how far the games have been rated."""
    db.execute(
        """
        CREATE TABLE game_summaries (
            game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            stamp TEXT NOT NULL,
            ended TEXT,
            sides TEXT NOT NULL,
            places TEXT,
            standing TEXT,
            csv TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE player_summaries (
            game TEXT NOT NULL REFERENCES game_summaries(game) ON DELETE CASCADE,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            finished INTEGER NOT NULL,
            won INTEGER NOT NULL,
            hands INTEGER NOT NULL,
            counts TEXT NOT NULL,
            part TEXT NOT NULL,
            PRIMARY KEY (player, game)
        ) STRICT
        """
    )
    db.execute("CREATE INDEX player_summaries_game ON player_summaries(game)")
    db.execute(
        """
        CREATE TABLE ratings (
            kind TEXT NOT NULL,
            player TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (kind, player)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE rating_state (
            kind TEXT PRIMARY KEY,
            stamp TEXT NOT NULL,
            last TEXT NOT NULL,
            stale INTEGER NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE span_totals (
            scope TEXT PRIMARY KEY,
            digest TEXT NOT NULL,
            players TEXT NOT NULL
        ) STRICT
        """
    )


@migrations()
def m017_seasons(db: Database) -> None:
    """A season groups evenings (those in a date range, or chosen ones) and ranks their
    players by the club's chosen measure, the best N nights counting."""
    db.execute(
        """
        CREATE TABLE seasons (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            since TEXT,
            until TEXT,
            evenings TEXT,
            measure TEXT NOT NULL DEFAULT 'match_points'
                CHECK (measure IN ('match_points', 'wins', 'placing')),
            best_of INTEGER CHECK (best_of IS NULL OR best_of > 0)
        ) STRICT
        """
    )


@migrations()
def m018_device_moves(db: Database) -> None:
    """Each grant of rights moves a phone to a new device id; a second request carrying
    the same old id and the same credential moments later (a double-tapped PIN, a link
    opened twice) must land on the same new id, not on an empty one."""
    db.execute(
        """
        CREATE TABLE device_moves (
            old TEXT NOT NULL,
            credential TEXT NOT NULL,
            new TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (old, credential)
        ) STRICT
        """
    )


@migrations()
def m019_evening_rotation_rounds(db: Database) -> None:
    """An evening's seating by rotation: tonight's players, the game and the method
    (one row an evening), and each round seated: its tables in seat order, who sat out,
    and the game started at each table."""
    db.execute(
        """
        CREATE TABLE rotations (
            evening TEXT PRIMARY KEY REFERENCES evenings(id) ON DELETE CASCADE,
            ruleset TEXT NOT NULL,
            method TEXT NOT NULL,
            rounds INTEGER NOT NULL,
            table_size INTEGER NOT NULL,
            players TEXT NOT NULL,
            pins TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            updated_at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE rotation_rounds (
            evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            tables TEXT NOT NULL,
            out TEXT NOT NULL,
            games TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (evening, number)
        ) STRICT
        """
    )


@migrations()
def m020_submission_steps(db: Database) -> None:
    """A submission token answers one step of one game (a page and a hand): the same
    token sent with another game's or another step's entry is refused, not answered with
    the first answer. Tokens stored before have no step ('') and match their game only."""
    db.execute("ALTER TABLE submissions ADD COLUMN step TEXT NOT NULL DEFAULT ''")


@migrations()
def m021_seasons_and_evenings_by_starter(db: Database) -> None:
    """A phone's seasons and evenings found by who started them: its seasons page, a
    season's nights and the cap on seasons read a phone's own rows, not everyone's."""
    db.execute("CREATE INDEX seasons_starter ON seasons(created_by)")
    db.execute("CREATE INDEX evenings_starter ON evenings(created_by)")


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


@migrations()
def m022_directed_evenings(db: Database) -> None:
    """An evening keeps its shape: every game of it sits at one table in one round (a
    round's table holds one game at most), the evening keeps the rules and format it
    was started with, its directors act on every game of it, and what they did is
    written in the evening's book: rounds ended, games cut, points adjusted, tables
    taken over. A game remembers which phone started it (only that phone may put it
    into an evening)."""
    for column in (
        "round_number INTEGER",
        "created_by TEXT",
        "cut_at TEXT",  # the director ended its round: it stands as it was then
        "hands_limit INTEGER",  # a progressive round: the game is over after this many hands
    ):
        db.execute(f"ALTER TABLE games ADD COLUMN {column}")
    for column in (
        "ruleset TEXT",
        "house_rules TEXT",
        "format TEXT NOT NULL DEFAULT 'auto'",
        "hands_per_round INTEGER",
        "round_minutes INTEGER",
        "director_token TEXT",
    ):
        db.execute(f"ALTER TABLE evenings ADD COLUMN {column}")
    db.execute("ALTER TABLE rotation_rounds ADD COLUMN ended_at TEXT")
    # The rounds still to seat, as posted: drawn when the rotation is saved or a round seated.
    db.execute("ALTER TABLE rotations ADD COLUMN plan TEXT NOT NULL DEFAULT '[]'")
    db.execute(
        """
        CREATE TABLE evening_directors (
            evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            device TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (evening, device)
        ) STRICT
        """
    )
    db.execute(
        """
        CREATE TABLE evening_book (
            id INTEGER PRIMARY KEY,
            evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            action TEXT NOT NULL,
            game_id TEXT,
            detail TEXT NOT NULL DEFAULT '{}'
        ) STRICT
        """
    )
    db.execute("CREATE INDEX evening_book_evening ON evening_book(evening, id)")
    db.execute(
        """
        CREATE TABLE adjustments (
            id INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            side INTEGER NOT NULL,
            points INTEGER NOT NULL,
            reason TEXT NOT NULL,
            at TEXT NOT NULL
        ) STRICT
        """
    )
    db.execute("CREATE INDEX adjustments_game ON adjustments(game_id, id)")
    db.execute(
        """
        CREATE TABLE table_lockouts (
            device TEXT NOT NULL,
            evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            at TEXT NOT NULL,
            taken_over INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (device, evening, number)
        ) STRICT
        """
    )
    _number_the_rounds(db)
    db.execute(
        "CREATE UNIQUE INDEX games_place ON games(evening, round_number, table_number)"
        " WHERE evening IS NOT NULL AND round_number IS NOT NULL"
    )
    # Who started a game stored before: the first phone given the right to score it.
    db.execute(
        "UPDATE games SET created_by = (SELECT device FROM grants WHERE game_id = games.id"
        " AND role = 'edit' ORDER BY created_at, rowid LIMIT 1) WHERE created_by IS NULL"
    )
    # A director's "add one of this phone's games": its own games in no evening, the last
    # played first, read along this index a page at a time.
    db.execute("CREATE INDEX games_started_by ON games(created_by, evening, updated_at)")
    db.execute("CREATE UNIQUE INDEX evenings_director ON evenings(director_token)")


def _number_the_rounds(db: Database) -> None:
    """Give every game of an evening its round: a seated round's games that round; any
    other game at a table the next round free at that table, in the order started."""
    for evening, number, games in db.execute(
        "SELECT evening, number, games FROM rotation_rounds ORDER BY evening, number"
    ).fetchall():
        for game_id in json.loads(games):
            db.execute(
                "UPDATE games SET round_number = ? WHERE id = ? AND evening = ?",
                [number, game_id, evening],
            )
    rows = db.execute(
        "SELECT id, evening, table_number FROM games WHERE evening IS NOT NULL"
        " AND round_number IS NULL ORDER BY created_at, rowid"
    ).fetchall()
    for game_id, evening, table in rows:
        (last,) = db.execute(
            "SELECT COALESCE(MAX(round_number), 0) FROM games WHERE evening = ?"
            " AND table_number IS ?",
            [evening, table],
        ).fetchone()
        db.execute("UPDATE games SET round_number = ? WHERE id = ?", [last + 1, game_id])


@migrations()
def m023_summaries_in_order_of_change(db: Database) -> None:
    """Pages at the cost of the page, whatever the history. Each summary says when it
    was last changed (a counter); totals kept for a page (`span_totals`) count the games
    changed up to a mark (`meta` span_mark) and add those changed since on top, and are
    kept while the epoch (`meta` span_epoch) stands: the triggers below move it on
    whenever a game up to the mark changes, goes, or joins or leaves a phone's games.
    And the questions the organiser's pages ask have indexes."""
    db.execute("ALTER TABLE game_summaries ADD COLUMN changed INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX game_summaries_changed ON game_summaries(changed)")
    db.execute("CREATE INDEX evenings_organiser ON evenings(created_by, created_at)")
    db.execute("CREATE INDEX games_evening_table ON games(evening, table_number)")
    db.execute("CREATE INDEX games_played ON games(finished, updated_at)")
    db.execute("CREATE INDEX grants_listed ON grants(device, archived)")
    db.execute("DELETE FROM span_totals")  # kept in the old way
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('span_epoch', '0')")
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('span_mark', '0')")
    mark = "CAST((SELECT value FROM meta WHERE key = 'span_mark') AS INTEGER)"
    bump = "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'span_epoch'; END"

    def settled(game: str) -> str:
        return f"(SELECT changed FROM game_summaries WHERE game = {game}) <= {mark}"

    at_table = (
        "EXISTS (SELECT 1 FROM games JOIN game_summaries s ON s.game = games.id"
        " WHERE games.evening = {row}.evening AND games.table_number = {row}.number"
        f" AND s.changed <= {mark})"
    )
    for name, sql in (
        ("rewritten", f"BEFORE INSERT ON game_summaries WHEN {settled('NEW.game')}"),
        ("gone", f"AFTER DELETE ON game_summaries WHEN OLD.changed <= {mark}"),
        ("granted", f"AFTER INSERT ON grants WHEN {settled('NEW.game_id')}"),
        ("taken", f"AFTER DELETE ON grants WHEN {settled('OLD.game_id')}"),
        ("moved", "AFTER UPDATE OF device, game_id ON grants"),
        ("table_held", f"AFTER INSERT ON table_grants WHEN {at_table.format(row='NEW')}"),
        ("table_let_go", f"AFTER DELETE ON table_grants WHEN {at_table.format(row='OLD')}"),
        ("table_moved", "AFTER UPDATE ON table_grants"),
        ("seated", f"AFTER UPDATE OF evening, table_number ON games WHEN {settled('NEW.id')}"),
        ("organiser", "AFTER UPDATE OF created_by ON evenings"),
        ("directed", "AFTER INSERT ON evening_directors"),
        ("undirected", "AFTER DELETE ON evening_directors"),
        ("director_moved", "AFTER UPDATE ON evening_directors"),
        ("evening_gone", "AFTER DELETE ON evenings"),
    ):
        db.execute(f"CREATE TRIGGER span_{name} {sql} BEGIN {bump}")


@migrations()
def m024_club_members_and_shared_ratings(db: Database) -> None:
    """The club's members: a name an organiser hid (gone from the club) is kept per the
    phone that hid it, and not offered to tap or suggested in that phone's club.
    Ratings count the games of evenings only (the club's games), never a phone's own
    private game: a game moving into or out of an evening makes its kind's ratings be
    worked out again, and every kind's are worked out again now."""
    db.execute(
        """
        CREATE TABLE hidden_members (
            device TEXT NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (device, player)
        ) STRICT
        """
    )
    db.execute("CREATE INDEX hidden_members_player ON hidden_members(player)")
    db.execute("UPDATE rating_state SET stale = 1")
    db.execute(
        "CREATE TRIGGER ratings_club_games AFTER UPDATE OF evening ON games"
        " WHEN (OLD.evening IS NULL) != (NEW.evening IS NULL) AND EXISTS (SELECT 1 FROM"
        " game_summaries s WHERE s.game = NEW.id AND s.places IS NOT NULL)"
        " BEGIN INSERT INTO rating_state (kind, stamp, last, stale) VALUES (NEW.kind, '', '', 1)"
        " ON CONFLICT (kind) DO UPDATE SET stale = 1; END"
    )


@migrations()
def m025_games_the_table_stopped(db: Database) -> None:
    """A game the table stopped before its end (a game file's `"stopped": true`), as its
    kind scores it (premiums for what was won so far)."""
    db.execute("ALTER TABLE games ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0")
