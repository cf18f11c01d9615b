"""How each command's time grows with its input — the table of docs/performance.md:

    python benchmarks/scale.py > scale.md

- Roguelight scoring against the size of an open map (n × n);
- the Dark Hall resolver against the number of tokens on the board;
- ``pnp build darkhall pieces`` against the pages printed (--copies);
- ``pnp deck`` against the number of cards.

Each figure is the median of several runs on this machine.
"""

from __future__ import annotations

import csv
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import median_seconds, tool

from companion import data
from companion.darkhall import state as states
from companion.darkhall.board import CORNERS, SQUARES
from companion.darkhall.monster import resolve_monster

BIN = Path(sys.executable).parent



def open_sheet(folder: Path, n: int):
    """An n × n map with nothing inside, and a finished sheet leaving it open."""
    from companion.roguelight.sheet import load_sheet

    rows = [["."] * n for _ in range(n)]
    for x, y in ((0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)):
        rows[y][x] = "X"
    entrances = {1: (1, 0), 2: (n // 2 - 1, 0), 3: (n - 3, 0), 4: (1, n - 1),
                 5: (n // 2 - 1, n - 1), 6: (n - 3, n - 1)}
    for face, (x, y) in entrances.items():
        rows[y][x] = str(face)
    items = [(1 + i % (n - 2), 2 + (i * 3) % (n - 4)) for i in range(8)]
    for x, y in items:
        rows[y][x] = "I"
    from companion.grid import cell_name
    blocks = "\n".join(f'"{f}" = "{cell_name((x, 0 if y == 0 else y - 1), upper=True)}:'
                       f'{cell_name((x + 1, 1 if y == 0 else y), upper=True)}"'
                       for f, (x, y) in entrances.items())
    text = re.sub(r'grid = """.*?"""', lambda _m: 'grid = """\n' + "\n".join(
        "".join(r) for r in rows) + '\n"""', data.text("roguelight", "basic.toml"), flags=re.S)
    text = re.sub(r"\[entrance_blocks\].*?\n\n",
                  lambda _m: "[entrance_blocks]\n" + blocks + "\n\n", text, flags=re.S)
    (folder / f"open{n}.toml").write_text(text, "utf-8")
    filled = [["."] * n for _ in range(n)]
    for x, y in list(entrances.values())[1:]:
        filled[y][x] = "#"
    plan = blocks.splitlines()[0].split('"')[3]
    path = folder / f"open{n}-sheet.toml"
    path.write_text(f'map = "open{n}.toml"\nplans = ["{plan}"]\nfilled = """\n'
                    + "\n".join("".join(r) for r in filled) + '\n"""\n', "utf-8")
    return load_sheet(path)


def scoring_rows() -> list[str]:
    from companion.roguelight.scoring import score_exits

    rows = []
    with tempfile.TemporaryDirectory() as name:
        for n in (8, 14, 20, 26):
            sheet = open_sheet(Path(name), n)
            ms = median_seconds(lambda sheet=sheet: score_exits(sheet), 21) * 1000
            rows.append(f"| Roguelight score | open map {n} × {n} ({n * n} cells) | {ms:.2f} ms |")
    return rows


def resolver_rows() -> list[str]:
    basic = states.basic_setup()
    rows = []
    for count in (0, 7, 14, 28):
        rng = random.Random(count)
        positions = []
        for _ in range(500):
            free = [s for s in SQUARES if s not in set(basic.stones) | basic.blood | CORNERS]
            rng.shuffle(free)
            tokens = tuple(states.Token(f"t{i}", free[i + 1], 3) for i in range(count))
            positions.append(states.State(states.Monster(free[0], rng.choice("NESW")),
                                          basic.stones, basic.pools, tokens))
        seconds = median_seconds(lambda ps=positions: [resolve_monster(p, "10") for p in ps], 5)
        rows.append(f"| Dark Hall resolver, tile 10 | {count} tokens | "
                    f"{500 / seconds:,.0f} moves/s |")
    return rows


def build_rows() -> list[str]:
    rows = []
    with tempfile.TemporaryDirectory() as name:
        for copies in (1, 4, 16):
            out = Path(name) / str(copies)
            seconds = median_seconds(lambda out=out, copies=copies: subprocess.run(
                [tool("pnp"), "build", "darkhall", "pieces", "--copies", str(copies), "--out",
                 str(out)], check=True, capture_output=True), 3)
            rows.append(f"| pnp build darkhall pieces | --copies {copies} | {seconds:.2f} s |")
    return rows


def deck_rows() -> list[str]:
    rows = []
    deck = ('[deck]\nname = "d"\nsize = "poker"\n[data]\nfile = "cards.csv"\n'
            '[[face]]\ntype = "text"\ntext = "{{ title }}"\nx = 6\ny = 6\nw = 51\nh = 8\n'
            '[[back]]\ntype = "rect"\nx = 0\ny = 0\nw = 63\nh = 88\nfill = "#8e1b2b"\n')
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "deck.toml").write_text(deck, "utf-8")
        for count in (36, 144, 576):
            with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                writer.writerow(["title"])
                writer.writerows([f"Card {i}"] for i in range(count))
            seconds = median_seconds(lambda: subprocess.run(
                [tool("pnp"), "deck", "deck.toml", "--out", "."], cwd=folder, check=True,
                capture_output=True), 3)
            size = (folder / "d.pdf").stat().st_size / 1024
            rows.append(f"| pnp deck | {count} poker cards | {seconds:.2f} s, {size:.0f} KiB |")
    return rows


def main() -> None:
    print("| command | input | time |")
    print("|---|---|---|")
    for rows in (scoring_rows(), resolver_rows(), build_rows(), deck_rows()):
        for row in rows:
            print(row)


if __name__ == "__main__":
    main()
