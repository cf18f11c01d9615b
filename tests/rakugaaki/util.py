"""States on the example board of the spec's worked cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.rakugaaki import board as boards
from companion.rakugaaki import state as states
from companion.rakugaaki.board import Cell, name
from companion.rakugaaki.state import State

EXAMPLES = Path(__file__).parents[2] / "examples" / "rakugaaki"
EXAMPLE = EXAMPLES / "example.toml"


def example_board() -> boards.Board:
    return boards.load(EXAMPLE)


def make(tiles: dict[str, str] | None = None, **keys: Any) -> State:
    """A state on the example board: 4 players, red's action 1, guard on D4 unless said."""
    data = {"board": "example.toml", "players": 4, "tiles": tiles or {}, **keys}
    return states.from_dict(data, "state.json", EXAMPLES)


def write(folder: Path, tiles: dict[str, str] | None = None, name_: str = "state.json",
          **keys: Any) -> Path:
    """The same state as a file in ``folder``, beside a copy of the example board."""
    (folder / "example.toml").write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    data = {"board": "example.toml", "players": 4, "tiles": tiles or {}, **keys}
    path = folder / name_
    path.write_text(json.dumps(data), "utf-8")
    return path


def cell(text: str) -> Cell:
    return example_board().parse_cell(text, "test")


def cells(text: str) -> set[Cell]:
    return {cell(c) for c in text.split()}


def names(found: Any) -> list[str]:
    return boards.names(found)


__all__ = ["cell", "cells", "example_board", "make", "name", "names", "write"]
