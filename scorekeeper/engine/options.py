"""Generic handling of a game kind's options: frozen dataclasses of plain values.

Every option is a bool, an int, a StrEnum or an `OptionValue` (a kind's own value that
is more than one word: a list of steps, a table of values), so an option can be read
from a preset file, overridden from a game file or a form, compared and printed by one
set of functions, whatever the game kind.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Iterable, Mapping
from typing import TypeVar

from .text import N_, Nn_, Text, ntext, shown, text

Options = TypeVar("Options")
Value = TypeVar("Value", bound="OptionValue")


class OptionValue:
    """An option's value that a kind writes itself: read from its game-file form (JSON),
    written back as `value`, and typed on a form as one line of text. Immutable and
    comparable (a kind's subclass is a frozen dataclass)."""

    @classmethod
    def from_option(cls: type[Value], name: str, raw: object) -> Value:
        """Read the game-file form; raise OptionError saying what is wrong."""
        raise NotImplementedError

    @classmethod
    def from_line(cls: type[Value], name: str, line: str) -> Value:
        """Read the one line a form's field holds; raise OptionError."""
        raise NotImplementedError

    @property
    def value(self) -> object:
        """The game-file form (JSON)."""
        raise NotImplementedError

    @property
    def line(self) -> str:
        """The value as a form's field holds it."""
        raise NotImplementedError


_TYPES: dict[type, dict[str, type]] = {}


def option_types(cls: type) -> dict[str, type]:
    """Return each option's name and type, in declaration order."""
    if cls not in _TYPES:
        hints = typing.get_type_hints(cls)
        _TYPES[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    return _TYPES[cls]


def coerce_option(cls: type, name: str, value: object) -> object:
    """Check one option value against its declared type; raise ValueError with a Text."""
    types = option_types(cls)
    if name not in types:
        raise OptionError(text(N_("unknown option '{name}'"), name=name))
    kind = types[name]
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise OptionError(
            text(
                N_("option '{name}' must be true or false, got {value}"),
                name=name,
                value=shown(value),
            )
        )
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise OptionError(
            text(
                N_("option '{name}' must be a whole number, got {value}"),
                name=name,
                value=shown(value),
            )
        )
    if isinstance(kind, type) and issubclass(kind, OptionValue):
        return value if isinstance(value, kind) else kind.from_option(name, value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        allowed = [member.value for member in kind]
        if isinstance(value, str) and value in allowed:
            return kind(value)
        if len(allowed) == 2:
            raise OptionError(
                text(
                    N_("option {name} must be {one} or {other}"),
                    name=name,
                    one=allowed[0],
                    other=allowed[1],
                )
            )
        raise OptionError(
            text(
                N_("option {name} must be one of {allowed}"),
                name=name,
                allowed=", ".join(allowed),
            )
        )
    raise TypeError(f"option {name} has an unsupported type {kind!r}")  # a bug, not bad input


Problem = tuple[tuple[str, ...], Text]  # the options at fault, and what is wrong, in words


class OptionError(ValueError):
    """An option name or value is not valid; `problems` holds every one found, each with
    the options it concerns (a form shows each beside its field)."""

    def __init__(
        self, message: Text, problems: Iterable[Problem] = (), line: Text | None = None
    ) -> None:
        self.problems = list(problems) or [((), message)]
        self.message = message
        self.line = line  # the first problem as a game file's error line says it, if its own
        super().__init__(str(message))

    @property
    def located(self) -> Text:
        """The first problem, naming its options for a game file or the command line."""
        if self.line is not None:
            return self.line
        fields, message = self.problems[0]
        if not fields:
            return message
        return ntext(
            Nn_("option {names}: {why}", "options {names}: {why}"),
            len(fields),
            names=", ".join(fields),
            why=message,
        )


def check_options(checks: Iterable[tuple[bool, tuple[str, ...], str]]) -> None:
    """Raise one OptionError listing every failed check: (failed, options, message)."""
    problems = [(fields, text(message)) for failed, fields, message in checks if failed]
    if problems:
        raise OptionError(problems[0][1], problems)


def apply_options(options: Options, overrides: Mapping[str, object]) -> Options:
    """Return `options` with `overrides` applied, checked and validated as a whole."""
    changes = {
        name: coerce_option(type(options), name, value) for name, value in overrides.items()
    }
    updated = dataclasses.replace(options, **changes)  # type: ignore[type-var]
    # A kind whose options fall into forms (one option for one way of scoring) refuses
    # an option set that the other options make meaningless.
    foreign = getattr(updated, "foreign", None)
    if foreign is not None:
        for name in overrides:
            why = foreign(name)
            if why is not None:
                raise OptionError(why, [((name,), why)], why)
    validate = getattr(updated, "validate", None)
    if validate is not None:
        validate()
    return updated


def option_values(options: object) -> dict[str, object]:
    """Return the options as plain JSON-ready values."""
    values = {}
    for name in option_types(type(options)):
        value = getattr(options, name)
        values[name] = value.value if isinstance(value, enum.Enum | OptionValue) else value
    return values


def differences(a: object, b: object) -> list[str]:
    """Return the names of the options whose values differ between two option sets."""
    values_a, values_b = option_values(a), option_values(b)
    return [name for name in values_a if values_a[name] != values_b.get(name)]
