"""`make bench`: the five budgets a player feels, each beside its floor (bench/budgets.py).

The other modules here measure more (long games, page weight, load levels); run one
with `python -m bench.NAME`.
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import budgets


def main() -> None:
    rows = budgets.run()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print()
    print("| budget | figure (beside its floor) | line |")
    print("|---|---|---|")
    for name, figure, line in rows:
        print(f"| {name} | {figure} | {line} |")


if __name__ == "__main__":
    main()
