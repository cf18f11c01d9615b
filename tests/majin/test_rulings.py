"""The battle and treasure rulings of the spec (R12-R25, R33-R37, R44-R52), each on a
small battle of the worked cards, through the commands' JSON."""

from __future__ import annotations

from pathlib import Path

from companion.dice import Tray
from companion.majin import runner
from tests.majin.util import WORKED, events, make, refused, run, write


def fight(tmp_path: Path, dice: str, *extra: str, **keys) -> dict:
    return run("battle", str(write(tmp_path, **keys)), "--dice", dice, *extra)


def test_r12_lp_changes_are_clamped_to_0_40(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W5": {"do": "ability"}}}}
    found = fight(tmp_path, "", "--turns", "1", front=["W5"], party_lp=39, monsters=["X1"],
                  orders=orders)
    heal = events(found, "ability")[0]
    assert (heal["amount"], heal["party_lp"]) == (3, 40)


def test_r13_monsters_hit_the_lowest_front_slot_and_slots_do_not_shift(tmp_path: Path
                                                                       ) -> None:
    found = fight(tmp_path, "", "--turns", "1", front=[None, "W2", "W1"], monsters=["X2"],
                  policy={"charge": "never"})
    x2 = next(e for e in events(found, "attack") if e["actor"] == "X2")
    assert x2["target"] == "W2"
    assert found["state"]["front"] == [None, "W2", "W1"]


def test_r14_a_body_keeps_its_item_which_does_nothing(tmp_path: Path) -> None:
    # W5 holds I1 (atk +2 self) and dies to X2's attack; its item stays on the body.
    found = fight(tmp_path, "", "--turns", "1", front=["W5", "W2"], items={"W5": "I1"},
                  monsters=["X2"], policy={"charge": "never"})
    state = found["state"]
    assert state["bodies"] == ["W5"] and state["items"] == {"W5": "I1"}
    battle = make(front=[None, "W2"], bodies=["W5"], items={"W5": "I1"}, monsters=["X2"])
    assert runner.Runner(battle, Tray([])).stat("W2", "atk", "attack") == 3


def test_r15_ties_party_first_then_formation_then_battle_order(tmp_path: Path) -> None:
    # W6 (SPD 5) and X2 (SPD 5): the party first; W1 (4) front, then X1 (2).
    found = fight(tmp_path, "", "--turns", "1", front=["W1", "W6"], monsters=["X2", "X1"],
                  policy={"charge": "never"})
    actors = [e["actor"] for e in events(found, "attack")]
    assert actors[:4] == ["W6", "X2", "W1", "X1"]


def test_r16_a_card_killed_before_its_turn_is_skipped(tmp_path: Path) -> None:
    # W3 (SPD 6) kills X1 (HP 4) with pure damage before X1 (SPD 2) acts.
    orders = {"1": {"front": {"W3": {"do": "ability"}}}}
    found = fight(tmp_path, "6", "--turns", "1", front=["W3", "W2"], monsters=["X1", "X2"],
                  orders=orders, policy={"charge": "never"})
    assert "X1" not in [e["actor"] for e in found["log"] if e["type"] == "attack"]


def test_r16_a_member_moved_forward_acts_from_the_next_turn(tmp_path: Path) -> None:
    # X2 kills W5 (HP 4, DEF 1); W2 moves up from the back and does not act in turn 1.
    found = fight(tmp_path, "", "--turns", "1", front=["W5"], back=["W2"], monsters=["X2"],
                  policy={"charge": "never"})
    assert [e["type"] for e in found["log"]] == ["attack", "advance", "pass", "pass"]
    assert events(found, "advance")[0]["cards"] == ["W2"]
    assert [e["actor"] for e in events(found, "attack")] == ["X2"]


def test_r17_dice_are_rolled_at_each_attack_and_damage_is_not_tracked(tmp_path: Path
                                                                      ) -> None:
    found = fight(tmp_path, "1,5", "--turns", "2", front=["W4"], party_lp=40,
                  monsters=["X4"], policy={"charge": "never"})
    w4 = [e for e in events(found, "attack") if e["actor"] == "W4"]
    assert [e["atk"] for e in w4] == [3, 7]  # 1d6+2, rolled per attack
    assert [r["for"] for r in found["rolls"]] == ["attack", "attack"]


def test_r18_the_charge_uses_the_atk_and_def_just_rolled(tmp_path: Path) -> None:
    # W4's ATK 1+2 = 3 vs X2's DEF 4: no damage; charge die 2: 3 + 2 - 4 = 1 (no new ATK die)
    found = fight(tmp_path, "1,2", "--turns", "1", front=["W4"], monsters=["X2"],
                  party_lp=20)
    charge = events(found, "charge")[0]
    assert (charge["atk"], charge["def"], charge["damage"]) == (5, 4, 1)
    assert [r["for"] for r in found["rolls"]] == ["attack", "charge"]


def test_r18_a_charge_against_a_party_member(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W5": {"do": "attack", "target": "W2"}}}}
    found = fight(tmp_path, "3", "--turns", "1", front=["W5", "W2"], monsters=["X1"],
                  party_lp=20, orders=orders)
    charge = events(found, "charge")[0]
    assert (charge["target"], charge["atk"], charge["def"], charge["damage"]) == (
        "W2", 5, 6, 0)  # 2 + 3 vs W2's 5 + its own def +1 front


def test_r19_monsters_never_charge(tmp_path: Path) -> None:
    found = fight(tmp_path, "", "--turns", "1", front=["W2"], monsters=["X1"],
                  policy={"charge": "never"})
    assert not events(found, "charge")


def test_r20_an_effect_on_several_targets_resolves_fully(tmp_path: Path) -> None:
    found = fight(tmp_path, "6", front=["W3"], monsters=["X1", "X3"], orders={
        "1": {"front": {"W3": {"do": "ability"}}}})
    ability = events(found, "ability")[0]
    assert ability["killed"] == ["X1", "X3"]
    assert [e["type"] for e in found["log"]] == ["ability", "end"]


def test_r21_r22_escape_timing(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W1"], back=["W5"], monsters=["X1"], phase="fight")
    assert "R22" in refused("escape", str(path), "--card", "W1", "--dice", "4")
    later = write(tmp_path, "later.json", front=["W1"], back=["W5"], monsters=["X1"],
                  phase="fight", turn=3)
    found = run("escape", str(later), "--card", "W5", "--dice", "4")
    assert (found["log"][0]["turn"], found["log"][0]["phase"]) == (2, "summoner")
    assert found["result"] == "escaped"
    assert "not a living party member" in refused("escape", str(later), "--card", "W3")


def test_r22_a_failed_escape_leaves_the_front_to_the_back_row(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W1"], back=["W5", "W2"], monsters=["X1"])
    found = run("escape", str(path), "--card", "W1", "--dice", "3")
    assert [e["type"] for e in found["log"]] == ["escape", "advance"]
    assert found["state"]["front"] == ["W5", "W2", None]


def test_r22_escape_orders_before_the_battle_stop_at_the_first_success(tmp_path: Path
                                                                       ) -> None:
    orders = {"start": {"escape": ["W1", "W3", "W5", "W2"]}}  # W3: not in the party
    found = fight(tmp_path, "2,4", front=["W1", "W2"], back=["W5"], monsters=["X1"],
                  orders=orders)
    escapes = events(found, "escape")
    assert [(e["card"], e["success"]) for e in escapes] == [("W1", False), ("W5", True)]
    assert found["result"] == "escaped"


def test_r23_the_chest_counts_killed_and_standing_but_not_removed(tmp_path: Path) -> None:
    battle = make(front=["W1"], monsters=["X1", "X3"], killed=["X2"], removed=["X4"])
    runner.Runner(battle, Tray([])).end("won")
    chest = runner.Runner(battle, Tray([])).chest()
    assert chest == {"levels": [2, 1, 2], "n": 5}
    battle.result = "escaped"
    assert runner.Runner(battle, Tray([])).chest() is None


def test_r24_r25_caps_and_the_short_form() -> None:
    low = run("treasure", "--floor", "2", "--levels", "9,9", "--short", "--dice", "6,6")
    assert (low["sum"], low["number"], low["cap"], low["row"]) == (6 * 17 + 6, 113, 40, 40)
    one = run("treasure", "--floor", "1", "--levels", "1", "--short", "--dice", "5")
    assert (one["rolls"], one["sum"]) == ([5], 5)
    assert one["p_over_cap"] == one["p_over_cap_short"] == "0"
    chosen = run("treasure", "--floor", "2", "--levels", "9,9", "--dice", ",".join("6" * 18),
                 "--choose", "3")
    assert chosen["row"] == 3
    assert "choose a row 1-40" in refused("treasure", "--floor", "2", "--levels", "9,9",
                                          "--dice", ",".join("6" * 18), "--choose", "41")


def test_r33_a_failed_success_roll_still_pays_and_spends(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W6": {"do": "ability", "target": "X1"}}}}
    found = fight(tmp_path, "3", "--turns", "1", front=["W6"], money=250, monsters=["X1"],
                  orders=orders)
    ability = events(found, "ability")[0]
    assert (ability["success"], ability["money"], ability["targets"]) == (False, 50, [])
    orders = {"1": {"front": {"W1": {"do": "item"}}}}
    found = fight(tmp_path, "", "--turns", "1", front=["W1"], items={"W1": "I4"},
                  monsters=["X1"], party_lp=10, orders=orders)
    assert found["state"]["used_items"] == ["I4"] and found["state"]["items"] == {}
    assert events(found, "ability")[0]["party_lp"] == 14


def test_r34_orders_that_cannot_be_carried_out_fall_back(tmp_path: Path) -> None:
    orders = {"1": {"front": {"W6": {"do": "ability"}, "W1": {"do": "item"}},
                    "back": {"card": "W3", "do": "ability"},
                    "summoner": {"do": "advance", "cards": ["W3"]}}}
    found = fight(tmp_path, "", "--turns", "1", front=["W6", "W1"], back=["W2"],
                  money=100, monsters=["X4"], party_lp=30, orders=orders,
                  policy={"charge": "never"})
    attacks = {e["actor"]: e for e in events(found, "attack")}
    assert attacks["W6"]["fallback"] and attacks["W1"]["fallback"]  # no money; no item
    assert [e["actor"] for e in events(found, "pass")] == ["W3", None]


def test_r35_recruits_fight_without_abilities_and_escape_as_c(tmp_path: Path) -> None:
    path = write(tmp_path, front=["W1"], back=["X3"], recruits=["X3"], monsters=["X1"])
    found = run("escape", str(path), "--card", "X3", "--dice", "4")
    assert (found["rank"], found["need"], found["success"]) == ("C", 4, True)
    orders = {"1": {"front": {"X3": {"do": "ability"}}}}
    found = fight(tmp_path, "", "--turns", "1", front=["X3"], recruits=["X3"],
                  monsters=["X1"], orders=orders, policy={"charge": "never"})
    assert events(found, "attack")[0]["fallback"] is True


def test_r35_bosses_cannot_be_recruited_and_a_full_party_cannot_recruit(tmp_path: Path
                                                                        ) -> None:
    orders = {"1": {"front": {"W6": {"do": "ability", "target": "Y1"}}}}
    found = fight(tmp_path, "4", "--turns", "1", front=["W6"], money=300,
                  monsters=["Y1", "X1"], party_lp=40, orders=orders)
    recruit = next(e for e in events(found, "ability") if e["actor"] == "W6")
    assert recruit["targets"] == ["X1"]  # the default: not a boss
    full = fight(tmp_path, "", "--turns", "1", front=["W6", "W1", "W2"],
                 back=["W3", "W4", "W5"], money=300, monsters=["X1"], orders=orders,
                 policy={"charge": "never"}, party_lp=40)
    assert not [e for e in events(full, "ability") if e["actor"] == "W6"]


def test_r36_r37_remove_and_seal(tmp_path: Path) -> None:
    battle = make(front=["W1"], monsters=["X3", "X1"], money=0)
    play = runner.Runner(battle, Tray([]))
    play.at = (1, "fight")
    play.apply("W1", False, _active("seal"), "X3", None)
    play.apply("W1", False, _active("remove"), "X1", None)
    assert battle.sealed == ["X3"] and battle.removed == ["X1"] and battle.monster_lp == 5
    play.monster_action("X3")
    assert [e["type"] for e in play.log] == ["attack"]  # sealed: it attacks instead


def _active(text: str):
    from companion.majin.effects import parse_active

    return parse_active(text, "majin")


def test_r44_all_includes_the_back_row_and_r45_pure_below_hp(tmp_path: Path) -> None:
    found = fight(tmp_path, "", "--turns", "0", front=["W1"], back=["W5", "W3"],
                  monsters=["Y1"], party_lp=30)
    pure = events(found, "ability")[0]
    assert pure["targets"] == ["W1", "W5", "W3"] and pure["killed"] == ["W5"]
    assert pure["party_lp"] == 26  # only W5's HP: W1 and W3 (HP 6, 5 > 4) take nothing


def test_r46_a_monster_ability_then_its_attack(tmp_path: Path) -> None:
    found = fight(tmp_path, "", "--turns", "1", front=["W2"], monsters=["X3"],
                  policy={"charge": "never"})
    assert [(e["type"], e["actor"]) for e in found["log"]][:3] == [
        ("ability", "X3"), ("attack", "X3"), ("attack", "W2")]


def test_r47_summoner_moves(tmp_path: Path) -> None:
    def summon(order: dict, front: list, back: list) -> dict:
        return fight(tmp_path, "", "--turns", "1", front=front, back=back, monsters=["X2"],
                     party_lp=40, orders={"1": {"summoner": order}},
                     policy={"charge": "never"})["log"][-1]
    swap = summon({"do": "swap", "cards": ["W2", "W5"]}, ["W2"], ["W5"])
    assert (swap["type"], swap["front"], swap["back"]) == ("summon", ["W5", None, None],
                                                          ["W2", None, None])
    alone = summon({"do": "withdraw", "cards": ["W2"]}, ["W2"], ["W5"])
    assert alone["type"] == "pass"  # it would leave the front row empty
    moved = summon({"do": "advance", "cards": ["W5"], "slot": 3}, ["W2"], ["W5"])
    assert moved["front"] == ["W2", None, "W5"]
    one = summon({"do": "switch", "cards": ["W2", "W2"]}, ["W2"], [])
    assert one["type"] == "pass"
    two = summon({"do": "switch", "cards": ["W2", "W1"]}, ["W2", "W1"], [])
    assert two["front"] == ["W1", "W2", None]


def test_r49_a_battle_stops_after_100_turns(tmp_path: Path) -> None:
    # Nobody can hurt anybody: M04 (ATK 3) vs C05 (DEF 7); C05 (ATK 6) vs M04's DEF 4 + 3
    # (its shield) + 1 (M07's def +1 front).
    found = fight(tmp_path, "", cards="sample", front=["M04"], back=["M07"],
                  items={"M04": "I08"}, monsters=["C05"], policy={"charge": "never"})
    assert found["phase"] == "fight" and found["turn"] == 101


def test_r32_explore_abilities_are_never_used_in_battle(tmp_path: Path) -> None:
    import shutil

    cards = tmp_path / "cards"
    shutil.copytree(WORKED, cards)
    items = (cards / "items.csv").read_text("utf-8") + "I5,地図,other,50,0,heal 3 explore,\n"
    (cards / "items.csv").write_text(items, "utf-8")
    orders = {"1": {"front": {"W1": {"do": "item"}}}}
    found = fight(tmp_path, "", "--turns", "1", cards=str(cards), front=["W1"],
                  items={"W1": "I5"}, monsters=["X2"], orders=orders,
                  policy={"charge": "never"})
    w1 = next(e for e in events(found, "attack") if e["actor"] == "W1")
    assert w1["fallback"] is True
    assert found["state"]["items"] == {"W1": "I5"}  # not spent
