"""static/app.js is one script whose functions share a scope: a second function of the
same name silently replaces the first everywhere (a chip helper once took the name of the
focus-keeping `follow`, and every watched page's update stopped)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "static" / "app.js"


def test_no_two_of_its_functions_share_a_name():
    # The script's own functions sit one level into its wrapper; those nested deeper are
    # each their function's own.
    names = re.findall(r"^  function ([A-Za-z_$][\w$]*)\s*\(", SCRIPT.read_text(), re.M)
    twice = sorted(name for name, count in Counter(names).items() if count > 1)
    assert names and not twice, twice
