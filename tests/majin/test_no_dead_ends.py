"""Every 魔人 campaign plays on: a battle won with nothing defeated (R23), cursed items
(R42, R48), one summoner action a turn (R22), the table's ties and pre-battle choices
(R15), and each of the 21 sample events carried out through the command line."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from companion.majin import cards as card_files
from tests.majin import play
from tests.majin.campaigns import raw, write_campaign
from tests.majin.test_expedition import _fight, folder, trip
from tests.majin.util import events, refused, run, write

SAMPLE = Path(card_files.__file__).parent.parent / "data" / "majin"


# --- R23: won, nothing defeated -------------------------------------------------------------


def test_r23_a_battle_won_by_removing_every_monster_settles_without_a_chest(tmp_path: Path
                                                                           ) -> None:
    path, battle = _fight(tmp_path, ["X2", "X3", "X1"], "X2,X3")
    data = json.loads(battle.read_text("utf-8"))
    data.update(phase="over", result="won", removed=["X2", "X3"], monsters=[], monster_lp=0)
    battle.write_text(json.dumps(data), "utf-8")
    settled = run("settle", str(path), str(battle))
    assert settled["result"]["chest"] is None and "no chest" in settled["log"]["summary"]
    state = raw(path)
    assert state["dungeon"]["battle"] is None and state["dungeon"]["chest"] is None
    assert state["piles"]["monsters"]["1"] == ["X1", "X2", "X3"]  # R40: under the pile
    run("draw", str(path))  # the campaign goes on


# --- R42, R48: cursed items -----------------------------------------------------------------


def cursed_chest(tmp_path: Path, party: dict | None = None, **dungeon) -> Path:
    """Row 20 of the treasure table gives the cursed I3; a chest of level 4 waits."""
    keys = {} if party is None else {"party": party}
    path = trip(tmp_path, [], dungeon={"x": 3, "y": 5, "chest": {"floor": 1, "levels": [4]},
                                       **dungeon}, **keys)
    table = tmp_path / "cards" / "treasure.csv"
    table.write_text(table.read_text("utf-8").replace("20,item,I2,,", "20,item,I3,,"), "utf-8")
    return path


def test_r42_a_won_cursed_item_must_be_taken(tmp_path: Path) -> None:
    path = cursed_chest(tmp_path, items={"W1": "I4", "W2": "I1", "W5": "I2"})
    assert "cursed: it must be taken" in refused("chest", str(path), "--dice", "6,6,6,6")
    assert "R42" in refused("chest", str(path), "--dice", "6,6,6,6", "--drop", "I3")
    taken = run("chest", str(path), "--dice", "6,6,6,6", "--drop", "I1")["result"]
    assert taken["gained"] == "I3"
    assert raw(path)["dungeon"]["items"] == {"W1": "I4", "W2": "I3", "W5": "I2"}


def test_r42_a_cursed_item_is_never_handed_to_a_body(tmp_path: Path) -> None:
    path = cursed_chest(tmp_path, party={"front": ["W1", "W2"], "back": []}, bodies=["W5"],
                        items={"W1": "I4", "W2": "I1"})
    # W5's hands are free, but W5 is a body: the cursed item goes to a living member
    assert "R42" in refused("chest", str(path), "--dice", "6,6,6,6")
    run("chest", str(path), "--dice", "6,6,6,6", "--drop", "I4")
    assert raw(path)["dungeon"]["items"] == {"W1": "I3", "W2": "I1"}


def test_r42_every_living_hand_cursed_leaves_the_won_one_in_the_pile(tmp_path: Path) -> None:
    path = cursed_chest(tmp_path, party={"front": ["W1"], "back": []}, items={"W1": "I3"},
                        bodies=["W2", "W5"])
    data = raw(path)
    taken = run("chest", str(path), "--dice", "6,6,6,6")["result"]
    assert taken["gained"] is None and raw(path)["dungeon"]["items"] == {"W1": "I3"}
    assert data["dungeon"]["chest"] is not None and raw(path)["dungeon"]["chest"] is None


# --- R22: the summoner acts once a turn -----------------------------------------------------

TURN_2 = {"front": ["W1", "W2"], "back": ["W5"], "monsters": ["X4"], "phase": "fight",
          "turn": 2}


def test_r22_an_escape_after_a_swap_is_refused(tmp_path: Path) -> None:
    swapped = {"1": {"summoner": {"do": "swap", "cards": ["W1", "W5"]}}}
    path = write(tmp_path, **TURN_2, orders=swapped)
    assert "R22" in refused("escape", str(path), "--card", "W5", "--dice", "1")


def test_r22_two_escapes_in_one_turn_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, **TURN_2)
    first = run("escape", str(path), "--card", "W5", "--dice", "1", "--out", str(path))
    assert first["success"] is False
    written = json.loads(path.read_text("utf-8"))
    assert written["orders"]["1"]["summoner"] == {"do": "escape", "cards": ["W5"]}
    assert "already acted in turn 1" in refused("escape", str(path), "--card", "W1",
                                                "--dice", "6")


def test_r22_a_passed_summoner_phase_allows_the_escape(tmp_path: Path) -> None:
    path = write(tmp_path, **TURN_2, orders={"1": {"summoner": {"do": "pass"}}})
    assert run("escape", str(path), "--card", "W5", "--dice", "4")["success"] is True


# --- R15 and the orders: the table's choices ---------------------------------------------------


def equal_speed(tmp_path: Path) -> Path:
    """W1 and W7 both of speed 4 (W7 a copy of W1 under another name)."""
    cards = folder(tmp_path)
    table = cards / "majin.csv"
    table.write_text(table.read_text("utf-8") + "W7,剣士二号,C,100,6,5,3,4,,\n", "utf-8")
    return cards


@pytest.mark.parametrize(("ties", "first"), [(None, "W1"), (["W7"], "W7"),
                                             (["W7", "W1"], "W7"), (["W1"], "W1")])
def test_r15_equal_speed_members_act_in_the_order_the_table_gives(
        tmp_path: Path, ties: list[str] | None, first: str) -> None:
    equal_speed(tmp_path)
    orders = {} if ties is None else {"1": {"ties": ties}}
    path = write(tmp_path, cards="cards", front=["W1", "W7"], monsters=["X4"],
                 orders=orders, policy={"charge": "never"})
    fought = run("battle", str(path), "--turns", "1")
    attackers = [e["actor"] for e in events(fought, "attack") if e["actor"] in ("W1", "W7")]
    assert attackers[0] == first


def test_r15_ties_for_every_turn_at_the_top_of_the_orders(tmp_path: Path) -> None:
    equal_speed(tmp_path)
    path = write(tmp_path, cards="cards", front=["W1", "W7"], monsters=["X4"],
                 orders={"ties": ["W7"]}, policy={"charge": "never"})
    fought = run("battle", str(path), "--turns", "2")
    for turn in (1, 2):
        order = [e["actor"] for e in events(fought, "attack") if e["turn"] == turn
                 and e["actor"] in ("W1", "W7")]
        assert order == ["W7", "W1"]


def start_ability(tmp_path: Path) -> None:
    cards = folder(tmp_path)
    table = cards / "majin.csv"
    table.write_text(table.read_text("utf-8") + "W8,弓兵,R,500,6,5,3,7,pure 4 one start,\n",
                     "utf-8")


def test_orders_aim_or_skip_a_pre_battle_ability(tmp_path: Path) -> None:
    start_ability(tmp_path)
    aimed = write(tmp_path, cards="cards", front=["W8"], monsters=["X1", "X3"],
                  orders={"start": {"abilities": {"W8": {"target": "X3"}}}})
    done = run("battle", str(aimed), "--turns", "0")
    assert [(e["actor"], e["targets"]) for e in events(done, "ability")] == [("W8", ["X3"])]
    default = write(tmp_path, "default.json", cards="cards", front=["W8"],
                    monsters=["X1", "X3"])
    assert events(run("battle", str(default), "--turns", "0"), "ability")[0]["targets"] == [
        "X1"]
    skipped = write(tmp_path, "skip.json", cards="cards", front=["W8"], monsters=["X1", "X3"],
                    orders={"start": {"abilities": {"W8": {"do": "skip"}}}})
    assert events(run("battle", str(skipped), "--turns", "0"), "ability") == []
    bad = write(tmp_path, "bad.json", cards="cards", front=["W8"], monsters=["X1"],
                orders={"start": {"abilities": {"W8": {"do": "later"}}}})
    assert "orders.start.abilities.W8.do" in refused("battle", str(bad), "--turns", "0")


# --- every sample event, through the command line ------------------------------------------------


def sample_trip(tmp_path: Path, floor: int, first: str, **keys) -> Path:
    """The sample set with a party on ``floor`` at 3,5; ``first`` tops that floor's pile."""
    cards = tmp_path / "cards"
    shutil.copytree(SAMPLE, cards)
    with (cards / "dungeon.csv").open(encoding="utf-8") as rows:
        lines = [line for line in rows if not line.startswith("#")]
    pile = []
    for row in csv.DictReader(lines):
        if int(row["floor"]) == floor and row["kind"] == "corridor":
            pile += [row["id"]] * int(row["count"])
    pile.remove(first)
    data = {"where": "dungeon", "money": 1000,
            "party": {"front": ["M01", "M02"], "back": ["M03"]},
            "dungeon": {"floor": floor, "x": 3, "y": 5, "lp": 20,
                        "maps": {str(f): [{"x": 3, "y": 5, "card": f"D{f}-UP", "rot": 0}]
                                 for f in range(1, floor + 1)},
                        **keys.pop("dungeon", {})},
            "piles": {"dungeon": {str(floor): [first, *pile]}}, **keys}
    return write_campaign(tmp_path, cards="cards", **data)


def laid_event(path: Path) -> dict:
    run("draw", str(path))
    for side in "NEWS":
        placed = play.command("place", str(path), side)
        if placed:
            return placed["result"]
    raise AssertionError("the event card could not be laid")


def adjust(path: Path, *args: str) -> dict:
    return run("adjust", str(path), *args, "--note", "an event")["result"]


LP_EVENTS = [(1, 1, 2), (1, 2, -2), (2, 1, 3), (2, 2, -3), (3, 1, 5), (3, 2, -4)]


@pytest.mark.parametrize(("floor", "event", "lp"), LP_EVENTS)
def test_events_that_change_the_lp(tmp_path: Path, floor: int, event: int, lp: int) -> None:
    path = sample_trip(tmp_path, floor, f"D{floor}-E{event}")
    assert laid_event(path)["event"] == str(event)
    assert adjust(path, "--lp", str(lp))["lp"] == 20 + lp


@pytest.mark.parametrize(("floor", "item", "price"), [(1, "I11", 100), (2, "I12", 500)])
def test_a_merchant_sells_an_item_from_the_pile(tmp_path: Path, floor: int, item: str,
                                                price: int) -> None:
    path = sample_trip(tmp_path, floor, f"D{floor}-E3")
    assert item in laid_event(path)["event_text"]
    bought = adjust(path, "--money", str(-price), "--item", item)
    assert bought["item"] == {"item": item, "holder": "M01"} and bought["money"] == 1000 - price
    assert item not in raw(path)["piles"]["items"]
    assert "not in the item pile" in refused("adjust", str(path), "--item", item, "--note", "x")


def test_b1f_an_altar_resets_the_encounter_value(tmp_path: Path) -> None:
    path = sample_trip(tmp_path, 1, "D1-E4", dungeon={"encounter": 7})
    assert laid_event(path)["event"] == "4"
    done = adjust(path, "--money", "-100", "--reset-encounter")
    assert (done["encounter"], done["money"]) == (0, 900)


@pytest.mark.parametrize(("floor", "rise"), [(2, 3), (3, 5)])
def test_events_that_raise_the_encounter_value(tmp_path: Path, floor: int, rise: int) -> None:
    path = sample_trip(tmp_path, floor, f"D{floor}-E4", dungeon={"encounter": 6})
    laid_event(path)
    done = adjust(path, "--encounter", str(rise))
    assert done["encounter"] == 6 + rise
    assert done["due"] == ("encounter" if 6 + rise >= 10 else None)


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_the_graffiti_and_the_other_fifth_events(tmp_path: Path, floor: int) -> None:
    path = sample_trip(tmp_path, floor, f"D{floor}-E5")
    placed = laid_event(path)
    assert placed["event"] == "5" and placed["event_text"]
    if floor == 2:
        assert run("elevator", str(path), "--open", "2")["result"]["elevator"] == [2]
    if floor == 3:
        assert adjust(path, "--money", "1000")["money"] == 2000


@pytest.mark.parametrize("floor", [1, 2, 3])
def test_a_chest_found_by_an_event(tmp_path: Path, floor: int) -> None:
    path = sample_trip(tmp_path, floor, f"D{floor}-E6")
    laid_event(path)
    assert adjust(path, "--chest", str(floor))["chest"] == {"floor": floor, "levels": [floor]}
    opened = run("chest", str(path), "--seed", "3")["result"]
    assert opened["row"] >= 1 and raw(path)["dungeon"]["chest"] is None


def test_b3f_a_ghost_revives_for_free(tmp_path: Path) -> None:
    path = write_campaign(tmp_path, cards=str(SAMPLE), money=0, graveyard=["M05"],
                          party={"front": ["M01"]})
    assert "costs" in refused("revive", str(path), "M05", "--dice", "2")
    revived = run("revive", str(path), "M05", "--free", "--dice", "2")["result"]
    assert (revived["fee"], revived["revived"], revived["money"]) == (0, True, 0)


@pytest.mark.parametrize(("floor", "boss"), [(1, "Z1"), (2, "Z2"), (3, "Z3")])
def test_the_special_events_call_their_bosses(tmp_path: Path, floor: int, boss: str) -> None:
    path = sample_trip(tmp_path, floor, f"D{floor}-E1")
    battle = tmp_path / "boss.json"
    fought = run("fight", str(path), "--boss", boss, "--out", str(battle))["result"]
    assert fought["monsters"] == [boss]
    assert json.loads(battle.read_text("utf-8"))["monsters"] == [boss]


# --- what the text output says ------------------------------------------------------------------


def text(*args: str) -> str:
    from click.testing import CliRunner

    from companion.cli import main
    result = CliRunner().invoke(main, ["--lang", "en", "majin", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_draw_and_place_say_the_symbol_where_it_goes_and_the_event(tmp_path: Path) -> None:
    path = sample_trip(tmp_path, 1, "D1-E1")
    drawn = text("draw", str(path))
    assert "event 1" in drawn and "lay it N / E / S / W of 3,5" in drawn
    placed = text("place", str(path), "N")
    assert "event 1: A spring: the party may recover 2 LP." in placed


def test_a_battle_symbol_says_a_battle_is_due(tmp_path: Path) -> None:
    path = trip(tmp_path, ["BT"])
    run("draw", str(path))
    assert "a battle is due (symbol): 'fight'" in text("place", str(path), "N")


def test_show_draws_the_map_with_openings_and_marks(tmp_path: Path) -> None:
    path = sample_trip(tmp_path, 1, "D1-E1")
    run("draw", str(path))
    run("place", str(path), "N")
    shown = text("show", str(path))
    assert "  4 .  .  │@ ." in shown and "  5 .  .  ┼U ." in shown
    assert "@ the party  U up" in shown
    run("move", str(path), "S")
    assert "  4 .  .  │1 ." in text("show", str(path))


def test_fight_states_the_charge_policy_it_writes(tmp_path: Path) -> None:
    path = trip(tmp_path, [], dungeon={"x": 3, "y": 5, "due": "stay"})
    out = tmp_path / "b.json"
    said = text("fight", str(path), "--out", str(out), "--dice", "1")
    assert "charge: always" in said
    assert json.loads(out.read_text("utf-8"))["policy"] == {"charge": "always"}
    never = trip(tmp_path / "n", [], dungeon={"x": 3, "y": 5, "due": "stay"})
    run("fight", str(never), "--out", str(tmp_path / "n.json"), "--dice", "1", "--charge",
        "never")
    assert json.loads((tmp_path / "n.json").read_text("utf-8"))["policy"] == {
        "charge": "never"}


# --- a campaign through a boss, through the command line ------------------------------------


def test_a_campaign_through_the_b1f_boss_and_home(tmp_path: Path) -> None:
    game, boss = str(tmp_path / "game.json"), str(tmp_path / "boss.json")
    run("new", game, "--seed", "11")
    run("adjust", game, "--money", "9000", "--note", "a patron")
    drawn = [run("gacha", game, "--tier", "1000")["result"]["card"] for _card in range(6)]
    run("party", game, "--front", ",".join(drawn[:3]), "--back", ",".join(drawn[3:]))
    run("enter", game, "--dice", "3,5")
    run("draw", game)
    run("place", game, "N")
    run("fight", game, "--out", boss, "--boss", "Z1")
    fought = run("battle", boss, "--seed", "1", "--out", boss)
    assert fought["result"] == "won"
    settled = run("settle", game, boss)["result"]
    assert settled["result"] == "won"
    state = raw(Path(game))
    killed = json.loads(Path(boss).read_text("utf-8"))["killed"]
    assert ("defeated:Z1" in state["flags"]) == ("Z1" in killed)
    assert state["dungeon"]["battle"] is None and settled["chest"]["levels"] == [4]
    if settled["chest"] is not None:
        run("chest", game, "--seed", "2")
    run("adjust", game, "--flag", "gate", "--note", "B1F special: the gate is open")
    run("move", game, "S")
    home = run("up", game, "--seed", "3")["result"]
    state = raw(Path(game))
    assert state["where"] == "surface" and state["dungeon"] is None
    assert "gate" in state["flags"]
    assert home["bonus"] == (500 if "Z1" in killed else 0)  # the golem's bounty (R26)
