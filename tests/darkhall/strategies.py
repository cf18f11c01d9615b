"""Hypothesis strategies: random legal Dark Hall positions."""

from __future__ import annotations

from hypothesis import strategies as st

from companion.darkhall import state as states
from companion.darkhall.board import CELL, CORNERS, NAME, NEXT, SQUARES
from companion.grid import HEADINGS


def _inside(square: str) -> bool:
    return all(NEXT[(square, h)] is not None for h in HEADINGS)


def _pools(width: int, height: int) -> list[tuple[str, ...]]:
    found = []
    for square in SQUARES:
        x, y = CELL[square]
        cells = [(x + dx, y + dy) for dy in range(height) for dx in range(width)]
        if all(c in NAME and _inside(NAME[c]) for c in cells):
            found.append(states.canonical([NAME[c] for c in cells]))
    return found


SQUARE_POOLS = _pools(2, 2)
LINE_POOLS = _pools(4, 1) + _pools(1, 4)


def _touch(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    near = {NEXT[(s, h)] for s in a for h in HEADINGS} | set(a)
    return bool(near & set(b))


@st.composite
def positions(draw, max_tokens: int = 10, resting: bool = True) -> states.State:
    pools = [draw(st.sampled_from(SQUARE_POOLS))]
    line = draw(st.sampled_from(LINE_POOLS))
    if not _touch(pools[0], line):
        pools.append(line)
    if draw(st.booleans()):
        pools = pools[:1] if draw(st.booleans()) else []
    blood = {s for p in pools for s in p}
    allowed = [s for s in SQUARES if resting or s not in blood]
    free = list(allowed)
    draw(st.randoms(use_true_random=False)).shuffle(free)
    monster = next(s for s in free if s not in blood)
    rest = [s for s in free if s != monster]
    n_stones = draw(st.integers(0, 11))
    stones = [s for s in rest if s not in CORNERS][:n_stones]
    n_tokens = draw(st.integers(0, max_tokens))
    squares = [s for s in rest if s not in stones][:n_tokens]
    waiting = draw(st.integers(0, 3))
    out = draw(st.integers(0, 3))
    tokens = [{"id": f"t{i}", "square": s, "face": draw(st.integers(1, 6))}
              for i, s in enumerate([*squares, *([None] * waiting), *(["out"] * out)])]
    round_ = draw(st.integers(1, states.LAST_ROUND))
    escaped = [t["id"] for t in tokens if t["square"] == "out"]
    rounds = sorted(draw(st.integers(0, round_)) for _ in escaped)
    moved = [t["id"] for t in tokens if draw(st.booleans())]
    return states.from_dict({
        "monster": {"square": monster, "facing": draw(st.sampled_from("NESW"))},
        "stones": stones, "pools": [list(p) for p in pools], "tokens": tokens,
        "round": round_, "moved": moved,
        "escapes": [{"id": i, "round": r} for i, r in zip(escaped, rounds, strict=True)],
        **({"players": draw(st.integers(2, 7))} if draw(st.booleans()) else {}),
    }, "hypothesis")
