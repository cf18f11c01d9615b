"""Building Dark Hall states for tests in a line or two."""

from __future__ import annotations

from typing import Any

from companion.darkhall import state as states

BASIC_STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"]
BASIC_POOLS = [["i3", "j3", "i4", "j4"], ["e9", "f9", "g9", "h9"]]


def make(
    monster: str = "a1 E",
    tokens: dict[str, str | None] | None = None,
    stones: list[str] | None = None,
    pools: list[list[str]] | None = None,
    stage: int = 1,
    face: int = 6,
) -> states.State:
    """A state: the basic setup unless stones/pools are given; tokens id → square."""
    square, facing = monster.split()
    data: dict[str, Any] = {
        "monster": {"square": square, "facing": facing},
        "tokens": [{"id": i, "square": s, "face": face} for i, s in (tokens or {}).items()],
        "stage": stage,
    }
    if stones is not None:
        data["stones"] = stones
    if pools is not None:
        data["pools"] = pools
    return states.from_dict(data, "test")


def walk(result) -> list[str]:
    return [step.to for step in result.steps]
