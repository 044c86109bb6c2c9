"""Run the benchmarks and print their figures as a Markdown table (for the README)."""

from __future__ import annotations

import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import pdf


def main() -> None:
    rows = [*pdf.run()]
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print()
    print("| measurement | result |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
