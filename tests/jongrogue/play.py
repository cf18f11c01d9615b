"""A player for whole JongRogue games: it reads the state, picks the next command as a
person at the table would (fight what is in the room, take what lies there, head for
the stairs or for rooms not yet seen, search when no way leads on) and runs it through
the command line. The combat rules are not the map chapter's: a monster met is
defeated (``remove``), a condition wears off (``hero --asleep off``)."""

from __future__ import annotations

import json
import random
from collections import Counter, deque
from pathlib import Path

from click.testing import CliRunner

from companion.cli import main
from companion.jongrogue import actions, labyrinth
from companion.jongrogue import state as states
from companion.jongrogue.engine import AMULET_FLOOR
from companion.jongrogue.state import State
from tests.jongrogue.util import FOUND

#: Commands a floor may take before the player stops looking for the amulet.
PATIENCE = 120


class Stuck(AssertionError):
    """The game reached a state that no command can leave."""


def tiles_out_of_the_labyrinth(state: State) -> Counter:
    """The floor's wall tiles wherever they are: wall, slots, discards, taken."""
    found = Counter(state.wall or [])
    found.update(state.discards + state.taken)
    found.update(s.tile for r in state.rooms or [] for s in r.encounter if s)
    return found


class Player:
    def __init__(self, folder: Path, seed: int, *, amulet_hunt: bool = True) -> None:
        self.path = folder / "game.json"
        self.rng = random.Random(seed)
        self.amulet_hunt = amulet_hunt
        self.commands: list[list[str]] = []
        self.on_floor = 0
        self.deepest = 0

    # --- the command line ---------------------------------------------------------------

    def run(self, *args: str) -> dict:
        self.commands.append(list(args))
        result = CliRunner().invoke(main, ["jongrogue", *args, "--json"])
        if result.exit_code != 0:
            raise AssertionError(f"{args}: exit {result.exit_code}: {result.output}")
        return json.loads(result.stdout)

    def state(self) -> State:
        return states.load(self.path, FOUND)

    def start(self, floor: int = 1) -> None:
        self.run("floor", "new", "--seed", str(self.rng.randrange(2**32)),
                 "--floor", str(floor), "--out", str(self.path))

    def step(self) -> bool:
        """One command; False once the game is over."""
        state = self.state()
        if state.over:
            return False
        if state.rooms is not None:
            assert tiles_out_of_the_labyrinth(state) == Counter(FOUND.wall_tiles())
        self.deepest = max(self.deepest, state.floor)
        args = self.choose(state)
        before = state.floor
        self.run(*args, "--out", str(self.path))
        after = self.state()
        self.on_floor = 0 if after.floor != before or after.rooms is None else self.on_floor + 1
        return True

    def play(self, limit: int) -> int:
        """Play to the end (escaped) or ``limit`` commands; the commands used."""
        for used in range(limit):
            if not self.step():
                return used
        return limit

    # --- choosing -------------------------------------------------------------------------

    def choose(self, state: State) -> list[str]:
        path = str(self.path)
        if state.between_floors:
            return ["floor", "new", path, "--seed", str(self.rng.randrange(2**32))]
        hero = state.hero
        if hero.asleep or hero.held:
            return ["hero", path, "--asleep", "off", "--held", "off"]
        if hero.amulet and state.plate == "E":
            return ["plate", path, "S"]
        legal = actions.legal_moves(state, FOUND)
        room, side = state.place
        monsters = self.monsters(state, room)
        if side is None and monsters:
            return ["remove", path, str(monsters[0])]
        if legal.take:
            return ["take", path, str(legal.take[0])]
        stairs = [to for to, kind in legal.moves if kind == "stairs"]
        if stairs and self.wants_stairs(state):
            return ["move", path, stairs[0]]
        if state.in_house:
            return ["move", path, self.area_toward(state, legal)]
        return self.walk(state, legal, monsters)

    def monsters(self, state: State, room: int) -> list[int]:
        return [i + 1 for i, s in enumerate(state.room(room).encounter)
                if s and FOUND.kind(s.tile) == "monster"]

    def wants_amulet(self, state: State) -> bool:
        return (self.amulet_hunt and state.floor >= AMULET_FLOOR and not state.hero.amulet
                and self.on_floor < PATIENCE)

    def amulet_rooms(self, state: State) -> set[int]:
        return {n for n in labyrinth.ROOMS if state.room(n).open and any(
            s and FOUND.kind(s.tile) == "amulet" for s in state.room(n).encounter)}

    def wants_stairs(self, state: State) -> bool:
        if state.plate == "S" or not self.wants_amulet(state):
            return True
        unseen = [n for n in labyrinth.ROOMS if not state.room(n).open]
        return not unseen and not self.amulet_rooms(state)

    def goals(self, state: State) -> set[int]:
        unseen = {n for n in labyrinth.ROOMS if not state.room(n).open}
        if self.wants_amulet(state) and (self.amulet_rooms(state) or unseen):
            return self.amulet_rooms(state) | unseen
        stairs = {n for n in labyrinth.ROOMS if state.room(n).open
                  and labyrinth.has_stairs(state.room(n).tiles, FOUND)}
        return stairs or unseen

    def area_toward(self, state: State, legal: actions.Moves) -> str:
        areas = [to for to, kind in legal.moves if kind == "area"]
        wanted = [a for a in areas if int(a) in self.amulet_rooms(state)]
        return (wanted or [self.rng.choice(areas)])[0]

    # --- walking the labyrinth ----------------------------------------------------------------

    def walk(self, state: State, legal: actions.Moves, monsters: list[int]) -> list[str]:
        path = str(self.path)
        room, side = state.place
        moves = dict(legal.moves)
        way = self.first_side(state, room)
        if way is None:  # no known way on: a hidden passage, or wander
            if legal.search and not state.hero.hidden:
                return ["search", path]
            if side is not None and monsters:
                return ["move", path, str(room)]
            way = self.rng.choice(labyrinth.doors(room))
        if side is None:
            return ["move", path, labyrinth.place(room, way)]
        if side == way:
            through = labyrinth.place(labyrinth.neighbour(room, way), labyrinth.OPPOSITE[way])
            if through in moves:
                return ["move", path, through]
        return ["move", path, str(room)]

    def first_side(self, state: State, start: int) -> str | None:
        """The first door on a shortest known way to a goal room (breadth first over open
        rooms' open sides; a found hidden passage opens every door of the start)."""
        goals = self.goals(state) - {start}
        seen, queue = {start}, deque([(start, None)])
        while queue:
            room, first = queue.popleft()
            if room in goals:
                return first
            r = state.room(room)
            if not (r.open and r.known):
                continue
            sides = labyrinth.open_sides(r.tiles, room, FOUND)
            if room == start and state.hero.hidden:
                sides = labyrinth.doors(room)
            for side in sides:
                nxt = labyrinth.neighbour(room, side)
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, first or side))
        return None
