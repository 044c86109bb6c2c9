"""Translatable text: a message template with its parameters, rendered late.

The engine must not import Flask-Babel, yet every line it writes is shown to players in
English or Japanese. So it keeps the English template (marked with `N_` or `Nn_` for
extraction) and the values apart, and the caller renders them with whatever
translations it has (anything with `gettext` and `ngettext`, e.g. gettext.NullTranslations
or Babel's Translations).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Protocol


class Translations(Protocol):
    def gettext(self, message: str, /) -> str: ...

    def __hash__(self) -> int: ...  # kept as a cache key (the PDF templates' environment)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


def N_(template: str) -> str:
    """Mark a template for translation without translating it here."""
    return template


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural template pair for translation."""
    return singular, plural


def signed(points: int) -> str:
    """Format points with an explicit sign, as a scoresheet shows them."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{-points}"
    return "0"


def number(points: int) -> str:
    """A total as people write it: a true minus sign (−80), no sign when positive."""
    return f"−{-points}" if points < 0 else str(points)


def shown(value: object) -> str:
    """Show a value from a game file as the file writes it (true, "x", 3.5)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


class Text:
    """A sentence for players: a template (or a plural pair) and its parameters.

    Treat it as immutable (a slotted class: the engine makes several per hand scored).
    """

    __slots__ = ("params", "plural", "template")

    def __init__(
        self, template: str, params: Mapping[str, object] | None = None, plural: str | None = None
    ) -> None:
        self.template = template
        self.params: Mapping[str, object] = {} if params is None else params
        self.plural = plural  # with `plural`, params["n"] picks the form

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Text)
        return (self.template, self.params, self.plural) == (
            other.template,
            other.params,
            other.plural,
        )

    __hash__ = None  # type: ignore[assignment]  # params is a dict

    def key(self) -> tuple[object, ...]:
        """What the text says, as a hashable value (TypeError if a parameter is not):
        texts with equal keys render the same in every language."""
        return (
            type(self),
            self.template,
            self.plural,
            *[
                (name, value.key() if isinstance(value, Text) else value)
                for name, value in self.params.items()
            ],
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.template!r}, {dict(self.params)!r}, {self.plural!r})"

    def render(self, translations: Translations | None = None) -> str:
        """Render in English, or through `translations` when given."""
        if self.plural is not None:
            n = self.params["n"]
            if not isinstance(n, int):
                raise TypeError(f"a plural text counts with a whole number, got {n!r}")
            if translations is None:
                template = self.template if n == 1 else self.plural
            else:
                template = translations.ngettext(self.template, self.plural, n)
        else:
            template = translations.gettext(self.template) if translations else self.template
        params = {
            name: value.render(translations) if isinstance(value, Text) else value
            for name, value in self.params.items()
        }
        return template.format(**params)

    def __str__(self) -> str:
        return self.render()


class Sentence(Text):
    """A Text shown on its own, as a sentence: its first letter upper-case (an engine
    message that starts a clause, shown alone at the top of a form)."""

    __slots__ = ()

    def render(self, translations: Translations | None = None) -> str:
        said = super().render(translations)
        return said[:1].upper() + said[1:]


def sentence(message: Text | str) -> Sentence:
    """`message` as a sentence of its own."""
    return Sentence("{message}", {"message": message})


def text(template: str, **params: object) -> Text:
    """Build a Text from a template marked elsewhere with N_."""
    return Text(template, params)


def ntext(forms: tuple[str, str], n: int, **params: object) -> Text:
    """Build a plural Text from a pair marked with Nn_; `n` chooses the form."""
    return Text(forms[0], {"n": n, **params}, forms[1])


Part = tuple[str | Text, Text]  # a part of a hand in words: (who or what, what was entered)
