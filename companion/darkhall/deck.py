"""The monster deck: eight movement tiles, two stages of seven moves.

The first tile of a game is never X/XX (draw until a number shows, shuffle the
others back). Stage 1 ends after the 7th monster move; the 8th tile is not
used; all eight are reshuffled for stage 2, which ends the game after 7 more
moves. A whole game's tiles follow from one seed, so the small game file
(``{"seed": …, "drawn": […]}``) only records how far the table has got.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.darkhall.monster import HUNGER
from companion.darkhall.pieces import monster_tiles
from companion.errors import InputError
from companion.i18n import _

DECK = monster_tiles()
MOVES_PER_STAGE = 7


def game_tiles(seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The 7 tiles of stage 1 and the 7 of stage 2 that ``seed`` deals."""
    rng = random.Random(seed)
    pile = list(DECK)
    rng.shuffle(pile)
    set_aside = []
    while pile[0] in HUNGER:
        set_aside.append(pile.pop(0))
    first = pile.pop(0)
    rest = pile + set_aside
    rng.shuffle(rest)
    stage1 = (first, *rest[: MOVES_PER_STAGE - 1])
    pile = list(DECK)
    rng.shuffle(pile)
    return stage1, tuple(pile[:MOVES_PER_STAGE])


@dataclass(frozen=True)
class Draw:
    stage: int
    move: int  # 1–7 within the stage
    tile: str
    left: int  # tiles still face down in the stage's pile


@dataclass(frozen=True)
class Game:
    seed: int
    drawn: tuple[Draw, ...] = ()

    @property
    def over(self) -> bool:
        return len(self.drawn) == 2 * MOVES_PER_STAGE

    @property
    def stage(self) -> int:
        """The stage of the next monster move (2 once stage 1's seven are done)."""
        return 1 if len(self.drawn) < MOVES_PER_STAGE else 2

    def draw(self) -> tuple[Game, Draw]:
        if self.over:
            raise InputError(_("the game is over: stage 2 has had its 7 monster moves"))
        stage1, stage2 = game_tiles(self.seed)
        n = len(self.drawn)
        stage, move = divmod(n, MOVES_PER_STAGE)
        tile = (stage1 + stage2)[n]
        drawn = Draw(stage + 1, move + 1, tile, len(DECK) - move - 1)
        return Game(self.seed, (*self.drawn, drawn)), drawn


def to_dict(game: Game) -> dict[str, Any]:
    return {
        "game": "darkhall",
        "seed": game.seed,
        "drawn": [{"stage": d.stage, "move": d.move, "tile": d.tile} for d in game.drawn],
    }


def from_dict(data: Any, where: str) -> Game:
    """Read a game file, checking its record against what its seed deals."""
    seed = data.get("seed") if isinstance(data, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputError(_('expected {{"seed": N, "drawn": [...]}}'), where)
    drawn = data.get("drawn", [])
    if not isinstance(drawn, list) or len(drawn) > 2 * MOVES_PER_STAGE:
        raise InputError(_("'drawn' is a list of at most {count} draws",
                                 count=2 * MOVES_PER_STAGE), where)
    game = Game(data["seed"])
    for i, record in enumerate(drawn):
        game, expected = game.draw()
        tile = record.get("tile") if isinstance(record, dict) else record
        if str(tile) != expected.tile:
            raise InputError(_("draw {number} says {tile!r} but seed {seed} deals {dealt}: the "
                               "file was changed by hand", number=i + 1, tile=tile,
                               seed=game.seed, dealt=expected.tile), f"{where}: drawn[{i}]")
    return game
