"""The project's own documents: everything they point to is in the repository, every
game the app plays is named where the games are listed, and the formats are written down."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from scorekeeper.engine import kind_names

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").glob("*.md"))]
GAMES = {
    "spades": "Spades",
    "hearts": "Hearts",
    "spitzer": "Spitzer",
    "oh-hell": "Oh Hell",
    "euchre": "Euchre",
    "bridge": "Contract Bridge",
    "pinochle": "Pinochle",
}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_documents_point_only_inside_the_repository(doc):
    words = doc.read_text(encoding="utf-8")
    assert "../" not in words, f"{doc.name} points outside the repository"
    for target in re.findall(r"\]\(([^)]+)\)", words):
        if target.startswith("#"):
            continue
        assert not re.match(r"[a-z]+:", target), f"{doc.name} links outside: {target}"
        assert (doc.parent / target.split("#")[0]).exists(), f"{doc.name}: no {target}"


def test_every_game_is_named_where_the_games_are_listed():
    assert set(GAMES) == set(kind_names())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = {
        title: body
        for title, body in re.findall(r"^## ([^\n]+)\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    }
    for name in GAMES.values():
        assert name in project["project"]["description"]
        assert name in readme.split("## Quick start")[0]  # the opening paragraph
        for title in ("At the table", "Players, evenings and statistics", "The referee"):
            assert name in sections[title], f"{name} missing from README's {title}"


def test_the_file_formats_are_written_in_the_projects_own_docs():
    formats = (ROOT / "docs" / "game-format.md").read_text(encoding="utf-8")
    for field in ('"format": "scorekeeper-game/1"', '"format": "scorekeeper-rules/1"'):
        assert field in formats
    for game in GAMES:
        assert f'"game": "{game}"' in formats or GAMES[game] in formats
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/game-format.md" in readme


def test_the_benchmark_table_is_not_dated():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    benchmarks = readme.split("## Benchmarks")[1].split("\n## ")[0]
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", benchmarks)
    assert "this round" not in benchmarks


# The team's specification digests live outside the repository: a player cannot open them, so
# nothing shown to players (preset texts, pages, the catalogue, the user docs) may cite them.
INTERNAL = re.compile(r"RULES\.md|GAME-FORMAT\.md|STYLE\.md|§\s*\d")
SHOWN = [
    *sorted((ROOT / "scorekeeper" / "presets").glob("*/*.toml")),
    *sorted((ROOT / "templates").rglob("*.html")),
    *sorted((ROOT / "scorekeeper" / "translations").glob("*/LC_MESSAGES/*.po")),
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]


def shown_lines(path: Path) -> list[tuple[int, str]]:
    """The numbered lines of `path` a player can see: not Jinja or catalogue comments."""
    words = path.read_text(encoding="utf-8")
    if path.suffix == ".html":  # a Jinja comment never renders; blank it, keeping the lines
        words = re.sub(r"\{#.*?#\}", lambda m: "\n" * m[0].count("\n"), words, flags=re.S)
    lines = enumerate(words.splitlines(), start=1)
    if path.suffix == ".po":
        return [(n, line) for n, line in lines if not line.startswith("#")]
    return list(lines)


@pytest.mark.parametrize("path", SHOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_players_see_cites_the_internal_specifications(path):
    cited = [
        f"{n}: {line.strip()[:120]}" for n, line in shown_lines(path) if INTERNAL.search(line)
    ]
    where = path.relative_to(ROOT)
    assert not cited, f"{where} cites a document players cannot open:\n" + "\n".join(cited)
