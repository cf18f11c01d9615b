"""The campaign commands: each rule they apply, each refusal, the log and the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.majin import campaign as campaigns
from tests.majin.campaigns import raw, read, write_campaign
from tests.majin.util import WORKED, refused, run


def test_new_writes_every_key_shuffles_from_the_seed_and_logs_entry_1(tmp_path: Path
                                                                      ) -> None:
    path = tmp_path / "game.json"
    found = run("new", str(path), "--seed", "7")
    data = raw(path)
    assert list(data) == list(campaigns.KEYS)
    assert (data["money"], data["bank"], data["where"], data["dungeon"]) == (1000, 0,
                                                                             "surface", None)
    assert found["result"] == {"seed": 7} and found["log"]["n"] == 1
    assert found["log"]["args"] == ["--seed", "7"] and found["log"]["seed"] == 7
    assert data["piles"]["items"] == [f"I{n:02d}" for n in range(1, 21)]  # file order
    assert sorted(data["piles"]["majin"]["100"]) == [f"M{n:02d}" for n in range(1, 11)]
    again = tmp_path / "again.json"
    run("new", str(again), "--seed", "7")
    assert raw(again)["piles"] == data["piles"]
    other = tmp_path / "other.json"
    run("new", str(other), "--seed", "8")
    assert raw(other)["piles"]["majin"] != data["piles"]["majin"]
    assert "give --force" in refused("new", str(path))
    run("new", str(path), "--seed", "1", "--force")


def test_new_writes_the_card_folder_relative_to_the_campaign(tmp_path: Path) -> None:
    (tmp_path / "deck").symlink_to(WORKED)
    path = tmp_path / "games" / "game.json"
    path.parent.mkdir()
    run("new", str(path), "--cards", str(tmp_path / "deck"), "--seed", "1")
    assert raw(path)["cards"] == "../deck"
    assert set(read(path).cards.majin) == {"W1", "W2", "W3", "W4", "W5", "W6"}


def test_show_and_log(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, stock=["W1", "W6"], flags=["defeated:Y1"], elevator=[2])
    shown = run("show", str(path))
    assert set(shown) == {"campaign", "summary", "log"}
    assert shown["summary"]["majin"] == {"C": 1, "UC": 0, "R": 0, "SR": 0, "転校生": 1}
    assert shown["summary"]["bosses_defeated"] == ["Y1"]
    assert shown["summary"]["elevator"] == [2]
    assert run("log", str(path)) == {"log": []}


def test_gacha_pays_from_the_carried_money(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, money=600, bank=5000,
                          piles={"majin": {"100": ["W5", "W1", "W2"]}})
    found = run("gacha", str(path), "--tier", "100")
    assert found["result"] == {"tier": 100, "card": "W5", "rank": "C", "money": 500}
    assert found["campaign"]["stock"] == ["W5"]
    assert found["log"]["money"] == [600, 500] and found["log"]["lp"] is None
    run("gacha", str(path), "--tier", "100", "--card", "W2")
    assert raw(path)["piles"]["majin"]["100"] == ["W1"]
    assert "not in the 100 yen pile" in refused("gacha", str(path), "--tier", "100",
                                                "--card", "W5")
    assert "R30" in refused("gacha", str(path), "--tier", "1000")  # the bank does not pay


def test_party_on_the_surface(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, stock=["W1", "W2", "W3"], party={"front": ["W4"]})
    found = run("party", str(path), "--front", "W1,-,W2", "--back", "W3")
    assert found["campaign"]["party"] == {"front": ["W1", None, "W2"],
                                          "back": ["W3", None, None]}
    assert found["campaign"]["stock"] == ["W4"]  # the member who left
    assert "R10" in refused("party", str(path), "--front", "-", "--back", "W1")
    assert "not in the stock" in refused("party", str(path), "--front", "W5")
    assert "--items is for the dungeon" in refused("party", str(path), "--front", "W1",
                                                   "--items", "W1=I1")


def test_party_in_the_dungeon_rearranges_and_hands_items_over(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, where="dungeon", party={"front": ["W1", "W2"]},
                          dungeon={"x": 1, "y": 1, "bodies": ["W3"], "items": {"W1": "I1"}})
    found = run("party", str(path), "--front", "W2,W1", "--items", "W3=I1")
    assert found["campaign"]["party"]["front"] == ["W2", "W1", None]
    assert found["campaign"]["dungeon"]["items"] == {"W3": "I1"}
    assert "living members" in refused("party", str(path), "--front", "W2,W1,W4")
    assert "each to one holder" in refused("party", str(path), "--front", "W2,W1",
                                           "--items", "W1=I2")


def test_sell_buy_shop_discard(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, money=0, pack=["I1", "I3", "I4"])
    assert run("sell", str(path), "I1")["result"]["money"] == 100
    cursed = run("sell", str(path), "I3")["result"]
    assert (cursed["displayed"], cursed["money"]) == (False, 150)
    data = raw(path)
    assert data["shop"] == ["I1"] and data["piles"]["items"][-1] == "I3"
    assert "costs 200 yen" in refused("buy", str(path), "I1")
    run("adjust", str(path), "--money", "100", "--note", "a gift")
    assert run("buy", str(path), "I1")["result"] == {"item": "I1", "price": 200, "money": 50}
    run("discard", str(path), "I4")
    assert raw(path)["pack"] == ["I1"]
    run("sell", str(path), "I1")
    assert run("shop", str(path), "--all")["result"] == {"returned": ["I1"]}
    assert "R42" in refused("discard", str(write_campaign(tmp_path, "c.json", pack=["I3"])),
                            "I3")


def test_case_10_revival(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, money=1200, graveyard=["W2"])
    lost = run("revive", str(path), "W2", "--dice", "6")["result"]
    assert lost == {"card": "W2", "rank": "UC", "fee": 500, "roll": 6, "revived": False,
                    "money": 700}
    data = raw(path)
    assert "W2" in data["piles"]["majin"]["100"] and data["graveyard"] == []
    assert run("log", str(path))["log"][0]["seed"] is not None  # the pile was shuffled
    path = write_campaign(tmp_path, money=1200, graveyard=["W2"])
    kept = run("revive", str(path), "W2", "--dice", "5")["result"]
    assert (kept["revived"], kept["money"]) == (True, 700)
    assert raw(path)["stock"] == ["W2"]


def test_revival_refusals(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, money=100, graveyard=["W2"])
    assert "costs 500 yen" in refused("revive", str(path), "W2", "--dice", "1")
    assert "not in the graveyard" in refused("revive", str(path), "W1", "--dice", "1")


def test_lose_graveyard_cards_and_bodies(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, graveyard=["W1", "W2"])
    run("lose", str(path), "W1", "--seed", "3")
    assert raw(path)["graveyard"] == ["W2"] and "W1" in raw(path)["piles"]["majin"]["100"]
    trip = write_campaign(tmp_path, "trip.json", where="dungeon", party={"front": ["W1"]},
                          dungeon={"x": 1, "y": 1, "bodies": ["W3"], "items": {"W3": "I1"}})
    assert "R51" in refused("lose", str(trip), "W3")
    run("discard", str(trip), "I1")
    run("lose", str(trip), "W3", "--seed", "1")
    assert raw(trip)["dungeon"]["bodies"] == []


def test_bank(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, money=1000)
    assert run("bank", str(path), "--deposit", "600")["result"] == {"money": 400,
                                                                    "bank": 600}
    assert run("bank", str(path), "--withdraw", "100")["result"] == {"money": 500,
                                                                     "bank": 500}
    assert "600 yen to withdraw" in refused("bank", str(path), "--withdraw", "600")
    assert "at least 1 yen" in refused("bank", str(path), "--deposit", "0")


def test_enter_rules(tmp_path: Path) -> None:
    five = write_campaign(tmp_path, party={"front": ["W1"]},
                          graveyard=["W2", "W3", "W4", "W5", "W6"])
    assert run("enter", str(five), "--dice", "1,1")["result"]["floor"] == 1
    heavy = write_campaign(tmp_path, "heavy.json", party={"front": ["W1"]},
                           pack=["I1", "I2"])
    assert "R11" in refused("enter", str(heavy), "--dice", "1,1")
    empty = write_campaign(tmp_path, "empty.json", stock=["W1"])
    assert "R10" in refused("enter", str(empty), "--dice", "1,1")
    closed = write_campaign(tmp_path, "closed.json", party={"front": ["W1"]})
    assert "R31" in refused("enter", str(closed), "--floor", "2", "--dice", "1,1")


def test_r29_a_full_graveyard_blocks_the_next_expedition(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, cards="sample", party={"front": ["M01"]},
                          graveyard=["M02", "M03", "M04", "M05", "M06", "M07"])
    assert "R29" in refused("enter", str(path), "--dice", "1,1")


def test_case_11_entering_lp_and_items_in_formation_order(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, party={"front": ["W1", "W2", "W3"],
                                           "back": ["W4", "W5", "W6"]},
                          pack=["I4", "I2", "I1"], elevator=[2], money=600)
    found = run("enter", str(path), "--floor", "2", "--items", "W5=I2", "--dice", "3,5")
    assert found["result"] == {"floor": 2, "x": 3, "y": 5, "lp": 39, "paid": 500}
    trip = found["campaign"]["dungeon"]
    assert trip["items"] == {"W5": "I2", "W1": "I4", "W2": "I1"}
    assert trip["maps"]["2"] == [{"x": 3, "y": 5, "card": "F2-UP", "rot": 0}]
    assert list(trip) == list(campaigns.DUNGEON_KEYS)
    assert found["log"]["lp"] == [None, 39] and found["log"]["dice"] == [3, 5]


def test_the_wrong_place_names_what_must_happen_first(tmp_path: Path) -> None:
    surface = write_campaign(tmp_path, stock=["W1"])
    assert "enter it first" in refused("draw", str(surface))
    trip = write_campaign(tmp_path, "trip.json", where="dungeon", party={"front": ["W1"]},
                          dungeon={"x": 1, "y": 1, "drawn": "F1-I"},
                          piles={"dungeon": {"1": ["F1-I"] * 24}})
    assert "lay the drawn card first" in refused("draw", str(trip))
    assert "the party is in the dungeon" in refused("gacha", str(trip), "--tier", "100")


def test_a_refused_command_changes_no_byte(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("new", str(path), "--seed", "2")
    before = path.read_bytes()
    for args in (["gacha", str(path), "--tier", "1000", "--card", "M01"],
                 ["party", str(path), "--front", "M01"], ["enter", str(path), "--dice", "1"],
                 ["bank", str(path), "--withdraw", "5"], ["revive", str(path), "M01"],
                 ["adjust", str(path), "--lp", "1", "--note", "x"]):
        refused(*args)
        assert path.read_bytes() == before, args
    run("gacha", str(path), "--tier", "100", "--dry-run")
    assert path.read_bytes() == before


@pytest.mark.parametrize("change, where, expected", [
    ({"stock": ["W1", "W1"]}, "W1", "in 2 places"),
    ({"stock": ["W1"], "graveyard": ["W1"]}, "W1", "in 2 places"),
    ({"piles": {"majin": {"100": ["W3"]}}}, "W3", "wrong pile"),
    ({"pack": ["I1"], "shop": ["I1"]}, "I1", "in 2 places"),
    ({"party": {"front": ["X1"]}}, "X1", "only 魔人"),
    ({"stock": ["Q1"]}, "stock[0]", "not a 魔人"),
    ({"money": -5}, "money", "0-"),
    ({"where": "dungeon"}, "where", "must agree"),
    ({"wipe": {"floor": 1}}, "wipe", "the site"),
    ({"log": [{"n": 2}]}, "log[0]", "count from 1"),
    ({"piles": {"items": ["I1", "I1", "I2", "I3", "I4"]}}, "I1", "in 2 places"),
    ({"where": "dungeon", "party": {"front": ["W1"]},
      "dungeon": {"x": 1, "y": 1, "maps": {"1": [{"x": 1, "y": 1, "card": "F2-UP",
                                                   "rot": 0}]}}},
     "dungeon.maps.1[0].card", "belongs to B2F"),
    ({"where": "dungeon", "party": {"front": ["W1"]}, "dungeon": {"y": 1}}, "dungeon.x",
     "missing"),
])
def test_a_bad_campaign_is_refused_naming_the_card_or_key(tmp_path: Path, change: dict,
                                                          where: str, expected: str) -> None:
    path = write_campaign(tmp_path, **change)
    error = refused("show", str(path))
    assert f"game.json: {where}: " in error and expected in error, error


def test_corridor_copies_are_counted(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, piles={"dungeon": {"1": ["F1-I"] * 26}})
    assert "F1-I: 26 copies placed; the card file has 25" in refused("show", str(path))


def test_atomic_write_leaves_the_old_file_when_the_rename_fails(tmp_path: Path,
                                                                monkeypatch) -> None:
    import os

    path = tmp_path / "game.json"
    run("new", str(path), "--seed", "2")
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    from click.testing import CliRunner

    from companion.cli import main

    CliRunner().invoke(main, ["majin", "gacha", str(path), "--tier", "100"])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert read(path).money == 1000
    assert not list(tmp_path.glob(".game.json.*"))  # the temporary file is removed


def test_a_killed_write_leaves_a_loadable_old_file(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "game.json"
    run("new", str(path), "--seed", "2")
    before = path.read_bytes()
    script = ("import os, signal, sys\n"
              "os.replace = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
              "from companion.cli import main\n"
              "sys.argv = ['companion', 'majin', 'gacha', sys.argv[1], '--tier', '100']\n"
              "main()\n")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True)
    assert done.returncode == -9
    assert path.read_bytes() == before
    assert read(path).money == 1000


def test_a_write_that_raises_midway_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    import os

    path = tmp_path / "game.json"
    run("new", str(path), "--seed", "2")
    before = path.read_bytes()
    real = os.fdopen

    class Broken:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            self.handle.write(data[: len(data) // 2])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: Broken(real(fd, mode)))
    error = refused("gacha", str(path), "--tier", "100")
    monkeypatch.undo()
    assert "nothing was saved" in error
    assert path.read_bytes() == before and json.loads(before)["money"] == 1000
