"""What the pages that span games share: the games this browser may see, their players'
statistics, the names typed before, and CSV downloads of their hands.

Only the games this browser may see count (its own and the ones it joined, archived
or not): a phone never learns of another table's games through these.
"""

from __future__ import annotations

import io
from collections import Counter

from flask import Response

from .. import store
from ..stats import PlayerStats, csv_rows, game_stats, merge, player_key, write_csv
from .access import device
from .db import get_db
from .download import file_response


def visible_games() -> list[store.StoredGame]:
    """This browser's games, oldest first (a tie between spellings goes to the earliest),
    without their hands (stats_of and load_hands read them)."""
    db = get_db()
    return list(reversed(store.list_games(db, store.games_of(db, device(), archived=None))))


def load_hands(games: list[store.StoredGame]) -> list[store.StoredGame]:
    """The same games with their hands, for what reads every hand (CSV)."""
    db = get_db()
    return [store.get_game(db, listed.id) for listed in games]


def known_names() -> list[str]:
    """Names typed at this browser's earlier games, most used first (for the setup form;
    read from the games' rows, no hand is loaded)."""
    db = get_db()
    ids = store.games_of(db, device(), archived=None)
    seen: Counter[str] = Counter()
    spelling: dict[str, str] = {}
    for listed in store.list_games(db, ids):
        for name in listed.players:
            key = player_key(name)
            seen[key] += 1
            spelling.setdefault(key, " ".join(name.split()))
    return [spelling[key] for key, _count in seen.most_common()]


def stats_of(games: list[store.StoredGame]) -> list[PlayerStats]:
    """The players' statistics over these games, each game read and scored as it stands."""
    db = get_db()
    return merge(
        game_stats(stored.players, store.get_game(db, stored.id).score()) for stored in games
    )


def csv_response(games: list[store.StoredGame], filename: str) -> Response:
    """A CSV download of these games' hands (see stats.csv_rows)."""
    out = io.StringIO()
    write_csv(
        csv_rows((g.id, g.created_at[:10], g.players, g.hands, g.score()) for g in games),
        out,
        bom=True,
    )
    return file_response(out.getvalue(), "text/csv", filename)
