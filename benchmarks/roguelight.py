"""Roguelight benchmarks (run by hand: ``python benchmarks/roguelight.py``).

1. Scoring a finished sheet in-process (every open corner tried).
2. The exact interception part for six stacked sheets.
3. ``companion roguelight score`` end to end.
Each figure is the median of several runs.
"""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

from timing import median_seconds, tool

from companion.roguelight.intercept import plan
from companion.roguelight.scoring import score_exits
from companion.roguelight.sheet import load_sheet

EXAMPLES = Path(__file__).parents[1] / "examples" / "roguelight"


def main() -> None:
    alice, bob = load_sheet(EXAMPLES / "alice.toml"), load_sheet(EXAMPLES / "bob.toml")
    score = median_seconds(lambda: score_exits(alice), 200)
    print(f"score a sheet in-process: median {score * 1000:.2f} ms (200 runs)")
    six = [replace(s, name=f"{s.name}{i}", development=i)
           for i, s in enumerate([alice, bob] * 3)]
    exact = median_seconds(lambda: plan(six), 50)
    print(f"exact interception, six sheets: median {exact * 1000:.1f} ms (50 runs)")
    command = tool("companion")
    cli = median_seconds(lambda: subprocess.run(
        [command, "roguelight", "score", str(EXAMPLES / "alice.toml")],
        check=True, capture_output=True), 11)
    print(f"companion roguelight score end to end: median {cli * 1000:.0f} ms (11 runs)")


if __name__ == "__main__":
    main()
