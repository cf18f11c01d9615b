"""The room finder (histogram and stack) equals a brute-force one on any floor."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.grid import Rect
from companion.roguelight.rooms import maximal_rooms


def brute_force_rooms(floor: frozenset) -> list[Rect]:
    """Every all-floor rectangle at least 2 × 2 that no one-step extension keeps all floor."""
    if not floor:
        return []
    width = max(x for x, _ in floor) + 1
    height = max(y for _, y in floor) + 1

    def all_floor(rect: Rect) -> bool:
        return all(cell in floor for cell in rect.cells())

    rooms = []
    for top in range(height):
        for bottom in range(top + 1, height):
            for left in range(width):
                for right in range(left + 1, width):
                    rect = Rect(left, top, right, bottom)
                    grown = [Rect(left - 1, top, right, bottom), Rect(left, top, right + 1, bottom),
                             Rect(left, top - 1, right, bottom), Rect(left, top, right, bottom + 1)]
                    if all_floor(rect) and not any(
                            g.left >= 0 and g.top >= 0 and all_floor(g) for g in grown):
                        rooms.append(rect)
    return sorted(rooms, key=lambda r: (r.top, r.left, r.bottom, r.right))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_the_room_finder_equals_brute_force(width: int, height: int, data) -> None:
    cells = [(x, y) for y in range(height) for x in range(width)]
    floor = frozenset(data.draw(st.sets(st.sampled_from(cells))))
    assert maximal_rooms(floor) == brute_force_rooms(floor)


def test_an_open_26_by_26_floor_is_one_room_and_a_cross_two() -> None:
    open_floor = frozenset((x, y) for x in range(26) for y in range(26))
    assert maximal_rooms(open_floor) == [Rect(0, 0, 25, 25)]
    cross = frozenset(c for c in open_floor if c[0] in (10, 11) or c[1] in (5, 6))
    assert maximal_rooms(cross) == [Rect(10, 0, 11, 25), Rect(0, 5, 25, 6)]
