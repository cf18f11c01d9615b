"""Every speed figure of the project with its target, in one run:

    python benchmarks/run.py            # (--quick for fewer repetitions)

1. Start-up of six commands, each as a ratio to a bare Click program
   (``python -c "import click"``) run the same way: target ≤ 1.5×.
2. The Dark Hall resolver on tile 10 over random positions: target ≥ 50,000 moves/s.
3. Roguelight geometry on an open 26 × 26 map: scoring ≤ 10 ms; the exact
   interception of six stacked sheets ≤ 200 ms.
4. Printing: the cost of each further page of ``pnp build all --copies N`` ≤ 12 ms,
   and the output byte-identical across runs.

Figures are medians of several runs on this machine; each line says whether its
target holds. Measure with a regular install (``pip install .``) for start-up:
an editable install adds an import hook to every command and to the reference.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from timing import median_seconds, tool

ROOT = Path(__file__).parents[1]
BIN = Path(sys.executable).parent



def report(figure: str, value: float, unit: str, target: float, *, at_most: bool) -> None:
    ok = value <= target if at_most else value >= target
    sign = "≤" if at_most else "≥"
    print(f"{figure:<48} {value:>10,.2f} {unit:<8} target {sign} {target:,g} {unit:<8} "
          f"{'OK' if ok else 'MISS'}")


def start_up(runs: int) -> None:
    """Each command's ratio to the reference, taken run by run (the reference and
    the command alternate, so the machine's drift touches both alike): the median."""
    def run(command: list[str]) -> float:
        return median_seconds(lambda: subprocess.run(command, capture_output=True, cwd=ROOT),
                              1)
    reference = [sys.executable, "-c", "import click"]
    print(f"reference: python -c 'import click' "
          f"{statistics.median(run(reference) for _ in range(runs)) * 1000:.1f} ms")
    for command in (["companion", "--help"], ["companion", "roll", "2d6", "--seed", "1"],
                    ["companion", "darkhall", "monster", "sample", "--tile", "10"],
                    ["companion", "roguelight", "score", "examples/roguelight/alice.toml"],
                    ["pnp", "--help"], ["pnp", "list"]):
        program = [tool(command[0]), *command[1:]]
        ratios = [run(program) / run(reference) for _ in range(runs)]
        report("start-up: " + " ".join(command)[:38], statistics.median(ratios), "×", 1.5,
               at_most=True)


def resolver(rounds: int) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from darkhall import random_position, throughput

    rng = random.Random(2026)
    positions = [random_position(rng) for _ in range(2000)]
    report("Dark Hall resolver, tile 10", throughput("10", positions, rounds), "moves/s",
           50_000, at_most=False)


def geometry(runs: int) -> None:
    from scale import open_sheet

    from companion.roguelight.intercept import plan
    from companion.roguelight.scoring import score_exits

    with tempfile.TemporaryDirectory() as name:
        sheet = open_sheet(Path(name), 26)
    report("Roguelight: score an open 26 × 26 map", median_seconds(
        lambda: score_exits(sheet), runs * 4) * 1000, "ms", 10, at_most=True)
    six = [replace(sheet, name=f"sheet{i}", development=i) for i in range(6)]
    report("Roguelight: six stacked 26 × 26 sheets, exact", median_seconds(
        lambda: plan(six), runs) * 1000, "ms", 200, at_most=True)


def printing(runs: int) -> None:
    from pypdf import PdfReader

    def build(copies: int, out: Path) -> tuple[float, int]:
        def once() -> None:
            shutil.rmtree(out, ignore_errors=True)
            subprocess.run([tool("pnp"), "build", "all", "--copies", str(copies), "--out",
                            str(out)], capture_output=True, check=True)
        seconds = median_seconds(once, runs)
        return seconds, sum(len(PdfReader(p).pages) for p in out.glob("*.pdf"))

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        one, pages_one = build(1, folder / "one")
        five, pages_five = build(5, folder / "five")
        first = {p.name: p.read_bytes() for p in (folder / "five").glob("*.pdf")}
        build(5, folder / "five")
        same = first == {p.name: p.read_bytes() for p in (folder / "five").glob("*.pdf")}
    per_page = (five - one) / (pages_five - pages_one) * 1000
    report(f"printing: each further page ({pages_one} → {pages_five})", per_page, "ms", 12,
           at_most=True)
    print(f"{'printing: byte-identical rebuilds':<48} {'yes' if same else 'NO':>10}"
          f"{'':30}{'OK' if same else 'MISS'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    quick = parser.parse_args().quick
    start_up(7 if quick else 21)
    resolver(3 if quick else 5)
    geometry(5 if quick else 11)
    printing(2 if quick else 3)


if __name__ == "__main__":
    main()
