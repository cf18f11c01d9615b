"""State files: reading, writing, every refusal of the spec, and the CLI around them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import InputError
from companion.rakugaaki import state as states
from tests.cli import answers, refuses
from tests.rakugaaki.util import EXAMPLE, EXAMPLES, make, write


def refusal(data: dict, where: str = "s.json") -> str:
    with pytest.raises(InputError) as caught:
        states.from_dict({"board": "example.toml", "players": 4, **data}, where, EXAMPLES)
    return str(caught.value)


@pytest.mark.parametrize(("data", "expected"), [
    ({"colour": ["red"]}, "unknown key 'colour'"),
    ({"game": "darkhall"}, "s.json: game"),
    ({"board": None}, "s.json: board: missing"),
    ({"board": "nowhere.toml"}, "s.json: board: "),
    ({"board": "big"}, "s.json: board: expected a shipped board"),
    ({"players": 5}, "s.json: players: expected a number of players the 3-4 board serves"),
    ({"players": "4"}, "s.json: players"),
    ({"players": True}, "s.json: players"),
    ({"colours": ["red", "blue", "green", "pink"]}, "s.json: colours: unknown colour 'pink'"),
    ({"colours": ["red", "red", "blue", "green"]}, "red is named twice"),
    ({"colours": ["red", "blue", "green"]}, "3 colours given; 4 players play 4"),
    ({"players": 2, "colours": ["red", "blue"]}, "2 players play 4"),
    ({"colours": "red"}, "s.json: colours"),
    ({"turn": "purple"}, "s.json: turn"),
    ({"action": 3}, "s.json: action"),
    ({"action": True}, "s.json: action"),
    ({"guards": []}, "s.json: guards: expected a list of 1 guard cell"),
    ({"guards": ["D4", "D5"]}, "s.json: guards"),
    ({"guards": ["A6"]}, "s.json: guards: A6 is not a cell of board example"),
    ({"guards": ["4D"]}, "s.json: guards: '4D' is not a cell name"),
    ({"tiles": ["B3"]}, "s.json: tiles"),
    ({"tiles": {"Q9": "red-1"}}, "s.json: tiles: Q9 is not a cell of board example"),
    ({"tiles": {"B": "red-1"}}, "s.json: tiles: 'B' is not a cell name"),
    ({"tiles": {"c3": "red-1", "C3": "red-2"}}, "s.json: tiles: C3: the cell is named twice"),
    ({"tiles": {"B3": "red"}}, "s.json: tiles: B3: expected a tile"),
    ({"tiles": {"B3": "red-6"}}, "s.json: tiles: B3: expected a tile"),
    ({"tiles": {"B3": "red-0"}}, "s.json: tiles: B3"),
    ({"tiles": {"B3": 1}}, "s.json: tiles: B3"),
    ({"tiles": {"B3": "purple-1"}}, "s.json: tiles: B3: purple is not a colour of this game"),
    ({"tiles": {c: "red-4" for c in ("A1", "C1", "E1")}}, "red-4: more on the board than"),
    ({"tiles": {c: "red-1" for c in ("A1", "C1", "E1", "A3", "C3", "E3")}}, "red-1: more"),
    ({"tiles": {"A1": "red-5", "C1": "blue-5"}}, "two 5s (A1, C1)"),
    ({"players": 3, "colours": ["red", "blue", "green"], "tiles": {"F2": "red-1"}},
     "s.json: tiles: F2: not in use at 3 players"),
])
def test_a_bad_state_is_refused_naming_the_key_and_cell(data: dict, expected: str) -> None:
    assert expected in refusal(data)


def test_a_state_is_an_object() -> None:
    with pytest.raises(InputError, match="a state is an object"):
        states.from_dict([1, 2], "s.json", EXAMPLES)


@pytest.mark.parametrize(("text", "expected"), [
    ('{"board": "example.toml",', "malformed JSON"),
    ('{"board": "example.toml", "players": 4, "players": 3}', "'players' is given twice"),
    ('{"board": "example.toml", "players": 4, "tiles": {"B3": "red-1", "B3": "blue-1"}}',
     "'B3' is given twice"),
])
def test_malformed_files_end_in_one_line(tmp_path: Path, text: str, expected: str) -> None:
    path = write(tmp_path)
    path.write_text(text, "utf-8")
    out = refuses(main, ["rakugaaki", "show", str(path)])
    assert expected in out and out.count("\n") == 1


def test_a_board_error_is_placed_inside_the_state_board_key(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text('players = "3-4"\ngrid = "..."', "utf-8")
    path = tmp_path / "s.json"
    path.write_text('{"board": "bad.toml", "players": 4}', "utf-8")
    out = refuses(main, ["rakugaaki", "show", str(path)])
    assert f"{path}: board: {tmp_path / 'bad.toml'}: grid: 0 guard start cells" in out


def test_written_states_have_every_key_in_order_and_tiles_in_board_order() -> None:
    state = make({"e1": "red-1", "B3": "blue-1", "A1": "red-2"})
    data = states.to_dict(state, EXAMPLES)
    assert list(data) == list(states.KEYS)
    assert list(data["tiles"]) == ["A1", "E1", "B3"]
    assert data["board"] == "example.toml"


def test_toml_states_round_trip(tmp_path: Path) -> None:
    state = make({"A1": "red-2", "B1": "red-1"}, turn="blue", action=2)
    path = tmp_path / "game.toml"
    (tmp_path / "example.toml").write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    path.write_text(states.dump(state, path), "utf-8")
    assert states.load(path) == states.load(path)
    again = states.load(path)
    assert (again.tiles, again.turn, again.action) == (state.tiles, "blue", 2)


def test_new_writes_a_start_state_whose_board_path_is_relative_to_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boards").mkdir()
    (tmp_path / "games").mkdir()
    (tmp_path / "boards" / "mine.toml").write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    answers(main, ["rakugaaki", "new", "--board", "boards/mine.toml", "--players", "3",
                   "--out", "games/g.json"])
    data = json.loads((tmp_path / "games" / "g.json").read_text("utf-8"))
    assert data == {"game": "rakugaaki", "board": "../boards/mine.toml", "players": 3,
                    "colours": ["red", "blue", "green"], "turn": "red", "action": 1,
                    "guards": ["D4"], "tiles": {}}
    shown = json.loads(answers(main, ["rakugaaki", "show", "games/g.json", "--json"]))
    assert shown["board"] == "../boards/mine.toml"


def test_new_prints_the_state_and_takes_colours_in_turn_order() -> None:
    data = json.loads(answers(main, ["rakugaaki", "new", "--board", "standard-56",
                                     "--players", "5", "--colours",
                                     "orange,red,blue,green,yellow"]))
    assert data["board"] == "standard-56" and data["turn"] == "orange"
    assert data["guards"] == ["D4", "I4"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--players", "5"], "--players"),
    (["--players", "3", "--colours", "red,blue"], "--colours"),
    (["--players", "3", "--colours", "red,red,blue"], "--colours"),
])
def test_new_refuses_what_the_board_cannot_serve(args: list[str], expected: str) -> None:
    assert expected in refuses(main, ["rakugaaki", "new", "--board", "standard-34", *args])


def test_a_refused_command_writes_nothing_and_prints_nothing_on_stdout(tmp_path: Path) -> None:
    path = write(tmp_path, {"A3": "red-1"})
    out = tmp_path / "next.json"
    from click.testing import CliRunner
    result = CliRunner().invoke(main, ["rakugaaki", "challenge", str(path), "--value", "2",
                                       "--at", "A3", "--dice", "6", "--out", str(out)])
    assert result.exit_code == 2 and result.stdout == "" and not out.exists()


@pytest.mark.parametrize(("args", "expected"), [
    (["--value", "1", "--at", "A1", "--player", "blue"], "red's turn, not blue's"),
    (["--value", "1", "--at", "A1", "--player", "pink"], "--player"),
    (["--value", "1", "--at", "D3"], "zone"),
    (["--value", "1", "--at", "A3"], "a 1 goes only on an empty cell"),
    (["--value", "2", "--at", "A5"], "holds nothing"),
    (["--value", "3", "--at", "A3"], "only red's own 2"),
    (["--value", "6", "--at", "A3"], "--value"),
    (["--value", "1", "--at", "A1", "--dice", "3"], "a 1 rolls no dice"),
    (["--value", "2", "--at", "B3", "--dice", "3", "--seed", "1"], "not both"),
    (["--value", "2", "--at", "B3", "--dice", "x"], "--dice"),
    (["--value", "2", "--at", "B3", "--dice", "0"], "not a die face"),
    (["--value", "1", "--at", "ZZ99"], "--at"),
])
def test_challenge_refusals_name_the_rule(tmp_path: Path, args: list[str], expected: str
                                          ) -> None:
    path = write(tmp_path, {"A3": "red-1", "B3": "red-1"})
    assert expected in refuses(main, ["rakugaaki", "challenge", str(path), *args])


def test_challenge_at_action_2_and_with_none_in_hand(tmp_path: Path) -> None:
    assert "action 2" in refuses(main, ["rakugaaki", "challenge", str(write(tmp_path, action=2)),
                                        "--value", "1", "--at", "A1"])
    fives = write(tmp_path, {"A1": "red-4", "B1": "red-4", "C1": "red-3"}, name_="x.json")
    assert "no 4 in hand" in refuses(main, ["rakugaaki", "challenge", str(fives), "--value",
                                            "4", "--at", "C1"])


def test_a_seeded_challenge_replays_and_typed_back_gives_the_same(tmp_path: Path) -> None:
    path = write(tmp_path, {"A1": "red-1", "B1": "red-1", "C1": "red-2", "D1": "red-2"})
    args = ["rakugaaki", "challenge", str(path), "--value", "3", "--at", "C1", "--json"]
    first = json.loads(answers(main, [*args, "--seed", "11"]))
    assert json.loads(answers(main, [*args, "--seed", "11"])) == first
    typed = ",".join(str(d) for batch in first["rolls"] for d in batch)
    again = json.loads(answers(main, [*args, "--dice", typed]))
    assert (again["rolls"], again["success"], again["seed"]) == (first["rolls"],
                                                                 first["success"], None)


def test_without_seed_or_dice_a_seed_is_drawn_and_shown(tmp_path: Path) -> None:
    path = write(tmp_path, {"A1": "red-1", "B1": "red-1"})
    done = json.loads(answers(main, ["rakugaaki", "challenge", str(path), "--value", "2",
                                     "--at", "A1", "--json"]))
    assert isinstance(done["seed"], int)
    text = answers(main, ["rakugaaki", "challenge", str(path), "--value", "2", "--at", "A1"])
    assert "--seed" in text


@pytest.mark.parametrize(("steps", "expected"), [
    (["D4-D3", "D3-D4", "D4-D3"], "3 steps"),
    (["D4"], "FROM-TO"),
    (["E4-E3"], "no guard on E4"),
    (["D4-D3", "D4-D5"], "no guard on D4 (guards: D3)"),
    (["D4-Q1"], "Q1 is not a cell"),
])
def test_guard_refusals(tmp_path: Path, steps: list[str], expected: str) -> None:
    assert expected in refuses(main, ["rakugaaki", "guard", str(write(tmp_path)), *steps])


def test_guard_by_a_colour_whose_turn_it_is_not(tmp_path: Path) -> None:
    assert "red's turn" in refuses(main, ["rakugaaki", "guard", str(write(tmp_path)), "D4-D3",
                                          "--player", "blue"])


def test_two_guards_on_one_cell_move_one_at_a_time(tmp_path: Path) -> None:
    state = json.loads(answers(main, ["rakugaaki", "new", "--board", "standard-56",
                                      "--players", "6"]))
    state["guards"] = ["E4", "E4"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(state), "utf-8")
    done = json.loads(answers(main, ["rakugaaki", "guard", str(path), "E4-E3", "--json"]))
    assert done["guards"] == ["E3", "E4"]


def test_text_reports_are_readable(tmp_path: Path) -> None:
    path = write(tmp_path, {"B2": "red-2", "B3": "red-3", "C3": "red-2", "D3": "red-1"})
    shown = answers(main, ["rakugaaki", "show", str(path)])
    assert "red: B2 B3 C3 D3 strength 8" in shown and "red's turn (player 1)" in shown
    found = answers(main, ["rakugaaki", "options", str(path)])
    assert "a 3 on B2 (replaces the 2): strength 8, 2 dice, chance 8/9 = 88.9%" in found
    assert "no 2 on D3: in a guard's zone" in found
    done = answers(main, ["rakugaaki", "challenge", str(path), "--value", "3", "--at", "B2",
                          "--dice", "1,3"])
    assert "Batch 1: 1 3" in done and "Success" in done and "strength 9" in done
    moved = answers(main, ["rakugaaki", "guard", str(path), "D4-D5"])
    assert "from D4 to D5" in moved and "action 2" in moved


def test_json_keys_are_those_of_the_spec(tmp_path: Path) -> None:
    path = write(tmp_path, {"B3": "red-1", "B4": "red-2"})
    shown = json.loads(answers(main, ["rakugaaki", "show", str(path), "--json"]))
    assert list(shown) == ["board", "players", "colours", "owners", "turn", "action", "guards",
                           "guard_zone", "islands", "hands", "over", "winner",
                           "winner_player", "blocked"]
    assert set(shown["hands"]) == {"red", "blue", "green", "yellow"}
    assert all(list(hand) == ["1", "2", "3", "4", "5"] for hand in shown["hands"].values())
    assert list(shown["islands"][0]) == ["colour", "cells", "strength", "tiles"]
    found = json.loads(answers(main, ["rakugaaki", "options", str(path), "--json"]))
    assert list(found) == ["player", "turn", "action", "hand", "ones", "challenges", "refused",
                           "guards", "over"]
    assert list(found["challenges"][0]) == ["at", "value", "replaces", "strength", "dice",
                                            "chance", "chance_float"]
    assert found["guards"] == [{"at": "D4", "steps": ["D3", "E3", "C4", "E4", "D5", "E5"]}]
    done = json.loads(answers(main, ["rakugaaki", "challenge", str(path), "--value", "3",
                                     "--at", "B4", "--dice", "3", "--json"]))
    assert list(done) == ["player", "value", "at", "replaces", "strength", "dice", "chance",
                          "seed", "rolls", "success", "returned", "winner", "state"]
    moved = json.loads(answers(main, ["rakugaaki", "guard", str(path), "D4-D3", "--json"]))
    assert list(moved) == ["player", "steps", "guards", "turn", "action", "state"]
    board = json.loads(answers(main, ["rakugaaki", "board", "standard-56", "--json"]))
    assert list(board) == ["name", "players", "serves", "cells", "cell_count", "in_use",
                           "four_only", "six_only", "guard_starts", "halves"]
    assert board["six_only"] and board["guard_starts"] == ["D4", "I4"]


def test_the_japanese_companion_speaks_japanese(tmp_path: Path) -> None:
    path = write(tmp_path, {"A3": "red-1"})
    out = refuses(main, ["--lang", "ja", "rakugaaki", "challenge", str(path), "--value", "2",
                         "--at", "A3"])
    assert "サイコロなし" in out and "R7" in out
