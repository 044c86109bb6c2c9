"""Translatable text: a message template with its parameters, rendered late.

The engine must not import Flask-Babel, yet every line it writes is shown to players in
English or Japanese. So it keeps the English template (marked with `N_` for extraction)
and the values apart, and the caller renders them with whatever translator it has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(template: str) -> str:
    """Mark a template for translation without translating it here."""
    return template


def signed(points: int) -> str:
    """Format points with an explicit sign, as a scoresheet shows them."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{-points}"
    return "0"


@dataclass(frozen=True)
class Text:
    """A sentence for players: a template and its parameters."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, gettext: Callable[[str], str] | None = None) -> str:
        """Render in English, or through `gettext` when one is given."""
        template = gettext(self.template) if gettext else self.template
        params = {
            name: value.render(gettext) if isinstance(value, Text) else value
            for name, value in self.params.items()
        }
        return template.format(**params)

    def __str__(self) -> str:
        return self.render()


def text(template: str, **params: Any) -> Text:
    """Build a Text from a template marked elsewhere with N_."""
    return Text(template, params)
