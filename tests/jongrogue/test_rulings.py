"""Rulings 1–30 of the spec (§10), each a test named after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import data as shipped_data
from companion.jongrogue import labyrinth
from tests.jongrogue.util import (
    FLOOR_F,
    FOUND,
    events,
    floor_f,
    moves_of,
    refused,
    run,
    write,
)


def test_ruling_1_room_numbers_read_like_text() -> None:
    assert [run("d9", t)["room"] for t in ("1m", "5p", "9s", "9m", "E", "Wh", "R")] == [
        1, 5, 9, 9, 5, 5, 5]
    assert run("d9", "7p") == {"tile": "7p", "room": 7, "name": "SW"}
    assert "f1 is not one of the game's 136 tiles" in refused("d9", "f1")


def test_ruling_2_doors_face_rooms_and_any_door_may_be_stepped_on(tmp_path: Path) -> None:
    assert labyrinth.doors(1) == ("E", "S") and labyrinth.doors(5) == ("N", "E", "S", "W")
    assert moves_of(write(tmp_path, floor_f("3"))) == [("3S", "door"), ("3W", "door"),
                                                       ("down", "stairs")]
    assert "room 1 has no N door" in refused("move", str(write(tmp_path, floor_f("1"))), "1N")


@pytest.mark.parametrize("room", range(1, 10))
def test_ruling_3_open_sides_of_floor_f(tmp_path: Path, room: int) -> None:
    expected = {1: ["E", "S"], 2: ["S"], 3: ["W"], 4: ["E"], 5: ["E", "W"], 6: ["N", "S"],
                7: ["N", "E"], 8: ["N"], 9: ["N", "W"]}
    shown = run("show", str(write(tmp_path, floor_f("5"))))
    assert shown["rooms"][room - 1]["sides"] == expected[room]
    assert shown["rooms"][room - 1]["stairs"] == (room in (3, 8))


def test_ruling_4_through_a_door_passage_then_back_then_hidden(tmp_path: Path) -> None:
    both = write(tmp_path, floor_f("5E", back=True, hidden=True))
    assert ("6W", "passage") in moves_of(both)
    closed = write(tmp_path, floor_f("6W", back=True, hidden=True), "closed.json")
    assert ("5E", "back") in moves_of(closed)
    hidden = write(tmp_path, floor_f("6W", hidden=True), "hidden.json")
    assert ("5E", "hidden") in moves_of(hidden)


def test_ruling_5_the_step_back_right(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("6W", back=True))
    searched = run("search", str(path), "--tile", "4p", "--out", str(path))
    assert searched["state"]["hero"]["back"] is True and ("5E", "back") in moves_of(path)
    back = run("move", str(path), "5E", "--out", str(path))
    assert back["kind"] == "back" and back["state"]["hero"]["back"] is True
    run("move", str(path), "5", "--out", str(path))
    assert run("show", str(path))["state"]["hero"]["back"] is False


def test_ruling_6_arriving_opens_entering_resolves(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5E", {6: ["4s", "1m"]}, closed=(6,)))
    arrived = run("move", str(path), "6W", "--out", str(path))
    assert [e["event"] for e in arrived["events"]] == ["open"]
    assert arrived["state"]["rooms"][5]["encounter"][0]["sprung"] is False
    entered = run("move", str(path), "6")
    assert [e["event"] for e in entered["events"]] == ["trap", "strength", "monsters"]


def test_ruling_7_a_hidden_passage_until_the_hero_leaves(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("3", hidden=True))
    run("move", str(path), "3S", "--out", str(path))
    through = run("move", str(path), "6N", "--out", str(path))
    assert through["kind"] == "hidden" and through["state"]["hero"]["hidden"] is False


@pytest.mark.parametrize(("state", "why"), [
    (floor_f("5", {5: ["3m"]}), "holds a monster"),
    (floor_f("5", asleep=True), "asleep"),
])
def test_ruling_8_where_a_search_is_refused(tmp_path: Path, state: dict, why: str) -> None:
    assert why in refused("search", str(write(tmp_path, state)), "--tile", "4p")


def test_ruling_8_a_search_from_a_door_and_while_held(tmp_path: Path) -> None:
    assert run("search", str(write(tmp_path, floor_f("5E", held=True))), "--tile", "8p")[
        "found"]


@pytest.mark.parametrize(("rings", "tile", "outcome"), [
    (0, "1p", "check"), (1, "3p", "check"), (2, "1p", "nothing"), (2, "3p", "nothing"),
    (0, "4p", "nothing"), (0, "6p", "nothing"), (1, "4p", "passage"), (2, "6p", "passage"),
    (0, "7p", "passage"), (1, "8p", "passage"), (2, "9p", "passage")])
def test_ruling_9_rings_and_the_search_table(tmp_path: Path, rings: int, tile: str,
                                              outcome: str) -> None:
    path = write(tmp_path, floor_f("5", search_rings=rings))
    extra = ["--tile", "2p"] if outcome.startswith("check") else []
    assert run("search", str(path), "--tile", tile, *extra)["outcome"] == outcome


def test_ruling_10_four_tiles_count_sprung_traps(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5", {5: ["4s~", "1p", "2p", "3p"]}))
    done = run("search", str(path), "--tile", "1s", "--tile", "6m")
    assert done["check"]["result"] == "full"


def test_ruling_11_drawn_tiles_are_discarded_unless_placed(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5", {5: ["1p", None, "2p"]}))
    done = run("search", str(path), "--tile", "1s", "--tile", "6m")
    assert done["check"] == {"tile": "6m", "result": "placed", "slot": 2}
    assert done["state"]["discards"] == ["1s"]
    assert done["state"]["rooms"][4]["encounter"][1] == {"tile": "6m", "sprung": False}
    assert events(done, "monsters")[0]["slots"] == [2]


def test_ruling_12_the_highest_number_springs_ties_to_the_lowest_slot(tmp_path: Path) -> None:
    highest = run("enter", "2s", "5s", "1s", "-")
    assert highest["trap"]["slot"] == 2 and highest["armed"] == [1, 3]
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "encounters.csv").write_text(
        _shipped("encounters.csv").replace("1p,item,", "1p,trap,bear"), "utf-8")
    tie = json.loads(_invoke(["--tables", str(tables), "enter", "1s", "1p", "--json"]))
    assert tie["trap"]["slot"] == 1 and tie["trap"]["trap"] == "pit"
    tie = json.loads(_invoke(["--tables", str(tables), "enter", "1p", "1s", "--json"]))
    assert tie["trap"]["slot"] == 1 and tie["trap"]["trap"] == "bear"
    floating = run("enter", "6s", "--floating")
    assert floating["trap"]["floating"] is True and floating["leaves"] is None


def _shipped(name: str) -> str:
        return shipped_data.text("jongrogue", name)


def _invoke(args: list[str]) -> str:
    from click.testing import CliRunner

    from companion.cli import main
    result = CliRunner().invoke(main, ["jongrogue", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_ruling_13_re_springing_on_purpose(tmp_path: Path) -> None:
    all_sprung = write(tmp_path, floor_f("5", {5: ["2s~", "4s~"]}, strength=3))
    assert run("moves", str(all_sprung))["spring"] == [1, 2]
    done = run("spring", str(all_sprung), "2")
    assert events(done, "trap")[0]["deliberate"] is True
    assert done["state"]["hero"]["strength"] == 2
    armed = write(tmp_path, floor_f("5", {5: ["2s~", "4s"]}), "armed.json")
    assert run("moves", str(armed))["spring"] == []
    assert "ruling 13" in refused("spring", str(armed), "1")
    door = write(tmp_path, floor_f("5E", {5: ["2s~"]}), "door.json")
    assert "ruling 13" in refused("spring", str(door), "1")
    floating = write(tmp_path, floor_f("5", {5: ["2s~"]}, floating=True), "float.json")
    assert run("spring", str(floating), "1")["state"]["hero"]["held"] is False


def test_ruling_14_teleport(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5W", {5: ["3s"], 9: ["1m"]}, closed=(9,), back=True,
                                   hidden=True))
    done = run("move", str(path), "5", "--tile", "9p")
    assert [e["event"] for e in done["events"]] == ["trap", "teleport", "open", "monsters"]
    hero = done["state"]["hero"]
    assert (hero["at"], hero["back"], hero["hidden"]) == ("9", False, False)
    same = write(tmp_path, floor_f("5W", {5: ["3s", "2s"]}), "same.json")
    again = run("move", str(same), "5", "--tile", "5p")
    assert [e["event"] for e in again["events"]] == ["trap", "teleport", "trap", "held"]


def test_ruling_15_a_pit_drops_a_floor_even_under_the_south_plate(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5W", {5: ["1s", "1m", "G"]}, plate="S", amulet=True))
    done = run("move", str(path), "5")
    assert [e["event"] for e in done["events"]] == ["trap", "floor"]
    assert done["state"]["floor"] == 2 and done["state"]["rooms"] is None


def test_ruling_16_strength_and_armour_never_below_0(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5W", {5: ["4s"]}, strength=0, armour=0))
    assert run("move", str(path), "5")["state"]["hero"]["strength"] == 0
    water = write(tmp_path, floor_f("5W", {5: ["6s"]}, armour=0), "water.json")
    assert run("move", str(water), "5")["state"]["hero"]["armour"] == 0
    ring = write(tmp_path, floor_f("5W", {5: ["6s"]}, armour=3, armour_ring=True), "ring.json")
    armour = events(run("move", str(ring), "5"), "armour")[0]
    assert armour == {"event": "armour", "value": 3, "prevented": True}


def test_ruling_17_held_and_asleep(tmp_path: Path) -> None:
    held = write(tmp_path, floor_f("5", {5: ["2s~"]}, held=True))
    found = run("moves", str(held))
    assert (found["blocked"], found["moves"], found["search"], found["spring"]) == (
        "held", [], True, [])
    assert "held" in refused("move", str(held), "5E")
    asleep = write(tmp_path, floor_f("5", {5: ["G"]}, asleep=True), "asleep.json")
    found = run("moves", str(asleep))
    assert (found["blocked"], found["search"], found["take"]) == ("asleep", False, [])
    assert "ruling 22" in refused("take", str(asleep), "1")


def test_ruling_18_stairs_from_in_the_room_by_the_plate(tmp_path: Path) -> None:
    door = write(tmp_path, floor_f("8N"))
    assert "not from a door" in refused("move", str(door), "down")
    room = write(tmp_path, floor_f("8"), "room.json")
    assert "go down only" in refused("move", str(room), "up")
    down = run("move", str(room), "down")
    assert events(down, "floor") == [{"event": "floor", "from": 1, "to": 2, "by": "stairs"}]
    up = write(tmp_path, floor_f("8", plate="S", amulet=True), "up.json")
    escaped = run("move", str(up), "up")
    assert [e["event"] for e in escaped["events"]] == ["floor", "escaped"]
    assert (escaped["state"]["over"], escaped["state"]["floor"]) == ("escaped", 0)


def test_ruling_19_each_floor_is_dealt_afresh_the_hero_carries_over(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("8", strength=5, search_rings=2, held=False))
    run("move", str(path), "down", "--out", str(path))
    dealt = run("floor", "new", str(path), "--seed", "7", "--out", str(path))
    state = dealt["state"]
    assert state["floor"] == 2 and len(state["wall"]) == 81 and state["discards"] == ["Wh"]
    assert state["hero"]["search_rings"] == 2 and state["hero"]["strength"] == 4  # the dart
    assert "still being played" in refused("floor", "new", str(path), "--seed", "1")


def test_ruling_20_the_plate_turns_once_with_the_amulet(tmp_path: Path) -> None:
    assert "Amulet" in refused("plate", str(write(tmp_path, floor_f("5"))), "S")
    path = write(tmp_path, floor_f("8", amulet=True), "amulet.json")
    run("move", str(path), "down", "--out", str(path))
    turned = run("plate", str(path), "S", "--out", str(path))  # between floors too
    assert turned["state"]["plate"] == "S"
    assert "never turns back" in refused("plate", str(path), "S")


def test_ruling_21_the_amulet_only_from_floor_26(tmp_path: Path) -> None:
    assert run("take", str(write(tmp_path, floor_f("5", {5: ["R"]}, floor=25))), "1")[
        "item"] == "item"
    assert run("enter", "R", "--floor", "26")["items"][0]["item"] == "amulet"
    assert run("enter", "R", "--floor", "26", "--amulet")["items"][0]["item"] == "item"


def test_ruling_22_taking_needs_the_room_no_monster_and_an_awake_hero(tmp_path: Path) -> None:
    assert "ruling 22" in refused("take", str(write(tmp_path, floor_f("5E", {5: ["G"]}))),
                                  "1")
    monster = write(tmp_path, floor_f("5", {5: ["G", "3m"]}), "monster.json")
    assert "ruling 22" in refused("take", str(monster), "1")
    assert "ruling 22" in refused("take", str(write(tmp_path, floor_f("5", {5: ["4s~"]}),
                                                    "trap.json")), "1")


HOUSE = ("3m; E E - - - -; E E 4m 6p - -; R R 1m 2m 5p G; S S - - - -; "
         "S S 7p 8p 9p Wh; W W 2s - - -; W W - - - -; N N - - - -; N N - - - -")


def test_ruling_23_a_monster_house_has_areas_entries_and_no_search(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    run("floor", "new", "--tiles", HOUSE, "--out", str(path))
    assert "monster house" in refused("search", str(path), "--tile", "1p")
    bear = run("move", str(path), "6", "--tile", "1p")
    assert [e["event"] for e in bear["events"]] == ["trap", "held", "stairs-search"]
    items = run("move", str(path), "5", "--tile", "1p", "--out", str(path))
    assert [e["event"] for e in items["events"]] == ["items", "stairs-search"]
    assert ("8", "area") in moves_of(path) and ("9", "area") in moves_of(path)


def test_ruling_24_and_25_stairs_search_order_and_found_stairs_last_one_action(
        tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    run("floor", "new", "--tiles", HOUSE, "--out", str(path))
    found = run("stairs-search", str(path), "--tile", "3p", "--out", str(path))
    assert found["result"] == "stairs" and ("down", "stairs") in moves_of(path)
    run("remove", str(path), "1", "--out", str(path))
    assert ("down", "stairs") not in moves_of(path)
    none = run("stairs-search", str(path), "--tile", "4p")
    assert none["result"] == "none" and none["moved"] is None


def test_ruling_26_move_and_spring_run_the_stairs_search_themselves(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    run("floor", "new", "--tiles", HOUSE, "--out", str(path))
    done = run("move", str(path), "2", "--tile", "1p")
    assert events(done, "stairs-search")[0]["tile"] == "1p"
    assert "monster house" in refused("stairs-search", str(write(tmp_path, floor_f("5"))),
                                      "--tile", "1p")


def test_ruling_27_slots_are_fixed_a_coming_tile_takes_the_lowest_empty(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5", {5: [None, "1p", None, "2p"]}))
    placed = run("search", str(path), "--tile", "1s", "--tile", "6m")
    assert placed["check"]["slot"] == 1


def test_ruling_28_flowers_and_seasons_are_never_in_the_game(tmp_path: Path) -> None:
    assert "not one of the game's 136 tiles" in refused(
        "show", str(write(tmp_path, floor_f("5", {5: ["f1"]}))))
    assert "not one of the game's 136 tiles" in refused(
        "search", str(write(tmp_path, floor_f("5"), "b.json")), "--tile", "s1")


def test_ruling_29_a_trap_number_is_its_tile_number(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "encounters.csv").write_text(
        _shipped("encounters.csv").replace("Wh,item,", "Wh,trap,pit"), "utf-8")
    numbered = json.loads(_invoke(["--tables", str(tables), "enter", "Wh", "2s", "--json"]))
    assert numbered["trap"]["tile"] == "2s"  # 白 counts 0


def test_ruling_30_between_floors_only_a_new_floor_the_plate_and_the_hero(
        tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("8"))
    run("move", str(path), "down", "--out", str(path))
    assert "between floors" in refused("move", str(path), "5")
    assert "no floor" in refused("search", str(path), "--tile", "1p")
    assert "no floor" in refused("remove", str(path), "1")
    assert run("hero", str(path), "--held", "on")["state"]["hero"]["held"] is True


def test_floor_f_is_the_spec_s(tmp_path: Path) -> None:
    assert sorted(t for pair in FLOOR_F.values() for t in pair.split()) == sorted(
        FOUND.labyrinth_tiles())
