"""The entries a kind registers where its hand is more than its declared fields: a
kind's name, and its entry module beside the kind's own files (web/entry/<kind>.py)."""

from __future__ import annotations

from . import bridge, hearts, oh_hell, pinochle, spades, spitzer
from .base import Entry

ENTRIES: dict[str, Entry] = {
    "spades": spades.ENTRY,
    "hearts": hearts.ENTRY,
    "spitzer": spitzer.ENTRY,
    "oh-hell": oh_hell.ENTRY,
    "bridge": bridge.ENTRY,
    "pinochle": pinochle.ENTRY,
}
