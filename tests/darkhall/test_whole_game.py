"""A whole Dark Hall game through the command line only, and the files it keeps.

The state file and the game file are changed by `companion` alone: setup,
token moves, deck draws (which end each round with the monster's move).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.darkhall import state as states
from companion.darkhall.board import ENTRANCE, EXIT, NEXT
from companion.darkhall.standing import player_of
from companion.grid import HEADINGS
from tests.cli import refuses, succeeds


def run(*args: str) -> str:
    return succeeds(main, [str(a) for a in args])


def fails(*args: str) -> str:
    return refuses(main, [str(a) for a in args])


def route_out(state: states.State, token: states.Token) -> list[str]:
    """A shortest walk to the exit around stones, blood and the monster; 'out' after a1."""
    start = token.square or ENTRANCE
    blocked = set(state.stones) | state.blood | {state.monster.square}
    if start in blocked:
        return []
    came: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue and EXIT not in came:
        square = queue.popleft()
        for heading in HEADINGS:
            after = NEXT[(square, heading)]
            if after is not None and after not in came and after not in blocked:
                came[after] = square
                queue.append(after)
    if EXIT not in came:
        return []
    path = [EXIT]
    while came[path[-1]] is not None:
        path.append(came[path[-1]])
    return [*path[::-1], "out"]


def _planned(walk: list[str], token: states.Token) -> list[str]:
    points = walk if token.square is None else walk[1:]
    return points[: token.face]


def move_somehow(state_file: Path, token: states.Token, state: states.State) -> None:
    """The longest legal prefix of the token's route (down to a move of 0), via the CLI."""
    points = _planned(route_out(state, token), token)
    for length in range(len(points), -1, -1):
        result = CliRunner().invoke(
            main, ["darkhall", "move", str(state_file), token.id, *points[:length],
                   "--out", str(state_file)])
        if result.exit_code == 0:
            return
        assert result.exit_code == 2, result.output
    raise AssertionError(f"{token.id} could not even stay put")


def movers(state: states.State) -> list[states.Token]:
    """This round's tokens, one per player in turn (round 1: two each)."""
    mine: dict[str, list[states.Token]] = {}
    for token in state.tokens:
        if token.square != "out":
            mine.setdefault(player_of(token.id), []).append(token)
    if state.round == 1:
        mine = {p: tokens[:2] for p, tokens in mine.items()}
    turns = max((len(t) for t in mine.values()), default=0)
    return [tokens[i] for i in range(turns) for tokens in mine.values() if i < len(tokens)]


def play(tmp_path: Path, players: int, seed: int) -> tuple[Path, Path, list[str]]:
    state_file, game_file = tmp_path / "state.json", tmp_path / "game.json"
    run("darkhall", "setup", "--players", players, "--out", state_file)
    run("darkhall", "deck", "new", game_file, "--seed", seed)
    draws = []
    for _ in range(14):
        for token in movers(states.load(str(state_file))):
            current = states.load(str(state_file))
            move_somehow(state_file, current.token(token.id), current)
        result = CliRunner().invoke(main, ["darkhall", "deck", "draw", str(game_file),
                                           "--state", str(state_file)])
        if result.exit_code == 2 and "the game is over" in result.output:
            break
        assert result.exit_code == 0, result.output
        draws.append(result.output)
    return state_file, game_file, draws


def test_a_three_player_game_from_setup_to_a_winner(tmp_path):
    state_file, game_file, draws = play(tmp_path, players=3, seed=3)
    final = states.load(str(state_file))
    shown = run("darkhall", "show", state_file)
    assert final.players == 3
    # red and green got one token out each; red first, so red wins the tie
    assert [(e.token, e.round) for e in final.escapes] == [("red-2", 10), ("green-3", 13)]
    assert ("The game is over: red wins — the seven monster moves of stage 2 are made; "
            "most tokens out (1), first to reach that number.") in shown
    winner = "red"
    # the deck and the state agree: one draw per closed round
    recorded = json.loads(game_file.read_text())["drawn"]
    assert len(recorded) == final.round - 1 == len(draws)
    assert "the game is over" in fails("darkhall", "deck", "draw", game_file,
                                       "--state", state_file)
    assert f"{winner} has won" in fails("darkhall", "deck", "draw", game_file,
                                        "--state", state_file)


def test_deck_draw_writes_stage_2_after_the_seventh_move(tmp_path):
    state_file, game_file = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--out", state_file)
    run("darkhall", "deck", "new", game_file, "--seed", 4)
    for _ in range(6):
        run("darkhall", "deck", "draw", game_file, "--state", state_file)
    assert states.load(str(state_file)).stage == 1
    seventh = run("darkhall", "deck", "draw", game_file, "--state", state_file)
    assert "Stage 1 is over" in seventh
    after = states.load(str(state_file))
    assert (after.stage, after.round) == (2, 8)


def test_a_state_and_a_game_file_that_disagree_are_refused(tmp_path):
    state_file, game_file = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--out", state_file)
    run("darkhall", "deck", "new", game_file, "--seed", 4)
    run("darkhall", "deck", "draw", game_file)  # drawn without the state
    before = (state_file.read_bytes(), game_file.read_bytes())
    message = fails("darkhall", "deck", "draw", game_file, "--state", state_file)
    assert "the state is in round 1 but the game file has 1 tile drawn" in message
    assert (state_file.read_bytes(), game_file.read_bytes()) == before


def test_a_failed_save_leaves_both_files_as_they_were(tmp_path, monkeypatch):
    state_file, game_file = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--players", 2, "--out", state_file)
    run("darkhall", "deck", "new", game_file, "--seed", 4)
    before = (state_file.read_bytes(), game_file.read_bytes())
    real_replace, calls = os.replace, []

    def second_rename_fails(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise PermissionError(13, "Permission denied", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", second_rename_fails)
    message = fails("darkhall", "deck", "draw", game_file, "--state", state_file)
    assert "nothing was saved" in message and len(calls) >= 2
    assert (state_file.read_bytes(), game_file.read_bytes()) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "s.json"]


def test_a_folder_that_cannot_be_written_leaves_both_files_as_they_were(tmp_path):
    state_file, game_file = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--out", state_file)
    run("darkhall", "deck", "new", game_file, "--seed", 4)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    moved_state = blocker / "s.json"  # its folder is a file: cannot be written
    before = game_file.read_bytes()
    with pytest.raises(AssertionError):
        run("darkhall", "deck", "draw", game_file, "--state", moved_state)
    assert game_file.read_bytes() == before


def test_a_closed_pipe_leaves_both_files_as_they_were(tmp_path):
    state_file, game_file = tmp_path / "s.json", tmp_path / "g.json"
    run("darkhall", "setup", "--players", 2, "--out", state_file)
    run("darkhall", "deck", "new", game_file, "--seed", 4)
    before = (state_file.read_bytes(), game_file.read_bytes())
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "darkhall", "deck", "draw", str(game_file),
         "--state", str(state_file)],
        stdout=write_end, stderr=subprocess.PIPE, text=True, check=False)
    os.close(write_end)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert (state_file.read_bytes(), game_file.read_bytes()) == before


def test_show_prints_the_round_the_leader_and_then_the_result(tmp_path):
    state_file = tmp_path / "s.json"
    data = {"tokens": [{"id": "red-6", "square": "out"}, {"id": "blue-6", "square": "f5"}],
            "round": 4, "players": 2, "escapes": [{"id": "red-6", "round": 3}]}
    state_file.write_text(json.dumps(data))
    shown = run("darkhall", "show", state_file)
    assert "Round 4, stage 1, 2 players." in shown
    assert "Leader (most out): red." in shown and "wins" not in shown
    data["round"] = 15
    state_file.write_text(json.dumps(data))
    shown = run("darkhall", "show", state_file)
    assert "The game is over: red wins — the seven monster moves of stage 2 are made" in shown
    assert "Leader" not in shown
