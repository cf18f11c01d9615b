"""A random player for campaign tests: it draws, lays, walks (by a shortest path to the
nearest corridor end), fights, settles, opens chests and goes home, through the CLI."""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from companion.cli import main
from companion.majin import campaign as campaigns
from companion.majin import corridors


def command(*args: str) -> dict[str, Any] | None:
    """The JSON of a campaign command, or None when it is refused (exit 2, one line)."""
    result = CliRunner().invoke(main, ["--lang", "en", "majin", *args, "--json"])
    if result.exit_code == 2:
        assert result.stdout == "" and result.stderr.startswith("Error: "), result.output
        return None
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def path_to_an_end(game: Path) -> list[str] | None:
    """Directions over laid cards to the nearest card with a corridor end."""
    return _shortest(game, lambda c, laid, cell: bool(
        corridors.corridor_ends(c.cards, laid, *cell)))


def path_to_up(game: Path) -> list[str] | None:
    """Directions over laid cards to the floor's up stairs."""
    def up(c, laid, cell) -> bool:
        here = corridors.at(laid, *cell)
        return here is not None and c.cards.dungeon[here["card"]].kind == "up"
    return _shortest(game, up)


def _shortest(game: Path, goal) -> list[str] | None:
    """A breadth-first walk over laid cards to the nearest cell meeting ``goal``."""
    c = campaigns.load(game)
    trip = c.dungeon
    assert trip is not None
    laid = trip.laid()
    start = (trip.x, trip.y)
    seen: dict[tuple[int, int], list[str]] = {start: []}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if goal(c, laid, cell):
            return seen[cell]
        for side in corridors.DIRECTIONS:
            step = corridors.passable(c.cards, laid, *cell, side)
            if step is not None and step not in seen:
                seen[step] = [*seen[cell], side]
                queue.append(step)
    return None


def step(game: Path, battle: Path, rng: random.Random) -> str:
    """One sensible command; its name."""
    seed = str(rng.randrange(10**6))
    c = campaigns.load(game)
    trip = c.dungeon
    if trip is None:
        return _surface(game, c, rng, seed)
    if trip.chest:
        if command("chest", str(game), "--seed", seed) is None:
            command("chest", str(game), "--skip")
        return "chest"
    if trip.battle:
        command("battle", str(battle), "--seed", seed, "--out", str(battle))
        assert command("settle", str(game), str(battle), "--seed", seed) is not None
        return "settle"
    if trip.due:
        assert command("fight", str(game), "--out", str(battle), "--seed", seed) is not None
        return "fight"
    if trip.drawn:
        sides = list(corridors.DIRECTIONS)
        rng.shuffle(sides)
        assert any(command("place", str(game), side) for side in sides)
        return "place"
    if rng.random() < 0.05 or command("draw", str(game)) is None:
        if rng.random() < 0.5 and command("descend", str(game)):
            return "descend"
        way = path_to_an_end(game) if rng.random() < 0.8 else None
        if way:
            assert command("move", str(game), *way) is not None
            return "move"
        if way == [] and rng.random() < 0.5:
            return "wait"  # a corridor end here: the next step draws
        return _home(game, seed)
    return "draw"


def _home(game: Path, seed: str) -> str:
    """Walk to the up stairs (stopping if a battle becomes due) and go up."""
    home = path_to_up(game)
    if home is None:
        return "stuck"
    if home and command("move", str(game), *home) is None:
        return "stuck"
    if campaigns.load(game).dungeon.due is None:  # type: ignore[union-attr]
        assert command("up", str(game), "--seed", seed) is not None
        return "up"
    return "move"


def _surface(game: Path, c: campaigns.Campaign, rng: random.Random, seed: str) -> str:
    if len(c.graveyard) > 5:
        command("lose", str(game), c.graveyard[0], "--seed", seed)
        return "lose"
    if c.graveyard and c.money >= 1000 and rng.random() < 0.5:
        command("revive", str(game), c.graveyard[0], "--seed", seed)
        return "revive"
    if len(c.stock) + len(c.members()) < 6:
        for tier in ("500", "100"):
            if c.money >= int(tier) and command("gacha", str(game), "--tier", tier):
                return "gacha"
    while len(c.pack) > max(1, len(c.members())):
        command("sell", str(game), c.pack[0])
        c = campaigns.load(game)
    if not c.members() or rng.random() < 0.3:
        team = (c.members() + c.stock)[:6]
        if not team:
            command("adjust", str(game), "--money", "500", "--note", "a loan")
            return "adjust"
        front, back = ",".join(team[:3]), ",".join(team[3:]) or "-"
        command("party", str(game), "--front", front, "--back", back)
        return "party"
    if command("enter", str(game), "--seed", seed) is None:
        command("adjust", str(game), "--money", "500", "--note", "a loan")
        return "adjust"
    return "enter"
