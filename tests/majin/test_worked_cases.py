"""The twelve worked cases of the spec (folder examples/majin/worked), through the
commands' JSON where a command covers them."""

from __future__ import annotations

import json
from pathlib import Path

from companion.majin import surface
from tests.majin.util import WORKED, events, refused, run, write

CARDS = ("--cards", str(WORKED))


def test_case_1_stairs() -> None:
    found = run("stairs", "--dice", "3,5")
    assert found == {"floor": 1, "x": 3, "y": 5, "cell": "3,5", "rolls": [3, 5], "seed": None}


def test_case_2_the_texts_chest() -> None:
    found = run("treasure", "--floor", "1", "--levels", "2,1,1", "--dice", "6,6,5,6", *CARDS)
    assert (found["n"], found["sum"], found["bonus"], found["number"]) == (4, 23, 0, 23)
    assert (found["cap"], found["over_cap"], found["row"]) == (20, True, 20)
    assert (found["kind"], found["item"], found["yen"]) == ("item", "I2", None)
    assert (found["p_over_cap"], found["p_over_cap_short"]) == ("35/1296", "5/36")


def test_case_2_choosing_row_13_rolls_its_money() -> None:
    refused("treasure", "--floor", "1", "--levels", "2,1,1", "--dice", "6,6,5,6",
            "--choose", "13", *CARDS)  # row 13 is 1d6+1: one more die is needed
    found = run("treasure", "--floor", "1", "--levels", "2,1,1", "--dice", "6,6,5,6,4",
                "--choose", "13", *CARDS)
    assert (found["row"], found["kind"], found["yen"], found["money_rolls"]) == (
        13, "money", 500, [4])


def test_case_3_short_form_and_depth_bonus() -> None:
    found = run("treasure", "--floor", "2", "--levels", "1,1,3", "--short", "--dice", "4,2",
                *CARDS)
    assert (found["n"], found["sum"], found["bonus"], found["number"]) == (5, 18, 5, 23)
    assert (found["over_cap"], found["row"], found["item"]) == (False, 23, "I1")
    assert (found["p_over_cap"], found["p_over_cap_short"]) == ("0", "0")


def test_case_4_b3f_above_the_table() -> None:
    found = run("treasure", "--floor", "3", "--levels", "4,4,4", "--dice", ",".join("6" * 12),
                *CARDS)
    assert (found["sum"], found["bonus"], found["number"], found["cap"]) == (72, 10, 82, 60)
    assert (found["row"], found["item"]) == (60, "I3")
    assert found["p_over_cap_short"] == "1/3"


def test_case_5_escape(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W1", "W4"], back=["W5"], party_lp=17, monsters=["X2"],
                 phase="start")
    first = run("escape", str(path), "--card", "W1", "--dice", "3", "--out", str(path))
    assert (first["need"], first["roll"], first["success"], first["party_lp"]) == (4, 3,
                                                                                 False, 11)
    assert first["phase"] == "start" and first["result"] is None
    assert first["state"]["front"] == [None, "W4", None]
    refused("escape", str(path), "--card", "W4", "--dice", "3")  # 1 die left over
    second = run("escape", str(path), "--card", "W4")
    assert (second["need"], second["roll"], second["success"]) == (None, None, True)
    assert second["result"] == "escaped" and second["party_lp"] == 4
    assert [e["type"] for e in second["log"]] == ["escape", "end"]
    assert second["state"]["bodies"] == ["W1", "W4"]
    assert second["rolls"] == []


def test_case_5_a_certain_escape_that_empties_the_lp_is_lost(tmp_path: Path) -> None:
    path = write(tmp_path, front=[None, "W4"], back=["W5"], bodies=["W1"], party_lp=7,
                 monsters=["X2"])
    found = run("escape", str(path), "--card", "W4")
    assert found["success"] is True and found["result"] == "lost"
    assert events(found, "end")[0]["fallen"] == ["W5"]


def test_case_6_a_whole_battle(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W1", "W2", "W3"], back=["W5"], monsters=["X2", "X3"])
    found = run("battle", str(path), "--dice", "3,6,1")
    steps = [(e["type"], e.get("actor"), e.get("target")) for e in found["log"]]
    assert steps == [
        ("attack", "W3", "X2"), ("charge", "W3", "X2"), ("ability", "X3", None),
        ("attack", "X3", "W1"), ("attack", "X2", "W1"), ("attack", "W1", "X2"),
        ("attack", "W2", "X2"), ("charge", "W2", "X2"), ("pass", None, None),
        ("pass", None, None),
        ("attack", "W3", "X3"), ("charge", "W3", "X3"), ("ability", "X3", None),
        ("attack", "X3", "W1"), ("attack", "W1", "X3"), ("end", None, None)]
    lps = [(e["party_lp"], e["monster_lp"]) for e in found["log"] if "monster_lp" in e]
    assert lps == [(23, 11), (20, 10), (18, 10), (18, 10), (16, 10), (16, 9), (16, 9),
                   (10, 3), (10, 3), (9, 2), (7, 2), (7, 2), (7, 0), (7, 0)]
    crit = events(found, "charge")[1]
    assert (crit["roll"], crit["crit"], crit["killed"], crit["damage"]) == (6, True, True, 6)
    x3 = events(found, "attack")[1]
    assert (x3["atk"], x3["def"], x3["damage"]) == (3, 4, 0)  # W2's def +1 front
    assert (found["result"], found["turn"], found["party_lp"], found["monster_lp"]) == (
        "won", 2, 7, 0)
    assert found["state"]["killed"] == ["X2"] and found["state"]["monsters"] == ["X3"]
    assert found["chest"] == {"levels": [2, 2], "n": 4}
    assert [r["value"] for r in found["rolls"]] == [3, 6, 1]
    assert [r["for"] for r in found["rolls"]] == ["charge"] * 3


def test_case_7_turns_0_resolves_only_the_pre_battle_phase(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W3": {"do": "ability"}}}}
    path = write(tmp_path, front=["W3"], monsters=["X1", "X3", "X2"], orders=orders)
    found = run("battle", str(path), "--turns", "0", "--dice", "")
    assert found["log"] == [] and (found["phase"], found["turn"]) == ("fight", 1)


def test_case_7_the_success_die_decides(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W3": {"do": "ability"}}}}
    path = write(tmp_path, front=["W3"], monsters=["X1", "X3", "X2"], orders=orders)
    out = tmp_path / "after.json"
    run("battle", str(path), "--seed", "0", "--turns", "0", "--out", str(out))
    state = json.loads(out.read_text("utf-8"))
    assert state["monster_lp"] == 15
    good = _first_ability(path, success_die=4)
    assert (good["ok_roll"], good["success"], good["amount"]) == (4, True, 5)
    assert good["targets"] == ["X1", "X3", "X2"] and good["killed"] == ["X1", "X3"]
    assert good["monster_lp"] == 6
    bad = _first_ability(path, success_die=2)
    assert (bad["success"], bad["targets"], bad["amount"], bad["killed"]) == (False, [], None,
                                                                             [])
    assert bad["monster_lp"] == 15


def _first_ability(path: Path, success_die: int) -> dict:
    """W3's ability event of turn 1, the rest of the turn rolled from whatever dice it
    needs (X2 attacks W3 without dice: only the success die is typed)."""
    found = run("battle", str(path), "--dice", str(success_die), "--turns", "1")
    return events(found, "ability")[0]


def test_case_8_a_charge_that_costs_the_battle(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W2", "W5"], party_lp=6, monsters=["X4"])
    found = run("battle", str(path), "--dice", "6")
    charge = events(found, "charge")[0]
    assert (charge["actor"], charge["roll"], charge["landed"], charge["crit"]) == (
        "W5", 6, False, False)
    end = events(found, "end")[0]
    assert (end["result"], end["fallen"], end["monster_lp"]) == ("lost", ["W2", "W5"], 10)
    assert found["state"]["monsters"] == ["X4"] and found["state"]["bodies"] == ["W2", "W5"]


def test_case_8_dice_atk_with_an_item(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W4"], items={"W4": "I1"}, monsters=["X2"])
    found = run("battle", str(path), "--dice", "2", "--turns", "1")
    w4, x2 = events(found, "attack")[:2]
    assert (w4["atk"], w4["def"], w4["damage"], w4["monster_lp"]) == (6, 4, 2, 4)
    assert (x2["atk"], x2["def"], x2["damage"], x2["party_lp"]) == (6, 2, 4, 3)
    assert found["rolls"] == [{"card": "W4", "for": "attack", "value": 2}]


def test_case_9_wipe_out_money_and_bounty() -> None:
    assert [surface.after_wipe_out(m) for m in (1250, 1000, 150, 0)] == [700, 500, 100, 0]
    assert surface.bounty([50, 120, 150]) == 300
    assert surface.bounty([50, 300]) == 400
    assert surface.bounty([120]) == 100


def test_case_11_lp_cap_on_entering() -> None:
    assert surface.entering_lp([6, 8, 5, 7, 4, 9]) == 39
    assert surface.entering_lp([9, 9, 9, 9, 5, 4]) == 40


def test_case_11_a_recruit_never_lifts_the_lp_above_40(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W6": {"do": "ability", "target": "X4"}}}}
    path = write(tmp_path, front=["W6"], party_lp=35, money=300, monsters=["X4", "X1"],
                 orders=orders)
    found = run("battle", str(path), "--dice", "4", "--turns", "1")
    recruit = events(found, "ability")[0]
    assert (recruit["success"], recruit["party_lp"], recruit["monster_lp"]) == (True, 40, 4)


def test_case_12_recruit(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W6": {"do": "ability", "target": "X2"}}}}
    path = write(tmp_path, front=["W6"], party_lp=9, money=300, monsters=["X1", "X2"],
                 orders=orders)
    found = run("battle", str(path), "--dice", "4", "--turns", "1")
    steps = [(e["type"], e.get("actor")) for e in found["log"]]
    assert steps == [("ability", "W6"), ("attack", "X1"), ("pass", None), ("pass", None)]
    recruit = found["log"][0]
    assert (recruit["money"], recruit["ok_roll"], recruit["targets"]) == (100, 4, ["X2"])
    assert (recruit["party_lp"], recruit["monster_lp"]) == (15, 4)
    x1 = found["log"][1]
    assert (x1["target"], x1["atk"], x1["def"], x1["damage"]) == ("W6", 4, 4, 0)
    state = found["state"]
    assert (found["turn"], state["money"], state["back"], state["recruits"]) == (
        2, 100, ["X2", None, None], ["X2"])


def test_the_example_battle_file_is_fought_to_the_end() -> None:
    example = Path(__file__).parents[2] / "examples" / "majin" / "battle.json"
    found = run("battle", str(example), "--seed", "7")
    assert found["phase"] == "over" and found["result"] in ("won", "lost", "escaped")
    replay = run("battle", str(example), "--dice", ",".join(str(r["value"])
                                                            for r in found["rolls"]))
    assert replay["log"] == found["log"]
