"""The twelve worked cases of the spec, on the example board, through the CLI's JSON."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from companion.rakugaaki import rules
from companion.rakugaaki.render import draw
from tests.cli import answers, refuses
from tests.rakugaaki.util import cell, make, names, write


def run(*args: str) -> dict:
    return json.loads(answers(main, ["rakugaaki", *args, "--json"]))


def test_case_1_zone_in_the_middle(tmp_path: Path) -> None:
    state = make()
    assert names(rules.zone(state)) == ["D3", "E3", "C4", "D4", "E4", "D5", "E5"]
    found = run("options", str(write(tmp_path)))
    assert len(found["ones"]) == 34 - 7


def test_case_1_drawn_at_3_players_as_the_spec_draws_it() -> None:
    assert draw(make(players=3, colours=["red", "blue", "green"])) == "\n".join([
        "     A   B   C   D   E   F",
        "  1  ..  ..  ..  ..  ..  xx",
        "  2    ..  ..  ..  ..  ..  xx",
        "  3  ..  ..  ..  ..' ..' ..",
        "  4    ..  ..  ..' ..G ..' ..",
        "  5  ..  ..  ..  ..' ..' ..",
        "  6        ..  ..  ..  ..",
    ])


def test_case_2_zones_at_the_edge() -> None:
    expected = {"A1": ("A1 B1 A2", 29), "F2": ("F1 E2 F2 F3", 30),
                "B6": ("B5 C5 B6 C6", 28), "A3": ("A2 A3 B3 A4", 28)}
    for guard, (zone, ones) in expected.items():
        state = make(players=3, guards=[guard])
        assert names(rules.zone(state)) == zone.split(), guard
        assert len(rules.options(state, "red").ones) == ones, guard


def test_case_3_islands_across_the_offset(tmp_path: Path) -> None:
    tiles = {"B3": "red-1", "B4": "red-1", "C5": "red-2", "A5": "red-1", "C4": "blue-1"}
    shown = run("show", str(write(tmp_path, tiles)))
    assert [(i["colour"], i["cells"], i["strength"]) for i in shown["islands"]] == [
        ("red", ["B3", "B4", "C5"], 4), ("red", ["A5"], 1), ("blue", ["C4"], 1)]
    assert shown["islands"][0]["tiles"] == {"B3": 1, "B4": 1, "C5": 2}


def test_case_4_merging(tmp_path: Path) -> None:
    path = write(tmp_path, {"A1": "red-1", "B1": "red-2", "D1": "red-1"})
    before = run("show", str(path))
    assert [(i["cells"], i["strength"]) for i in before["islands"]] == [
        (["A1", "B1"], 3), (["D1"], 1)]
    done = run("challenge", str(path), "--value", "1", "--at", "C1")
    assert (done["dice"], done["chance"], done["success"], done["rolls"]) == (0, "1", True, [])
    assert (done["replaces"], done["strength"], done["returned"]) == (None, None, None)
    assert done["state"]["action"] == 2
    after = rules.islands(make(done["state"]["tiles"]))
    assert [(names(i.cells), i.strength) for i in after] == [(["A1", "B1", "C1", "D1"], 5)]


def test_case_5_no_dice(tmp_path: Path) -> None:
    path = write(tmp_path, {"A3": "red-1"})
    found = run("options", str(path))
    assert found["challenges"] == []
    assert found["refused"] == [{"at": "A3", "value": 2, "why": ["dice"]}]
    out = refuses(main, ["rakugaaki", "challenge", str(path), "--value", "2", "--at", "A3",
                         "--dice", "6"])
    assert "R7" in out


def test_case_6_dice_count_and_chance(tmp_path: Path) -> None:
    path = write(tmp_path, {"B2": "red-2", "B3": "red-3", "C3": "red-2", "D3": "red-1"})
    found = run("options", str(path))
    assert found["hand"] == {"1": 4, "2": 2, "3": 2, "4": 2, "5": 1}
    assert [(c["at"], c["value"], c["strength"], c["dice"], c["chance"])
            for c in found["challenges"]] == [
        ("B2", 3, 8, 2, "8/9"), ("B3", 4, 8, 2, "3/4"), ("C3", 3, 8, 2, "8/9")]
    assert found["challenges"][0]["chance_float"] == 0.888889
    assert found["refused"] == [{"at": "D3", "value": 2, "why": ["guard"]}]


BATCHES = {"A1": "red-1", "B1": "red-1", "C1": "red-2", "D1": "red-2", "E1": "red-2"}


def test_case_7_batches(tmp_path: Path) -> None:
    path = write(tmp_path, BATCHES)

    def a_2_on_a1(dice: str) -> dict:
        return run("challenge", str(path), "--value", "2", "--at", "A1", "--dice", dice)

    failed = a_2_on_a1("1,1,1,1")
    assert (failed["dice"], failed["chance"]) == (4, "1295/1296")
    assert (failed["rolls"], failed["success"], failed["returned"]) == ([[1, 1, 1], [1]],
                                                                        False, 2)
    won = a_2_on_a1("1,1,1,4")
    assert (won["rolls"], won["success"], won["returned"]) == ([[1, 1, 1], [4]], True, 1)
    early = a_2_on_a1("1,3,1")
    assert (early["rolls"], early["success"]) == ([[1, 3, 1]], True)
    for refused in ("1,1,1", "2,1,1,1"):
        refuses(main, ["rakugaaki", "challenge", str(path), "--value", "2", "--at", "A1",
                       "--dice", refused])


def test_case_8_three_players(tmp_path: Path) -> None:
    three = {"players": 3, "colours": ["red", "blue", "green"]}
    found = run("options", str(write(tmp_path, **three)))
    assert "F1" not in found["ones"] and "F2" not in found["ones"]
    assert len(found["ones"]) == 25
    out = refuses(main, ["rakugaaki", "show", str(write(tmp_path, {"f1": "red-1"}, **three))])
    assert "F1" in out and "not in use at 3 players" in out


def test_case_9_two_players(tmp_path: Path) -> None:
    path = write(tmp_path, {"B2": "red-1", "C2": "red-1", "B3": "green-1"}, players=2,
                 turn="green")
    shown = run("show", str(path))
    assert shown["owners"] == {"red": 1, "blue": 2, "green": 1, "yellow": 2}
    assert [(i["colour"], i["cells"], i["strength"]) for i in shown["islands"]] == [
        ("red", ["B2", "C2"], 2), ("green", ["B3"], 1)]
    green = run("options", str(path))
    assert green["player"] == "green" and green["challenges"] == []
    assert green["refused"] == [{"at": "B3", "value": 2, "why": ["dice"]}]
    red = run("options", str(path), "--player", "red")
    assert [(c["at"], c["value"], c["dice"], c["chance"]) for c in red["challenges"]] == [
        ("B2", 2, 1, "5/6"), ("C2", 2, 1, "5/6")]


def test_case_10_guard_steps(tmp_path: Path) -> None:
    path = write(tmp_path)
    back = run("guard", str(path), "D4-D3", "D3-D4")
    assert (back["guards"], back["turn"], back["action"]) == (["D4"], "blue", 1)
    one = run("guard", str(path), "D4-E4")
    assert (one["guards"], one["turn"], one["action"]) == (["E4"], "red", 2)
    second = write(tmp_path, name_="second.json", action=2)
    assert "1 action left" in refuses(main, ["rakugaaki", "guard", str(second), "D4-C4",
                                             "C4-B4"])
    for state in (path, second):
        assert "not a board cell next to D4" in refuses(
            main, ["rakugaaki", "guard", str(state), "D4-D2"])


def test_case_11_a_win(tmp_path: Path) -> None:
    path = write(tmp_path, {"C1": "red-1", "D1": "red-4"})
    out = tmp_path / "won.json"
    done = json.loads(answers(main, ["rakugaaki", "challenge", str(path), "--value", "5",
                                      "--at", "D1", "--dice", "5", "--json", "--out",
                                      str(out)]))
    assert (done["dice"], done["chance"], done["success"], done["winner"]) == (1, "1/3", True,
                                                                                "red")
    assert done["state"]["tiles"]["D1"] == "red-5"
    shown = run("show", str(out))
    assert (shown["over"], shown["winner"], shown["winner_player"]) == (True, "red", 1)
    assert not shown["blocked"]
    assert "over" in refuses(main, ["rakugaaki", "challenge", str(out), "--value", "1",
                                    "--at", "B6"])
    assert "over" in refuses(main, ["rakugaaki", "guard", str(out), "D4-D3"])


def test_case_12_a_failure(tmp_path: Path) -> None:
    path = write(tmp_path, {"C1": "red-1", "D1": "red-4"})
    done = run("challenge", str(path), "--value", "5", "--at", "D1", "--dice", "4")
    assert (done["success"], done["returned"], done["winner"]) == (False, 5, None)
    assert done["state"]["tiles"] == {"C1": "red-1", "D1": "red-4"}
    assert done["state"]["action"] == 2 and done["state"]["turn"] == "red"
    assert rules.winner(make(done["state"]["tiles"])) is None
    assert cell("D1") in make(done["state"]["tiles"]).tiles
