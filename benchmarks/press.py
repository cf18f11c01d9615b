"""Print-shop benchmark (run by hand): the 144-card deck of ``deck.py`` through
``pnp deck`` as printed at home, then for every print shop (``--for SHOP``): CMYK
separation, PDF/X, the preflight and the shop's files, against the plain build.

    python benchmarks/press.py [--runs 5]

Each run is a fresh process (start-up included) writing into an empty folder;
the report gives the median wall time, the files written and the ratio to the
plain build (the target: within 2× for the shops' whole-deck PDFs).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from deck import CARDS, write_inputs
from timing import median_seconds, tool

SHOPS = ("drivethrucards", "printninja", "japan", "gamecrafter")


def measure(pnp: str, folder: Path, extra: list[str], runs: int) -> tuple[float, int]:
    out = folder / "out"

    def run() -> None:
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([pnp, "deck", "deck.toml", "--out", str(out), *extra], cwd=folder,
                       check=True, capture_output=True)

    seconds = median_seconds(run, runs)
    return seconds, sum(1 for p in out.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    pnp = tool("pnp")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_inputs(folder)
        plain, _files = measure(pnp, folder, [], args.runs)
        print(f"pnp deck ({CARDS} cards, home print): median {plain:.2f} s over "
              f"{args.runs} runs")
        for shop in SHOPS:
            seconds, files = measure(pnp, folder, ["--for", shop], args.runs)
            print(f"  --for {shop}: median {seconds:.2f} s, {files} file{'s' * (files != 1)}, "
                  f"{seconds / plain:.1f}× the plain build")


if __name__ == "__main__":
    main()
