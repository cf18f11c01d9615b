"""What every benchmark script shares: medians of several timed runs."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def tool(name: str) -> str:
    """A command of this project: the one installed beside this Python (so a
    benchmark measures the environment it is run with), else the one on PATH."""
    return shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name) or name


def build_report(game: str, out: Path, runs: int) -> None:
    """``pnp build GAME`` in a fresh process each run: the median time and the PDFs' size."""
    seconds = median_seconds(lambda: subprocess.run(
        [tool("pnp"), "build", game, "--out", str(out)], check=True, capture_output=True), runs)
    pdfs = list(out.glob("*.pdf"))
    size = sum(p.stat().st_size for p in pdfs)
    print(f"pnp build {game}: median {seconds:.2f} s ({runs} runs), "
          f"{size / 1024:.0f} KiB in {len(pdfs)} PDFs")


def median_seconds(action: Callable[[], object], runs: int) -> float:
    """The median wall time of ``runs`` calls of ``action``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def timed(command: list[str], folder: Path, output: Path, runs: int) -> tuple[float, int]:
    """The median wall time of a command run in ``folder`` (a fresh process each time),
    and the size of the file it writes."""
    def run() -> None:
        output.unlink(missing_ok=True)
        subprocess.run(command, cwd=folder, check=True, capture_output=True)
    return median_seconds(run, runs), output.stat().st_size


def against_protograf(ours: tuple[float, int], python: str, folder: Path, runs: int) -> None:
    """Run ``protograf_deck.py`` in ``folder`` with protograf's ``python`` and print its
    figures beside ``ours`` (seconds, bytes): the ratios protograf / pnp."""
    theirs = timed([python, "protograf_deck.py"], folder, folder / "protograf.pdf", runs)
    print(f"protograf: median {theirs[0]:.2f} s over {runs} runs, {theirs[1] / 1024:.0f} KiB")
    print(f"pnp is {theirs[0] / ours[0]:.1f}× faster and {theirs[1] / ours[1]:.1f}× smaller")
