"""A rule sheet: a game's options in plain words, grouped in sheet order."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .text import Text, text

# An option's value in words, given all the options: each option's value has its own
# type (a number, a yes or no, one of its choices), so the sheet takes any.
Say = Callable[[Any, Any], Text]
# option -> (group, label, words for its value); the order is the order on the sheet.
Sheet = Mapping[str, tuple[str, str, Say]]
Group = tuple[Text, list[tuple[str, Text, Text]]]


def grouped(sheet: Sheet, options: object) -> list[Group]:
    """The sheet's groups in order, each option as (name, label, value in words)."""
    groups: dict[str, list[tuple[str, Text, Text]]] = {}
    for name, (group, label, words) in sheet.items():
        groups.setdefault(group, []).append(
            (name, text(label), words(getattr(options, name), options))
        )
    return [(text(group), rules) for group, rules in groups.items()]


def choice_texts(choices: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, Text]]:
    """For each enum option, its values in words."""
    return {
        name: {value: text(words) for value, words in values.items()}
        for name, values in choices.items()
    }


@dataclass(frozen=True)
class Answer:
    """A quick answer to what tables argue about, with the options it rests on."""

    question: Text
    lines: tuple[Text, ...]
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    """A score table a game is played by, for rule pages and the CLI."""

    title: Text
    columns: tuple[Text, ...]
    rows: tuple[tuple[Text, tuple[int, ...]], ...]
    note: Text | None = None
