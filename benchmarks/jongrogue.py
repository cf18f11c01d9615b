"""JongRogue deck benchmark (run by hand): the 144-card tile deck built by
``pnp build jongrogue deck`` and a deck of the same layout built by protograf.

    python benchmarks/jongrogue.py
    python benchmarks/jongrogue.py --protograf /path/to/venv/bin/python

Both: 144 Japanese business cards (91 × 55 mm), 2 × 5 on A4, crop marks, 3 mm
bleed, a common back, duplex. protograf draws, per card, the same panel, the
tile's name in large type, the meaning band and the serial from the same rows
(``companion jongrogue cards``); it does not draw the vector pips, sticks and
bird, so its pages are simpler than ours. Each run is a fresh process; the
report gives the median wall time, the size, and the ratios protograf / pnp.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

from timing import against_protograf, timed, tool

PROTOGRAF = """
from protograf import *
Create(filename="protograf.pdf", margin=0.6, units="mm")
Data(filename="tiles.csv")
Deck(cards=144, card_size="business", grid_marks=True, bleed_fill="#FFFDF5")
Card("*",
     rectangle(x=3, y=3, width=85, height=49, rounded=3, fill="white", stroke="#555555"),
     text(text=T("{{ tile }}"), x=45.5, y=30, font_size=40),
     text(text=T("{{ label }}"), x=45.5, y=50, font_size=6))
CardBack("*", rectangle(x=0, y=0, width=91, height=55, fill="#0f4d2e", stroke=None),
         text(text="JongRogue", x=45.5, y=30, font_size=14, stroke="#f4ecd0"))
Save()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--protograf", metavar="PYTHON",
                        help="the python of an environment with protograf installed")
    args = parser.parse_args()
    pnp = tool("pnp")
    companion = tool("companion")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        subprocess.run([companion, "jongrogue", "cards", "--out", "tiles.csv"], cwd=folder,
                       check=True, capture_output=True)
        (folder / "protograf_deck.py").write_text(PROTOGRAF, encoding="utf-8")
        ours = timed([pnp, "build", "jongrogue", "deck", "--out", "."], folder,
                     folder / "jongrogue-deck.pdf", args.runs)
        print(f"pnp build jongrogue deck: median {ours[0]:.2f} s over {args.runs} runs, "
              f"{ours[1] / 1024:.0f} KiB (144 cards, 30 pages)")
        if args.protograf:
            against_protograf(ours, args.protograf, folder, args.runs)


if __name__ == "__main__":
    main()
