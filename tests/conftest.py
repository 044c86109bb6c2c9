"""Shared helpers: build game files the way a table would, and score them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import load_game, result_to_json, score_game


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """Compile the message catalogs if needed (make does it too; plain pytest may not)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from scorekeeper.paths import TRANSLATIONS

    for po in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as source:
                catalog = read_po(source)
            with mo.open("wb") as target:
                write_mo(target, catalog)


PLAYERS = {2: ["Ann", "Ben"], 3: ["Ann", "Ben", "Cho"], 4: ["Ann", "Ben", "Cho", "Dee"]}


def hand(bids: list[Any], tricks: list[int]) -> dict[str, Any]:
    """One Spades hand as a game file holds it."""
    return {"bids": bids, "tricks": tricks}


def game_file(
    ruleset: str,
    hands: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    players: int = 4,
) -> dict[str, Any]:
    """A complete game file."""
    return {
        "format": "scorekeeper-game/1",
        "game": "spades",
        "ruleset": ruleset,
        "options": options or {},
        "players": PLAYERS[players],
        "hands": hands,
    }


def score(doc: dict[str, Any]) -> dict[str, Any]:
    """Score a game file through the engine, as `scorekeeper score` does."""
    return result_to_json(score_game(load_game(doc)))


def run_cli(
    *args: str,
    stdin: str | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the real `scorekeeper` command in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture
def cli_score():
    """Score a game file through the real command and return (exit code, stdout JSON or None, stderr)."""

    def run(doc: dict[str, Any]) -> tuple[int, Any, str]:
        done = run_cli("score", "-", stdin=json.dumps(doc))
        out = json.loads(done.stdout) if done.stdout.strip() else None
        return done.returncode, out, done.stderr

    return run
