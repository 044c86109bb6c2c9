"""`{% cache key %}…{% endcache %}`: a part of a page rendered once per key and language.

For the parts of a page that do not change from hand to hand (the head links and top
bar, the share links and their QR code, the rules footer, the next hand's guidance
box): a new version of the sheet then renders only what the hand changed. The key
must name everything the part shows (the phone's role too, where it matters); the
language and the address the phone used are added here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, request
from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

from ..lru import LRU
from .i18n import language

_FRAGMENTS = LRU(4096, budget=4 * 1024 * 1024, weigh=len)


class FragmentCache(Extension):
    tags = frozenset({"cache"})  # type: ignore[assignment]

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        key = parser.parse_expression()
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        call = self.call_method("_cached", [key])
        return nodes.CallBlock(call, [], [], body).set_lineno(lineno)

    def _cached(self, key: Any, caller: Callable[[], str]) -> Markup:
        full = (key, language(), request.root_url)
        found: Markup | None = _FRAGMENTS.get(full)
        if found is None:
            found = Markup(caller())
            _FRAGMENTS.put(full, found)
        return found


def init_app(app: Flask) -> None:
    app.jinja_env.add_extension(FragmentCache)
