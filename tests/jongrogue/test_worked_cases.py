"""The 13 worked cases of the spec (§13), through the commands' JSON."""

from __future__ import annotations

from pathlib import Path

from tests.jongrogue.util import events, floor_f, moves_of, refused, run, write


def test_case_1_in_room_5(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5"))
    assert moves_of(path) == [("5N", "door"), ("5E", "door"), ("5S", "door"), ("5W", "door")]
    assert run("moves", str(path))["search"] is True


def test_case_2_on_the_east_door(tmp_path: Path) -> None:
    assert moves_of(write(tmp_path, floor_f("5E"))) == [("5", "in"), ("6W", "passage")]


def test_case_3_one_way_passage_and_the_step_back(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("6W", back=True))
    assert moves_of(path) == [("5E", "back"), ("6", "in")]
    run("move", str(path), "6", "--out", str(path))
    run("move", str(path), "6W", "--out", str(path))
    assert moves_of(path) == [("6", "in")]


def test_case_4_doubled_and_turned_winds(tmp_path: Path) -> None:
    assert moves_of(write(tmp_path, floor_f("5W"))) == [("4E", "passage"), ("5", "in")]
    assert moves_of(write(tmp_path, floor_f("4E"))) == [("4", "in"), ("5W", "passage")]


def test_case_5_stairs_by_the_plate(tmp_path: Path) -> None:
    down = moves_of(write(tmp_path, floor_f("8")))
    assert down == [("8N", "door"), ("8E", "door"), ("8W", "door"), ("down", "stairs")]
    up = moves_of(write(tmp_path, floor_f("8", plate="S", amulet=True)))
    assert up[-1] == ("up", "stairs") and ("down", "stairs") not in up


ROOM_3 = {3: ["1p", "2p", "Wh", "7s"]}


def test_case_6_searching_room_3(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("3", ROOM_3))
    plain = run("search", str(path), "--tile", "2m", "--tile", "7p")
    assert (plain["roll"], plain["outcome"], plain["found"]) == (2, "check", False)
    assert plain["check"] == {"tile": "7p", "result": "not-monster", "slot": None}
    assert plain["state"]["discards"] == ["2m", "7p"]
    ring = write(tmp_path, floor_f("3", ROOM_3, search_rings=1), "ring.json")
    checked = run("search", str(ring), "--tile", "1p", "--tile", "4m")
    assert (checked["roll"], checked["outcome"], checked["found"]) == (1, "check", False)
    assert checked["check"] == {"tile": "4m", "result": "full", "slot": None}
    assert checked["state"]["discards"] == ["1p", "4m"]
    found = run("search", str(ring), "--tile", "5p", "--out", str(ring))
    assert (found["roll"], found["outcome"], found["found"]) == (5, "passage", True)
    assert found["check"] is None and found["state"]["hero"]["hidden"] is True
    run("move", str(ring), "3S", "--out", str(ring))
    assert ("6N", "hidden") in moves_of(ring)
    two = write(tmp_path, floor_f("3", ROOM_3, search_rings=2), "two.json")
    nothing = run("search", str(two), "--tile", "1p")
    assert (nothing["roll"], nothing["outcome"], nothing["check"]) == (1, "nothing", None)
    assert nothing["found"] is False
    eight = run("search", str(path), "--tile", "8p")
    assert (eight["roll"], eight["outcome"], eight["check"]) == (8, "passage", None)


def test_case_7_sleeping_gas_then_a_pit(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("6W", {6: ["1s", "3m", "5s", "G"]}))
    first = run("move", str(path), "6", "--out", str(path))
    assert [e["event"] for e in first["events"]] == ["trap", "asleep", "monsters", "items"]
    trap = events(first, "trap")[0]
    assert (trap["slot"], trap["trap"]) == (3, "gas")
    assert events(first, "monsters")[0]["slots"] == [2]
    assert events(first, "items")[0] == {"event": "items", "room": 6, "slots": [4],
                                         "tiles": ["G"], "kinds": ["gold"]}
    run("hero", str(path), "--asleep", "off", "--out", str(path))
    run("move", str(path), "6W", "--out", str(path))
    fell = run("move", str(path), "6", "--out", str(path))
    assert events(fell, "trap")[0]["trap"] == "pit"
    assert events(fell, "floor") == [{"event": "floor", "from": 1, "to": 2, "by": "pit"}]
    assert run("moves", str(path))["blocked"] == "between floors"


def test_case_8_one_entry_without_a_state() -> None:
    first = run("enter", "6s", "2s", "3m", "G")
    assert first["trap"]["slot"] == 1 and first["trap"]["trap"] == "water"
    assert (first["armed"], first["monsters"]) == ([2], [3])
    assert first["items"] == [{"slot": 4, "tile": "G", "item": "gold"}]
    second = run("enter", "6s", "2s", "3m", "G", "--sprung", "1")
    assert second["trap"]["trap"] == "bear" and second["avoided"] == [1]
    third = run("enter", "6s", "2s", "3m", "G", "--sprung", "1,2")
    assert third["trap"] is None and third["avoided"] == [1, 2]
    south = run("enter", "1m", "4p", "G", "R", "--plate", "S")
    assert south["discarded"] == [2, 3, 4] and south["monsters"] == [1]


def test_case_9_a_floor_typed_at_the_table() -> None:
    dealt = run("floor", "new", "--tiles", "9p; ?; ?; ?; ?; ?; ?; ?; ?; W S 2m 7p 4s Wh")
    state = dealt["state"]
    assert state["start"] == 9 and state["rooms"][8]["open"] and state["wall"] is None
    assert events(dealt, "trap")[0]["tile"] == "4s"
    assert events(dealt, "strength") == [{"event": "strength", "value": None}]
    assert events(dealt, "monsters")[0]["slots"] == [1]
    assert events(dealt, "items")[0]["slots"] == [2, 4]
    five = run("floor", "new", "--tiles", "G; ?; ?; ?; ?; N N 1m - - -; ?; ?; ?; ?")
    assert five["state"]["start"] == 5
    assert "E is not a wall tile" in refused(
        "floor", "new", "--tiles", "E; ?; ?; ?; ?; N N 1m - - -; ?; ?; ?; ?")


HOUSE = ("3m; E E 2p - - -; E E 4m 6p - -; R R 1m 2m 5p G; S S - - - -; "
         "S S 7p 8p 9p Wh; W W - - - -; W W - - - -; N N - - - -; N N - - - -")


def test_case_10_the_monster_house(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    dealt = run("floor", "new", "--tiles", HOUSE, "--out", str(path))
    assert [e["event"] for e in dealt["events"]][:2] == ["open", "house"]
    assert all(room["open"] for room in dealt["state"]["rooms"])
    assert moves_of(path) == [("2", "area"), ("5", "area"), ("6", "area")]
    found = run("move", str(path), "5", "--tile", "5p")
    assert events(found, "stairs-search")[0]["result"] == "stairs"
    assert found["state"]["house"] == {"stairs_found": True}
    assert ("down", "stairs") in [(m["to"], m["kind"]) for m in run_moves(tmp_path, found)]
    full = run("move", str(path), "5", "--tile", "2s", "--out", str(path))
    assert events(full, "stairs-search")[0]["result"] == "full"
    taken = run("take", str(path), "1", "--out", str(path))
    assert taken["tile"] == "7p"
    moved = run("stairs-search", str(path), "--tile", "2s", "--out", str(path))
    assert moved["result"] == "monster"
    assert moved["moved"] == {"from": 2, "slot": 1, "tile": "4m", "to_slot": 1}


def run_moves(tmp_path: Path, report: dict) -> list[dict]:
    import json
    path = tmp_path / "found.json"
    path.write_text(json.dumps(report["state"]), "utf-8")
    return run("moves", str(path))["moves"]


def test_case_11_the_south_plate_discards_items_as_a_room_opens(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5E", {6: ["1m", "4p", "G", "R"]}, closed=(6,), plate="S",
                                   amulet=True))
    done = run("move", str(path), "6W")
    assert [e["event"] for e in done["events"]] == ["open", "discard"]
    assert events(done, "discard")[0]["slots"] == [2, 3, 4]
    slots = done["state"]["rooms"][5]["encounter"]
    assert slots[0] == {"tile": "1m", "sprung": False} and slots[1:] == [None, None, None]


def test_case_12_the_amulet_of_yendor(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5", {5: ["7p", "R", "R"]}, floor=26))
    first = run("take", str(path), "2", "--out", str(path))
    assert first["item"] == "amulet" and first["state"]["hero"]["amulet"] is True
    assert run("plate", str(path), "S")["state"]["plate"] == "S"
    second = run("take", str(path), "3")
    assert second["item"] == "item"


def test_case_13_dealt_from_seed_7() -> None:
    dealt = run("floor", "new", "--seed", "7")
    state = dealt["state"]
    assert [" ".join(r["tiles"]) for r in state["rooms"]] == [
        "N E", "W R", "S S", "W E", "N S", "N W", "E E", "R N", "S W"]
    assert [s["tile"] for s in state["rooms"][4]["encounter"]] == ["1m", "R", "4s", "3s"]
    assert state["discards"] == ["Wh"] and state["start"] == 5
    assert len(state["wall"]) == 81 and state["wall"][:4] == ["6m", "4p", "6m", "1p"]
    trap = events(dealt, "trap")[0]
    assert (trap["tile"], trap["trap"]) == ("4s", "dart")
    assert events(dealt, "strength")[0]["value"] is None
    assert events(dealt, "monsters")[0]["slots"] == [1]
    assert events(dealt, "items")[0]["slots"] == [2] and events(dealt, "items")[0]["kinds"] \
        == ["item"]
