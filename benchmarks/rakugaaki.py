"""Rakugaaki benchmarks (run by hand: ``python benchmarks/rakugaaki.py``).

1. ``companion rakugaaki options`` end to end on a full ``standard-56`` state:
   every cell in use holds a tile, six colours (target: under 0.3 s).
2. The same options computation in-process, in milliseconds.
3. ``pnp build rakugaaki``: time and the total size of the PDFs.
Each figure is the median of several runs.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from timing import build_report, median_seconds, tool

from companion.files import dump_json
from companion.rakugaaki import board as boards
from companion.rakugaaki import rules
from companion.rakugaaki import state as states
from companion.rakugaaki.state import OWNED, Tile


def full_state() -> states.State:
    """standard-56 at 6 players with a tile on each of its 72 cells: each colour holds
    12 cells in a row of board order (its 1s, 2s and 3s: islands of strength up to
    22, so every tile is weighed as a challenge)."""
    board = boards.shipped("standard-56")
    state = states.start(board, 6)
    values = [v for v, n in OWNED.items() for _copy in range(n)][:12]
    cells = sorted(board.in_use(6), key=boards.board_order)
    tiles = {cell: Tile(state.colours[i // 12], values[i % 12]) for i, cell in enumerate(cells)}
    return states.State(board, 6, state.colours, state.turn, 1, state.guards, tiles,
                        "standard-56")



def main() -> None:
    state = full_state()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "full.json"
        path.write_text(dump_json(states.to_dict(state)), "utf-8")
        cli = median_seconds(lambda: subprocess.run(
            [tool("companion"), "rakugaaki", "options", str(path), "--json"],
            check=True, capture_output=True), 11)
        print(f"companion rakugaaki options, full standard-56, end to end: median "
              f"{cli * 1000:.0f} ms (11 runs; target < 300 ms)")
        inside = median_seconds(lambda: [rules.options(state, c) for c in state.colours], 50)
        print(f"options for all six colours in-process: median {inside * 1000:.2f} ms "
              f"(50 runs; {inside * 1000 / 6:.2f} ms a colour)")
        build_report("rakugaaki", Path(folder) / "out", 5)

if __name__ == "__main__":
    main()
