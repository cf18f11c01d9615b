"""魔人 benchmarks (run by hand: ``python benchmarks/majin.py``).

1. Battles resolved per second in-process: random six-member parties of the sample
   set against three monsters, seeded, to the end (target: 2,000 a second).
2. ``companion majin battle`` end to end on such a file (target: under 0.3 s).
3. ``pnp build majin-dungeon`` on the sample set, when the print set is there: time
   and the total size of the PDFs.
Each figure is the median of several runs.
"""

from __future__ import annotations

import random
import subprocess
import tempfile
import time
from pathlib import Path

from timing import build_report, median_seconds, tool

from companion.dice import Tray
from companion.files import dump_json
from companion.majin import battle as battles
from companion.majin import cards as card_files
from companion.majin.runner import Runner

BATTLES = 2000


def random_battle(found: card_files.Cards, rng: random.Random) -> dict:
    """Six 魔人 (3 + 3) with up to six items against three monsters of one floor."""
    party = rng.sample(sorted(found.majin), 6)
    floor = rng.choice([1, 2, 3])
    monsters = rng.sample([m.id for m in found.monsters.values() if m.floor == floor], 3)
    items = rng.sample(sorted(found.items), rng.randrange(7))
    return {"game": "majin", "kind": "battle", "cards": "sample", "floor": floor,
            "money": 1000, "front": party[:3], "back": party[3:],
            "items": dict(zip(party, items, strict=False)), "monsters": monsters}


def battles_per_second(files: list[dict], found: card_files.Cards) -> float:
    start = time.perf_counter()
    turns = 0
    for number, data in enumerate(files):
        fight = battles.from_dict(data, "battle.json", None)
        Runner(fight, Tray(seed=number)).run()
        turns += fight.turn
    return len(files) / (time.perf_counter() - start)



def main() -> None:
    found = card_files.load("sample")
    rng = random.Random(1)
    files = [random_battle(found, rng) for _number in range(BATTLES)]
    rates = sorted(battles_per_second(files, found) for _run in range(5))
    print(f"battles to the end in-process (loading each file): median {rates[2]:,.0f} a "
          f"second ({BATTLES} battles, 5 runs; target >= 2,000)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "battle.json"
        path.write_text(dump_json(files[0]), "utf-8")
        cli = median_seconds(lambda: subprocess.run(
            [tool("companion"), "majin", "battle", str(path), "--seed", "1", "--json"],
            check=True, capture_output=True), 11)
        print(f"companion majin battle, end to end: median {cli * 1000:.0f} ms (11 runs; "
              "target < 300 ms)")
        build_report("majin-dungeon", Path(folder) / "out", 5)

if __name__ == "__main__":
    main()
