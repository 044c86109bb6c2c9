"""Who may see or change a game: this browser's grants, share links, the scorer PIN.

A browser is known by a random device id in the signed session cookie (HttpOnly,
SameSite=Lax). Grants live in the database, so the home page lists exactly the games
this browser created or joined, and a lost phone never held anything but that id.
"""

from __future__ import annotations

import datetime
import hmac
import re
import secrets

from flask import abort, g, request, session
from flask_babel import gettext as _

from .. import limits, store
from ..store.pins import pin_missed, pin_wait
from .db import get_db
from .i18n import when


def device(create: bool = False) -> str | None:
    """This browser's device id (made on first need when `create`)."""
    current = session.get("device")
    if current is None and create:
        current = secrets.token_urlsafe(16)
        session["device"] = current
        session.permanent = True
    return current


def keep_device() -> None:
    """Re-send a known phone's cookie once a day, so it lives PERMANENT_SESSION_LIFETIME
    past the last game night; signing it again on every request cost more than the page."""
    if "device" in session:
        today = _today()
        if session.get("seen") != today:
            session["seen"] = today


def _today() -> str:
    return datetime.date.today().isoformat()


def grant(game_id: str, role: str) -> None:
    """Let this browser watch or edit a game, under a new device id (see new_device)."""
    store.grant(get_db(), new_device(f"game {game_id} {role}"), game_id, role)
    g.pop("roles", None)


def grant_own(game_id: str) -> None:
    """Let this browser keep score in a game it has just started (new, imported, a
    rematch), under a new device id (see starting_device)."""
    phone = starting_device()
    store.grant(get_db(), phone, game_id, "edit")
    store.started_by(get_db(), game_id, phone)
    g.pop("roles", None)


# The mark a form that starts a game or an evening carries (start_mark): random, made
# for each page shown.
_STARTED = re.compile(r"[0-9a-f]{32}")


def start_mark() -> str:
    """For the hidden "started" field of a form that starts a game or an evening."""
    return secrets.token_hex(16)


def starting_device() -> str:
    """The device id under which this browser keeps what it starts (a game, an evening).

    A new one that takes over everything the old one had (new_device): a device id
    planted in the browser before (a cookie set by someone else) then shares nothing the
    phone starts afterwards. The same form sent twice (a double-tapped Start: the same
    `started` mark, which only the page shown to this phone holds) lands on the same new
    id, never on one that took over nothing."""
    if session.get("device") is None:
        return device(create=True) or ""
    started = request.form.get("started", "")
    mark = started if _STARTED.fullmatch(started) else secrets.token_hex(16)
    return new_device(f"start {mark}")


def new_device(credential: str) -> str:
    """Give this browser a new device id that takes over everything its old one had.

    Called at every grant of rights, and when a phone starts a game or an evening
    (starting_device): a device id planted in a browser before (a cookie
    set by someone else) then never inherits the rights the PIN or a link gave. The same
    credential presented twice at once with the old id (a double tap) gets the same new id."""
    old, new = session.get("device"), secrets.token_urlsafe(16)
    if old is not None:
        new = store.move_device(get_db(), old, new, credential)
    session["device"] = new
    session.permanent = True
    return new


def role(game_id: str) -> str | None:
    """This browser's role in a game (asked of the database once a request)."""
    known: dict[str, str | None] = g.setdefault("roles", {})
    if game_id not in known:
        known[game_id] = store.role_of(get_db(), device(), game_id)
    return known[game_id]


def game_for(game_id: str, needed: str) -> store.StoredGame:
    """The game, if this browser may `needed` ("watch" or "edit") it; else 404 or 403."""
    try:
        stored = store.get_game(get_db(), game_id)
    except store.GameNotFound:
        abort(404, _("There is no game at this address."))
    has = role(game_id)
    refused = has is None or (needed == "edit" and has != "edit")
    if refused and stored.evening is not None and stored.table is not None:
        _told_why_locked_out(stored.evening, stored.table)
    if has is None:
        g.locked_game = stored
        abort(
            403,
            _(
                "This game is private. Open the watch or scorer link from the scorer's phone, or enter the scorer PIN."
            ),
        )
    if needed == "edit" and has != "edit":
        g.locked_game = stored
        abort(
            403,
            _(
                "This phone may watch this game but not change it. Enter the scorer PIN to keep score."
            ),
        )
    g.role = has
    return stored


def _told_why_locked_out(evening_id: str, table: int) -> None:
    """403 saying why, for a phone that kept a table's score until its director took
    the table over or replaced its link."""
    lost = store.locked_out(get_db(), device(), evening_id).get(table)
    if lost is None:
        return
    at, taken_over = lost
    if taken_over:
        abort(
            403,
            _(
                "The evening's director took table %(n)s over at %(time)s: this phone no longer keeps its score. Ask the director if that is a mistake.",
                n=table,
                time=when(at)[11:],
            ),
        )
    abort(
        403,
        _(
            "The evening's director replaced the link of table %(n)s at %(time)s: this phone no longer keeps its score. Ask the director for the new link.",
            n=table,
            time=when(at)[11:],
        ),
    )


def evening_for(evening_id: str, needed: str = "see") -> tuple[store.Evening, str]:
    """The evening and this browser's role in it, if it may `needed` ("see" or
    "organize") it; else 404 or 403 (a stranger learns not even its name)."""
    try:
        found = store.get_evening(get_db(), evening_id)
    except store.EveningNotFound:
        abort(404, _("There is no evening at this address."))
    has = store.evening_role(get_db(), device(), found)
    if has is None:
        for table in store.locked_out(get_db(), device(), found.id):
            _told_why_locked_out(found.id, table)
        abort(
            403,
            _("This evening is private. Open its watch link from the phone that started it."),
        )
    if needed == "organize" and has != "organize":
        abort(403, _("Only the evening's director can do this."))
    return found, has


def check_room(what: str) -> None:
    """403 saying so when this phone keeps as many `what` ("games", "evenings",
    "seasons", "house_rules") as one phone may (limits.py); nothing a club would ever meet."""
    phone = device()
    if phone is None:
        return
    most = {
        "games": limits.MAX_GAMES_PER_PHONE,
        "evenings": limits.MAX_EVENINGS_PER_PHONE,
        "house_rules": limits.MAX_HOUSE_RULES_PER_PHONE,
        "seasons": limits.MAX_SEASONS_PER_PHONE,
    }[what]
    if store.kept_by(get_db(), phone)[what] < most:
        return
    messages = {
        "games": _(
            "This phone keeps %(n)s games, the most one phone may. Delete some old games first.",
            n=most,
        ),
        "evenings": _("This phone has started %(n)s evenings, the most one phone may.", n=most),
        "seasons": _(
            "This phone has started %(n)s seasons, the most one phone may. Delete one first.",
            n=most,
        ),
        "house_rules": _(
            "This phone keeps %(n)s house rules, the most one phone may. Delete some first.",
            n=most,
        ),
    }
    abort(403, messages[what])


def check_pin(stored: store.StoredGame, pin: str) -> tuple[str, int]:
    """("ok", 0) for the right PIN, ("wrong", 0), or ("wait", seconds) when this phone
    (or every phone together) guessed wrong too often on this game (store/pins.py)."""
    phone = device(create=True) or ""
    wait = pin_wait(get_db(), stored.id, phone)
    if wait:
        return "wait", wait
    # Compared as bytes: compare_digest refuses text that is not ASCII (a TypeError, a 500).
    if stored.pin and hmac.compare_digest(pin.strip().encode(), stored.pin.encode()):
        return "ok", 0
    pin_missed(get_db(), stored.id, phone)
    return "wrong", 0
