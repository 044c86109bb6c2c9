"""Storage of games over SQLite (sqlite-utils): games, their hand logs, their history.

The hand log is the truth; totals and outcome are derived by the engine. Every write
re-validates the whole log through the engine first and happens in one transaction.
"""

from .db import migrations, open_database
from .games import (
    SEATINGS,
    Conflict,
    GameNotFound,
    NeedsCorrection,
    StoredGame,
    add_hand,
    change_options,
    clear_bids,
    confirm_hand,
    create_game,
    delete_game,
    delete_last_hand,
    export_game,
    find_by_token,
    game_history,
    games_of,
    get_game,
    grant,
    import_game,
    list_games,
    rematch,
    replace_hand,
    role_of,
    set_archived,
    set_bids,
)

__all__ = [
    "SEATINGS",
    "Conflict",
    "GameNotFound",
    "NeedsCorrection",
    "StoredGame",
    "add_hand",
    "change_options",
    "clear_bids",
    "confirm_hand",
    "create_game",
    "delete_game",
    "delete_last_hand",
    "export_game",
    "find_by_token",
    "game_history",
    "games_of",
    "get_game",
    "grant",
    "import_game",
    "list_games",
    "migrations",
    "open_database",
    "rematch",
    "replace_hand",
    "role_of",
    "set_archived",
    "set_bids",
]
