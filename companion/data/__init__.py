"""The games' shipped data files (maps, boards, setups, tables, words)."""

from __future__ import annotations

import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def text(game: str, name: str) -> str:
    """The text of a shipped data file, ``companion/data/<game>/<name>``."""
    with open(os.path.join(_HERE, game, name), encoding="utf-8") as handle:
        return handle.read()
