"""The battle file: every refusal names the file and the key; a file written has every
key of the schema and reads back to the same battle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.majin import battle as battles
from tests.majin.util import WORKED, battle_data, refused, run, write

GOOD = {"front": ["W1", "W2"], "back": ["W5"], "monsters": ["X1", "X2"]}


@pytest.mark.parametrize("change, key, expected", [
    ({"colour": "red"}, "", "unknown key 'colour'; known: game, kind"),
    ({"game": "darkhall"}, "game", "expected 'majin'"),
    ({"floor": 4}, "floor", "1-3"),
    ({"floor": True}, "floor", "whole number"),
    ({"money": -1}, "money", "0-"),
    ({"turn": 0}, "turn", "1-"),
    ({"phase": "middle"}, "phase", "start, fight, over"),
    ({"result": "won"}, "result", "null until the phase is over"),
    ({"phase": "over"}, "result", "has a result"),
    ({"party_lp": 41}, "party_lp", "0-40"),
    ({"party_lp": 0}, "party_lp", "LP of 0"),
    ({"monster_lp": 0}, "monster_lp", "LP of 0"),
    ({"front": ["W1", "W2", "W3", "W4"]}, "front", "up to 3"),
    ({"front": ["X3"]}, "front[0]", "not a 魔人"),
    ({"front": [None, "W9"]}, "front[1]", "not a 魔人"),
    ({"front": [None], "back": ["W1"]}, "front", "R52"),
    ({"monsters": []}, "monsters", "has monsters"),
    ({"monsters": ["W3"]}, "monsters[0]", "not a monster or boss"),
    ({"killed": ["X1"]}, "killed", "two places"),
    ({"bodies": ["W1"]}, "bodies", "two places"),
    ({"recruits": ["X3"]}, "recruits", "not in the party"),
    ({"items": {"W3": "I1"}}, "items.W3", "not a party member or body"),
    ({"items": {"W1": "I1", "W2": "I1"}}, "items.W2", "held twice"),
    ({"items": {"W1": "I9"}}, "items.W1", "not an item"),
    ({"used_items": ["I1"], "items": {"W1": "I1"}}, "used_items", "spent and held"),
    ({"policy": {"charge": "sometimes"}}, "policy.charge", "always or never"),
    ({"policy": {"retreat": True}}, "policy", "charge"),
    ({"orders": {"0": {}}}, "orders.0", "'start', 'ties' or a turn number"),
    ({"orders": {"1": {"front": {"W1": {"do": "dance"}}}}}, "orders.1.front.W1.do",
     "attack, ability, item"),
    ({"orders": {"1": {"front": {"W1": {"do": "ability", "charge": True}}}}},
     "orders.1.front.W1.charge", "only for an attack"),
    ({"orders": {"1": {"front": {"W1": {"do": "attack", "target": "Q"}}}}},
     "orders.1.front.W1.target", "not a card"),
    ({"orders": {"1": {"back": {"do": "ability"}}}}, "orders.1.back", "'card'"),
    ({"orders": {"1": {"summoner": {"do": "swap", "cards": ["W1"]}}}},
     "orders.1.summoner.cards", "2 card ids"),
    ({"orders": {"1": {"summoner": {"do": "swap", "cards": ["W1", "W5"], "slot": 2}}}},
     "orders.1.summoner.slot", "only for withdraw or advance"),
    ({"orders": {"start": {"escape": "W1"}}}, "orders.start.escape", "list of card ids"),
    ({"orders": {"1": {"dance": {}}}}, "orders.1", "unknown key 'dance'; known:"),
])
def test_a_bad_battle_file_names_the_key(tmp_path: Path, change: dict, key: str,
                                         expected: str) -> None:
    path = write(tmp_path, **{**GOOD, **change})
    error = refused("battle", str(path), "--seed", "1")
    assert f"battle.json: {key}: ".replace(": : ", ": ") in error and expected in error, error


def test_malformed_files(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    path.write_text('{"game": "majin", "game": "majin"}', "utf-8")
    assert "given twice" in refused("battle", str(path))
    path.write_text("[1, 2", "utf-8")
    assert "malformed JSON" in refused("battle", str(path))
    assert "no such file" in refused("battle", str(tmp_path / "none.json"))
    bad = write(tmp_path, cards="nowhere", **GOOD)
    assert "battle.json: cards: " in refused("battle", str(bad))


def test_over_battles_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, **GOOD, phase="over", result="won")
    assert "the battle is over (won)" in refused("battle", str(path))
    assert "the battle is over" in refused("escape", str(path), "--card", "W1")


def test_defaults_fill_a_short_file() -> None:
    found = battles.from_dict(battle_data(**GOOD), "b.json", None)
    assert (found.floor, found.money, found.turn, found.phase, found.charge) == (
        1, 0, 1, "start", "always")
    assert found.party_lp == 6 + 8 + 4 and found.monster_lp == 4 + 6
    assert found.front == ["W1", "W2", None] and found.back == ["W5", None, None]


def test_the_lp_default_is_capped_at_40() -> None:
    big = battles.from_dict(battle_data(front=["W1", "W2", "W6"], back=["W4", "W3", "W5"],
                                        monsters=["X4"]), "b.json", None)
    assert big.party_lp == 39
    sample = battles.from_dict({"game": "majin", "kind": "battle", "front": ["M21", "M11"],
                                "back": ["M17", "M19", "M23"], "monsters": ["C01", "C08",
                                                                            "C04"]},
                               "b.json", None)
    assert sample.party_lp == 40 and sample.monster_lp == 39


def test_the_written_file_has_every_key_and_reads_back(tmp_path: Path) -> None:
    orders = {"2": {"summoner": {"do": "pass"}}}
    path = write(tmp_path, **GOOD, orders=orders)
    out = tmp_path / "sub" / "after.json"
    found = run("battle", str(path), "--seed", "4", "--turns", "1", "--out", str(out))
    written = json.loads(out.read_text("utf-8"))
    assert list(written) == list(battles.KEYS)
    assert written == found["state"] and written["orders"] == orders
    assert written["cards"] == str(WORKED)  # an absolute folder stays absolute
    again = battles.load(out)
    assert battles.to_dict(again, out) == written


def test_a_relative_card_folder_is_rewritten_for_the_new_place(tmp_path: Path) -> None:
    (tmp_path / "cards").symlink_to(WORKED)
    path = write(tmp_path, **{**GOOD, "cards": "cards"})
    out = tmp_path / "deep" / "er" / "b.json"
    run("battle", str(path), "--seed", "4", "--turns", "0", "--out", str(out))
    assert json.loads(out.read_text("utf-8"))["cards"] == "../../cards"
    assert battles.load(out).cards.majin.keys() == {"W1", "W2", "W3", "W4", "W5", "W6"}


def test_a_refused_command_writes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, **GOOD)
    before = path.read_bytes()
    out = tmp_path / "after.json"
    refused("battle", str(path), "--dice", "1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,"
            "1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,"
            "1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6,1,2,3,4,5,6", "--out", str(out),
            "--turns", "1")
    refused("battle", str(path), "--dice", "7", "--out", str(out))
    refused("battle", str(path), "--dice", "1", "--seed", "2", "--out", str(out))
    assert not out.exists() and path.read_bytes() == before
