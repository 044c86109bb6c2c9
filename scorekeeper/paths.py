"""Where things are: the app's templates, static files and catalogues, and the instance
folder (database, secret key).

In a checkout, templates/ and static/ sit at the top of the repository and instance/
beside them. An installed wheel carries templates/ and static/ inside the package
(setup.py maps them there) and keeps its data in the user's data folder, never in
site-packages.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE.parent
TRANSLATIONS = PACKAGE / "translations"  # ja/LC_MESSAGES/messages.po (and .mo)


def _bundled(name: str) -> Path:
    """A folder the wheel carries inside the package; in a checkout, the top-level one."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else PROJECT_ROOT / name


TEMPLATES = _bundled("templates")
STATIC = _bundled("static")
CHECKOUT = (PROJECT_ROOT / "pyproject.toml").is_file() and not (PACKAGE / "templates").is_dir()


def _user_data() -> Path:
    """The per-user data folder of an installed app (XDG on Linux, the usual on macOS)."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "scorekeeper"
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / "scorekeeper"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "scorekeeper"


def instance_path() -> Path:
    """The instance folder: $SCOREKEEPER_INSTANCE, else instance/ in a checkout, else the
    user's data folder for an installed app."""
    configured = os.environ.get("SCOREKEEPER_INSTANCE")
    if configured:
        return Path(configured).resolve()
    return PROJECT_ROOT / "instance" if CHECKOUT else _user_data()


def database_path(instance: Path | None = None) -> Path:
    return (instance or instance_path()) / "scorekeeper.db"
