"""Expeditions through the campaign commands: corridor cards, encounters and events
(R1-R9), battles set up and settled (R38-R40), chests (R48), the wipe-out (R27, R42)
and recovery (R41)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.majin.campaigns import raw, read, write_campaign
from tests.majin.util import WORKED, refused, run

DUNGEON = """id,floor,kind,shape,enc,symbol,count
F1-UP,1,up,X,0,,1
F1-SP,1,special,D,0,,1
N4,1,corridor,I,4,,5
N3,1,corridor,L,3,,3
BT,1,corridor,T,0,battle,1
EV,1,corridor,X,0,event1,1
DN,1,corridor,I,0,down,1
ZZ,1,corridor,I,0,,14
F2-UP,2,up,X,0,,1
F2-I,2,corridor,I,0,,25
F3-UP,3,up,X,0,,1
F3-I,3,corridor,I,0,,25
"""
EVENTS = """floor,event,text,text_en
1,1,泉がある。,A spring.
1,special,奥の間。,The inner hall.
"""


def folder(tmp_path: Path) -> Path:
    cards = tmp_path / "cards"
    shutil.copytree(WORKED, cards)
    (cards / "dungeon.csv").write_text(DUNGEON, "utf-8")
    (cards / "events.csv").write_text(EVENTS, "utf-8")
    return cards


def trip(tmp_path: Path, pile: list[str], **keys) -> Path:
    """A party (W1, W2 | W5) on B1F at 3,5, the B1F pile starting with ``pile``."""
    rest = ["N4"] * 5 + ["N3"] * 3 + ["BT", "EV", "DN"] + ["ZZ"] * 14
    for card in pile:
        rest.remove(card)
    folder(tmp_path)
    data = {"where": "dungeon", "party": {"front": ["W1", "W2"], "back": ["W5"]},
            "dungeon": {"x": 3, "y": 5}, **keys}
    data["piles"] = {"dungeon": {"1": [*pile, *rest]}, **keys.get("piles", {})}
    return write_campaign(tmp_path, cards="cards", **data)


def lay(path: Path, side: str, *extra: str) -> dict:
    run("draw", str(path))
    return run("place", str(path), side, *extra)["result"]


def test_draw_place_and_rotation(tmp_path: Path) -> None:
    path = trip(tmp_path, ["N3", "N4"])
    drawn = run("draw", str(path))["result"]
    assert drawn == {"card": "N3", "shape": "L", "enc": 3, "symbol": None,
                     "fits": ["N", "E", "S", "W"]}
    assert "lay the drawn card first" in refused("draw", str(path))
    placed = run("place", str(path), "N")["result"]  # L opens N, E: 90° opens E, S
    assert (placed["x"], placed["y"], placed["rot"], placed["added"]) == (3, 4, 90, 3)


def test_place_refuses_a_turn_that_does_not_open_back(tmp_path: Path) -> None:
    path = trip(tmp_path, ["N4"])
    run("draw", str(path))
    assert "R6" in refused("place", str(path), "E", "--rotate", "0")  # I at 0°: N, S
    assert lay_drawn(path, "E", "90")["rot"] == 90


def lay_drawn(path: Path, side: str, rotate: str) -> dict:
    return run("place", str(path), side, "--rotate", rotate)["result"]


def test_r1_r3_a_battle_at_10_and_one_battle_per_entry(tmp_path: Path) -> None:
    path = trip(tmp_path, ["N4", "N3", "N3", "BT"])
    assert lay(path, "N")["due"] is None  # 4
    assert lay(path, "N")["due"] is None  # 7; the L turned 90° opens E and S
    third = lay(path, "E")
    assert (third["encounter"], third["due"]) == (10, "encounter")  # R1: 10 is enough
    assert "fight it first" in refused("draw", str(path))


def test_r3_a_battle_symbol_and_a_value_over_10_make_one_battle(tmp_path: Path) -> None:
    path = trip(tmp_path, ["N4", "N4", "BT"], dungeon={"x": 3, "y": 5, "encounter": 5})
    lay(path, "N")
    placed = lay(path, "N")
    assert placed["due"] == "encounter"
    run("fight", str(path), "--out", str(tmp_path / "b.json"), "--monsters", "X1")
    assert raw(path)["dungeon"]["battle"]["monsters"] == ["X1"]


def test_r4_events_fire_when_laid_and_never_again(tmp_path: Path) -> None:
    path = trip(tmp_path, ["EV"])
    placed = lay(path, "N")
    assert (placed["event"], placed["event_text"]) == ("1", "A spring.")
    again = run("move", str(path), "S", "N")["result"]
    assert again["path"] == [[3, 5], [3, 4]] and again["due"] is None


def test_r2_stamping_and_move_stopping_at_a_battle(tmp_path: Path) -> None:
    path = trip(tmp_path, ["N4", "N4", "ZZ"])
    lay(path, "N")
    lay(path, "N")
    assert run("stay", str(path))["result"] == {"due": "stay"}
    assert raw(path)["dungeon"]["due"] == "stay"
    calm = trip(tmp_path / "calm", ["ZZ"])
    lay(calm, "N")
    assert "R2" in refused("stay", str(calm))
    walker = trip(tmp_path / "walk", ["N4", "N4"], dungeon={"x": 3, "y": 5, "encounter": 1})
    lay(walker, "N")  # 5
    lay(walker, "N")  # 9
    found = run("move", str(walker), "S", "N", "S")["result"]
    assert found["path"] == [[3, 4]] and found["due"] == "encounter"  # 9 + 4 = 13
    assert found["stopped"] == ["N", "S"]
    assert "no open way" in refused("move", str(trip(tmp_path / "w", [])), "E")


def test_r8_r9_stairs_keep_the_encounter_value(tmp_path: Path) -> None:
    path = trip(tmp_path, ["N4", "DN"])
    lay(path, "N")
    lay(path, "N")
    assert "not on a down-stairs" not in refused("up", str(path))
    found = run("descend", str(path))["result"]
    assert found == {"floor": 2, "x": 3, "y": 3}
    data = raw(path)["dungeon"]
    assert data["encounter"] == 4 and data["maps"]["2"] == [
        {"x": 3, "y": 3, "card": "F2-UP", "rot": 0}]
    assert run("up", str(path))["result"]["floor"] == 1  # back to the down stairs (R8)
    assert raw(path)["dungeon"]["encounter"] == 4


def test_fight_writes_the_battle_file_and_r39_r38(tmp_path: Path) -> None:
    path = trip(tmp_path, [], dungeon={"x": 3, "y": 5, "due": "stay", "lp": 20},
                money=300)
    out = tmp_path / "battles" / "b.json"
    found = run("fight", str(path), "--out", str(out), "--dice", "2")
    state = json.loads(out.read_text("utf-8"))
    monsters = state["monsters"]
    assert len(monsters) == 2 and found["result"]["monsters"] == monsters
    assert (state["phase"], state["turn"], state["party_lp"], state["money"]) == (
        "start", 1, 20, 300)
    assert state["front"] == ["W1", "W2", None] and state["orders"] == {}
    assert state["cards"] == "../cards"  # the campaign's folder, seen from the battle
    assert raw(path)["dungeon"]["battle"] == {"file": "battles/b.json",
                                              "monsters": monsters, "bosses": []}
    assert "settle the battle first" in refused("draw", str(path))
    empty = trip(tmp_path / "e", [], dungeon={"x": 3, "y": 5, "due": "symbol",
                                              "encounter": 12,
                                              "graveyards": {"1": ["X1", "X2", "X3"]}},
                 piles={"monsters": {"1": []}})
    none = run("fight", str(empty), "--out", str(tmp_path / "n.json"), "--dice", "3")
    assert none["result"] == {"monsters": [], "monster_lp": 0, "file": None}
    assert raw(empty)["dungeon"]["due"] is None and raw(empty)["dungeon"]["encounter"] == 0
    assert not (tmp_path / "n.json").exists()
    boss = trip(tmp_path / "b", [])
    found = run("fight", str(boss), "--out", str(tmp_path / "boss.json"), "--boss", "Y1")
    assert found["result"]["monsters"] == ["Y1"]
    assert "no battle is due" in refused("fight", str(trip(tmp_path / "c", [])), "--out",
                                         str(tmp_path / "x.json"))


def _fight(tmp_path: Path, pile: list[str], monsters: str) -> tuple[Path, Path]:
    """A campaign due a battle on B1F with ``pile`` as its monster pile, and the
    battle file ``fight --monsters`` writes."""
    path = trip(tmp_path, [], dungeon={"x": 3, "y": 5, "due": "stay"},
                piles={"monsters": {"1": pile}})
    battle = tmp_path / "b.json"
    run("fight", str(path), "--out", str(battle), "--monsters", monsters)
    return path, battle


def test_settle_a_won_battle_r40_and_the_chest(tmp_path: Path) -> None:
    path, battle = _fight(tmp_path, ["X2", "X3", "X1"], "X2,X3")
    assert "not over" in refused("settle", str(path), str(battle))
    fought = run("battle", str(battle), "--seed", "5", "--out", str(battle))
    data = json.loads(battle.read_text("utf-8"))
    data.update(phase="over", result="won", killed=["X2"], monsters=["X3"], monster_lp=0)
    battle.write_text(json.dumps(data), "utf-8")
    found = run("settle", str(path), str(battle))["result"]
    assert found["result"] == "won" and found["chest"] == {"floor": 1, "levels": [2, 2]}
    state = raw(path)
    assert state["dungeon"]["graveyards"]["1"] == ["X2"]
    assert state["piles"]["monsters"]["1"] == ["X1", "X3"]  # R40: under the pile
    assert (state["dungeon"]["due"], state["dungeon"]["encounter"]) == (None, 0)
    assert fought["phase"] == "over"


def test_a_chest_gives_its_item_to_the_first_free_holder_and_r48(tmp_path: Path) -> None:
    path = trip(tmp_path, [], dungeon={"x": 3, "y": 5, "items": {"W1": "I4"},
                                       "chest": {"floor": 1, "levels": [2, 1, 1]}})
    found = run("chest", str(path), "--dice", "6,6,5,6")["result"]
    assert (found["row"], found["item"], found["gained"]) == (20, "I2", "I2")
    assert raw(path)["dungeon"]["items"] == {"W1": "I4", "W2": "I2"}
    full = trip(tmp_path / "f", [], dungeon={
        "x": 3, "y": 5, "items": {"W1": "I4", "W2": "I3", "W5": "I2"},
        "chest": {"floor": 1, "levels": [4]}})
    held = run("chest", str(full), "--dice", "6,6,6,6")["result"]  # row 20: I2, held
    assert (held["item"], held["gained"]) == ("I2", None)  # not in the pile: nothing
    full_chest = {"floor": 1, "levels": [4]}
    many = trip(tmp_path / "m", [], dungeon={
        "x": 3, "y": 5, "items": {"W1": "I4", "W2": "I3", "W5": "I1"}, "chest": full_chest})
    assert "R48" in refused("chest", str(many), "--dice", "6,6,6,6")
    assert "R42" in refused("chest", str(many), "--dice", "6,6,6,6", "--drop", "I3")
    dropped = run("chest", str(many), "--dice", "6,6,6,6", "--drop", "I4")["result"]
    assert dropped["gained"] == "I2"
    assert raw(many)["dungeon"]["items"] == {"W1": "I2", "W2": "I3", "W5": "I1"}
    assert "I4" in raw(many)["piles"]["items"]
    money = trip(tmp_path / "y", [], money=0, dungeon={
        "x": 3, "y": 5, "chest": {"floor": 1, "levels": [1]}})
    assert run("chest", str(money), "--dice", "2")["result"]["money"] == 100
    skipped = trip(tmp_path / "s", [], dungeon={"x": 3, "y": 5, "chest": full_chest})
    assert run("chest", str(skipped), "--skip")["result"] == {"skipped": True}


def test_case_9_bounty_on_a_normal_return(tmp_path: Path) -> None:
    path = trip(tmp_path, [], money=0, dungeon={
        "x": 3, "y": 5, "graveyards": {"1": ["X1", "X2", "X3"]}, "bodies": ["W3"],
        "items": {"W3": "I1"}}, party={"front": ["W1"]})
    found = run("up", str(path), "--seed", "3")["result"]
    assert (found["bounty_total"], found["bonus"], found["money"]) == (320, 300, 300)
    assert found["graveyard"] == ["W3"]
    state = raw(path)
    assert state["dungeon"] is None and state["where"] == "surface"
    assert state["graveyard"] == ["W3"] and state["pack"] == ["I1"]
    assert sorted(state["piles"]["monsters"]["1"]) == ["X1", "X2", "X3"]
    assert sorted(state["piles"]["dungeon"]["1"]) == sorted(
        ["N4"] * 5 + ["N3"] * 3 + ["BT", "EV", "DN"] + ["ZZ"] * 14)
    second = trip(tmp_path / "b", [], money=0, dungeon={
        "x": 3, "y": 5, "graveyards": {"1": ["X1"], "2": ["X4"]}})
    assert run("up", str(second), "--seed", "3")["result"]["bonus"] == 400


def test_case_9_and_r42_a_lost_battle_is_the_wipe_out(tmp_path: Path) -> None:
    path = trip(tmp_path, [], money=1250, dungeon={"x": 3, "y": 5, "due": "stay",
                                                    "items": {"W1": "I3", "W2": "I1"}},
                wipe={"floor": 2, "x": 1, "y": 1, "bodies": ["W6"], "items": ["I4"],
                      "visited": False})
    battle = tmp_path / "b.json"
    run("fight", str(path), "--out", str(battle), "--monsters", "X2")
    data = json.loads(battle.read_text("utf-8"))
    data.update(phase="over", result="lost", front=[None, None, None],
                back=[None, None, None], bodies=["W1", "W2", "W5"], party_lp=0)
    battle.write_text(json.dumps(data), "utf-8")
    found = run("settle", str(path), str(battle), "--seed", "1")["result"]
    assert found["money"] == 700
    assert found["site"] == {"floor": 1, "x": 3, "y": 5, "bodies": ["W1", "W2", "W5"],
                             "items": ["I1"], "visited": False}
    state = raw(path)
    assert state["where"] == "surface" and state["party"]["front"] == [None] * 3
    assert "I3" in state["piles"]["items"] and "I4" in state["piles"]["items"]
    assert "W6" in state["piles"]["majin"]["1000"]  # the old site is lost


def test_r41_recovery_at_the_site(tmp_path: Path) -> None:
    site = {"floor": 1, "x": 3, "y": 5, "bodies": ["W3", "W4"], "items": ["I1", "I2"],
            "visited": False}
    path = trip(tmp_path, [], wipe=site, party={"front": ["W1", "W2"], "back": ["W5"]})
    found = run("recover", str(path), "--bodies", "W3", "--items", "I1,I2", "--dice", "6,2")
    assert found["result"]["lost"] == ["I1"] and found["result"]["items"] == ["I2"]
    state = raw(path)
    assert state["dungeon"]["bodies"] == ["W3"] and state["dungeon"]["items"] == {"W1": "I2"}
    assert state["wipe"]["visited"] is True and state["wipe"]["bodies"] == ["W4"]
    elsewhere = trip(tmp_path / "x", [], wipe={**site, "x": 1})
    assert "R41" in refused("recover", str(elsewhere), "--items", "I1", "--dice", "1")
    crowded = trip(tmp_path / "c", [], wipe=site,
                   party={"front": ["W1", "W2", "W5"], "back": ["W6", "X1"]},
                   dungeon={"x": 3, "y": 5, "recruits": ["X1"]})
    assert "no party slots" in refused("recover", str(crowded), "--bodies", "W3,W4",
                                       "--dice", "")
    run("up", str(path), "--seed", "1")
    assert raw(path)["wipe"] is None  # a visited site is cleared on the way home


def test_adjust_lp_to_0_is_a_wipe_out(tmp_path: Path) -> None:
    path = trip(tmp_path, [], money=1000, dungeon={"x": 3, "y": 5, "lp": 3})
    found = run("adjust", str(path), "--lp", "-5", "--note", "poison mist", "--seed", "1")
    assert found["result"]["wiped_out"] is True and found["result"]["lp"] is None
    state = read(path)
    assert state.money == 500 and state.wipe["bodies"] == ["W1", "W2", "W5"]
    assert found["log"]["lp"] == [3, None]


def test_the_elevator(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, party={"front": ["W1"]}, money=2000)
    run("elevator", str(path), "--open", "3")
    assert "already open" in refused("elevator", str(path), "--open", "3")
    found = run("enter", str(path), "--floor", "3", "--dice", "6,6")["result"]
    assert (found["floor"], found["paid"]) == (3, 1000)
    assert run("up", str(path), "--seed", "1")["result"]["floor"] is None  # to the surface


def test_r7_the_special_card_comes_last_as_a_dead_end_with_its_event(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    text = (cards / "dungeon.csv").read_text("utf-8")
    short = "\n".join(line for line in text.splitlines()
                      if not line.startswith(("N4,", "N3,", "BT,", "EV,", "DN,")))
    (cards / "dungeon.csv").write_text(short.replace("ZZ,1,corridor,I,0,,14",
                                                     "ZZ,1,corridor,I,0,,1") + "\n", "utf-8")
    path = write_campaign(tmp_path, cards="cards", where="dungeon",
                          party={"front": ["W1"]}, dungeon={"x": 3, "y": 5})
    assert run("draw", str(path))["result"]["card"] == "ZZ"
    run("place", str(path), "N")
    drawn = run("draw", str(path))["result"]
    assert (drawn["card"], drawn["shape"], drawn["fits"]) == ("F1-SP", "D", ["N"])
    placed = run("place", str(path), "N")["result"]
    assert (placed["event"], placed["event_text"], placed["special"]) == (
        "special", "The inner hall.", True)
    assert placed["rot"] == 180  # a dead end opens back south only
    assert "no corridor end" in refused("draw", str(path))
    run("move", str(path), "S", "S")
    assert "used up" in refused("draw", str(path))  # at the up stairs, ends remain


def test_r38_a_killed_boss_is_flagged_and_counts_for_the_bounty(tmp_path: Path) -> None:
    path = trip(tmp_path, [], money=0)
    battle = tmp_path / "boss.json"
    run("fight", str(path), "--out", str(battle), "--boss", "Y1")
    data = json.loads(battle.read_text("utf-8"))
    data.update(phase="over", result="won", killed=["Y1"], monsters=[], monster_lp=0)
    battle.write_text(json.dumps(data), "utf-8")
    found = run("settle", str(path), str(battle))
    assert found["result"]["chest"] == {"floor": 1, "levels": [4]}
    assert "defeated:Y1" in found["campaign"]["flags"]
    run("chest", str(path), "--skip")
    home = run("up", str(path), "--seed", "1")["result"]
    assert (home["bounty_total"], home["bonus"]) == (500, 500)
    assert "Y1" in raw(path)["piles"]["bosses"]  # back with the boss cards at the reset
    assert run("show", str(path))["summary"]["bosses_defeated"] == ["Y1"]


def test_r50_an_escaped_battle_keeps_its_dead_and_gives_no_chest(tmp_path: Path) -> None:
    path, battle = _fight(tmp_path, ["X1", "X2", "X3"], "X1,X2")
    data = json.loads(battle.read_text("utf-8"))
    data.update(phase="over", result="escaped", killed=["X1"], monsters=["X2"],
                front=[None, "W2", None], bodies=["W1"])
    battle.write_text(json.dumps(data), "utf-8")
    found = run("settle", str(path), str(battle))["result"]
    assert (found["result"], found["chest"]) == ("escaped", None)
    state = raw(path)
    assert state["dungeon"]["graveyards"]["1"] == ["X1"]
    assert state["piles"]["monsters"]["1"] == ["X3", "X2"]
    assert state["dungeon"]["bodies"] == ["W1"] and state["where"] == "dungeon"
