"""The database's migrations, in order: each runs once, inside the one transaction that
`db.migrate` holds (store/db.py). A migration is never edited once released; a change
to the schema is a new one at the end."""

from __future__ import annotations

import json

from sqlite_utils import Database, Migrations

from .ids import new_pin, new_token

migrations = Migrations("scorekeeper")


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
