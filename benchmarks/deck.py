"""Deck benchmark (run by hand): 144 poker cards from a CSV through ``pnp deck``,
and the same deck through protograf, side by side.

    python benchmarks/deck.py                               # pnp deck alone
    python benchmarks/deck.py --protograf /path/to/venv/bin/python

protograf is not a dependency: install it in a separate environment
(``python3 -m venv /tmp/pg && /tmp/pg/bin/pip install protograf``) and pass
that environment's python. Each run is a fresh process (start-up included);
the report gives the median wall time of several runs, the file size, and the
ratios protograf / pnp (the targets: at least 8× faster, 5× smaller).

The deck: a title, a big number and a frame in the row's colour on each face,
a plain back; poker size, 3 × 3 on A4, crop marks, 3 mm bleed, duplex.
"""

from __future__ import annotations

import argparse
import csv
import tempfile
from pathlib import Path

from timing import against_protograf, timed, tool

CARDS = 144
COLOURS = ("#1d3f8f", "#c8102e", "#1a7a3c", "#d9a441")

DECK = """
[deck]
name = "bench"
size = "poker"
bleed = 3.0
[data]
file = "cards.csv"
[[face]]
type = "rect"
x = 3
y = 3
w = 57
h = 82
stroke = "{{ colour }}"
width = 0.7
[[face]]
type = "text"
text = "{{ title }}"
x = 6
y = 6
w = 51
h = 8
size = 12
align = "center"
[[face]]
type = "text"
text = "{{ number }}"
x = 6
y = 36
w = 51
h = 14
size = 24
align = "center"
[[back]]
type = "rect"
x = 0
y = 0
w = 63
h = 88
fill = "#8e1b2b"
bleed = true
"""

PROTOGRAF = """
from protograf import *
Create(filename="protograf.pdf", margin=0.6, units="mm")
Data(filename="cards.csv")
Deck(cards=144, card_size="poker", grid_marks=True, bleed_fill="white")
Card("*",
     rectangle(x=3, y=3, width=57, height=82, stroke=T("{{ colour }}"), stroke_width=2),
     text(text=T("{{ title }}"), x=31.5, y=12, font_size=12),
     text(text=T("{{ number }}"), x=31.5, y=50, font_size=24))
CardBack("*", rectangle(x=0, y=0, width=63, height=88, fill="#8e1b2b", stroke=None))
Save()
"""


def write_inputs(folder: Path) -> None:
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["title", "number", "colour"])
        for i in range(CARDS):
            writer.writerow([f"Card {i + 1}", i + 1, COLOURS[i % len(COLOURS)]])
    (folder / "deck.toml").write_text(DECK, encoding="utf-8")
    (folder / "protograf_deck.py").write_text(PROTOGRAF, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--protograf", metavar="PYTHON",
                        help="the python of an environment with protograf installed")
    args = parser.parse_args()
    pnp = tool("pnp")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_inputs(folder)
        ours = timed([pnp, "deck", "deck.toml", "--out", "."], folder, folder / "bench.pdf",
                     args.runs)
        print(f"pnp deck:  median {ours[0]:.2f} s over {args.runs} runs, "
              f"{ours[1] / 1024:.0f} KiB ({CARDS} cards)")
        if args.protograf:
            against_protograf(ours, args.protograf, folder, args.runs)


if __name__ == "__main__":
    main()
