"""Scoring is invariant under mirroring a map and its sheet."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.grid import Rect
from companion.roguelight.maps import shipped
from companion.roguelight.scoring import score_sheet
from companion.roguelight.sheet import Sheet
from tests.roguelight.util import flip, mirror_sheet

BOARDS = [shipped("basic"), shipped("advanced")]


@st.composite
def finished_sheets(draw) -> Sheet:
    board = draw(st.sampled_from(BOARDS))
    rng = draw(st.randoms(use_true_random=False))
    density = draw(st.floats(0.15, 0.6))
    face = draw(st.integers(1, 6))
    entrances = set(board.entrances.values())
    filled = {c for c in board.cells if c not in entrances and rng.random() < density}
    filled |= entrances - {board.entrances[face]}
    exits = [c for c in board.exits if c not in filled] or [board.exits[0]]
    filled -= {exits[0]}
    plans = [board.entrance_blocks[face]]
    for _ in range(draw(st.integers(0, 4))):
        x, y = rng.randrange(board.width - 1), rng.randrange(board.height - 1)
        rect = Rect(x, y, min(board.width - 1, x + rng.randint(1, 3)),
                    min(board.height - 1, y + rng.randint(1, 3)))
        if not any(rect.overlaps(p) for p in plans):
            plans.append(rect)
    goals = tuple(draw(st.sets(st.sampled_from(["blue", "green", "ghost", "bat"])))) \
        if board.large else ()
    return Sheet(board, "random", None, goals, tuple(plans), frozenset(filled),
                 board.items_circled, frozenset(), None, face)


@settings(max_examples=150, deadline=None)
@given(finished_sheets(), st.sampled_from(["x", "y"]))
def test_mirroring_a_map_and_its_sheet_keeps_the_score(sheet, axis):
    for exit_ in sheet.open_exits:
        score = score_sheet(sheet, exit_)
        mirrored = score_sheet(mirror_sheet(sheet, axis), flip(exit_, sheet.map, axis))
        assert (mirrored.total, mirrored.room_points, mirrored.bonus, mirrored.goal_points) == (
            score.total, score.room_points, score.bonus, score.goal_points)
        assert sorted(r.scoring for r in mirrored.rooms) == sorted(r.scoring for r in score.rooms)
        assert len(mirrored.floor) == len(score.floor)


@settings(max_examples=150, deadline=None)
@given(finished_sheets())
def test_rooms_are_maximal_floor_rectangles_and_passages_are_the_rest(sheet):
    for exit_ in sheet.open_exits:
        score = score_sheet(sheet, exit_)
        covered = set()
        for room in score.rooms:
            cells = set(room.rect.cells())
            assert cells <= score.floor and room.rect.width >= 2 and room.rect.height >= 2
            covered |= cells
        assert covered | score.passages == set(score.floor)
        assert not covered & score.passages
        assert score.bonus in (0, 10) and (score.bonus == 0 or score.rooms)
