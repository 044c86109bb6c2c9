"""Where the instance folder (database, secret key) lives."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = Path(__file__).resolve().parent / "translations"  # ja/LC_MESSAGES/messages.po


def instance_path() -> Path:
    """The instance folder: $SCOREKEEPER_INSTANCE, or instance/ at the project's top level."""
    configured = os.environ.get("SCOREKEEPER_INSTANCE")
    return Path(configured).resolve() if configured else PROJECT_ROOT / "instance"


def database_path(instance: Path | None = None) -> Path:
    return (instance or instance_path()) / "scorekeeper.db"
