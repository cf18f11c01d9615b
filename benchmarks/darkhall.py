"""Dark Hall benchmarks (run by hand: ``python benchmarks/darkhall.py``).

1. ``companion darkhall monster`` end to end on a full board (28 tokens,
   11 stones, both pools), tile XX: median wall time of several runs.
2. The resolver in-process on random legal positions with tiles 10 and XX:
   moves per second, median of several rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from timing import tool

from companion.darkhall import state as states
from companion.darkhall.board import CORNERS, SQUARES
from companion.darkhall.monster import resolve_monster

BASIC = states.basic_setup()


def full_board(rng: random.Random) -> states.State:
    """The basic stones and pools, the monster, and 28 tokens (7 players × 4)."""
    taken = set(BASIC.stones) | BASIC.blood | CORNERS
    free = [s for s in SQUARES if s not in taken]
    rng.shuffle(free)
    monster, *spots = free
    tokens = [states.Token(f"p{i // 4}-{i % 4}", spots[i], rng.choice([1, 2, 3, 4, 5, 6]))
              for i in range(28)]
    stage = rng.choice([1, 2])
    return states.State(states.Monster(monster, rng.choice("NESW")), BASIC.stones, BASIC.pools,
                        tuple(tokens), stage, round=1 if stage == 1 else states.STAGE_2_ROUND)


def random_position(rng: random.Random) -> states.State:
    taken = set(BASIC.blood)
    free = [s for s in SQUARES if s not in taken]
    rng.shuffle(free)
    monster = free.pop()
    stones = [s for s in free if s not in CORNERS][: rng.randint(0, 11)]
    rest = [s for s in free if s not in stones]
    tokens = [states.Token(f"t{i}", s, rng.randint(1, 6))
              for i, s in enumerate(rest[: rng.randint(0, 28)])]
    stage = rng.choice([1, 2])
    return states.State(states.Monster(monster, rng.choice("NESW")), states.canonical(stones),
                        BASIC.pools, tuple(tokens), stage,
                        round=1 if stage == 1 else states.STAGE_2_ROUND)


def end_to_end(runs: int) -> float:
    command = tool("companion")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "full.json"
        path.write_text(states.to_json(full_board(random.Random(1))))
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([command, "darkhall", "monster", str(path), "--tile", "XX"],
                           check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def throughput(tile: str, positions: list[states.State], rounds: int) -> float:
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for position in positions:
            resolve_monster(position, tile)
        rates.append(len(positions) / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="end-to-end runs")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(2026)
    positions = [random_position(rng) for _ in range(args.positions)]
    print(f"end to end, full board, tile XX: median {end_to_end(args.runs) * 1000:.0f} ms "
          f"over {args.runs} runs")
    for tile in ("10", "XX"):
        rate = throughput(tile, positions, args.rounds)
        print(f"resolver, tile {tile}: median {rate:,.0f} moves/s "
              f"({args.positions} random positions × {args.rounds} rounds)")


if __name__ == "__main__":
    main()
