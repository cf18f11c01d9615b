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
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from timing import median_seconds

from companion import data
from companion.grid import cell_name

ROOT = Path(__file__).parents[1]
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    return shutil.which(name, path=str(BIN)) or shutil.which(name) or name


def report(figure: str, value: float, unit: str, target: float, *, at_most: bool) -> None:
    ok = value <= target if at_most else value >= target
    sign = "≤" if at_most else "≥"
    print(f"{figure:<48} {value:>10,.2f} {unit:<8} target {sign} {target:,g} {unit:<8} "
          f"{'OK' if ok else 'MISS'}")


def start_up(runs: int) -> None:
    def run(command: list[str]) -> float:
        return median_seconds(lambda: subprocess.run(command, capture_output=True, cwd=ROOT),
                              runs)
    click = run([sys.executable, "-c", "import click"])
    print(f"reference: python -c 'import click' {click * 1000:.1f} ms")
    for command in (["companion", "--help"], ["companion", "roll", "2d6", "--seed", "1"],
                    ["companion", "darkhall", "monster", "sample", "--tile", "10"],
                    ["companion", "roguelight", "score", "examples/roguelight/alice.toml"],
                    ["pnp", "--help"], ["pnp", "list"]):
        ratio = run([tool(command[0]), *command[1:]]) / click
        report("start-up: " + " ".join(command)[:38], ratio, "×", 1.5, at_most=True)


def resolver(rounds: int) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from darkhall import random_position, throughput

    rng = random.Random(2026)
    positions = [random_position(rng) for _ in range(2000)]
    report("Dark Hall resolver, tile 10", throughput("10", positions, rounds), "moves/s",
           50_000, at_most=False)


def open_map(folder: Path) -> Path:
    """A 26 × 26 map with no walls inside, and a finished sheet that leaves it open."""
    rows = [["."] * 26 for _ in range(26)]
    for x, y in ((0, 0), (25, 0), (0, 25), (25, 25)):
        rows[y][x] = "X"
    entrances = {1: (3, 0), 2: (12, 0), 3: (20, 0), 4: (3, 25), 5: (12, 25), 6: (20, 25)}
    for face, (x, y) in entrances.items():
        rows[y][x] = str(face)
    for x, y in ((5, 5), (10, 8), (15, 12), (20, 15), (8, 18), (18, 20), (22, 4), (4, 22)):
        rows[y][x] = "I"
    blocks = "\n".join(
        f'"{face}" = "{cell_name((x, y if y == 0 else y - 1), upper=True)}:'
        f'{cell_name((x + 1, y + 1 if y == 0 else y), upper=True)}"'
        for face, (x, y) in entrances.items())
    text = re.sub(r'grid = """.*?"""', lambda _m: 'grid = """\n' + "\n".join(
        "".join(r) for r in rows) + '\n"""', data.text("roguelight", "basic.toml"), flags=re.S)
    text = re.sub(r"\[entrance_blocks\].*?\n\n",
                  lambda _m: "[entrance_blocks]\n" + blocks + "\n\n", text, flags=re.S)
    (folder / "open26.toml").write_text(text, "utf-8")
    filled = [["."] * 26 for _ in range(26)]
    for x, y in list(entrances.values())[1:]:
        filled[y][x] = "#"  # the other entrances filled: entrance 1 stays open
    sheet = folder / "open26-sheet.toml"
    sheet.write_text('map = "open26.toml"\ndevelopment = 3\nplans = ["D1:E2"]\nfilled = """\n'
                     + "\n".join("".join(r) for r in filled) + '\n"""\n', "utf-8")
    return sheet


def geometry(runs: int) -> None:
    from companion.roguelight.intercept import plan
    from companion.roguelight.scoring import score_exits
    from companion.roguelight.sheet import load_sheet

    with tempfile.TemporaryDirectory() as name:
        sheet = load_sheet(open_map(Path(name)))
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
