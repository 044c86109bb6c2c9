"""The ids, share-link tokens and PINs the store gives out: unguessable, from `secrets`."""

from __future__ import annotations

import secrets


def new_id() -> str:
    """An unguessable id for a game or an evening (96 bits) that never starts with "-".

    An id is typed on command lines (`scorekeeper export ID`), where a leading "-" reads
    as an option; one id in 64 would have started with it.
    """
    while True:
        candidate = secrets.token_urlsafe(12)
        if candidate[0].isalnum():
            return candidate


def new_token() -> str:
    """An unguessable token for a share link (128 bits)."""
    return secrets.token_urlsafe(16)


def new_pin() -> str:
    """A six-digit scorer PIN (guessing is rate-limited by the app)."""
    return f"{secrets.randbelow(1_000_000):06d}"
