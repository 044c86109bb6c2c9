"""What the pages that span games share: the names typed before, a few games' players'
statistics, and CSV downloads of their hands.

Only the games this browser may see count (its own and the ones it joined, archived
or not): a phone never learns of another table's games through these. Pages over all
of them read the games' summaries (store.Scope), never their hands.
"""

from __future__ import annotations

import io

from flask import Response

from .. import store
from ..limits import player_key
from ..stats import PlayerStats, csv_rows, game_stats, merge, write_csv
from ..store import members, rounds
from .access import device
from .db import get_db
from .download import file_response


def known_names(evening_id: str | None = None) -> list[str]:
    """The names the setup form suggests: in an evening, tonight's players first (its
    rotation's and its games'), then the names typed at this browser's earlier games,
    most used first (read from the games' summaries, no hand is loaded); never those
    hidden as gone in its club (store/members.py)."""
    db = get_db()
    tonight: list[str] = []
    if evening_id:
        rotation = rounds.get_rotation(db, evening_id)
        tonight = [*(rotation.players if rotation else ()), *store.evening_players(db, evening_id)]
    mine = store.names_played(db, store.Scope(device() or ""))
    unique = {player_key(name): name for name in reversed([*tonight, *mine])}
    ordered = [unique[key] for key in dict.fromkeys(player_key(n) for n in [*tonight, *mine])]
    return members.visible(db, device(), ordered)


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
