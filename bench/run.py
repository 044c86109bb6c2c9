"""Run the benchmarks and print their figures as a Markdown table (for the README)."""

from __future__ import annotations

import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import engine, long_games, many_games, page_weight, pdf, serving


def main() -> None:
    rows = []
    for module in (engine, long_games, many_games, page_weight, pdf, serving):
        rows += module.run()
        print(f"... {module.__name__} done", file=sys.stderr, flush=True)
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print()
    print("| measurement | result |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
