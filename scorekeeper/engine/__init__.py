"""The pure scoring engine: rulesets, hands, scoring, bid legality and outcome.

Nothing here imports Flask, SQLite or WeasyPrint; the web app, the command line and the
PDF all call these functions.
"""

from .errors import GameError, HandError, InvalidHand, ScoreError
from .game import (
    FORMAT,
    Game,
    GameResult,
    RuleChange,
    game_to_json,
    load_game,
    result_to_json,
    score_game,
)
from .kinds import find_kind, kind_names
from .ruleset import Origin, Ruleset, UnknownRuleset, all_rulesets, find_ruleset, preset_ids
from .text import Text
from .types import HandResult, Line, Outcome, Side

__all__ = [
    "FORMAT",
    "Game",
    "GameError",
    "GameResult",
    "HandError",
    "HandResult",
    "InvalidHand",
    "Line",
    "Origin",
    "Outcome",
    "RuleChange",
    "Ruleset",
    "ScoreError",
    "Side",
    "Text",
    "UnknownRuleset",
    "all_rulesets",
    "find_kind",
    "find_ruleset",
    "game_to_json",
    "kind_names",
    "load_game",
    "preset_ids",
    "result_to_json",
    "score_game",
]
