"""Pages that cost the server real work (What if…, PDFs): each taken in turns, so that
no phone can fill the server's threads and every other table's page stays quick.

A kind of work runs at most once at a time per game (or evening, or season), once per
phone, and `at_once` times in all; a request past one of these is answered 429 with a
page that tries again a second later. A phone is its network address, as the server's
connections count it: a phone that throws its cookie away is the same phone.

The PDFs made last are kept, by what they show: ten phones asking for the evening's
summary at the end of the night wait for one render, not ten (the tenth waited 43 s).
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Response, current_app, make_response, request
from flask_babel import gettext as _
from werkzeug.exceptions import TooManyRequests

from ..store.db import file_identity
from .errors import handle_http_error

# How many of a kind of work may run at once in all: half of the server's 8 threads, so
# the other half always answers the tables' pages.
AT_ONCE = 4
KEPT_PDFS = 16  # PDFs kept, newest used first (a 60-round evening's summary: ~200 KB)


def _phone() -> str:
    return request.remote_addr or ""


def try_again(message: str) -> Response:
    """429 with `message`, on a page that asks again a second later."""
    response = make_response(handle_http_error(TooManyRequests(message)))
    response.headers["Retry-After"] = response.headers["Refresh"] = "1"
    return response


class Costly:
    """A kind of costly work, taken in turns per thing, per phone and in all."""

    def __init__(self, busy_thing: Callable[[], str], busy_phone: Callable[[], str]) -> None:
        self._lock = threading.Lock()
        self._things: set[Hashable] = set()
        self._phones: Counter[str] = Counter()
        self._running = 0
        self._busy_thing = busy_thing
        self._busy_phone = busy_phone

    @contextmanager
    def turn(self, thing: Hashable) -> Iterator[Response | None]:
        """None when this request may do the work on `thing` now (do it inside the
        block); else the 429 page that says who is busy."""
        phone = _phone()
        with self._lock:
            if self._phones[phone]:  # this phone's first (a double tap, another tab)
                busy: str | None = self._busy_phone()
            elif thing in self._things:
                busy = self._busy_thing()
            elif self._running >= AT_ONCE:
                busy = _all_busy()
            else:
                busy = None
                self._things.add(thing)
                self._phones[phone] += 1
                self._running += 1
        if busy is not None:
            yield try_again(busy)
            return
        try:
            yield None
        finally:
            with self._lock:
                self._things.discard(thing)
                self._phones[phone] -= 1
                if not self._phones[phone]:
                    del self._phones[phone]
                self._running -= 1


def _all_busy() -> str:
    return str(
        _("The app is busy working out pages for other phones. This page tries again in a second.")
    )


WHAT_IF = Costly(
    lambda: _(
        "Another phone is working out a What if… for this game right now."
        " This page tries again in a second."
    ),
    lambda: _(
        "This phone is working out a What if… right now. This page tries again in a second."
    ),
)
PDFS = Costly(
    lambda: _("Another phone is getting this PDF right now. This page tries again in a second."),
    lambda: _("This phone is getting a PDF right now. This page tries again in a second."),
)

_kept: OrderedDict[Hashable, bytes] = OrderedDict()
_kept_lock = threading.Lock()


def pdf_once(thing: Hashable, shows: Hashable, make: Callable[[], bytes]) -> bytes | Response:
    """The PDF of `thing` (a game, an evening) that `shows` (its version, the tables the
    phone sees, the language and page size) says: kept from the last render of the same,
    or made now in `thing`'s turn; or the 429 page when another phone is making it. A
    restored database is another file: nothing kept from the one before is shown."""
    key = (thing, shows, file_identity(current_app.config["DATABASE"]))
    with _kept_lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    with PDFS.turn(thing) as busy:
        if busy is not None:
            return busy
        pdf = make()
    with _kept_lock:
        _kept[key] = pdf
        while len(_kept) > KEPT_PDFS:
            _kept.popitem(last=False)
    return pdf


def pdf_in_turn(thing: Hashable, make: Callable[[], Any]) -> Any:
    """`make()` in `thing`'s turn of PDFs (one kept by nothing: a season's table, a
    ruleset's blank card); or the 429 page."""
    with PDFS.turn(thing) as busy:
        if busy is not None:
            return busy
        return make()
