"""A Rakugaaki position: the board, the colours in turn order, the guards, the tiles.

The state file (JSON, or the same keys in TOML; ``docs/rakugaaki.md``)::

    {"game": "rakugaaki", "board": "standard-34", "players": 4,
     "colours": ["red", "blue", "green", "yellow"], "turn": "red", "action": 1,
     "guards": ["D4"], "tiles": {"B3": "red-1", "C4": "blue-1"}}

Hands are not stored: a colour's hand is its 15 tiles minus those on the
board (R8). Reading checks only what holds at every moment (R16) and names
the file, the key and the cell of the first problem.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from companion.errors import InputError, refuse_unknown_keys
from companion.files import dump_json, dump_toml, parse_json, parse_toml, read_text
from companion.i18n import _, _n
from companion.rakugaaki import board as boards
from companion.rakugaaki.board import Board, Cell, board_order, name

#: The six colours in the standard order, with their initials on the terminal board.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
INITIALS = {"red": "r", "blue": "b", "green": "g", "yellow": "y", "purple": "p", "orange": "o"}
#: How many tiles of each value a colour owns: 15 in all.
OWNED = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
KEYS = ("game", "board", "players", "colours", "turn", "action", "guards", "tiles")
_TILE = re.compile(r"([a-z]+)-([0-9]+)")


class Tile(NamedTuple):
    colour: str
    value: int

    def __str__(self) -> str:
        return f"{self.colour}-{self.value}"


@dataclass(frozen=True)
class State:
    board: Board
    players: int
    colours: tuple[str, ...]
    turn: str
    action: int
    guards: tuple[Cell, ...]
    tiles: dict[Cell, Tile] = field(default_factory=dict)
    #: The board as the file names it, and the folder a board file is relative to.
    board_ref: str = ""
    board_base: Path | None = None

    def owner(self, colour: str) -> int:
        """The player (numbered from 1) playing ``colour`` (R11 at 2 players)."""
        index = self.colours.index(colour)
        return index % 2 + 1 if self.players == 2 else index + 1

    @property
    def in_use(self) -> frozenset[Cell]:
        return self.board.in_use(self.players)

    def with_tile(self, cell: Cell, tile: Tile) -> State:
        return replace(self, tiles={**self.tiles, cell: tile})

    def next_colour(self) -> str:
        return self.colours[(self.colours.index(self.turn) + 1) % len(self.colours)]


def default_colours(players: int) -> tuple[str, ...]:
    """R21: the first N colours; at 2 players four (player 1 red and green)."""
    return COLOURS[:4] if players == 2 else COLOURS[:players]


def colour_count(players: int) -> int:
    return 4 if players == 2 else players


def start(board: Board, players: int, colours: tuple[str, ...] | None = None,
          board_ref: str | None = None, board_base: Path | None = None) -> State:
    """A new game: guards on their start cells, no tiles, the first colour's action 1."""
    players = _players(players, board, "--players")
    chosen = _colours(list(colours) if colours is not None else None, players, "--colours")
    return State(board, players, chosen, chosen[0], 1, board.guard_starts, {},
                 board_ref or board.name, board_base)


# --- reading ----------------------------------------------------------------


def load(source: str | Path) -> State:
    path = Path(source)
    text = read_text(path)
    data = parse_toml(text, str(path)) if path.suffix == ".toml" else parse_json(text, str(path))
    return from_dict(data, str(path), path.parent)


def from_dict(data: Any, where: str, folder: Path) -> State:
    """Build and check a state; ``folder`` is where a board file name is relative to."""
    if not isinstance(data, dict):
        raise InputError(_("a state is an object with keys {keys}", keys=", ".join(KEYS)), where)
    refuse_unknown_keys(data, KEYS, where)
    if data.get("game", "rakugaaki") != "rakugaaki":
        raise InputError(_('expected "rakugaaki", found {found!r}', found=data["game"]),
                         f"{where}: game")
    ref, board, base = _board(data.get("board"), folder, f"{where}: board")
    state = _from_fields(data, board, where)
    return replace(state, board_ref=ref, board_base=base)


def _board(value: Any, folder: Path, where: str) -> tuple[str, Board, Path | None]:
    if value is None:
        raise InputError(_("missing: a shipped board ({names}) or a board file",
                           names=", ".join(boards.SHIPPED)), where)
    if not isinstance(value, str) or not (value in boards.SHIPPED or value.endswith(".toml")):
        raise InputError(_("expected a shipped board ({names}) or a board file ending in "
                           ".toml, found {found!r}", names=", ".join(boards.SHIPPED),
                           found=value), where)
    try:
        if value in boards.SHIPPED:
            return value, boards.shipped(value), None
        return value, boards.load(value, relative_to=folder), folder
    except InputError as err:
        raise err.at(where) from None


def _from_fields(data: dict[str, Any], board: Board, where: str) -> State:
    players = _players(data.get("players"), board, f"{where}: players")
    colours = _colours(data.get("colours"), players, f"{where}: colours")
    turn = data.get("turn", colours[0])
    if turn not in colours:
        raise InputError(_("expected one of the colours {colours}, found {found!r}",
                           colours=", ".join(colours), found=turn), f"{where}: turn")
    action = data.get("action", 1)
    if action not in (1, 2) or isinstance(action, bool):
        raise InputError(_("expected 1 or 2, found {found!r}", found=action), f"{where}: action")
    guards = _guards(data.get("guards"), board, f"{where}: guards")
    tiles = _tiles(data.get("tiles", {}), board, players, colours, f"{where}: tiles")
    return State(board, players, colours, turn, action, guards, tiles)


def _players(value: Any, board: Board, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in board.serves:
        served = ", ".join(str(p) for p in board.serves)
        raise InputError(_("expected a number of players the {kind} board serves ({served}), "
                           "found {found!r}", kind=board.players, served=served, found=value),
                         where)
    return value


def _colours(value: Any, players: int, where: str) -> tuple[str, ...]:
    if value is None:
        return default_colours(players)
    count = colour_count(players)
    if not isinstance(value, list):
        raise InputError(_("expected a list of colours in turn order"), where)
    for colour in value:
        if colour not in COLOURS:
            raise InputError(_("unknown colour {colour!r}; the colours: {known}",
                               colour=colour, known=", ".join(COLOURS)), where)
        if value.count(colour) > 1:
            raise InputError(_("{colour} is named twice", colour=colour), where)
    if len(value) != count:
        raise InputError(_n("{count} colour given; {players} players play {expected}",
                            "{count} colours given; {players} players play {expected}",
                            len(value), players=players, expected=count),
                         where)
    return tuple(value)


def _guards(value: Any, board: Board, where: str) -> tuple[Cell, ...]:
    if value is None:
        return board.guard_starts  # R24
    if not isinstance(value, list) or len(value) != board.guard_count:
        raise InputError(_n("expected a list of {count} guard cell on a {kind} board",
                            "expected a list of {count} guard cells on a {kind} board",
                            board.guard_count, kind=board.players),
                         where)
    return tuple(board.parse_cell(cell, where) for cell in value)


def _tiles(value: Any, board: Board, players: int, colours: tuple[str, ...],
           where: str) -> dict[Cell, Tile]:
    if not isinstance(value, dict):
        raise InputError(_('expected cell → tile, like {{"B3": "red-1"}}'), where)
    tiles: dict[Cell, Tile] = {}
    for key, text in value.items():
        cell = board.parse_cell(key, where)
        place = f"{where}: {name(cell)}"
        if cell in tiles:
            raise InputError(_("the cell is named twice"), place)
        if cell not in board.in_use(players):
            raise InputError(_("not in use at {players} players", players=players), place)
        tiles[cell] = _tile(text, colours, place)
    _check_counts(tiles, where)
    return dict(sorted(tiles.items(), key=lambda item: board_order(item[0])))


def _tile(text: Any, colours: tuple[str, ...], where: str) -> Tile:
    match = _TILE.fullmatch(text) if isinstance(text, str) else None
    if not match or not 1 <= int(match.group(2)) <= 5:
        raise InputError(_('expected a tile "colour-value" with a value 1-5, like "red-2"; '
                           'found {found!r}', found=text), where)
    if match.group(1) not in colours:
        raise InputError(_("{colour} is not a colour of this game ({colours})",
                           colour=match.group(1), colours=", ".join(colours)), where)
    return Tile(match.group(1), int(match.group(2)))


def _check_counts(tiles: dict[Cell, Tile], where: str) -> None:
    placed: dict[Tile, int] = {}
    for tile in tiles.values():
        placed[tile] = placed.get(tile, 0) + 1
        if placed[tile] > OWNED[tile.value]:
            raise InputError(_n("{tile}: more on the board than the {owned} tile a colour owns",
                                "{tile}: more on the board than the {owned} tiles a colour owns",
                                OWNED[tile.value], tile=str(tile), owned=OWNED[tile.value]),
                             where)
    fives = [name(c) for c, t in sorted(tiles.items(), key=lambda i: board_order(i[0]))
             if t.value == 5]
    if len(fives) > 1:
        raise InputError(_("two 5s ({cells}): the first 5 ends the game",
                           cells=", ".join(fives)), where)


# --- writing ----------------------------------------------------------------


def board_reference(state: State, folder: Path | None) -> str:
    """The state's board as a file written into ``folder`` names it (``None``: as
    seen from the current folder)."""
    if state.board_base is None:
        return state.board_ref
    target = (state.board_base / state.board_ref).resolve()
    return Path(os.path.relpath(target, (folder or Path.cwd()).resolve())).as_posix()


def to_dict(state: State, folder: Path | None = None) -> dict[str, Any]:
    """Every key, in the documented order; ``folder`` as for :func:`board_reference`."""
    return {
        "game": "rakugaaki",
        "board": board_reference(state, folder),
        "players": state.players,
        "colours": list(state.colours),
        "turn": state.turn,
        "action": state.action,
        "guards": [name(c) for c in state.guards],
        "tiles": {name(c): str(t) for c, t in sorted(state.tiles.items(),
                                                      key=lambda i: board_order(i[0]))},
    }


def dump(state: State, path: Path | None = None) -> str:
    """The state as the file ``path`` is written: TOML for ``.toml``, else JSON."""
    data = to_dict(state, path.parent if path is not None else None)
    if path is not None and path.suffix == ".toml":
        return dump_toml(data)
    return dump_json(data)
