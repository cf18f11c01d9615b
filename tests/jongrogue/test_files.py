"""Tables and state files: every refusal names the file and the line or field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion import data as shipped_data
from companion.errors import InputError
from companion.jongrogue import state as states
from companion.jongrogue import tables, tiles
from tests.jongrogue.util import FOUND, floor_f, refused, run, state_of, write


def shipped(name: str) -> str:
    return shipped_data.text("jongrogue", name)


# --- tiles --------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "tile"), [
    ("1m", "1m"), ("9S", "9s"), ("e", "E"), ("東", "E"), ("白", "Wh"), ("發", "G"), ("発", "G"),
    ("中", "R"), ("1z", "E"), ("5z", "Wh"), ("7z", "R"), ("wh", "Wh"), ("S", "S")])
def test_tile_notation_accepts_kanji_and_z(text: str, tile: str) -> None:
    assert tiles.parse(text, "t") == tile


def test_spring_and_bamboo_differ_by_order() -> None:
    assert tiles.parse("1s", "t") == "1s"
    assert tiles.parse("s1", "t", spares=True) == "s1"
    with pytest.raises(InputError, match="not one of the game's 136 tiles"):
        tiles.parse("s1", "t")
    with pytest.raises(InputError, match="is not a tile"):
        tiles.parse("0m", "t")


def test_canonical_order_and_numbers() -> None:
    assert tiles.ALL[:3] == ("1m", "2m", "3m") and tiles.ALL[27:34] == (
        "E", "S", "W", "N", "Wh", "G", "R")
    assert len(tiles.GAME) == 34 and len(tiles.ALL) == 42
    assert [tiles.number(t) for t in ("7p", "E", "Wh")] == [7, 0, 0]


# --- tables -------------------------------------------------------------------------------


def test_shipped_tables_hold_118_wall_tiles_and_carry_the_credit() -> None:
    assert len(FOUND.wall_tiles()) == 118 and len(FOUND.labyrinth_tiles()) == 18
    for name in tables.HEADERS:
        assert "CC BY-SA 4.0" in shipped(name).splitlines()[0], name


def test_the_tile_d9_odds_of_the_shipped_wall() -> None:
    rolls = [FOUND.room(t) for t in FOUND.wall_tiles()]
    assert [rolls.count(r) for r in range(1, 10)] == [12, 12, 12, 12, 22, 12, 12, 12, 12]


@pytest.mark.parametrize(("name", "old", "new", "expected"), [
    ("labyrinth.csv", "tile,role,copies", "tile,role", "labyrinth.csv:6: the header"),
    ("labyrinth.csv", "R,stairs,2", "R,stairs,3", "add up to 19"),
    ("labyrinth.csv", "R,stairs,2", "R,up,2", "role 'up'"),
    ("labyrinth.csv", "R,stairs,2", "R,stairs,two", "copies must be a whole number"),
    ("labyrinth.csv", "R,stairs,2", "f1,stairs,2", "not one of the game's 136 tiles"),
    ("labyrinth.csv", "R,stairs,2", "E,stairs,2", "E is listed twice"),
    ("rooms.csv", "*,5", "", "a '*' row"),
    ("rooms.csv", "9s,9", "9s,10", "room must be a whole number from 1 to 9"),
    ("encounters.csv", "1s,trap,pit", "1s,trap,", "exactly when the kind is trap"),
    ("encounters.csv", "1s,trap,pit", "1s,trap,spikes", "no trap 'spikes'"),
    ("encounters.csv", "G,gold,", "G,treasure,", "kind 'treasure'"),
    ("encounters.csv", "G,gold,", "", "G can be in the wall but has no kind"),
    ("traps.csv", "pit,fall,", "pit,drop,", "effect 'drop'"),
    ("traps.csv", "pit,fall,", "Pit,fall,", "trap id 'Pit'"),
    ("search.csv", "9,passage,passage,passage", "", "no row for roll 9"),
    ("search.csv", "9,passage,passage,passage", "9,passage,passage,maybe", "outcome 'maybe'"),
    ("search.csv", "9,passage,passage,passage", "9,passage,passage", "expected 4 fields"),
])
def test_a_bad_table_is_refused_naming_file_and_line(tmp_path: Path, name: str, old: str,
                                                     new: str, expected: str) -> None:
    text = shipped(name)
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises(InputError, match=expected.replace("(", r"\(").replace("*", r"\*")):
        tables.load(tmp_path)
    out = refused("--tables", str(tmp_path), "tables")
    assert name in out and out.count("\n") == 1


def test_a_replaced_table_changes_the_game(tmp_path: Path) -> None:
    (tmp_path / "rooms.csv").write_text(shipped("rooms.csv").replace("*,5", "*,1"), "utf-8")
    from click.testing import CliRunner

    from companion.cli import main
    result = CliRunner().invoke(main, ["jongrogue", "--tables", str(tmp_path), "d9", "Wh",
                                       "--json"])
    assert json.loads(result.stdout)["room"] == 1
    listed = CliRunner().invoke(main, ["jongrogue", "--tables", str(tmp_path), "tables",
                                       "--json"])
    sources = json.loads(listed.stdout)["sources"]
    assert sources["rooms.csv"].endswith("rooms.csv") and str(tmp_path) in sources["rooms.csv"]
    assert sources["traps.csv"] == "traps.csv"  # not replaced: the shipped one


def test_tables_folder_must_exist() -> None:
    assert "not a folder" in refused("--tables", "no/such/folder", "tables")


# --- states -------------------------------------------------------------------------------


def bad(data: dict, **changes) -> dict:
    data = copy.deepcopy(data)
    for path, value in changes.items():
        target = data
        *keys, last = path.split("__")
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        if value is _DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value
    return data


_DELETE = object()
GOOD = floor_f("5", {5: ["3m", "4s~"]})


@pytest.mark.parametrize(("changes", "expected"), [
    ({"colour": 1}, "unknown key 'colour'"),
    ({"game": "darkhall"}, "game.json: game"),
    ({"format": 2}, "game.json: format"),
    ({"floor": -1}, "game.json: floor"),
    ({"plate": "W"}, "game.json: plate"),
    ({"plate": "S"}, "only with the Amulet"),
    ({"over": "won"}, "game.json: over"),
    ({"hero__at": "1N"}, "room 1 has no N door"),
    ({"hero__at": "5X"}, "not a place"),
    ({"hero__search_rings": 3}, "hero.search_rings"),
    ({"hero__strength": -1}, "hero.strength"),
    ({"hero__held": "yes"}, "hero.held"),
    ({"hero__back": True}, "a step back needs the hero on a door"),
    ({"hero__speed": 2}, "unknown key 'speed'"),
    ({"hero__at": "9", "rooms__8__open": False}, "the hero's room 9 is not open"),
    ({"start": 7, "rooms__6__open": False}, "the start room is not open"),
    ({"rooms": []}, "expected nine rooms"),
    ({"rooms__0__tiles": ["E"]}, "expected a pair"),
    ({"rooms__0__tiles": ["1m", "S"]}, "1m is not a labyrinth tile"),
    ({"rooms__0__encounter": [None]}, "expected four slots"),
    ({"rooms__0__encounter__0": {"tile": "E"}}, "E is not a wall tile"),
    ({"rooms__0__encounter__0": {"tile": "3m", "sprung": True}}, "only a trap can be sprung"),
    ({"rooms__0__encounter__0": {"tile": "f2"}}, "not one of the game's 136 tiles"),
    ({"rooms__0__encounter__0": {"tile": "?"}}, "wholly known"),
    ({"rooms__0__tiles": ["?", "?"]}, "wholly known"),
    ({"rooms__0__tiles": ["E", "E"]}, "5 copies of E in the pairs"),
    ({"discards": ["3m", "3m", "3m", "3m"]}, "5 copies of 3m on the floor"),
    ({"house": {"stairs_found": False}}, "stairs+stairs start room"),
    ({"wall": "3m"}, "game.json: wall"),
    ({"log": [1]}, "log[0]"),
    ({"start": None}, "the start room is required"),
])
def test_a_bad_state_is_refused_naming_the_field(changes: dict, expected: str) -> None:
    with pytest.raises(InputError) as caught:
        state_of(bad(GOOD, **changes))
    assert expected in str(caught.value)


def test_a_state_round_trips(tmp_path: Path) -> None:
    state = state_of(GOOD)
    again = states.from_dict(json.loads(states.dump(state)), "again.json", FOUND)
    assert again == state
    assert list(states.to_dict(state)) == list(states.KEYS)


def test_an_open_room_cannot_hold_unknown_tiles() -> None:
    data = bad(GOOD, rooms__0__tiles=["?", "?"],
               rooms__0__encounter=[{"tile": "?"}] * 4)
    with pytest.raises(InputError, match="an open room cannot hold"):
        state_of(data)
    data["rooms"][0]["open"] = False
    assert not state_of(data).room(1).known


def test_a_refused_command_writes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5", asleep=True))
    before = path.read_bytes()
    refused("move", str(path), "5E", "--out", str(path))
    assert path.read_bytes() == before


def test_unused_and_impossible_draws_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5"))
    assert "was not drawn" in refused("search", str(path), "--tile", "8p", "--tile", "1p")
    assert "give it with --tile" in refused("search", str(path))
    assert "not a wall tile" in refused("search", str(path), "--tile", "E")
    full = write(tmp_path, {**floor_f("5"), "discards": ["8p"] * 4}, "f.json")
    assert "already out of the wall" in refused("search", str(full), "--tile", "8p")


def test_a_known_wall_gives_draws_and_a_typed_tile_comes_out_of_it(tmp_path: Path) -> None:
    dealt = run("floor", "new", "--seed", "7", "--out", str(tmp_path / "g.json"))
    assert dealt["state"]["wall"][0] == "6m"
    path = tmp_path / "g.json"
    state = json.loads(path.read_text())
    state["rooms"][4]["encounter"][0] = None  # the monster is gone
    path.write_text(json.dumps(state))
    searched = run("search", str(path))
    assert searched["tile"] == "6m" and searched["state"]["wall"][0] == "4p"
    typed = run("search", str(path), "--tile", "9p")
    assert typed["roll"] == 9 and len(typed["state"]["wall"]) == 80
    assert typed["state"]["wall"].count("9p") == state["wall"].count("9p") - 1
    path.write_text(json.dumps({**state, "wall": ["6m"]}))
    assert "9p is not in the wall" in refused("search", str(path), "--tile", "9p")


def test_reveals_open_face_down_rooms(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("floor", "new", "--tiles", "9p; ?; ?; ?; ?; ?; ?; ?; ?; N N - - - -", "--out",
        str(path))
    run("move", str(path), "9N", "--out", str(path))
    assert "--reveal" in refused("move", str(path), "6S")
    opened = run("move", str(path), "6S", "--reveal", "N S 1m 4p G -", "--out", str(path))
    assert opened["events"][0] == {"event": "open", "room": 6, "tiles": ["N", "S"],
                                   "encounter": ["1m", "4p", "G", None]}
    assert "a --reveal was left over" in refused("move", str(path), "6", "--reveal",
                                                 "S S - - - -")


def test_a_monster_house_typed_with_face_down_rooms_takes_reveals_in_room_order(
        tmp_path: Path) -> None:
    spec = "3m; ?; ?; R R 1m 2m - -; ?; ?; ?; ?; ?; ?"
    assert "--reveal" in refused("floor", "new", "--tiles", spec)
    groups = ["E E - - - -", "E E - - - -", "S S - - - -", "S S - - - -", "W W - - - -",
              "W W - - - -", "N N - - - -", "N N - - - -"]
    dealt = run("floor", "new", "--tiles", spec, *[a for g in groups for a in ("--reveal", g)])
    opened = [e["room"] for e in dealt["events"] if e["event"] == "open"]
    assert opened == [3, 1, 2, 4, 5, 6, 7, 8, 9]
    assert "6 copies of E in the pairs" in refused("floor", "new", "--tiles", spec, *[
        a for g in ["E E - - - -"] * 8 for a in ("--reveal", g)])
