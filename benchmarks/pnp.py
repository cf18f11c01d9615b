"""Print benchmarks (run by hand: ``python benchmarks/pnp.py``).

Wall time of ``pnp build roguelight`` and ``pnp build darkhall`` (the whole
command, a fresh process each run), median of several runs, and the size of
every PDF written, with the embedded font.
"""

from __future__ import annotations

import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from timing import tool


def main(runs: int = 5) -> None:
    command = tool("pnp")
    for game in ("roguelight", "darkhall"):
        with tempfile.TemporaryDirectory() as out:
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                subprocess.run([command, "build", game, "--out", out], check=True,
                               capture_output=True)
                times.append(time.perf_counter() - start)
            sizes = ", ".join(f"{p.name} {p.stat().st_size / 1024:.0f} KiB"
                              for p in sorted(Path(out).glob("*.pdf")))
        print(f"pnp build {game}: median {statistics.median(times):.2f} s over {runs} runs")
        print(f"  {sizes}")


if __name__ == "__main__":
    main()
