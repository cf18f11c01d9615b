"""Every JongRogue game plays to its end: a pit at the deal, a typed wall no set holds,
a wall that runs dry, what ``move`` and ``show`` report, and whole games played through
the command line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.jongrogue import actions
from companion.jongrogue.engine import reshuffle_seed
from tests.jongrogue.play import Player, tiles_out_of_the_labyrinth
from tests.jongrogue.util import FOUND, events, floor_f, refused, run, state_of, write

PIT_AT_THE_DEAL = (12, 25, 51, 53, 58, 79)
WALL = Counter(FOUND.wall_tiles())


@pytest.mark.parametrize("seed", PIT_AT_THE_DEAL)
def test_a_pit_in_the_start_room_drops_the_hero_at_the_deal(tmp_path: Path, seed: int
                                                             ) -> None:
    path = tmp_path / "game.json"
    dealt = run("floor", "new", "--seed", str(seed), "--out", str(path))
    falls = events(dealt, "floor")
    assert falls == [{"event": "floor", "from": 1, "to": 2, "by": "pit"}]
    assert dealt["state"]["rooms"] is None and dealt["state"]["hero"]["at"] is None
    text = CliRunner().invoke(main, ["jongrogue", "floor", "new", "--seed", str(seed)])
    assert text.exit_code == 0 and "B1 → B2" in text.output
    assert "Between floors" in text.output
    nxt = run("floor", "new", str(path), "--seed", "1", "--out", str(path))
    assert nxt["state"]["floor"] == 2


def test_every_seed_deals_and_about_one_in_twelve_falls_at_once() -> None:
    falls = 0
    for seed in range(3000):
        state, dealt = actions.floor_new(None, FOUND, seed=seed)
        if state.rooms is None:
            assert dealt[-1]["event"] == "floor" and state.floor == 2
            falls += 1
    assert falls == 235  # the count the pits give over seeds 0-2999


def test_a_typed_floor_holds_no_kind_more_often_than_the_set() -> None:
    rooms = ["?"] * 8
    five = "; ".join(["1m", "E S 1m 1m 1m 1m", *rooms])
    assert "5 copies of 1m on the floor; the wall holds 4" in refused(
        "floor", "new", "--tiles", five)
    pairs = "; ".join(["9p", "E E 1p - - -", "E E 2p - - -", "E W 3p - - -", *["?"] * 5,
                       "W S 2m 7p 4s Wh"])
    assert "5 copies of E in the pairs; the labyrinth holds 4" in refused(
        "floor", "new", "--tiles", pairs)


def test_a_revealed_room_holds_no_kind_more_often_than_the_set(tmp_path: Path) -> None:
    spec = "; ".join(["9p", *["?"] * 6, "N S 1m 1m - -", "?", "W N 1m 1m 7p Wh"])
    path = tmp_path / "game.json"
    run("floor", "new", "--tiles", spec, "--out", str(path))
    run("move", str(path), "9N", "--out", str(path))
    assert "5 copies of 1m" in refused("move", str(path), "6S", "--reveal",
                                       "N S 1m 2m 3m 4m")


# --- a wall that runs dry (ruling 31) --------------------------------------------------------


def dry(**hero) -> dict:
    """Floor F's room 5 with a known, empty wall and every other wall tile discarded."""
    data = floor_f("5", **hero)
    tiles = list(FOUND.wall_tiles())
    data["wall"], data["discards"] = [], tiles
    return data


def test_an_empty_wall_is_made_again_from_the_discards(tmp_path: Path) -> None:
    path = write(tmp_path, dry())
    first = run("search", str(path), "--out", str(path))
    reshuffle = events(first, "reshuffle")
    assert reshuffle == [{"event": "reshuffle", "tiles": 118,
                          "seed": reshuffle_seed(1, list(FOUND.wall_tiles()))}]
    state = first["state"]
    drawn = [e["tile"] for e in events(first) if "tile" in e and e["event"] != "reshuffle"]
    assert state["discards"] == drawn and len(state["wall"]) == 118 - len(drawn)
    assert Counter(state["wall"] + state["discards"]) == WALL
    assert "seed" in state["log"][0] and "118 discards" in state["log"][0]
    again = run("search", str(write(tmp_path, dry(), "again.json")))
    assert again["state"]["wall"] == state["wall"]  # the same state, the same new wall


def test_an_unknown_wall_runs_dry_when_every_tile_is_out(tmp_path: Path) -> None:
    data = dry()
    data["wall"] = None
    path = write(tmp_path, data)
    searched = run("search", str(path), "--tile", "8p")
    assert events(searched, "reshuffle") == [{"event": "reshuffle", "tiles": 118,
                                              "seed": None}]
    assert searched["state"]["discards"] == ["8p"]


def test_nothing_to_draw_is_said_in_words(tmp_path: Path) -> None:
    data = floor_f("5")
    data["wall"] = []
    assert "the wall and the discards are both empty" in refused("search",
                                                                  str(write(tmp_path, data)))


def test_a_seeded_game_runs_its_wall_dry_and_plays_on(tmp_path: Path) -> None:
    player = Player(tmp_path, 3)
    player.start()
    path = str(player.path)
    reshuffled = False
    for _search in range(200):
        state = player.state()
        assert tiles_out_of_the_labyrinth(state) == WALL
        room, side = state.place
        if state.hero.asleep or state.hero.held or side is not None or state.rooms is None:
            pytest.skip("seed 3 keeps the hero in the start room")
        monsters = player.monsters(state, room)
        if monsters:
            player.run("remove", path, str(monsters[0]), "--out", path)
            continue
        done = player.run("search", path, "--out", path)
        reshuffled = reshuffled or bool(events(done, "reshuffle"))
        if reshuffled:
            break
    assert reshuffled
    assert tiles_out_of_the_labyrinth(player.state()) == WALL


# --- what move and show report ------------------------------------------------------------


def test_move_json_to_is_the_move_chosen_and_the_teleport_is_in_the_events(tmp_path: Path
                                                                          ) -> None:
    path = write(tmp_path, floor_f("6W", {6: ["3s"]}))
    moved = run("move", str(path), "6", "--tile", "1p")
    assert (moved["from"], moved["to"], moved["kind"]) == ("6W", "6", "in")
    assert events(moved, "teleport") == [{"event": "teleport", "tile": "1p", "room": 1}]
    assert moved["state"]["hero"]["at"] == "1"


def test_show_json_hides_face_down_rooms_as_the_text_view_does(tmp_path: Path) -> None:
    path = write(tmp_path, floor_f("5", {6: ["3m", "G"]}, closed=(6,)))
    shown = run("show", str(path))
    six = shown["rooms"][5]
    assert six["open"] is False and six["tiles"] == ["?", "?"]
    assert (six["sides"], six["stairs"]) == (None, None)
    assert [s and (s["tile"], s["kind"]) for s in six["encounter"]] == [
        ("?", None), ("?", None), None, None]
    every = run("show", str(path), "--all")["rooms"][5]
    assert every["tiles"] == ["N", "S"] and every["encounter"][0]["tile"] == "3m"
    assert every["sides"] == ["N", "S"]


# --- whole games through the command line ------------------------------------------------------


def test_a_whole_game_to_the_amulet_and_out(tmp_path: Path) -> None:
    """Floor 1 down past floor 26, the first 中 taken there is the Amulet of Yendor, the
    plate turns to 南, and the stairs lead up to floor 0: escaped."""
    player = Player(tmp_path, 0)
    player.start()
    used = player.play(6000)
    state = player.state()
    assert state.over == "escaped" and state.floor == 0 and state.hero.amulet
    assert player.deepest >= 26 and used < 6000
    kinds = Counter(args[0] for args in player.commands)
    assert {"floor", "move", "take", "remove", "plate"} <= set(kinds)
    assert kinds["plate"] == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), floor=st.integers(1, 30))
def test_random_games_through_the_command_line_never_dead_end(tmp_path: Path, seed: int,
                                                             floor: int) -> None:
    """From any floor, any seed: every state has a command that leads on, none ends in
    a traceback, and the floor's 118 wall tiles are all somewhere after every command
    (checked in Player.step)."""
    folder = tmp_path / f"g{seed}-{floor}"
    folder.mkdir()
    player = Player(folder, seed, amulet_hunt=seed % 2 == 0)
    player.start(floor)
    player.play(250)
    state = player.state()
    legal = actions.legal_moves(state, FOUND)
    assert state.over or state.between_floors or legal.moves or legal.search or \
        legal.blocked in ("asleep", "held")
    json.loads(json.dumps(run("show", str(player.path))))
    assert state_of(json.loads(player.path.read_text("utf-8"))) == state
